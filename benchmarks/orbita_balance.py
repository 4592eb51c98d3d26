"""Orbita's balance figures: how often the goal is reached, who wins, how long games last.

Run by hand (not a timed test)::

    python benchmarks/orbita_balance.py                  # 2, 3 and 4 seats; random, greedy, goal
    python benchmarks/orbita_balance.py --players 4 --games 400 goal
    python benchmarks/orbita_balance.py --players 4 goal,random,random,random
    python benchmarks/orbita_balance.py --players 2,3 --option hosts_seated=true goal
    python benchmarks/orbita_balance.py --players 4 --option copies=1 goal

Each positional argument is one study: an agent name played at every seat, or a
comma-separated list with one agent per seat (repeated to fill the seats, like
``boardrules simulate --agents``). Every study plays the same seeded games, in worker
processes (``--jobs``). For each it prints one Markdown row per seat count:

- the share of games in which some seat formed a corporation (ORB-18) and an enterprise
  (ORB-17), and in which a corporation was fed ``goal_rounds`` consumption phases in a row
  so that the game ended early (ORB-22), each with its 95% Wilson interval;
- rounds and actions per game (mean), and the share of games whose win was shared;
- the win rate of the seat that started with each specialisation, with its interval.

docs/rules/orbita.md quotes these rows with the command that printed them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import boardrules
from boardrules.agents import make_agent
from boardrules.core.errors import BadInput
from boardrules.core.replay import replay
from boardrules.games import orbita
from boardrules.sim import iter_games, wilson
from boardrules.sim.stats import Rate

SPECS = ("Priests", "Hosts", "Warriors", "Heroes")


def study(
    game: Any, names: list[str], players: int, games: int, seed: int, jobs: int
) -> dict[str, Any]:
    """Play ``games`` seeded games and gather the figures of one row."""
    agents = [make_agent(names[i % len(names)]) for i in range(players)]
    corporation = enterprise = early = shared = 0
    rounds: list[int] = []
    lengths: list[int] = []
    wins = dict.fromkeys(SPECS, 0.0)
    seats = dict.fromkeys(SPECS, 0)
    executor = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        results = iter_games(
            game, agents, games, seed, executor=executor, keep_records=True,
            setup={"players": players},
        )
        for result in results:
            corporation += result.events.get("corporation_formed", 0) > 0
            enterprise += result.events.get("enterprise_formed", 0) > 0
            shared += len(result.winners) > 1
            lengths.append(result.length)
            assert result.record is not None
            final = replay(result.record, game)[-1]
            rounds.append(final.round)
            early += final.round < game.rounds
            labels = result.groups["starting specialisation"]
            for seat, label in enumerate(labels):
                seats[label] += 1
                if seat in result.winners:
                    wins[label] += 1 / len(result.winners)
    finally:
        if executor is not None:
            executor.shutdown()
    return {
        "corporation": wilson(corporation, games),
        "enterprise": wilson(enterprise, games),
        "early": wilson(early, games),
        "shared": wilson(shared, games),
        "rounds": statistics.mean(rounds),
        "actions": statistics.mean(lengths),
        "specs": {s: wilson(wins[s], seats[s]) for s in SPECS if seats[s]},
    }


def _option(text: str) -> tuple[str, Any]:
    """``copies=3`` as ``("copies", 3)``; ``true``/``false`` are booleans."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise ValueError(f"--option takes NAME=VALUE, not {text!r}")
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    try:
        return name, int(value)
    except ValueError:
        raise ValueError(f"--option {name} takes a number or true/false, not {value!r}") from None


def _rate(rate: Rate) -> str:
    return f"{rate.value:.0%} [{rate.low:.0%}, {rate.high:.0%}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("studies", nargs="*", default=["random", "greedy", "goal"],
                        help="agent name, or one per seat separated by commas")
    parser.add_argument("--players", default="2,3,4", help="seat counts, comma-separated")
    parser.add_argument("--games", type=int, default=200, help="games per row")
    parser.add_argument("--seed", type=int, default=2026, help="the studies' seed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, such as copies=3 or hosts_seated=true")
    args = parser.parse_args(argv)
    try:
        try:
            players = [int(p) for p in args.players.split(",")]
        except ValueError:
            raise ValueError(
                f"--players takes seat counts like 2,3,4, not {args.players!r}"
            ) from None
        studies = [s.split(",") for s in args.studies]
        for names in studies:
            for name in names:
                make_agent(name)
        game = boardrules.load("orbita", **dict(_option(text) for text in args.option))
        assert isinstance(game, orbita.Game)
        for p in players:
            game.new(0, players=p)
        if args.games < 1 or args.jobs < 1:
            raise BadInput("$.games", "--games and --jobs are at least 1")
    except (ValueError, TypeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BadInput as error:
        print(f"error: {error.path}: {error.reason}", file=sys.stderr)
        return 2
    options = ", ".join(f"{k}={v}" for k, v in game.options().items())
    print(f"Orbita, {args.games} games per row, seed {args.seed}, options: {options}\n")
    print("| seats | agents | corporation formed | enterprise formed | goal reached "
          "(ended early) | rounds | actions | shared wins | "
          + " | ".join(f"starting {s} wins" for s in SPECS) + " |")
    print("|" + " --- |" * (8 + len(SPECS)))
    for names in studies:
        for p in players:
            start = time.perf_counter()
            row = study(game, names, p, args.games, args.seed, args.jobs)
            took = time.perf_counter() - start
            specs = " | ".join(
                _rate(row["specs"][s]) if s in row["specs"] else "–" for s in SPECS
            )
            print(f"| {p} | {','.join(names)} | {_rate(row['corporation'])} | "
                  f"{_rate(row['enterprise'])} | {_rate(row['early'])} | "
                  f"{row['rounds']:.1f} | {row['actions']:.0f} | {_rate(row['shared'])} | "
                  f"{specs} |", flush=True)
            print(f"<!-- {took:.0f} s -->", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
