"""``python -m boardrules.demo``: random players play each game, shown readably.

First a 7Я game move by move; then a 4-seat Lyceum game as the host's protocol with the
standings; then a short 4-seat Orbita game round by round; then a balance study of each game
with its report under ``build/report/`` (greedy against random players in 7Я and Lyceum; four
goal agents in Orbita, with how often a corporation forms). Run with
``--seed N`` to replay exactly; without it a seed is drawn and printed. The games need
nothing beyond a base install; the studies need the ``report`` extra and say so in one line
when it is missing.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from boardrules.core.match import Match
from boardrules.core.rng import Rng
from boardrules.games import lyceum, semya

__all__ = ["main", "play_lyceum", "play_orbita", "play_semya"]


def _action_line(game: semya.Game, seat: int, action: semya.Action) -> str:
    if isinstance(action, semya.PlayCard):
        card = game.card(action.card)
        return (
            f"seat {seat} plays «{card.name_ru}» / {card.name_en}: "
            f"{card.start.name_en} ({card.start.name_ru}) → {card.end.name_en} "
            f"({card.end.name_ru}), {card.suit.value} ({card.suit.name_ru}), {card.points} pt"
        )
    if isinstance(action, semya.PlayLord):
        named = action.named
        return (
            f"seat {seat} plays the trump as the Lord (Владыка), naming {named.name_en} "
            f"({named.name_ru}, {named.role} / {named.role_ru})"
        )
    return f"seat {seat} plays the trump as the Fool (Дурень): no answer in hand"


def play_semya(seed: int, out: list[str]) -> Match[semya.State, semya.Action, semya.Event]:
    """Play one 7Я game between two seeded random players, writing lines to ``out``."""
    game = semya.Game()
    match = Match(game, seed)
    players = [Rng.derive(seed, "demo", "player", seat) for seat in (0, 1)]
    out.append(f"7Я «Со-ратники» — seed {seed}; seat {match.state.first} opens.")
    move = 0
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None
        action = players[seat].choice(match.legal_actions())
        move += 1
        out.append(f"{move:3d}. {_action_line(game, seat, action)}")
        match.play(action)
    state = match.state
    loser = state.loser
    assert loser is not None
    need = game.demand(state)
    why = (
        f"must answer with a card starting on {need.name_en} ({need.name_ru})"
        if need is not None
        else "may answer with any card"
    )
    out.append(
        f"Game over (SEM-9): seat {loser} {why}, holds none, and its trump is gone "
        f"(played as the {state.trumps[loser].value.title()})."
    )
    out.append("Standings (SEM-10: cards left in hand + trump; the winner ranks first):")
    for standing in match.score():
        parts = ", ".join(f"{k} {v:+d}" for k, v in standing.breakdown.items())
        crown = "  ← winner" if standing.seat in match.score().winners else ""
        out.append(
            f"  #{standing.rank} seat {standing.seat}: {standing.points} points ({parts}){crown}"
        )
    out.append(f"Replay it: python -m boardrules.demo --seed {seed}")
    return match


def play_lyceum(seed: int, out: list[str]) -> Match[lyceum.State, lyceum.Action, lyceum.Event]:
    """Play one 4-seat Lyceum game between seeded random players; protocol and standings."""
    game = lyceum.Game()
    match = Match(game, seed, players=4)
    players = [Rng.derive(seed, "demo", "lyceum", seat) for seat in range(4)]
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None
        match.play(players[seat].choice(match.legal_actions()))
    out.append("")
    out.append(f"«Об игре» (Lyceum), 4 seats — seed {seed}; {len(match.record.actions)} actions.")
    out.append("The host's protocol (every second round; LY-23):")
    out.append(" round age seat character          XP level  H  I  C  K  E  deferred")
    for row in lyceum.protocol(match.record, game):
        if row.round % 2 and row.round != 10:
            continue
        skills = " ".join(f"{v:2d}" for v in row.skills)
        deferred = f"{row.deferred} ({row.deferred_age})" if row.deferred else "-"
        out.append(
            f" {row.round:5d} {row.age:3d} {row.seat:4d} {row.character:18.18} "
            f"{row.xp:5d} {row.level:5d} {skills}  {deferred}"
        )
    out.append("Standings (LY-20: XP from cards and sharing, plus any declaration bonus):")
    standings = match.score()
    for standing in sorted(standings, key=lambda s: s.rank):
        parts = ", ".join(f"{k} {v}" for k, v in standing.breakdown.items())
        crown = "  ← winner" if standing.seat in standings.winners else ""
        out.append(
            f"  #{standing.rank} seat {standing.seat}: {standing.points} XP ({parts}){crown}"
        )
    return match


def play_orbita(seed: int, out: list[str]) -> Any:
    """Play a short (8-round) 4-seat Orbita game between seeded random players."""
    from boardrules.games import orbita

    out.append("")
    game = orbita.Game(rounds=8)
    from boardrules.games.orbita.summary import play_random

    return play_random(game, seed, 4, out)


#: The balance studies of the demo: game, seats, agents, games. The balance studies seat the
#: same agent everywhere, so a character's rate is not tangled with who played it; 7Я's
#: pairs greedy with random to measure the heuristic's strength (its report warns of that).
STUDIES: tuple[tuple[str, int, tuple[str, ...], int], ...] = (
    ("semya", 2, ("greedy", "random"), 400),
    ("lyceum", 4, ("random", "random", "random", "random"), 300),
    ("orbita", 4, ("goal", "goal", "goal", "goal"), 200),
)


def run_studies(seed: int, out_dir: Path, games_scale: float, out: list[str]) -> list[Path]:
    """Simulate each game of :data:`STUDIES` and write its balance report under ``out_dir``."""
    from boardrules.agents import Agent, GoalAgent, GreedyAgent, RandomAgent
    from boardrules.core.registry import load
    from boardrules.sim import simulate, wilson
    from boardrules.sim.progress import progress_bar
    from boardrules.sim.report import write_report

    makers: dict[str, Callable[[], Agent]] = {
        "greedy": GreedyAgent, "random": RandomAgent, "goal": GoalAgent
    }
    paths = []
    out.append("")
    out.append("Balance studies (seats rotate; 95% intervals):")
    for name, seats, agent_names, games in STUDIES:
        game = load(name)
        agents = [makers[a]() for a in agent_names]
        setup = {} if game.min_players == game.max_players else {"players": seats}
        n = max(10, int(games * games_scale))
        with progress_bar(f"{name}: {n} games", n) as tick:
            result = simulate(game, agents, n, seed, setup=setup, progress=tick, coverage=True)
        title = f"{name}: {' + '.join(agent_names)}, {n} games, seed {seed}"
        path = write_report(result, out_dir / name, title)
        summary = result.summary
        if "greedy" in agent_names:
            rate = wilson(summary.agent_wins.get("greedy", 0.0), summary.agent_games["greedy"])
            finding = f"greedy wins {rate} (even share {1 / seats:.0%})"
        elif "goal" in agent_names:
            formed = summary.content_games.get("corporations formed", 0)
            rate = wilson(formed, summary.games)
            finding = f"goal agents form a corporation in {rate} of games"
        else:
            rate = wilson(summary.seat_wins.get(0, 0.0), summary.games)
            finding = f"seat 0 wins {rate} among random players (even share {1 / seats:.0%})"
        out.append(
            f"  {name:7} {n} games: {finding}; report {path}"
        )
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="python -m boardrules.demo", description=__doc__)
    parser.add_argument("--seed", type=int, default=None, help="seed (default: a random one)")
    parser.add_argument("--out", type=Path, default=Path("build/report"),
                        help="where the balance reports go")
    parser.add_argument("--no-studies", action="store_true", help="skip the balance studies")
    parser.add_argument("--scale", type=float, default=1.0, help="scale the studies' size")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    lines: list[str] = []
    play_semya(seed, lines)
    play_lyceum(seed, lines)
    play_orbita(seed, lines)
    sys.stdout.write("\n".join(lines) + "\n")
    if not args.no_studies:
        missing = _missing_report_extra()
        if missing:
            sys.stdout.write(
                f"Balance studies skipped: they need the report extra ({missing} is not "
                "installed): pip install 'boardrules[report]'\n"
            )
            return 0
        lines = []
        run_studies(seed, args.out, args.scale, lines)
        sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _missing_report_extra() -> str | None:
    """The first module of the ``report`` extra that cannot be imported, or ``None``."""
    for module in ("rich", "matplotlib"):
        try:
            importlib.import_module(module)
        except ImportError:
            return module
    return None


if __name__ == "__main__":
    raise SystemExit(main())
