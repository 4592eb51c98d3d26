"""Seeded agent match-ups with 95% intervals: does each agent beat its opponents?

Run by hand (not a timed test): ``python benchmarks/agents.py [GAME ...]``. Every seat but one
is an opponent (random players unless ``--vs`` names another agent); the agent under test
rotates through the seats, so seat advantage cancels out. Without ``--agent`` it tests the
greedy agent (games with a heuristic), the goal agent (games with a policy) and MCTS
(7Я and Lyceum). ``--corporations N`` instead plays N Orbita games of four (three, two) goal
agents per seat count (``--agent goal-raiding``: the policy that raids whenever hungry,
``--agent greedy``: the greedy agent) and prints how many formed a corporation. The figures go to
``docs/explanation/agents.md``.

Examples::

    python benchmarks/agents.py orbita --agent goal --vs greedy --games 200
    python benchmarks/agents.py --corporations 200
    python benchmarks/agents.py --corporations 200 --agent goal-raiding --agent greedy
"""

from __future__ import annotations

import argparse
import time
from typing import Any, ClassVar

import attrs

import boardrules
from boardrules.agents import GreedyAgent, MCTSAgent, make_agent
from boardrules.core.capabilities import HasPolicy
from boardrules.core.rng import Rng
from boardrules.games.orbita import strategy
from boardrules.sim import simulate, wilson

#: Orbita points of one corporation (``orbita.rules.limits.WEIGHTS``).
CORPORATION_POINTS = 1_000_000

SETUP: dict[str, dict[str, Any]] = {"lyceum": {"players": 4}, "orbita": {"players": 4}}


def matchup(name: str, agent: Any, games: int, seed: int, vs: str = "random") -> str:
    game = boardrules.load(name)
    setup = SETUP.get(name, {})
    seats = setup.get("players", game.min_players)
    agents = [agent] + [make_agent(vs) for _ in range(seats - 1)]
    start = time.perf_counter()
    result = simulate(game, agents, games, seed, setup=setup, keep_games=True)
    elapsed = time.perf_counter() - start
    s = result.summary
    rate = wilson(s.agent_wins.get(agent.name, 0.0), s.agent_games[agent.name])
    baseline = 1 / seats
    verdict = f"beats {vs}" if rate.low > baseline else "NOT clearly better"
    line = (
        f"{name:7} {agent.name:9} vs {seats - 1} {vs}: {rate}  (even: {baseline:.0%}) "
        f"{verdict}; {games} games in {elapsed:.0f} s"
    )
    if name == "orbita":
        # Points of a million or more: the seat ends holding a corporation (ORB-23).
        held = sum(
            1
            for g in result.games
            for seat, who in enumerate(g.agents)
            if who == agent.name and g.points[seat] >= CORPORATION_POINTS
        )
        others = sum(
            1
            for g in result.games
            for seat, who in enumerate(g.agents)
            if who != agent.name and g.points[seat] >= CORPORATION_POINTS
        )
        line += (
            f"\n    {agent.name} ends holding a corporation in {wilson(held, games)} of games, "
            f"an opponent in {wilson(others, games)}"
        )
    return line


@attrs.frozen
class RaidingGoalAgent:
    """The goal agent with Orbita's policy played with ``raids=True``: a seat that cannot
    feed all its characters takes another seat's Food by trumps and shields."""

    name: ClassVar[str] = "goal-raiding"

    def choose(self, game: Any, view: Any, seat: int, rng: Rng) -> Any:
        legal = game.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        return strategy.policy(game.rule_context, view, seat, legal, rng, raids=True)


def named(name: str) -> Any:
    """The agent called ``name``: one of ``agent_names()`` or ``goal-raiding``."""
    return RaidingGoalAgent() if name == RaidingGoalAgent.name else make_agent(name)


def corporations(games: int, seed: int, agent: str = "goal") -> list[str]:
    """How many Orbita games of ``agent`` in every seat form a corporation, per seat count."""
    game = boardrules.load("orbita")
    lines = []
    for players in (4, 3, 2):
        agents = [named(agent) for _ in range(players)]
        start = time.perf_counter()
        result = simulate(game, agents, games, seed, setup={"players": players}, keep_games=True)
        elapsed = time.perf_counter() - start
        formed = sum(1 for g in result.games if g.content.get("corporation_formed", 0) > 0)
        enterprise = sum(1 for g in result.games if g.content.get("enterprise_formed", 0) > 0)
        length = sum(g.length for g in result.games) / max(1, games)
        # Only Hosts produce Food (ORB-9): split the games by whether a Hosts Leader is seated.
        hosts = [g for g in result.games if _hosts_seated(game, g.seed, players)]
        with_hosts = sum(1 for g in hosts if g.content.get("corporation_formed", 0) > 0)
        lines.append(
            f"orbita {players} seats, {players} {agent}: corporation in {wilson(formed, games)}"
            f", an enterprise in {wilson(enterprise, games)}; {length:.0f} actions a game; "
            f"{games} games in {elapsed:.0f} s"
        )
        lines.append(
            f"    with a Hosts Leader seated: {len(hosts)} games, corporation in "
            f"{wilson(with_hosts, len(hosts))}; without: {games - len(hosts)} games, "
            f"corporation in {wilson(formed - with_hosts, games - len(hosts))}"
        )
    return lines


def _hosts_seated(game: Any, seed: int, players: int) -> bool:
    state = game.new(seed, players=players)
    return any(game.spec_of(t.leader).value == "hosts" for s in state.seats for t in s.teams)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--mcts-games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--agent", action="append", default=[], help="agent name to test")
    parser.add_argument("--vs", default="random", help="the opponents' agent name")
    parser.add_argument("--corporations", type=int, default=0, metavar="N")
    args = parser.parse_args(argv)
    if args.corporations:
        for agent_name in args.agent or ["goal"]:
            for line in corporations(args.corporations, args.seed, agent_name):
                print(line, flush=True)
        return 0
    for name in args.names or boardrules.game_names():
        game = boardrules.load(name)
        if args.agent:
            for agent_name in args.agent:
                agent = named(agent_name)
                if isinstance(agent, MCTSAgent):
                    agent = attrs.evolve(agent, iterations=args.iterations)
                many = args.mcts_games if isinstance(agent, MCTSAgent) else args.games
                print(matchup(name, agent, many, args.seed, args.vs), flush=True)
            continue
        if hasattr(game, "heuristic"):
            print(matchup(name, GreedyAgent(), args.games, args.seed, args.vs), flush=True)
        if isinstance(game, HasPolicy):
            print(matchup(name, make_agent("goal"), args.games, args.seed, args.vs), flush=True)
        if name in ("semya", "lyceum"):
            mcts = MCTSAgent(iterations=args.iterations)
            print(matchup(name, mcts, args.mcts_games, args.seed, args.vs), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
