"""``Table``: one game with its seats, people and agents, for any front-end.

A front-end holds one :class:`Table`. People act through :meth:`Table.play` (an action, the
:class:`~boardrules.core.turn.Choice` a turn offers, or the action as JSON); the agents at
the other seats answer by themselves until a person must act again. :meth:`Table.turn` says
what is asked (:class:`~boardrules.core.turn.Turn`: the seat, the step, the labelled legal
moves and a sentence), :meth:`Table.result` how it ended, :meth:`Table.text` and
:meth:`Table.picture` show a seat's view in the table's language, :meth:`Table.undo` goes
back to the acting person's previous decision, and :meth:`Table.record` keeps who sat where,
so :meth:`Table.from_record` (and undo, and redo) give the same agent answers.

Each agent decision draws from its own stream, ``Rng.derive(seed, "table", seat, move)``
(``move``: the number of actions played before it), so an agent's answer depends only on the
seed, its seat and the position, never on what was undone or on when the table was loaded.

>>> from boardrules import Table
>>> table = Table("semya", seats=["human", "greedy"], seed=7, first=0)
>>> turn = table.turn()
>>> turn.seat, turn.step, turn.moves[0].notation
(0, 'lead', 'sun-saturn')
>>> table.play(turn.moves[0])
>>> [move.seat for move in table.moves]         # the agent answered at once
[0, 1]
>>> table.undo(); len(table.moves)
0
>>> table.redo(); len(table.moves)
2
>>> again = Table.from_record(table.record())
>>> again.state == table.state and again.record() == table.record()
True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast, overload

import attrs

from boardrules.agents import Agent, Demanding, agent_names, make_agent
from boardrules.core import serde
from boardrules.core.capabilities import MissingCapability, Playable, Rendered
from boardrules.core.errors import BadInput, BoardRulesError
from boardrules.core.game import GameBase
from boardrules.core.match import Match
from boardrules.core.record import SAFE_INTEGER, GameRecord
from boardrules.core.replay import load_game
from boardrules.core.rng import Rng, check_seed
from boardrules.core.standings import Standings
from boardrules.core.turn import Choice, Result, Turn, check_lang
from boardrules.core.violation import Lang, Violation
from boardrules.loading import load

__all__ = ["HUMAN", "STREAM", "Move", "NotAnAction", "Table", "UndoError", "agent_answer"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")

#: The seat name of a person (any other seat name is an agent's).
HUMAN = "human"
#: The purpose every agent stream of a table is derived for.
STREAM = "table"


def agent_answer(game: Any, view: Any, seat: int, agent: Agent, seed: int, move: int) -> Any:
    """What ``agent`` at ``seat`` plays when it must act after ``move`` actions of the game
    seeded ``seed``, seeing ``view`` (``game.view(state, seat)``).

    It draws from the stream ``Rng.derive(seed, "table", seat, move)``, so the answer depends
    only on the seed, the seat and the position. A :class:`Table` asks its agents through it,
    and so does ``boardrules serve`` in its bot worker processes, so a server match gives the
    very answers a table with the same seed, seats and moves gives.

    >>> from boardrules import load
    >>> from boardrules.agents import make_agent
    >>> game = load("kuhn")
    >>> state = game.new(5)
    >>> seat = game.to_move(state)
    >>> action = agent_answer(game, game.view(state, seat), seat, make_agent("greedy"), 5, 0)
    >>> table = Table(game, seats=["greedy", "greedy"], seed=5)
    >>> table.moves[0].action == action
    True
    """
    return agent.choose(game, view, seat, Rng.derive(seed, STREAM, seat, move))


class NotAnAction(BoardRulesError, TypeError):
    """What :meth:`Table.play` was given is no action of the game (a programming mistake,
    not a move the rules refuse)."""


class UndoError(BoardRulesError, IndexError):
    """:meth:`Table.undo` with no decision to go back to, or :meth:`Table.redo` with
    nothing undone to play again."""


@attrs.frozen
class Move(Generic[A, E]):
    """One move made at the table.

    Attributes:
        seat: the seat that made it.
        action: the action.
        events: what it caused, as :attr:`Table.viewer` may see them.
        agent: whether an agent made it (else a person).
    """

    seat: int
    action: A
    events: tuple[E, ...]
    agent: bool


def _agent_of(seat: int, spec: object) -> tuple[str, Agent | None]:
    if isinstance(spec, str):
        if spec == HUMAN:
            return HUMAN, None
        if spec not in agent_names():
            raise BadInput(
                f"$.seats[{seat}]",
                f"{spec[:40]!r} is neither {HUMAN!r} nor an agent "
                f"({', '.join(agent_names())})",
            )
        return spec, make_agent(spec)
    if isinstance(spec, Agent):
        return spec.name, spec
    raise BadInput(f"$.seats[{seat}]", f"a seat is {HUMAN!r}, an agent's name or an agent")


class Table(Generic[S, A, E]):
    """A game at a table of people and agents: play, turns, undo and redo, observers, records.

    Args:
        game: a game object, or a registered game's name (made with ``options``). A game
            without labels or notation plays too: its moves are labelled by ``repr``.
        seats: one entry per seat: ``"human"`` for a person, an agent's name (``"random"``,
            ``"greedy"``, ``"mcts"`` ...) or an agent object. Default: a person at seat 0 and
            ``"greedy"`` at every other seat.
        seed: the game's seed (``0 .. 2**64 - 1``); by default a random one a browser can
            hold (up to ``2**53 - 1``), kept in the record.
        options: the game's options, when ``game`` is a name.
        lang: the language of :meth:`turn`, :meth:`result`, :meth:`text` and
            :meth:`picture` (``"en"`` or ``"ru"``; :attr:`lang` changes it).
        **setup: the arguments of ``game.new`` (``first=0``, ``players=3`` ...). For a game
            whose setup takes ``players`` the number of seats given is used when
            ``players`` is not.

    The agents play at once: when the table is made, and after each :meth:`play`, until a
    person must act or the game is over.

    Raises:
        BadInput: for an unknown game, bad options, seed or setup (``$.seed``, ``$.setup``),
            a seat that is neither a person nor an agent, a number of seats the game does
            not have (``$.seats``), or an agent that cannot play this game
            (``$.seats[i]``).
    """

    @overload
    def __init__(
        self,
        game: Playable[S, A, E],
        seats: Sequence[str | Agent] | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        lang: Lang | str = "en",
        **setup: Any,
    ) -> None: ...
    @overload
    def __init__(
        self: Table[Any, Any, Any],
        game: GameBase[Any, Any, Any, Any] | str,
        seats: Sequence[str | Agent] | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        lang: Lang | str = "en",
        **setup: Any,
    ) -> None: ...
    def __init__(
        self,
        game: Playable[S, A, E] | GameBase[Any, Any, Any, Any] | str,
        seats: Sequence[str | Agent] | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        lang: Lang | str = "en",
        **setup: Any,
    ) -> None:
        if isinstance(game, str):
            made: Playable[S, A, E] = load(game, **dict(options or {}))
            game = made
        elif options:
            raise BadInput("$.options", "options go with a game's name, not a game object")
        if not isinstance(game, GameBase):
            raise BadInput("$.game", "a table plays a game made on boardrules.GameBase")
        seed = check_seed(secrets.randbelow(SAFE_INTEGER + 1) if seed is None else seed)
        if seats is not None and "players" not in setup and _takes_players(game):
            setup["players"] = len(seats)
        try:
            match: Match[S, A, E] = Match(game, seed, **setup)
        except BadInput as error:
            if error.path.startswith("$.seed"):
                raise
            raise BadInput("$.setup" + error.path[1:], error.reason) from None
        self._seat(game, match, seats, lang)

    # -- loading ----------------------------------------------------------------------
    @classmethod
    def from_record(
        cls,
        record: GameRecord,
        seats: Sequence[str | Agent] | None = None,
        *,
        game: Playable[Any, Any, Any] | None = None,
        lang: Lang | str = "en",
    ) -> Table[Any, Any, Any]:
        """The table of ``record``, after its last action, with the seats it names.

        Args:
            record: a record, from :meth:`record` or any other (a record of a plain game,
                without seats, seats a person everywhere).
            seats: other seats than the record's (the same number).
            game: the game to replay it with; by default the one the record names.
            lang: the language of :meth:`turn`.

        The agents then play if the record stops at an agent's turn.

        Raises:
            ReplayError: at the first illegal action of the record.
            BadInput: as the constructor does.
        """
        base = load_game(record) if game is None else game
        if not isinstance(base, GameBase):
            raise BadInput("$.game", "a table plays a game made on boardrules.GameBase")
        match = Match.from_record(record, base)
        if seats is None:
            seats = record.seats or [HUMAN] * base.seat_count(match.state)
        table: Table[Any, Any, Any] = object.__new__(cls)
        cls._seat(table, base, match, seats, lang)
        return table

    def _seat(
        self,
        game: Any,
        match: Match[S, A, E],
        seats: Sequence[str | Agent] | None,
        lang: Lang | str,
    ) -> None:
        """Seat the people and agents at ``match`` (at any point of its game), and let the
        agents play."""
        #: The game being played.
        self.game: Playable[S, A, E] = game
        self._base: GameBase[Any, Any, Any, Any] = game
        self._lang: Lang = check_lang(lang)
        self.seed: int = match.record.seed
        self._match = match
        count = game.seat_count(match.state)
        if seats is None:
            seats = [HUMAN, *(["greedy"] * (count - 1))]
        if len(seats) != count:
            raise BadInput(
                "$.seats", f"this {game.name} table has {count} seats, not {len(seats)}"
            )
        found = [_agent_of(seat, spec) for seat, spec in enumerate(seats)]
        for seat, (_, agent) in enumerate(found):
            if isinstance(agent, Demanding):
                try:
                    agent.require(game)
                except MissingCapability as error:
                    raise BadInput(f"$.seats[{seat}]", str(error)) from None
        #: Who sits at each seat: ``"human"`` or the agent's name.
        self.seats: tuple[str, ...] = tuple(name for name, _ in found)
        self._agents: tuple[Agent | None, ...] = tuple(agent for _, agent in found)
        self._moves: list[Move[A, E]] = []
        for state, action, events in zip(match.states, match.record.actions, match.events,
                                         strict=False):
            seat = game.to_move(state)
            self._moves.append(Move(seat, action, game.view_events(events, self.viewer),
                                    self._agents[seat] is not None))
        #: The moves each undo took back, the last undo's last.
        self._redo: list[list[Move[A, E]]] = []
        self._event_observers: list[Callable[[E], object]] = []
        self._turn_observers: list[Callable[[Turn[A]], object]] = []
        self._undo_observers: list[Callable[[tuple[Move[A, E], ...]], object]] = []
        self._redo_observers: list[Callable[[tuple[Move[A, E], ...]], object]] = []
        self.advance()

    # -- reading ----------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The current state (all of it; show a seat ``game.view(table.state, seat)``)."""
        return self._match.state

    @property
    def states(self) -> tuple[S, ...]:
        """Every state from the first to the current one."""
        return self._match.states

    @property
    def moves(self) -> tuple[Move[A, E], ...]:
        """Every move so far, with the seat, the events (as :attr:`viewer` sees them) and
        whether an agent made it."""
        return tuple(self._moves)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of people."""
        return tuple(seat for seat, agent in enumerate(self._agents) if agent is None)

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the events are shown with: the one person's seat, or
        ``None`` (what a spectator sees) when several people or none share the table."""
        people = self.people
        return people[0] if len(people) == 1 else None

    @property
    def lang(self) -> Lang:
        """The language of turns, results, text and pictures; set it to switch at once."""
        return self._lang

    @lang.setter
    def lang(self, lang: Lang | str) -> None:
        self._lang = check_lang(lang)

    def to_move(self) -> int | None:
        """The seat that must act now, or ``None`` once the game is over."""
        return self.game.to_move(self.state)

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over(self.state)

    def turn(self, lang: Lang | str | None = None) -> Turn[A]:
        """What is asked now (``game.prompt``), in ``lang`` or the table's language."""
        return self.game.prompt(self.state, self._lang if lang is None else lang)

    def check(self, action: object) -> Violation | None:
        """Why ``action`` cannot be played now, or ``None``."""
        return self.game.check(self.state, action)

    def score(self) -> Standings:
        """The standings now (final once the game is over)."""
        return self.game.score(self.state)

    def result(self, lang: Lang | str | None = None) -> Result:
        """The standings with labelled points and a sentence of how the game ended (before
        the end, that it goes on), in ``lang`` or the table's language."""
        return self.game.result(self.state, self._lang if lang is None else lang)

    def view(self, seat: int | None) -> S:
        """What ``seat`` may see now (``None``: a spectator)."""
        return self.game.view(self.state, seat)

    def text(self, seat: int | None = None) -> str:
        """The position as ``seat`` (by default :attr:`viewer`) sees it, as text in the
        table's language (``render_text``, else the view's ``repr``)."""
        seat = self.viewer if seat is None else seat
        game: Any = self.game
        if isinstance(game, Rendered):
            return str(game.render_text(self.state, seat, self._lang))
        return repr(self.view(seat))

    def picture(self, seat: int | None = None) -> str:
        """The position as ``seat`` (by default :attr:`viewer`) sees it, as SVG in the
        table's language (``""`` for a game without pictures)."""
        game: Any = self.game
        if not isinstance(game, Rendered):
            return ""
        return str(game.render_svg(self.state, self.viewer if seat is None else seat,
                                   self._lang))

    def record(self) -> GameRecord:
        """The record of the moves so far, with who sat at each seat."""
        return attrs.evolve(self._match.record, seats=self.seats)

    # -- observers --------------------------------------------------------------------
    def on_event(self, callback: Callable[[E], object]) -> Callable[[E], object]:
        """Call ``callback(event)`` for every event as it happens (as :attr:`viewer` may see
        it), the agents' included. Returns ``callback``, so it can decorate a function."""
        self._event_observers.append(callback)
        return callback

    def on_turn(self, callback: Callable[[Turn[A]], object]) -> Callable[[Turn[A]], object]:
        """Call ``callback(turn)`` whenever a person must act, or the game ends, after
        :meth:`play`, :meth:`undo` or :meth:`redo`. Returns ``callback``."""
        self._turn_observers.append(callback)
        return callback

    def on_undo(self, callback: Callable[[tuple[Move[A, E], ...]], object]
                ) -> Callable[[tuple[Move[A, E], ...]], object]:
        """Call ``callback(moves)`` with the moves each :meth:`undo` takes back (a log drops
        them: their events are not heard again). Returns ``callback``."""
        self._undo_observers.append(callback)
        return callback

    def on_redo(self, callback: Callable[[tuple[Move[A, E], ...]], object]
                ) -> Callable[[tuple[Move[A, E], ...]], object]:
        """Call ``callback(moves)`` with the moves each :meth:`redo` plays again, with their
        events (the event observers do not hear them twice). Returns ``callback``."""
        self._redo_observers.append(callback)
        return callback

    # -- changing ---------------------------------------------------------------------
    def play(self, action: A | Choice[A] | Mapping[str, Any] | str) -> None:
        """Play ``action`` for the person who must act, then let the agents answer until a
        person must act again or the game is over.

        ``action`` is one of the game's actions, a :class:`~boardrules.core.turn.Choice`
        from :meth:`turn`, or the action's JSON (a dict, or text) as ``serde`` reads it.

        Raises:
            IllegalAction: with the :class:`~boardrules.Violation`; nothing changes.
            BadInput: for JSON that is not one of the game's actions, naming the field.
            NotAnAction: (a ``TypeError``) for anything else that is not an action.
        """
        self._step(self._action(action))
        self._redo.clear()
        self.advance()

    def advance(self) -> None:
        """Let the agents play until a person must act or the game is over; then tell the
        turn observers. The table calls it itself when it is made or loaded and after each
        :meth:`play`; when a person must act it plays nothing."""
        for _ in range(self._base.max_moves() + 1):
            seat = self.to_move()
            agent = None if seat is None else self._agents[seat]
            if seat is None or agent is None:
                break
            view = self.game.view(self.state, seat)
            self._step(agent_answer(self.game, view, seat, agent, self.seed, len(self._moves)))
        self._tell_turn()

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a decision to go back to."""
        return self._undo_target() is not None

    def can_redo(self) -> bool:
        """Whether :meth:`redo` has something undone to play again."""
        return bool(self._redo)

    def undo(self) -> None:
        """Go back to the acting person's previous decision (their last move and every
        move after it are taken back, and kept for :meth:`redo`).

        The acting person is the one who must act now. When that person has not decided
        yet (another person opened, at a table of several people) or the game is over, the
        last decision of any person is taken back.

        Raises:
            UndoError: (an ``IndexError``) when that person has no earlier decision.
        """
        target = self._undo_target()
        if target is None:
            raise UndoError("nothing to undo")
        taken = self._moves[target:]
        del self._moves[target:]
        for _ in taken:
            self._match.undo()
        self._redo.append(taken)
        for observer in self._undo_observers:
            observer(tuple(taken))
        self._tell_turn()

    def redo(self) -> None:
        """Play again what the last :meth:`undo` took back.

        Raises:
            UndoError: (an ``IndexError``) when nothing was undone (or a move was played
                since).
        """
        if not self._redo:
            raise UndoError("nothing to redo")
        again = self._redo.pop()
        for move in again:
            self._match.redo()
            self._moves.append(move)
        for observer in self._redo_observers:
            observer(tuple(again))
        self._tell_turn()

    # -- inside ------------------------------------------------------------------------
    def _undo_target(self) -> int | None:
        """The number of moves to go back to: just before the acting person's last move,
        else (that person has not moved yet, or the game is over) just before the last
        move of any person."""
        person = self.to_move()
        last = None
        for index in range(len(self._moves) - 1, -1, -1):
            move = self._moves[index]
            if move.seat == person:
                return index
            if last is None and not move.agent:
                last = index
        return last

    def _action(self, given: object) -> A:
        """The action ``given`` stands for (see :meth:`play`)."""
        if isinstance(given, Choice):
            given = given.action
        elif isinstance(given, Mapping):
            given = serde.from_dict(dict(given), self.game.action_type)
        elif isinstance(given, str | bytes):
            given = serde.from_json(given, self.game.action_type)
        if not isinstance(given, self._base.action_classes):
            raise NotAnAction(f"{type(given).__name__} is not an action of {self.game.name} "
                              f"({', '.join(c.__name__ for c in self._base.action_classes)})")
        return cast(A, given)  # one of the game's action classes

    def _step(self, action: A) -> None:
        seat = self.to_move()
        transition = self._match.play(action)  # IllegalAction leaves the match as it was
        assert seat is not None
        move = Move(seat, action, self.game.view_events(transition.events, self.viewer),
                    self._agents[seat] is not None)
        self._moves.append(move)
        for event in move.events:
            for observer in self._event_observers:
                observer(event)

    def _tell_turn(self) -> None:
        if self._turn_observers:
            turn = self.turn()
            for observer in self._turn_observers:
                observer(turn)


def _takes_players(game: GameBase[Any, Any, Any, Any]) -> bool:
    return "players" in {field.name for field in attrs.fields(game.setup_type)}
