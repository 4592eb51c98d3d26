"""The shape of the Orbita package (issue 9): rules as units, one test per idea, no cycles.

Properties first: playing never changes the package's own module-level data (no caches:
what is worth working out once is a fact of the state, which the engine keeps), the
development turn waits exactly on the seats ORB-18's ``can_form`` names, and the ORB-8 and
ORB-19 figures have one home each. Then the layout: every unit is in the rulebook once, in
order, and the modules of the folder import each other without cycles or private names.
"""

from __future__ import annotations

import ast
import copy
import sys
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from boardrules.core.rules import ANY_ACTION, Rule
from boardrules.games.orbita import FormCorporation, Game, Pass, Phase, State
from boardrules.games.orbita.flow import AutoStep
from boardrules.games.orbita.rules import RULES
from boardrules.games.orbita.rules.consumption import (
    FOOD_CORPORATION,
    FOOD_ENTERPRISE,
    FOOD_LONE,
)
from boardrules.games.orbita.table import enterprises, leaders

GAME = Game(rounds=4)
CTX = GAME.rule_context
PACKAGE = Path(__file__).resolve().parents[3] / "src" / "boardrules" / "games" / "orbita"


@st.composite
def walks(draw: st.DrawFn) -> list[State]:
    state = GAME.new(draw(st.integers(0, 2**64 - 1)), players=draw(st.integers(2, 4)))
    rng = draw(st.randoms(use_true_random=False))
    states = [state]
    for _ in range(draw(st.integers(20, 300))):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        state = GAME.apply(state, rng.choice(legal))
        states.append(state)
    return states


def _module_data() -> dict[str, Any]:
    """A copy of every mutable container the package's modules hold at module level."""
    found = {}
    for name, module in sorted(sys.modules.items()):
        if name.startswith("boardrules.games.orbita"):
            for attr, value in vars(module).items():
                if not attr.startswith("__") and isinstance(value, dict | list | set | bytearray):
                    found[f"{name}.{attr}"] = copy.deepcopy(value)
    return found


@given(walks())
def test_playing_changes_no_module_data(states: list[State]) -> None:
    """No module-level caches: a game played (its states listed, checked and shown) leaves
    every module-level table of the package as it was."""
    before = _module_data()
    for state in states:
        for action in GAME.legal_actions(state):
            GAME.check(state, action)
        GAME.render_text(state)
        GAME.observe(GAME.view(state, 0), 0)
    assert _module_data() == before


@given(walks())
def test_orb18_development_waits_exactly_on_seats_that_can_form(states: list[State]) -> None:
    """ORB-18: a corporation is legal exactly when ``can_form`` says so, and development asks
    only such a seat."""
    for state in states:
        if state.phase is not Phase.DEVELOPMENT or state.over:
            continue
        seat = state.seats[state.turn]
        assert CTX.facts.can_form(CTX, seat, state.zones)
        forms = [a for a in GAME.legal_actions(state) if isinstance(a, FormCorporation)]
        assert len(forms) == 4


def test_orb18_the_same_test_decides_the_turn_the_check_and_the_position() -> None:
    """ORB-18: with Food for 32 + the rest the seat is asked; one unit less and it is not."""
    teams = [
        [f"{spec}-{role}-1" for role in ("leader", "master", "sage", "bard")]
        for spec in ("warriors", "hosts", "heroes", "priests")
    ]

    def table(food: int) -> State:
        return GAME.position(
            [[*teams, ["warriors-leader-2"]], [["hosts-leader-2"]]],
            enterprises=[team[0] for team in teams],
            zones={"hosts-master-1": {"reserve": {"food": food}}},
            phase="hiring",
        )

    need = FOOD_CORPORATION + FOOD_LONE  # the corporation and the lone Leader
    ready = GAME.apply(GAME.apply(table(need), Pass()), Pass())
    assert ready.phase is Phase.DEVELOPMENT
    assert ready.turn == 0
    assert CTX.facts.can_form(CTX, ready.seats[0], ready.zones)
    short = GAME.apply(GAME.apply(table(need - 1), Pass()), Pass())
    assert short.phase is Phase.CONSUMPTION
    assert not CTX.facts.can_form(CTX, short.seats[0], short.zones)


@given(walks())
def test_orb8_and_orb19_one_home_for_the_limits(states: list[State]) -> None:
    """ORB-8: every seat keeps within ``leader_room``; ORB-19: ``seat_need`` is built from the
    named Food figures."""
    for state in states:
        for seat in state.seats:
            assert CTX.facts.leader_room(CTX, seat) == 1 + enterprises(seat) - leaders(seat) >= 0
            lone = sum(len(t.members) for t in seat.teams if not t.enterprise)
            formed = sum(1 for t in seat.teams if t.enterprise)
            assert CTX.facts.seat_need(CTX, seat) == (
                FOOD_LONE * lone
                + FOOD_ENTERPRISE * formed
                + FOOD_CORPORATION * len(seat.corporations)
            )


def test_orb6_every_rule_is_one_unit_in_rulebook_order() -> None:
    """ORB-6: the rulebook is ORB-1..ORB-24 in order, each a unit keyed by actions or steps;
    only ORB-6 (the round) has an effect after every action: the turn moves on."""
    assert RULES.ids == tuple(f"ORB-{n}" for n in range(1, 25))
    actions = set(GAME.action_classes)
    for rule in RULES:
        assert isinstance(rule, Rule)
        assert ANY_ACTION not in rule.checks
        assert (ANY_ACTION in rule.effects) == (rule.id == "ORB-6")
        assert set(rule.checks) <= actions, rule.id
        for kind in rule.effects:
            if kind is ANY_ACTION:
                continue
            assert kind in actions or issubclass(kind, AutoStep), (rule.id, kind)
    assert GAME.rulebook is RULES


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(["boardrules.games.orbita", *parts])] = path
    return out


def _imports(path: Path, modules: dict[str, Path]) -> tuple[set[str], list[str]]:
    found: set[str] = set()
    private: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in modules else node.module)
                if alias.name.startswith("_") and node.module.startswith("boardrules"):
                    private.append(full)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        ):
            private.append(ast.unparse(node))
    return {m for m in found if m in modules}, private


def test_no_cycles_no_private_names_and_only_the_package_imports_the_game() -> None:
    """Counting imports inside functions and under TYPE_CHECKING (every import statement)."""
    modules = _modules()
    top = "boardrules.games.orbita"
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported, private = _imports(path, modules)
        assert not private, (name, private)
        graph[name] = imported - {top}
        if name != top:
            assert f"{top}.game" not in imported, name

    def visit(node: str, stack: list[str], done: set[str]) -> Any:
        assert node not in stack, " -> ".join([*stack, node])
        if node in done:
            return
        for nxt in graph[node]:
            visit(nxt, [*stack, node], done)
        done.add(node)

    done: set[str] = set()
    for name in graph:
        visit(name, [], done)
