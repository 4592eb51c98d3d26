"""«Об игре»: legality (LY-1..LY-20) and transitions, as one ``Game`` reducer."""

from __future__ import annotations

import datetime
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.game import GameBase
from boardrules.core.rng import Rng
from boardrules.core.rules import Rulebook
from boardrules.core.standings import Standings
from boardrules.core.violation import Violation
from boardrules.display import Position
from boardrules.games.lyceum import messages as _messages  # registers the sentences
from boardrules.games.lyceum import notation, render
from boardrules.games.lyceum.actions import (
    Action,
    ChooseSkill,
    Declare,
    DeclareSkill,
    DeferCard,
    DiscardCard,
    Draw,
    FinishMoves,
    KeepDeferred,
    MoveSkillPoint,
    PlayCard,
    PlayDeferred,
    Rest,
    ShareExperience,
)
from boardrules.games.lyceum.content import (
    SKILLS,
    Card,
    Colour,
    Content,
    Epoch,
    Skill,
    SpecialKind,
    Target,
    default_content,
    epoch_of_round,
    validate_content,
)
from boardrules.games.lyceum.events import (
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeclarationMade,
    DeferredExpired,
    EffectStarted,
    Event,
    ExperienceShared,
    GameEnded,
    LevelReached,
    PointChosen,
    PointMoved,
    Rested,
    RoundStarted,
    TurnOrderSet,
)
from boardrules.games.lyceum.rulebook import RULES
from boardrules.games.lyceum.state import HIDDEN, Effect, Seat, Stage, State, Step, StepKind

__all__ = [
    "DECLARATION_BONUS",
    "DECLARATION_TARGETS",
    "DEFER_TURNS",
    "EXTRA_POINTS",
    "LEVEL_POINTS",
    "REST_MOVES",
    "ROUNDS",
    "SHARE_LEVEL",
    "Game",
    "Setup",
    "declaration_bonus",
    "share_amount",
]

del _messages

#: Rounds in a game: ages 16..25 (LY-6).
ROUNDS = 10
#: Extra SP each seat distributes at the start (LY-3).
EXTRA_POINTS = 5
#: The declaration targets and the XP bonus each earns when met (LY-4, LY-20).
DECLARATION_BONUS: Mapping[int, int] = {35: 300, 40: 400, 45: 500}
DECLARATION_TARGETS: tuple[int, ...] = tuple(DECLARATION_BONUS)
#: SP a rest may move, by epoch (LY-17).
REST_MOVES: Mapping[Epoch, int] = {Epoch.LYCEUM: 3, Epoch.UNIVERSITY: 4, Epoch.ADULT: 5}
#: The lowest level that may share experience (LY-18).
SHARE_LEVEL = 3
#: SP of choice per level reached (LY-19).
LEVEL_POINTS = 2
#: How long a deferred card waits: the seat's next three main turns (LY-13).
DEFER_TURNS = 3

_EPOCHS = tuple(Epoch)
_COLOURS = tuple(Colour)
_ENERGY = Skill.ENERGY.index
_COMMUNICATION = Skill.COMMUNICATION.index
_ACTION_TYPES = frozenset(
    {
        ChooseSkill, Declare, DeclareSkill, Draw, Rest, ShareExperience, PlayCard,
        DiscardCard, DeferCard, MoveSkillPoint, FinishMoves, PlayDeferred, KeepDeferred,
    }
)
#: Which actions answer each kind of pending step (LY-7).
_ANSWERS: Mapping[StepKind, frozenset[type]] = {
    StepKind.CHOOSE: frozenset({ChooseSkill}),
    StepKind.DECLARE: frozenset({Declare}),
    StepKind.DECLARE_SKILL: frozenset({DeclareSkill}),
    StepKind.MAIN: frozenset({Draw, Rest, ShareExperience}),
    StepKind.DECIDE: frozenset({PlayCard, DiscardCard, DeferCard}),
    StepKind.MOVE: frozenset({MoveSkillPoint, FinishMoves}),
    StepKind.OFFER: frozenset({PlayDeferred, KeepDeferred}),
}


def share_amount(xp: int) -> int:
    """What every other seat gains when a seat with ``xp`` shares: 30 %, to the nearest 100.

    Half rounds up (LY-18).

    >>> share_amount(1500), share_amount(1400), share_amount(1200), share_amount(1100)
    (500, 400, 400, 300)
    """
    return (3 * xp + 500) // 1000 * 100


def _players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 2 <= value <= 64:
        raise BadInput("$.players", "LY-1: players is an integer from 2 to 64")


@attrs.frozen
class Setup:
    """The keyword arguments of :meth:`Game.new`.

    Attributes:
        players: the number of seats (3 or 4 by default; see ``Game.min_players``).
        ages: each seat's age in any unit (smaller is younger), to break an energy tie
            (LY-5); without ages or birth dates the lower seat wins the tie.
        birth_dates: each seat's birth date as ``"YYYY-MM-DD"`` (later is younger);
            instead of ``ages``.
    """

    players: int = attrs.field(default=4, validator=_players)
    ages: tuple[int, ...] | None = None
    birth_dates: tuple[str, ...] | None = None


def _content(value: Content | None) -> Content:
    return default_content() if value is None else validate_content(value)


def _bound(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 2 <= value <= 10:
        raise BadInput(f"$.{attribute.name}", "LY-1: seats are an integer from 2 to 10")


class _Work:
    """The fields of the next state while an action is worked out (one State at the end)."""

    __slots__ = (
        "effects", "first", "piles", "queue", "round", "seats", "stage", "tie_order", "turn",
    )

    def __init__(self, state: State) -> None:
        self.seats = list(state.seats)
        self.first = state.first
        self.round = state.round
        self.turn = state.turn
        self.stage = state.stage
        self.queue = state.queue[1:]
        self.piles = state.piles
        self.effects = state.effects
        self.tie_order = state.tie_order


@attrs.frozen
class Game(GameBase[State, Action, Event, Setup]):
    """The HSE Lyceum life-path game «Об игре» (rules LY-1..LY-24).

    Attributes:
        content: characters, level table and action cards; by default our illustrative
            content (:func:`~boardrules.games.lyceum.default_content`).
        min_players: the fewest seats (3 by the rulebook).
        max_players: the most seats (4 by the rulebook); at most the number of characters.

    >>> game = Game()
    >>> state = game.new(seed=7, players=3)
    >>> game.to_move(state), len(game.legal_actions(state))
    (0, 5)
    """

    name: ClassVar[str] = "lyceum"
    state_type: ClassVar[type] = State
    action_type: ClassVar[Any] = Action
    event_type: ClassVar[Any] = Event
    setup_type: ClassVar[type] = Setup
    hidden_information: ClassVar[bool] = True
    #: One line per rule ID, in English and Russian.
    default_rules: ClassVar[Rulebook] = RULES

    content: Content = attrs.field(default=None, converter=_content)
    min_players: int = attrs.field(default=3, validator=_bound)  # type: ignore[misc]
    max_players: int = attrs.field(default=4, validator=_bound)  # type: ignore[misc]

    # Lookup tables derived from the content; not options, not compared.
    _cards: dict[str, Card] = attrs.field(init=False, eq=False, repr=False)
    _needs: dict[str, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)
    _order: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _piles: dict[tuple[Epoch, Colour], tuple[str, ...]] = attrs.field(
        init=False, eq=False, repr=False
    )
    _base: dict[str, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)
    _choose: tuple[ChooseSkill, ...] = attrs.field(init=False, eq=False, repr=False)
    _draws: tuple[Draw, ...] = attrs.field(init=False, eq=False, repr=False)
    _moves: tuple[tuple[MoveSkillPoint, ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    _declares: tuple[Declare, ...] = attrs.field(init=False, eq=False, repr=False)
    _values: tuple[DeclareSkill, ...] = attrs.field(init=False, eq=False, repr=False)
    _max_rest: int = attrs.field(init=False, eq=False, repr=False)
    _max_choose: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise BadInput("$.min_players", "min_players is at most max_players")
        if self.max_players > len(self.content.characters):
            raise BadInput(
                "$.max_players",
                f"LY-2: {len(self.content.characters)} characters seat at most "
                f"{len(self.content.characters)} players",
            )
        setattr_ = object.__setattr__
        cards = self.content.cards
        setattr_(self, "_cards", {c.id: c for c in cards})
        setattr_(self, "_needs", {c.id: c.needs for c in cards})
        setattr_(self, "_order", {c.id: i for i, c in enumerate(cards)})
        setattr_(
            self,
            "_piles",
            {(e, k): self.content.pile(e, k) for e in _EPOCHS for k in _COLOURS},
        )
        setattr_(self, "_base", {c.id: c.base for c in self.content.characters})
        setattr_(self, "_choose", tuple(ChooseSkill(s) for s in SKILLS))
        setattr_(self, "_draws", tuple(Draw(k) for k in _COLOURS))
        setattr_(
            self,
            "_moves",
            tuple(tuple(MoveSkillPoint(a, b) for b in SKILLS if b is not a) for a in SKILLS),
        )
        setattr_(self, "_declares", (Declare(None), *(Declare(t) for t in DECLARATION_TARGETS)))
        setattr_(
            self, "_values", tuple(DeclareSkill(v) for v in range(max(DECLARATION_TARGETS) + 1))
        )
        # The largest counts a MOVE or CHOOSE step can hold, derived from the content so
        # that validate() accepts every state legal play reaches: rests and redistributions
        # move SP; extra points, level-ups and gains are chosen.
        specials = [c.special for c in cards if c.special is not None]
        moves = [x.amount for x in specials if x.lasting or x.kind is SpecialKind.REDISTRIBUTE]
        setattr_(self, "_max_rest", max([*REST_MOVES.values(), *moves]))
        gains = [x.amount for x in specials if x.kind is SpecialKind.GAIN]
        levels = LEVEL_POINTS * max(len(self.content.levels) - 1, 1)
        setattr_(self, "_max_choose", max([EXTRA_POINTS, levels, *gains]))

    # -- content ------------------------------------------------------------------------
    def card(self, card_id: str) -> Card:
        """The action card with this id.

        Raises:
            KeyError: if the content has no such card.
        """
        return self._cards[card_id]

    def level(self, xp: int) -> int:
        """The level ``xp`` reaches under the content's level table (LY-19).

        >>> Game().level(0), Game().level(1250)
        (1, 4)
        """
        return self.content.level_of(xp)

    def eligible(self, skills: tuple[int, ...], card_id: str) -> bool:
        """Whether a character with ``skills`` meets the card's conditions and losses (LY-10)."""
        needs = self._needs[card_id]
        return (
            skills[0] >= needs[0]
            and skills[1] >= needs[1]
            and skills[2] >= needs[2]
            and skills[3] >= needs[3]
            and skills[4] >= needs[4]
        )

    def rest_moves(self, state: State, seat: int) -> int:
        """How many SP ``seat`` may move in a rest now: 3 / 4 / 5 by epoch (LY-17), or the
        amount of the earliest-played lasting effect that reaches it (LY-16)."""
        for effect in state.effects:
            if (effect.seat == seat) == (effect.target is Target.SELF):
                return effect.amount
        return REST_MOVES[epoch_of_round(state.round)]

    def max_moves(self) -> int:
        """A bound on actions per game.

        Setup: 5 extra SP and at most 5 declaration actions per seat. Each turn: at most a
        main action, a decision, 2 SP of choice and as many rest moves as allowed (or 6
        special points), then an offer and 6 more special points; plus 2 SP per level.
        """
        seats = self.max_players
        per_turn = 2 + max(self._max_rest, 7) + 1 + 1 + 7
        levels = LEVEL_POINTS * len(self.content.levels)
        return seats * (EXTRA_POINTS + 5) + ROUNDS * seats * per_turn + seats * levels

    # -- setup (LY-2..LY-5) ---------------------------------------------------------------
    def _new(self, seed: int, setup: Setup) -> State:
        players = setup.players
        if not self.min_players <= players <= self.max_players:
            raise BadInput(
                "$.players",
                f"LY-1: this game seats {self.min_players} to {self.max_players} players",
            )
        tie_order = _tie_order(players, setup.ages, setup.birth_dates)
        characters = self.content.characters
        drawn = Rng.derive(seed, "lyceum", "characters").shuffled(range(len(characters)))
        seats = tuple(
            Seat(characters[i].id, characters[i].base) for i in drawn[:players]
        )
        queue: list[Step] = []
        for seat in range(players):
            queue += [Step(StepKind.CHOOSE, seat, EXTRA_POINTS), Step(StepKind.DECLARE, seat)]
        return State(
            seed=seed,
            seats=seats,
            tie_order=tie_order,
            first=None,
            round=0,
            turn=0,
            stage=Stage.SETUP,
            queue=tuple(queue),
            piles=self._shuffled_piles(seed, Epoch.LYCEUM),
        )

    def _shuffled_piles(self, seed: int, epoch: Epoch) -> tuple[tuple[str, ...], ...]:
        """The epoch's three piles, each shuffled from the seed (LY-6)."""
        return tuple(
            Rng.derive(seed, "lyceum", "epoch", epoch.value, colour.value).shuffled(
                self._piles[epoch, colour]
            )
            for colour in _COLOURS
        )

    def first_seat(self, state: State) -> int:
        """The seat that moves (or would move) first given the seats' energy now (LY-5).

        >>> game = Game()
        >>> game.first_seat(game.position(skills=[(5,) * 5, (0, 0, 0, 0, 6), (9,) * 5]))
        2
        """
        return _first_seat(state.seats, state.tie_order)

    # -- whose move -------------------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The seat of the pending step, or ``None`` once round 10 is over."""
        queue = state.queue
        return queue[0].seat if queue else None

    def is_over(self, state: State) -> bool:
        """Whether every seat has had its turn in round 10 (LY-20)."""
        return not state.queue

    def mover(self, state: State) -> int | None:
        """The seat whose turn it is in the round (``None`` in the setup and at the end).

        It differs from :meth:`to_move` while another seat places level-up points out of turn.

        >>> game = Game()
        >>> game.mover(game.position(skills=[(5,) * 5] * 3, to_move=2))
        2
        """
        if state.first is None or state.stage is Stage.OVER:
            return None
        return (state.first + state.turn) % len(state.seats)

    def can_share(self, state: State, seat: int) -> Violation | None:
        """Why ``seat`` may not share experience now (LY-18), or ``None``."""
        sheet = state.seats[seat]
        if sheet.shared:
            return Violation("LY-18", "already_shared", {"seat": seat})
        level = bisect_right(self.content.levels, sheet.played_xp + sheet.shared_xp)
        if level < SHARE_LEVEL:
            return Violation(
                "LY-18", "level_too_low", {"seat": seat, "level": level, "needed": SHARE_LEVEL}
            )
        if sheet.skills[_ENERGY] < 1:
            return Violation("LY-18", "no_energy", {"seat": seat})
        return None

    # -- legality -------------------------------------------------------------------------
    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action, in a stable order that depends on the pending step.

        Skills and colours come in their fixed order; the main step lists draws (green,
        yellow, red), then rest, then share; a drawn card lists play or defer first, then
        discard; an offer lists play first.
        """
        queue = state.queue
        if not queue:
            return ()
        step = queue[0]
        kind = step.kind
        if kind is StepKind.CHOOSE:
            return self._choose
        if kind is StepKind.MOVE:
            skills = state.seats[step.seat].skills
            out: list[Action] = []
            for index, moves in enumerate(self._moves):
                if skills[index]:
                    out += moves
            out.append(_FINISH)
            return tuple(out)
        if kind is StepKind.MAIN:
            draws = self._draws
            piles = state.piles
            main: list[Action] = [draws[i] for i in range(3) if piles[i]]
            main.append(_REST)
            if self.can_share(state, step.seat) is None:
                main.append(_SHARE)
            return tuple(main)
        if kind is StepKind.DECIDE:
            assert step.card is not None
            if self.eligible(state.seats[step.seat].skills, step.card):
                return (_PLAY, _DISCARD)
            if state.seats[step.seat].deferred is None:
                return (_DEFER, _DISCARD)
            return (_DISCARD,)
        if kind is StepKind.OFFER:
            return (_PLAY_DEFERRED, _KEEP_DEFERRED)
        if kind is StepKind.DECLARE:
            return self._declares
        return self._values[: max(step.count, 0) + 1]

    def check(self, state: State, action: object) -> Violation | None:
        """Why ``action`` is illegal in ``state`` (a rule ID and a reason), or ``None``."""
        queue = state.queue
        if not queue:
            return Violation("LY-20", "game_over", {})
        kind = type(action)
        if kind not in _ACTION_TYPES:
            return Violation(
                "CORE-1", "foreign_action", {"action": repr(action)[:80], "game": self.name}
            )
        step = queue[0]
        if kind not in _ANSWERS[step.kind]:
            return Violation(
                "LY-7",
                "wrong_step",
                {"seat": step.seat, "step": step.kind.value, "action": kind.tag},  # type: ignore[attr-defined]
            )
        if kind is ChooseSkill or kind is FinishMoves or step.kind is StepKind.OFFER:
            return None
        if kind is MoveSkillPoint:
            return self._check_move(state, step, action)  # type: ignore[arg-type]
        if kind is Draw:
            colour: Colour = action.colour  # type: ignore[attr-defined]
            if not state.piles[_COLOURS.index(colour)]:
                return Violation("LY-9", "empty_pile", {"colour": colour.value})
            return None
        if kind is Rest:
            return None
        if kind is ShareExperience:
            return self.can_share(state, step.seat)
        if kind is PlayCard or kind is DeferCard:
            return self._check_decide(state, step, kind is PlayCard)
        if kind is DiscardCard:
            return None
        if kind is Declare:
            target = action.target  # type: ignore[attr-defined]
            if target is not None and target not in DECLARATION_BONUS:
                return Violation("LY-4", "bad_target", {"target": _clip(target)})
            return None
        value = action.value  # type: ignore[attr-defined]
        if type(value) is not int or not 0 <= value <= step.count:  # a bool is not an SP count
            return Violation(
                "LY-4", "bad_declared_value", {"value": _clip(value), "left": step.count}
            )
        return None

    def _check_move(self, state: State, step: Step, action: MoveSkillPoint) -> Violation | None:
        if action.source is action.target:
            return Violation("LY-17", "same_skill", {"skill": action.source.value})
        if not state.seats[step.seat].skills[action.source.index]:
            return Violation(
                "LY-1", "skill_empty", {"seat": step.seat, "skill": action.source.value}
            )
        return None

    def _check_decide(self, state: State, step: Step, play: bool) -> Violation | None:
        assert step.card is not None
        sheet = state.seats[step.seat]
        eligible = self.eligible(sheet.skills, step.card)
        if play:
            if not eligible:
                return Violation("LY-11", "not_eligible", {"seat": step.seat, "card": step.card})
            return None
        if eligible:
            return Violation("LY-12", "defer_eligible", {"card": step.card})
        if sheet.deferred is not None:
            return Violation(
                "LY-12", "already_deferring", {"seat": step.seat, "card": sheet.deferred}
            )
        return None

    # -- transitions ----------------------------------------------------------------------
    def _advance(self, state: State, action: Action, events: list[Event] | None) -> State:
        step = state.queue[0]
        w = _Work(state)
        kind = type(action)
        seat = step.seat
        if kind is ChooseSkill:
            skill: Skill = action.skill  # type: ignore[union-attr]
            sheet = w.seats[seat]
            w.seats[seat] = _with_skills(sheet, _bump(sheet.skills, skill.index, 1))
            if step.count > 1:
                w.queue = (Step(StepKind.CHOOSE, seat, step.count - 1), *w.queue)
            if events is not None:
                events.append(PointChosen(seat, skill))
        elif kind is MoveSkillPoint:
            move = cast(MoveSkillPoint, action)
            source, target = move.source, move.target
            sheet = w.seats[seat]
            skills = _bump(_bump(sheet.skills, source.index, -1), target.index, 1)
            w.seats[seat] = _with_skills(sheet, skills)
            if step.count > 1:
                w.queue = (Step(StepKind.MOVE, seat, step.count - 1), *w.queue)
            if events is not None:
                events.append(PointMoved(seat, source, target))
        elif kind is FinishMoves or kind is KeepDeferred:
            pass
        elif kind is Draw:
            colour: Colour = action.colour  # type: ignore[union-attr]
            index = _COLOURS.index(colour)
            pile = w.piles[index]
            card = pile[0]
            piles = list(w.piles)
            piles[index] = pile[1:]
            w.piles = tuple(piles)
            w.queue = (Step(StepKind.DECIDE, seat, card=card), *w.queue)
            if events is not None:
                events.append(CardDrawn(seat, colour, card))
        elif kind is PlayCard:
            assert step.card is not None
            self._play(w, seat, step.card, False, events)
        elif kind is DiscardCard:
            if events is not None:
                assert step.card is not None
                events.append(CardDiscarded(seat, step.card))
        elif kind is DeferCard:
            assert step.card is not None
            sheet = w.seats[seat]
            w.seats[seat] = Seat(
                sheet.character, sheet.skills, sheet.played_xp, sheet.shared_xp,
                sheet.declaration, step.card, w.round, sheet.shared,
            )
            if events is not None:
                events.append(CardDeferred(seat, step.card))
        elif kind is PlayDeferred:
            assert step.card is not None
            sheet = w.seats[seat]
            w.seats[seat] = Seat(
                sheet.character, sheet.skills, sheet.played_xp, sheet.shared_xp,
                sheet.declaration, None, 0, sheet.shared,
            )
            self._play(w, seat, step.card, True, events)
        elif kind is Rest:
            sheet = w.seats[seat]
            w.seats[seat] = _with_skills(sheet, _bump(sheet.skills, _ENERGY, 1))
            moves = self.rest_moves(state, seat)
            follow = [Step(StepKind.CHOOSE, seat, 1)]
            if moves:
                follow.append(Step(StepKind.MOVE, seat, moves))
            w.queue = (*follow, *w.queue)
            if events is not None:
                events.append(Rested(seat, moves))
        elif kind is ShareExperience:
            self._share(w, seat, events)
        elif kind is Declare:
            target_sp = cast(Declare, action).target
            if target_sp is None:
                if events is not None:
                    events.append(DeclarationMade(seat, None))
            else:
                w.queue = (Step(StepKind.DECLARE_SKILL, seat, target_sp), *w.queue)
        else:  # DeclareSkill
            value = cast(DeclareSkill, action).value
            values = (*step.values, value)
            left = step.count - value
            if len(values) == len(SKILLS) - 1:
                sheet = w.seats[seat]
                declaration = (*values, left)
                w.seats[seat] = Seat(
                    sheet.character, sheet.skills, sheet.played_xp, sheet.shared_xp,
                    declaration, sheet.deferred, sheet.deferred_round, sheet.shared,
                )
                if events is not None:
                    events.append(DeclarationMade(seat, declaration))
            else:
                w.queue = (Step(StepKind.DECLARE_SKILL, seat, left, None, values), *w.queue)
        if not w.queue:
            self._settle(state.seed, w, events)
        return State(
            state.seed, tuple(w.seats), state.tie_order, w.first, w.round, w.turn, w.stage,
            w.queue, w.piles, w.effects,
        )

    def _play(
        self, w: _Work, seat: int, card_id: str, deferred: bool, events: list[Event] | None
    ) -> None:
        """Play ``card_id`` for ``seat``: losses, gains, XP, level-up points, special."""
        card = self._cards[card_id]
        sheet = w.seats[seat]
        skills = tuple(
            s - lo + g for s, lo, g in zip(sheet.skills, card.losses, card.gains, strict=True)
        )
        levels = self.content.levels
        before = bisect_right(levels, sheet.played_xp + sheet.shared_xp)
        played = sheet.played_xp + card.xp
        after = bisect_right(levels, played + sheet.shared_xp)
        w.seats[seat] = Seat(
            sheet.character, skills, played, sheet.shared_xp, sheet.declaration,
            sheet.deferred, sheet.deferred_round, sheet.shared,
        )
        follow: list[Step] = []
        if after > before:
            follow.append(Step(StepKind.CHOOSE, seat, LEVEL_POINTS * (after - before)))
        special = card.special
        if special is not None:
            if special.kind is SpecialKind.GAIN:
                follow.append(Step(StepKind.CHOOSE, seat, special.amount))
            elif special.kind is SpecialKind.REDISTRIBUTE:
                follow.append(Step(StepKind.MOVE, seat, special.amount))
            else:
                w.effects = (
                    *w.effects,
                    Effect(seat, card_id, special.kind, special.amount, special.target),
                )
        if follow:
            w.queue = (*follow, *w.queue)
        if events is not None:
            events.append(CardPlayed(seat, card_id, card.xp, deferred))
            for level in range(before + 1, after + 1):
                events.append(LevelReached(seat, level))
            if special is not None and special.lasting:
                events.append(
                    EffectStarted(seat, card_id, special.kind, special.amount, special.target)
                )

    def _share(self, w: _Work, seat: int, events: list[Event] | None) -> None:
        """Share experience (LY-18): 30 % of the sharer's XP to every other seat."""
        seats = w.seats
        sheet = seats[seat]
        amount = share_amount(sheet.played_xp + sheet.shared_xp)
        skills = _bump(_bump(sheet.skills, _COMMUNICATION, 1), _ENERGY, -1)
        seats[seat] = Seat(
            sheet.character, skills, sheet.played_xp, sheet.shared_xp, sheet.declaration,
            sheet.deferred, sheet.deferred_round, True,
        )
        follow = [Step(StepKind.CHOOSE, seat, 1)]
        levels = self.content.levels
        reached: list[LevelReached] = []
        n = len(seats)
        for offset in range(1, n):
            other = (seat + offset) % n
            them = seats[other]
            before = bisect_right(levels, them.played_xp + them.shared_xp)
            after = bisect_right(levels, them.played_xp + them.shared_xp + amount)
            seats[other] = Seat(
                them.character, them.skills, them.played_xp, them.shared_xp + amount,
                them.declaration, them.deferred, them.deferred_round, them.shared,
            )
            if after > before:
                follow.append(Step(StepKind.CHOOSE, other, LEVEL_POINTS * (after - before)))
                reached += [LevelReached(other, lv) for lv in range(before + 1, after + 1)]
        w.queue = (*follow, *w.queue)
        if events is not None:
            events.append(ExperienceShared(seat, amount))
            events.extend(reached)

    def _settle(self, seed: int, w: _Work, events: list[Event] | None) -> None:
        """The queue ran empty: end the setup, offer a deferred card, or end the turn."""
        n = len(w.seats)
        if w.stage is Stage.SETUP:
            first = _first_seat(w.seats, w.tie_order)
            w.first = first
            w.stage = Stage.MAIN
            w.round = 1
            w.turn = 0
            w.queue = (Step(StepKind.MAIN, first),)
            if events is not None:
                events.append(TurnOrderSet(first, tuple((first + i) % n for i in range(n))))
                events.append(RoundStarted(1, 16, Epoch.LYCEUM))
            return
        assert w.first is not None
        mover = (w.first + w.turn) % n
        sheet = w.seats[mover]
        if sheet.deferred is not None and w.round > sheet.deferred_round:
            if w.stage is Stage.MAIN and self.eligible(sheet.skills, sheet.deferred):
                w.stage = Stage.DEFERRED
                w.queue = (Step(StepKind.OFFER, mover, card=sheet.deferred),)
                return
            if w.round - sheet.deferred_round >= DEFER_TURNS:
                if events is not None:
                    events.append(DeferredExpired(mover, sheet.deferred))
                w.seats[mover] = Seat(
                    sheet.character, sheet.skills, sheet.played_xp, sheet.shared_xp,
                    sheet.declaration, None, 0, sheet.shared,
                )
        self._next_turn(seed, w, events)

    def _next_turn(self, seed: int, w: _Work, events: list[Event] | None) -> None:
        n = len(w.seats)
        w.turn += 1
        if w.turn == n:
            w.turn = 0
            w.round += 1
            if w.round > ROUNDS:
                w.round = ROUNDS
                w.turn = n - 1
                w.stage = Stage.OVER
                w.queue = ()
                if events is not None:
                    events.append(GameEnded(self._winners(w.seats)))
                return
            epoch = epoch_of_round(w.round)
            if epoch is not epoch_of_round(w.round - 1):
                w.piles = self._shuffled_piles(seed, epoch)
                w.effects = ()
            if events is not None:
                events.append(RoundStarted(w.round, 15 + w.round, epoch))
        assert w.first is not None
        w.stage = Stage.MAIN
        w.queue = (Step(StepKind.MAIN, (w.first + w.turn) % n),)

    def _winners(self, seats: Sequence[Seat]) -> tuple[int, ...]:
        points = [self._final_points(s) for s in seats]
        top = max(points)
        return tuple(i for i, p in enumerate(points) if p == top)

    def _final_points(self, sheet: Seat) -> int:
        return sheet.played_xp + sheet.shared_xp + declaration_bonus(sheet)

    # -- scoring (LY-20) ------------------------------------------------------------------
    def score(self, state: State) -> Standings:
        """XP per seat: played, shared and (at the end) the declaration bonus (LY-20)."""
        from boardrules.games.lyceum.scoring import score

        return score(self, state)

    # -- views (LY-22) --------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see: pile order, the seed and other seats' declarations hidden.

        Piles are shown in content order (their contents are public: the cards of the epoch
        not drawn yet); before the end, every other seat's declaration shows as
        :data:`~boardrules.games.lyceum.state.HIDDEN` once its declaration step is over,
        whether it declared or not.
        """
        from boardrules.games.lyceum.position import view_state

        return view_state(self, state, seat)

    def view_events(self, events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
        """The events as ``seat`` may see them: other seats' declarations hidden."""
        return tuple(
            DeclarationMade(e.seat, HIDDEN)
            if isinstance(e, DeclarationMade) and e.seat != seat
            else e
            for e in events
        )

    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state consistent with ``view``, for agents that look ahead.

        The piles are shuffled and the seed drawn from ``rng``; a hidden declaration of
        another seat becomes none, and a hidden declaration step in progress gets a target
        drawn from ``rng``. ``game.view(result, seat) == view`` for any view of ``seat``.

        >>> from boardrules import Rng
        >>> game = Game()
        >>> view = game.view(game.new(seed=3, players=3), 1)
        >>> game.view(game.determinize(view, 1, Rng(5)), 1) == view
        True
        """
        from boardrules.core.rng import MASK

        piles = tuple(rng.shuffled(pile) for pile in view.piles)
        seats = tuple(
            _with_declaration(s, None) if s.declaration == HIDDEN and i != seat else s
            for i, s in enumerate(view.seats)
        )
        queue = view.queue
        if queue:
            step = queue[0]
            if step.kind is StepKind.DECLARE_SKILL and step.count == 0 and not step.values:
                target = DECLARATION_TARGETS[rng.below(len(DECLARATION_TARGETS))]
                queue = (Step(StepKind.DECLARE_SKILL, step.seat, target), *queue[1:])
        return State(
            rng.next() & MASK, seats, view.tie_order, view.first, view.round, view.turn,
            view.stage, queue, piles, view.effects,
        )

    def heuristic(self, state: State, seat: int) -> float:
        """How good ``state`` looks for ``seat``, for the greedy agent (higher is better).

        XP so far, 10 per SP, the declaration bonus once the game is over, and the XP and net
        SP of a card the seat has drawn or is offered and may play. (Measured with
        ``benchmarks/agents.py lyceum --games 400 --mcts-games 100``, seed 2026, four seats:
        the greedy agent wins 87.0 % [83.4 %, 90.0 %] of games against three random players,
        MCTS with 100 iterations 90.8 % [83.6 %, 95.1 %]; an even share is 25 %.)
        """
        sheet = state.seats[seat]
        value = sheet.played_xp + sheet.shared_xp + 10 * sum(sheet.skills)
        if state.stage is Stage.OVER:
            value += declaration_bonus(sheet)
        elif state.queue:
            step = state.queue[0]
            if (
                step.seat == seat
                and step.card is not None
                and self.eligible(sheet.skills, step.card)
            ):
                card = self._cards[step.card]
                value += card.xp + 10 * (sum(card.gains) - sum(card.losses))
        return float(value)

    # -- for front-ends, learning code and balance reports ------------------------------
    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs (``"en"`` or ``"ru"``).

        >>> Game().describe_action(Draw(Colour.RED), "ru")
        'Взять красную карту'
        """
        from boardrules.games.lyceum.labels import describe_action

        return describe_action(action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations (``"en"`` or ``"ru"``).

        >>> Game().describe_event(CardDrawn(2, Colour.GREEN, "ly-green-01"))
        'Seat 2 draws a green card: «Hand in the homework on time»'
        """
        from boardrules.games.lyceum.labels import describe_event

        return describe_event(self, event, lang)

    # -- seeing positions and writing moves (render.py, notation.py) ---------------------
    def render_text(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as a text table (see ``lyceum.render``)."""
        return render.render_text(self, state, seat, lang)

    def render_svg(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as an SVG document (see ``lyceum.render``)."""
        return render.render_svg(self, state, seat, lang)

    def show(self, state: State, seat: int | None = None, lang: str = "en") -> Position[State]:
        """The position, to print or to show in Jupyter (:class:`boardrules.display.Position`)."""
        return Position(self, state, seat, lang)

    def format_action(self, action: Action) -> str:
        """The notation of ``action``: ``draw red``, ``+energy``, ``move health intellect``."""
        return notation.format_action(action)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action that ``text`` writes in the notation (``BadInput`` if none)."""
        legal = None if state is None else self.legal_actions(state)
        return notation.parse_action(text, legal)

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action the game can ever take, in a fixed order (86 actions).

        The order of the ``Action`` union: ``ChooseSkill`` per skill, ``Declare`` none / 35 /
        40 / 45, ``DeclareSkill(0..45)``, ``Draw`` green / yellow / red, ``Rest``,
        ``ShareExperience``, ``PlayCard``, ``DiscardCard``, ``DeferCard``, ``MoveSkillPoint``
        for each ordered pair of different skills (source-major), ``FinishMoves``,
        ``PlayDeferred``, ``KeepDeferred``; skills and colours in their enum order.

        >>> Game().vocabulary()[:2]
        (ChooseSkill(skill=Skill.HEALTH), ChooseSkill(skill=Skill.INTELLECT))
        """
        from boardrules.games.lyceum.hooks import vocabulary

        return vocabulary(self)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector: 51 + 45 + 15 per other seat (141 for 4)."""
        from boardrules.games.lyceum.hooks import observation_size

        return observation_size(self)

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size vector of integers in -1..127 of what ``seat`` sees, for learning code.

        The table (round, epoch, turn, stage, pile sizes, the pending step and its card, who
        moves), the seat's own sheet (skills, level, XP in hundreds, rest allowance, whether
        it may share, its declaration, its deferred card) and each other seat's public sheet
        in turn order from ``seat`` (padded with -1 up to ``max_players``). Hidden data is
        never read, so the view and the full state give the same vector;
        :data:`boardrules.games.lyceum.hooks.LAYOUT` names every position.
        """
        from boardrules.games.lyceum.hooks import observe

        return observe(self, view, seat)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics of a finished game for balance reports (``{}`` before the end).

        Per seat: ``character: <id>``, ``final level: <n>``, ``declaration met: <target>`` /
        ``declaration missed: <target>`` / ``no declaration``, and for the winners
        ``winner character: <id>`` and ``winner declaration met: <target>`` (and so on);
        ``deferred card unplayed at the end: <id>``. Per event: ``draw: <colour>``,
        ``card drawn: <id>``, ``card played: <id>`` (cards the winners played),
        ``card played (all seats): <id>``, ``card discarded: <id>``, ``card deferred: <id>``,
        ``deferred card expired: <id>``, ``deferred card played``, ``rest`` and
        ``experience shared``.
        """
        from boardrules.games.lyceum.hooks import tally

        return tally(self, state, events)

    # -- invariants and positions -------------------------------------------------------
    def validate(self, state: State) -> None:
        """Raise ``BadInput`` (naming the path) unless ``state`` keeps the Lyceum invariants."""
        from boardrules.games.lyceum.position import validate_state

        validate_state(self, state)

    def position(self, **description: Any) -> State:
        """A state at the start of a seat's main turn, from a readable description.

        See :func:`boardrules.games.lyceum.position.build_position` for the arguments.

        Raises:
            BadInput: if the description is not a valid Lyceum position.

        >>> game = Game()
        >>> s = game.position(skills=[(5, 5, 5, 5, 5)] * 3, round=4, to_move=1)
        >>> game.to_move(s), game.legal_actions(s)[-1]
        (1, Rest())
        """
        from boardrules.games.lyceum.position import build_position

        return build_position(self, **description)

    def action_strategy(self) -> Any:
        """A Hypothesis strategy over the whole action vocabulary, legal or not."""
        from hypothesis import strategies as st

        skills = st.sampled_from(SKILLS)
        return st.one_of(
            st.builds(ChooseSkill, skills),
            st.builds(Declare, st.one_of(st.none(), st.integers(-5, 50))),
            st.builds(DeclareSkill, st.integers(-3, 50)),
            st.builds(Draw, st.sampled_from(_COLOURS)),
            st.builds(MoveSkillPoint, skills, skills),
            st.sampled_from(
                [_REST, _SHARE, _PLAY, _DISCARD, _DEFER, _FINISH, _PLAY_DEFERRED, _KEEP_DEFERRED]
            ),
        )


def declaration_bonus(sheet: Seat) -> int:
    """The XP bonus of a seat's declaration if every declared skill is met (LY-20)."""
    declaration = sheet.declaration
    if not declaration:
        return 0
    if all(have >= want for have, want in zip(sheet.skills, declaration, strict=True)):
        return DECLARATION_BONUS.get(sum(declaration), 0)
    return 0


def _first_seat(seats: Sequence[Seat], tie_order: Sequence[int]) -> int:
    """Most energy first; among equals the youngest, the tie order says (LY-5)."""
    energy = [s.skills[_ENERGY] for s in seats]
    top = max(energy)
    return next(seat for seat in tie_order if energy[seat] == top)


def _tie_order(
    players: int, ages: tuple[int, ...] | None, birth_dates: tuple[str, ...] | None
) -> tuple[int, ...]:
    """The seats from youngest to oldest, lower seat first on a tie (LY-5)."""
    if ages is not None and birth_dates is not None:
        raise BadInput("$.birth_dates", "give ages or birth dates, not both")
    keys: list[int] = [0] * players
    if ages is not None:
        if len(ages) != players:
            raise BadInput("$.ages", f"one age per seat ({players})")
        for i, age in enumerate(ages):
            if age < 0:
                raise BadInput(f"$.ages[{i}]", "an age is not negative")
        keys = list(ages)
    elif birth_dates is not None:
        if len(birth_dates) != players:
            raise BadInput("$.birth_dates", f"one birth date per seat ({players})")
        for i, text in enumerate(birth_dates):
            try:
                keys[i] = -datetime.date.fromisoformat(text).toordinal()
            except ValueError:
                raise BadInput(f"$.birth_dates[{i}]", "a date is written YYYY-MM-DD") from None
    return tuple(sorted(range(players), key=lambda s: (keys[s], s)))


def _bump(skills: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(skills)
    out[index] += delta
    return tuple(out)


def _with_skills(sheet: Seat, skills: tuple[int, ...]) -> Seat:
    return Seat(
        sheet.character, skills, sheet.played_xp, sheet.shared_xp, sheet.declaration,
        sheet.deferred, sheet.deferred_round, sheet.shared,
    )


def _with_declaration(sheet: Seat, declaration: tuple[int, ...] | None) -> Seat:
    return Seat(
        sheet.character, sheet.skills, sheet.played_xp, sheet.shared_xp, declaration,
        sheet.deferred, sheet.deferred_round, sheet.shared,
    )


def _clip(value: int) -> int | str:
    return value if -(10**9) < value < 10**9 else "out of range"


_REST = Rest()
_SHARE = ShareExperience()
_PLAY = PlayCard()
_DISCARD = DiscardCard()
_DEFER = DeferCard()
_FINISH = FinishMoves()
_PLAY_DEFERRED = PlayDeferred()
_KEEP_DEFERRED = KeepDeferred()
