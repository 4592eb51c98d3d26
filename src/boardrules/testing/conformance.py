"""The properties every game must keep, as a pytest class built for one game."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Mapping
from typing import Any

import attrs
from hypothesis import given, note
from hypothesis import strategies as st

from boardrules import serde
from boardrules.core.capabilities import Determinizable, HasVocabulary
from boardrules.core.errors import BadInput, IllegalAction, ReplayError
from boardrules.core.game import GameBase, appends_events
from boardrules.core.record import GameRecord
from boardrules.core.replay import replay
from boardrules.core.rng import Rng
from boardrules.core.standings import Standings
from boardrules.testing.strategies import any_action, json_values, playouts, seeds

__all__ = ["conformance", "contract_problem"]


def contract_problem(game: object) -> str | None:
    """What keeps ``game`` from the game contract, in one sentence, or ``None``.

    The contract: the game is an instance of :class:`~boardrules.core.game.GameBase`, its
    class is an attrs class whose ``init`` fields are its options (so records and worker
    processes can make it again from them), the class can be made with no arguments (the
    default options), and the game pickles to an equal game with the same rules.
    """
    cls = type(game)
    if not isinstance(game, GameBase):
        return f"{cls.__name__} does not subclass boardrules.core.GameBase"
    if not attrs.has(cls):
        return f"{cls.__name__} is not an attrs class (decorate it with @attrs.frozen)"
    try:
        default = cls()
    except Exception as exc:  # the contract is what we check; any failure is the answer
        return f"{cls.__name__}() fails ({type(exc).__name__}: {exc}); every option needs a default"
    if not isinstance(default, GameBase):
        return f"{cls.__name__}() did not make a game"
    try:
        clone = pickle.loads(pickle.dumps(game))
    except Exception as exc:  # same: report, don't crash the suite
        return (
            f"the game does not pickle ({type(exc).__name__}: {exc}); rule functions must be "
            "module-level functions"
        )
    if clone != game or clone.rulebook != game.rulebook:
        return "the game does not pickle to an equal game with the same rules"
    return None


def _leaf_paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        out = [path] if path else []
        for key, value in data.items():
            out.extend(_leaf_paths(value, (*path, key)))
        return out
    if isinstance(data, list):
        out = [path] if path else []
        for index, value in enumerate(data):
            out.extend(_leaf_paths(value, (*path, index)))
        return out
    return [path]


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _replace(data[head], rest, value)}
    copy = list(data)
    copy[head] = _replace(copy[head], rest, value)
    return copy


_HASHSEED_SCRIPT = textwrap.dedent(
    """
    import base64, json, pickle, sys
    from boardrules import serde
    game = pickle.loads(base64.b64decode(sys.argv[1]))
    state = game.new(int(sys.argv[2]), **json.loads(sys.argv[3]))
    for step in range(game.max_moves()):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, legal[(step * 7 + 3) % len(legal)])
    print(serde.to_json(state))
    """
)


def _play_on(game: Any, state: Any, rng: Rng) -> None:
    """Play uniformly random legal actions from ``state`` to the end (or ``max_moves``),
    checking that each one applies and every state reached is valid and round-trips."""
    for _ in range(game.max_moves()):
        legal = game.legal_actions(state)
        assert bool(legal) == (not game.is_over(state))
        if not legal:
            break
        state = game.apply(state, rng.choice(legal))
        game.validate(state)
    game.score(state)
    text = serde.to_json(state)
    assert serde.from_json(text, game.state_type, game=game) == state


def conformance(
    game: Any,
    setups: st.SearchStrategy[Mapping[str, Any]] | None = None,
) -> type:
    """A pytest class of the generic properties for ``game``.

    Assign it to a ``Test...`` name in a test module; Hypothesis settings come from the
    active profile. ``setups`` draws keyword arguments for ``game.new`` (default: none).

    The properties: legal actions are non-empty exactly while the game is not over; every
    legal action passes ``check`` and ``apply``; an action ``check`` refuses makes ``apply``
    and ``step`` raise with that violation and leaves the state equal to before; the same
    seed and actions give equal states (also under other ``PYTHONHASHSEED`` values); states,
    actions, events and records survive a JSON round trip; replay equals play; every game
    ends within ``max_moves``; standings agree with the end; views are stable; the seat to
    move has the same legal actions in its view as in the state (CORE-5); determinized
    states keep the seat's view (and its legal actions when it is to move); the game's own
    invariants hold after every step; a tampered state is refused or valid, and then plays on
    with random legal actions without error, every state on the way valid and loadable (so
    ``validate`` never refuses what play can reach); hostile JSON gives ``BadInput`` and
    nothing else;
    games and states pickle; the finder reaches each rule or says why not.
    """
    paths = playouts(game, setups)
    to_end = playouts(game, setups, to_end=True)

    class Conformance:
        __test__ = True

        def test_the_game_class_keeps_the_contract(self) -> None:
            problem = contract_problem(game)
            assert problem is None, problem

        @given(paths)
        def test_legal_actions_exist_exactly_while_not_over(self, p: Any) -> None:
            for state in p.states:
                legal = game.legal_actions(state)
                assert bool(legal) == (not game.is_over(state))
                assert (game.to_move(state) is None) == game.is_over(state)
                assert game.seat_and_legal(state) == (game.to_move(state), legal)
                assert len(set(legal)) == len(legal), "legal actions are distinct"
                assert legal == game.legal_actions(state), "legal actions are stable"

        @given(paths)
        def test_every_legal_action_is_checked_and_applies(self, p: Any) -> None:
            state = p.final
            for action in game.legal_actions(state):
                assert game.check(state, action) is None, action
                after = game.apply(state, action)
                transition = game.step(state, action)
                assert after == transition.state
                game.validate(after)
                if appends_events(game):
                    events = ["earlier"]  # the core's apply appends to the caller's list
                    assert game.apply(state, action, events) == after
                    assert events == ["earlier", *transition.events]

        @given(paths)
        def test_legal_actions_agree_with_check(self, p: Any) -> None:
            # A game may hand-tune legal_actions; it must list exactly what check allows.
            # With a vocabulary every action of the game is asked, else the legal ones.
            state = p.final
            legal = set(game.legal_actions(state))
            every = game.vocabulary() if isinstance(game, HasVocabulary) else tuple(legal)
            allowed = {action for action in every if game.check(state, action) is None}
            assert legal <= set(every) or not isinstance(game, HasVocabulary), (
                "legal_actions lists actions outside the vocabulary"
            )
            assert allowed == (legal & set(every)), (
                f"check allows {sorted(map(repr, allowed - legal))[:3]} that legal_actions "
                f"omits, or refuses {sorted(map(repr, legal - allowed))[:3]} that it lists"
            )

        @given(paths, st.data())
        def test_refused_action_raises_and_changes_nothing(self, p: Any, data: Any) -> None:
            state = p.final
            action = data.draw(any_action(game, state))
            before = serde.to_json(state)
            violation = game.check(state, action)
            if violation is None:
                assert action in game.legal_actions(state)
                return
            assert action not in game.legal_actions(state)
            assert violation.rule
            assert violation.code
            assert violation.message("en")
            assert violation.message("ru")
            import pytest  # only where a test runs, so the kit imports without it

            for method in (game.apply, game.step):
                with pytest.raises(IllegalAction) as info:
                    method(state, action)
                assert info.value.violation == violation
            if appends_events(game):
                events: list[Any] = []
                with pytest.raises(IllegalAction):
                    game.apply(state, action, events)
                assert events == []
            assert serde.to_json(state) == before

        @given(paths)
        def test_same_seed_and_actions_give_equal_states(self, p: Any) -> None:
            state = game.new(p.seed, **p.setup)
            assert state == p.states[0]
            for action, expected in zip(p.actions, p.states[1:], strict=True):
                state = game.apply(state, action)
                assert state == expected
                assert hash(state) == hash(expected)

        @given(paths)
        def test_json_round_trip(self, p: Any) -> None:
            for state in (p.states[0], p.final):
                text = serde.to_json(state)
                assert serde.from_json(text, game.state_type, game=game) == state
                assert serde.to_json(serde.from_json(text, game.state_type, game=game)) == text
            for action in p.actions:
                assert serde.from_json(serde.to_json(action), game.action_type) == action
            state = p.states[0]
            for action in p.actions:
                transition = game.step(state, action)
                for event in transition.events:
                    text = serde.to_json(event)
                    assert serde.from_json(text, game.event_type, game=game) == event
                state = transition.state
            record = game.record(p.seed, p.actions, **p.setup)
            assert serde.from_json(serde.to_json(record), GameRecord) == record

        @given(paths)
        def test_replay_equals_play(self, p: Any) -> None:
            record = game.record(p.seed, p.actions, **p.setup)
            assert replay(record, game) == p.states

        @given(paths, st.data())
        def test_replay_names_the_first_bad_move(self, p: Any, data: Any) -> None:
            state = p.final
            action = data.draw(any_action(game, state))
            if game.check(state, action) is None:
                return
            record = game.record(p.seed, (*p.actions, action), **p.setup)
            import pytest  # only where a test runs, so the kit imports without it

            with pytest.raises(ReplayError) as info:
                replay(record, game)
            assert info.value.move == len(p.actions)
            assert info.value.violation == game.check(state, action)

        @given(to_end)
        def test_games_end_within_the_bound(self, p: Any) -> None:
            assert game.is_over(p.final), f"not over after {game.max_moves()} moves"
            assert len(p.actions) <= game.max_moves()

        @given(paths)
        def test_standings_agree_with_the_end(self, p: Any) -> None:
            standings = game.score(p.final)
            assert isinstance(standings, Standings)
            assert standings.final == game.is_over(p.final)
            assert [s.seat for s in standings] == list(range(len(standings)))
            assert game.min_players <= len(standings) <= game.max_players
            if standings.final:
                assert standings.winners
                assert all(standings[w].rank == 1 for w in standings.winners)
            else:
                assert standings.winners == ()
            for s in standings:
                assert 1 <= s.rank <= len(standings)
                assert sum(s.breakdown.values()) == s.points

        @given(paths)
        def test_views_are_stable_states(self, p: Any) -> None:
            state = p.final
            seats = len(game.score(state))
            for seat in (*range(seats), None):
                view = game.view(state, seat)
                assert isinstance(view, game.state_type)
                assert game.view(view, seat) == view
                assert game.to_move(view) == game.to_move(state)
                assert serde.from_dict(serde.to_dict(view), game.state_type, game=game) == view
            if not game.hidden_information:
                assert all(game.view(state, seat) == state for seat in (*range(seats), None))

        @given(paths)
        def test_a_seat_has_the_legal_actions_of_its_view(self, p: Any) -> None:
            for state in p.states:  # CORE-5
                seat = game.to_move(state)
                if seat is not None:
                    assert game.legal_actions(game.view(state, seat)) == (
                        game.legal_actions(state)
                    )

        @given(paths, seeds())
        def test_determinized_states_keep_the_view(self, p: Any, seed: int) -> None:
            determinize = game.determinize if isinstance(game, Determinizable) else None
            if determinize is None:
                assert not game.hidden_information, "hidden information needs determinize()"
                return
            state = p.final
            for seat in range(len(game.score(state))):
                view = game.view(state, seat)
                sample = determinize(view, seat, Rng(seed))
                game.validate(sample)
                assert game.view(sample, seat) == view
                assert game.legal_actions(sample) == game.legal_actions(state) or (
                    game.to_move(state) != seat
                )

        @given(paths)
        def test_invariants_hold_after_every_step(self, p: Any) -> None:
            for state in p.states:
                game.validate(state)

        @given(paths, st.data(), seeds())
        def test_tampered_state_is_refused_or_plays_on(self, p: Any, data: Any, seed: int) -> None:
            original = serde.to_dict(p.final)
            paths_ = _leaf_paths(original)
            path = data.draw(st.sampled_from(paths_))
            # Hostile values, and plausible ones: another field's value, a small number
            # (a seat, a count), a short string (an ID this game may not have).
            plausible = [_get(original, p) for p in paths_]
            value = data.draw(
                st.one_of(
                    json_values(max_leaves=4),
                    st.sampled_from(plausible),
                    st.integers(-2, 12),
                    st.text(max_size=3),
                )
            )
            tampered = _replace(original, path, value)
            note(f"path={path!r} value={value!r}")
            try:
                loaded = serde.from_dict(tampered, game.state_type, game=game)
            except BadInput:
                return
            game.validate(loaded)
            if game.hidden_information and any(
                game.view(loaded, seat) == loaded for seat in range(len(game.score(loaded)))
            ):
                # A seat's view (a hidden card, say) is a valid document but not a position
                # to play on: what it hides decides what comes next.
                return
            _play_on(game, loaded, Rng(seed))

        @given(json_values())
        def test_hostile_json_is_bad_input(self, value: Any) -> None:
            for cls in (game.action_type, game.state_type, game.event_type, GameRecord):
                with contextlib.suppress(BadInput):
                    serde.from_dict(value, cls, game=game)
            with contextlib.suppress(BadInput):
                serde.from_json(json.dumps(value), game.action_type)

        @given(paths)
        def test_game_and_states_pickle_for_worker_processes(self, p: Any) -> None:
            clone = pickle.loads(pickle.dumps(game))
            assert clone == game
            assert clone.rulebook == game.rulebook
            assert clone.variant == game.variant
            state = pickle.loads(pickle.dumps(p.states[0]))
            assert state == p.states[0]
            for action, expected in zip(p.actions, p.states[1:], strict=True):
                assert clone.legal_actions(state) == game.legal_actions(state)
                state = clone.apply(state, pickle.loads(pickle.dumps(action)))
                assert state == expected

        def test_replays_agree_across_hash_seeds(self) -> None:
            outputs = set()
            # The game travels pickled (by its options and, for a variant, its rulebook).
            pickled = base64.b64encode(pickle.dumps(game)).decode()
            # The new process imports the game's module as this one did: by its import path.
            path = os.pathsep.join(entry for entry in sys.path if entry)
            for hashseed in ("0", "1", "12345"):
                env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": path}
                result = subprocess.run(
                    [sys.executable, "-c", _HASHSEED_SCRIPT, pickled, "2026", "{}"],
                    env=env, capture_output=True, text=True, check=True, timeout=120,
                )
                outputs.add(result.stdout)
            assert len(outputs) == 1

        def test_every_rule_is_reached_or_said_why_not(self) -> None:
            """The finder (:func:`boardrules.explore.every_rule`) on the game: each rule's
            game replays and ends where the rule decides, or the rule is listed with why."""
            from boardrules.explore import every_rule  # the kit's own import graph stays small

            covered = every_rule(game, seed=2026, budget=1_000)
            assert list(covered) == list(game.rulebook.ids)
            for rule_id, found in covered.items():
                if isinstance(found, str):
                    assert found, rule_id
                    continue
                assert found.summary(), rule_id
                if found.record is not None:
                    assert len(found.record.actions) <= (found.first or 0)
                    replay(found.record, game)

    Conformance.__name__ = Conformance.__qualname__ = f"Conformance_{game.name}"
    return Conformance
