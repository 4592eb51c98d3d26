"""Invariants of a Lyceum state (:func:`validate_state`) and positions built from a designer's
description (:func:`build_position`); both get the tables's
:class:`~boardrules.games.lyceum.content.Tables`."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TypeVar

from boardrules.core.errors import BadInput
from boardrules.core.rng import MAX_SEED
from boardrules.games.lyceum.content import (
    SKILLS,
    Colour,
    Epoch,
    Skill,
    Tables,
    epoch_of_round,
)
from boardrules.games.lyceum.rules import (
    DECLARATION_BONUS,
    DEFER_TURNS,
    EXTRA_POINTS,
    ROUNDS,
    SHARE_LEVEL,
    largest_choice,
    longest_rest,
)
from boardrules.games.lyceum.state import HIDDEN, Effect, Seat, Stage, State, Step, StepKind

__all__ = ["build_position", "validate_state"]

T = TypeVar("T")
_COLOURS = tuple(Colour)
_EPOCHS = tuple(Epoch)
# No rule caps SP or XP (custom content and level tables reach any amount), so states are
# bounded only by the integers serde carries.
_MAX_SP = (1 << 64) - 1
_MAX_XP = (1 << 64) - 1


def _int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadInput(path, f"expected an integer from {low} to {high}")
    return value


def _validate_seat(tables: Tables, sheet: object, path: str) -> Seat:
    if not isinstance(sheet, Seat):
        raise BadInput(path, "expected a Seat")
    if sheet.character not in tables.base:
        raise BadInput(f"{path}.character", f"LY-2: no character {sheet.character!r:.40}")
    skills = sheet.skills
    if not isinstance(skills, tuple) or len(skills) != len(SKILLS):
        raise BadInput(f"{path}.skills", "five skills: health, intellect, creativity, "
                       "communication, energy")
    for i, value in enumerate(skills):
        _int(value, f"{path}.skills[{i}]", 0, _MAX_SP)  # LY-1: never below 0
    for name in ("played_xp", "shared_xp"):
        xp = _int(getattr(sheet, name), f"{path}.{name}", 0, _MAX_XP)
        if xp % 100:
            raise BadInput(f"{path}.{name}", "XP comes in hundreds")
    declaration = sheet.declaration
    if declaration is not None and declaration != HIDDEN:
        if not isinstance(declaration, tuple) or len(declaration) != len(SKILLS):
            raise BadInput(f"{path}.declaration", "LY-4: a declaration gives SP for five skills")
        for i, value in enumerate(declaration):
            _int(value, f"{path}.declaration[{i}]", 0, max(DECLARATION_BONUS))
        if sum(declaration) not in DECLARATION_BONUS:
            raise BadInput(f"{path}.declaration", "LY-4: a declaration sums to 35, 40 or 45 SP")
    if type(sheet.shared) is not bool:
        raise BadInput(f"{path}.shared", "expected true or false")
    return sheet


def _validate_step(tables: Tables, step: object, path: str, seats: int) -> Step:
    if not isinstance(step, Step):
        raise BadInput(path, "expected a Step")
    _int(step.seat, f"{path}.seat", 0, seats - 1)
    kind = step.kind
    card_steps = (StepKind.DECIDE, StepKind.OFFER)
    if (step.card is not None) != (kind in card_steps):
        raise BadInput(f"{path}.card", "only a drawn or offered card step names a card")
    if step.card is not None and step.card not in tables.cards:
        raise BadInput(f"{path}.card", f"no card {step.card!r:.40}")
    if step.values and kind is not StepKind.DECLARE_SKILL:
        raise BadInput(f"{path}.values", "only a declaration step holds values")
    if kind is StepKind.CHOOSE:
        _int(step.count, f"{path}.count", 1, largest_choice(tables, EXTRA_POINTS))
    elif kind is StepKind.MOVE:
        _int(step.count, f"{path}.count", 1, longest_rest(tables))
    elif kind is StepKind.DECLARE_SKILL:
        _validate_declare_step(step, path)
    elif step.count != 0:
        raise BadInput(f"{path}.count", f"a {kind.value} step has no count")
    return step


def _validate_declare_step(step: Step, path: str) -> None:
    if step.count == 0 and step.values == ():
        return  # hidden from this view (LY-22)
    if len(step.values) >= len(SKILLS) - 1:
        raise BadInput(f"{path}.values", "LY-4: at most four skills are set one by one")
    for i, value in enumerate(step.values):
        _int(value, f"{path}.values[{i}]", 0, max(DECLARATION_BONUS))
    _int(step.count, f"{path}.count", 0, max(DECLARATION_BONUS))
    if step.count + sum(step.values) not in DECLARATION_BONUS:
        raise BadInput(f"{path}.count", "LY-4: a declaration sums to 35, 40 or 45 SP")


def _validate_setup(tables: Tables, state: State) -> None:
    queue = state.queue
    if not queue:
        raise BadInput("$.queue", "the setup has pending steps")
    current = queue[0].seat
    head = queue[0]
    if head.kind is StepKind.CHOOSE:
        if head.count > EXTRA_POINTS:
            raise BadInput("$.queue[0].count", f"LY-3: {EXTRA_POINTS} extra SP at most")
        if len(queue) < 2 or queue[1] != Step(StepKind.DECLARE, current):
            raise BadInput("$.queue[1]", "LY-4: the declaration follows the extra SP")
        rest = 2
        pending = head.count
    elif head.kind in (StepKind.DECLARE, StepKind.DECLARE_SKILL):
        rest = 1
        pending = 0
    else:
        raise BadInput("$.queue[0].kind", "the setup has only extra SP and declarations")
    expected: list[Step] = []
    for seat in range(current + 1, len(state.seats)):
        expected += [Step(StepKind.CHOOSE, seat, EXTRA_POINTS), Step(StepKind.DECLARE, seat)]
    if list(queue[rest:]) != expected:
        raise BadInput("$.queue", "LY-3: the seats after the current one still have their setup")
    for i, sheet in enumerate(state.seats):
        path = f"$.seats[{i}]"
        base = tables.base[sheet.character]
        if any(a < b for a, b in zip(sheet.skills, base, strict=True)):
            raise BadInput(f"{path}.skills", "LY-3: the extra SP only add to the base SP")
        extra = EXTRA_POINTS if i < current else EXTRA_POINTS - pending if i == current else 0
        if sum(sheet.skills) != sum(base) + extra:
            raise BadInput(f"{path}.skills", f"LY-3: this seat has placed {extra} extra SP")
        if sheet.played_xp or sheet.shared_xp or sheet.deferred or sheet.shared:
            raise BadInput(path, "nothing is played during the setup")
        if i >= current and sheet.declaration is not None:
            raise BadInput(f"{path}.declaration", "LY-4: this seat has not declared yet")


def _validate_turn(tables: Tables, state: State) -> None:
    queue = state.queue
    n = len(state.seats)
    assert state.first is not None
    mover = (state.first + state.turn) % n
    for i, step in enumerate(queue):
        path = f"$.queue[{i}]"
        if step.kind in (StepKind.DECLARE, StepKind.DECLARE_SKILL):
            raise BadInput(f"{path}.kind", "LY-4: declarations belong to the setup")
        if step.seat != mover and step.kind is not StepKind.CHOOSE:
            raise BadInput(f"{path}.seat", "only level-up points are chosen out of turn")
        if step.kind in (StepKind.MAIN, StepKind.DECIDE, StepKind.OFFER) and i:
            raise BadInput(f"{path}.kind", f"a {step.kind.value} step comes first")
        if step.kind is StepKind.MAIN and len(queue) != 1:
            raise BadInput("$.queue", "LY-7: the main action is the only pending step")
    head = queue[0]
    if state.stage is Stage.MAIN and head.kind is StepKind.OFFER:
        raise BadInput("$.queue[0].kind", "LY-13: a deferred card is offered after the main turn")
    if state.stage is Stage.DEFERRED and head.kind in (StepKind.MAIN, StepKind.DECIDE):
        raise BadInput("$.queue[0].kind", "LY-13: the main turn is over")
    if head.kind is StepKind.OFFER:
        sheet = state.seats[mover]
        if head.card != sheet.deferred or state.round <= sheet.deferred_round:
            raise BadInput("$.queue[0].card", "LY-13: the offer is the seat's deferred card "
                           "from an earlier round")
        deferred = sheet.deferred
        if deferred is None or not tables.facts.eligible(tables, sheet.skills, deferred):
            raise BadInput("$.queue[0].card", "LY-13: only an eligible deferred card is offered")
    if head.kind is StepKind.DECIDE:
        assert head.card is not None
        if tables.cards[head.card].epoch is not epoch_of_round(state.round):
            raise BadInput("$.queue[0].card", "LY-8: the drawn card is of this epoch")


def validate_state(tables: Tables, state: State) -> None:
    """Raise ``BadInput`` (with the path of the first bad field) unless ``state`` is sound."""
    if not isinstance(state, State):
        raise BadInput("$", f"expected a lyceum State, got {type(state).__name__}")
    _int(state.seed, "$.seed", 0, MAX_SEED)
    if not isinstance(state.seats, tuple):
        raise BadInput("$.seats", "expected a list of seats")
    n = len(state.seats)
    if not tables.min_players <= n <= tables.max_players:
        raise BadInput("$.seats", f"LY-1: {tables.min_players} to {tables.max_players} seats")
    seats = [_validate_seat(tables, s, f"$.seats[{i}]") for i, s in enumerate(state.seats)]
    characters = [s.character for s in seats]
    if len(set(characters)) != n:
        raise BadInput("$.seats", "LY-2: each seat has its own character")
    if sorted(state.tie_order) != list(range(n)):
        raise BadInput("$.tie_order", "LY-5: the tie order lists every seat once")
    if not isinstance(state.stage, Stage):
        raise BadInput("$.stage", "expected a stage")
    setup = state.stage is Stage.SETUP
    _int(state.round, "$.round", 0 if setup else 1, 0 if setup else ROUNDS)
    _int(state.turn, "$.turn", 0, 0 if setup else n - 1)
    if setup != (state.first is None):
        raise BadInput("$.first", "the first seat is known exactly once the setup is over")
    if state.first is not None:
        _int(state.first, "$.first", 0, n - 1)
    if not isinstance(state.queue, tuple):
        raise BadInput("$.queue", "expected a list of steps")
    for i, step in enumerate(state.queue):
        _validate_step(tables, step, f"$.queue[{i}]", n)
    over = state.stage is Stage.OVER
    if over != (not state.queue):
        raise BadInput("$.queue", "steps are pending exactly until the tables is over")
    if over and (state.round != ROUNDS or state.turn != n - 1):
        raise BadInput("$.round", "LY-20: the tables ends after the last turn of round 10")
    if setup:
        _validate_setup(tables, state)
    elif not over:
        _validate_turn(tables, state)
    epoch = epoch_of_round(state.round)
    held: dict[str, str] = {}
    for i, sheet in enumerate(seats):
        path = f"$.seats[{i}]"
        if sheet.deferred is None:
            if sheet.deferred_round != 0:
                raise BadInput(f"{path}.deferred_round", "no deferred card, no deferral round")
        else:
            if sheet.deferred not in tables.cards:
                raise BadInput(f"{path}.deferred", f"no card {sheet.deferred!r:.40}")
            # LY-13: offered in the seat's next three main turns, gone at the end of the
            # third; deferred only in its own turn. So the window depends on whether the
            # seat has had its turn this round.
            moved = over or (state.first is not None and (i - state.first) % n <= state.turn)
            done = over or (state.first is not None and (i - state.first) % n < state.turn)
            low = state.round - (DEFER_TURNS - 1 if done else DEFER_TURNS)
            _int(sheet.deferred_round, f"{path}.deferred_round", max(1, low),
                 state.round if moved else state.round - 1)
            card = tables.cards[sheet.deferred]
            if card.epoch is not epoch_of_round(sheet.deferred_round):
                raise BadInput(f"{path}.deferred", "LY-12: a card is deferred in its own epoch")
            held[sheet.deferred] = f"{path}.deferred"
        xp = sheet.played_xp + sheet.shared_xp
        if sheet.shared and tables.content.level_of(xp) < SHARE_LEVEL:
            raise BadInput(f"{path}.shared", "LY-18: only a seat of level 3 or more shares")
        if sheet.shared_xp and not any(s.shared for j, s in enumerate(seats) if j != i):
            raise BadInput(f"{path}.shared_xp", "LY-18: no other seat has shared experience")
    if len(held) != sum(1 for s in seats if s.deferred is not None):
        raise BadInput("$.seats", "LY-12: a card is deferred by one seat at most")
    if state.queue and state.queue[0].kind is StepKind.DECIDE:
        assert state.queue[0].card is not None
        if state.queue[0].card in held:
            raise BadInput("$.queue[0].card", "the drawn card is also deferred")
        held[state.queue[0].card] = "$.queue[0].card"
    _validate_piles(tables, state, epoch, held)
    _validate_effects(tables, state, epoch, held)


def _validate_piles(tables: Tables, state: State, epoch: Epoch, held: dict[str, str]) -> None:
    piles = state.piles
    if not isinstance(piles, tuple) or len(piles) != len(_COLOURS):
        raise BadInput("$.piles", "LY-6: three piles: green, yellow and red")
    seen: set[str] = set()
    for index, pile in enumerate(piles):
        if not isinstance(pile, tuple):
            raise BadInput(f"$.piles[{index}]", "expected a list of card ids")
        for j, card_id in enumerate(pile):
            path = f"$.piles[{index}][{j}]"
            card = tables.cards.get(card_id) if isinstance(card_id, str) else None
            if card is None:
                raise BadInput(path, f"no card {card_id!r:.40}")
            if card.epoch is not epoch or card.colour is not _COLOURS[index]:
                raise BadInput(path, f"LY-6: {card_id} is not in this epoch's "
                               f"{_COLOURS[index].value} pile")
            if card_id in seen or card_id in held:
                raise BadInput(path, f"the card {card_id} is in two places")
            seen.add(card_id)


def _validate_effects(tables: Tables, state: State, epoch: Epoch, held: dict[str, str]) -> None:
    if not isinstance(state.effects, tuple):
        raise BadInput("$.effects", "expected a list of effects")
    if state.effects and state.stage is Stage.SETUP:
        raise BadInput("$.effects", "no effect is in force during the setup")
    in_piles = {c for pile in state.piles for c in pile}
    seen: set[str] = set()
    for i, effect in enumerate(state.effects):
        path = f"$.effects[{i}]"
        if not isinstance(effect, Effect):
            raise BadInput(path, "expected an Effect")
        _int(effect.seat, f"{path}.seat", 0, len(state.seats) - 1)
        card = tables.cards.get(effect.card)
        if card is None or card.special is None or _EPOCHS.index(card.epoch) > _EPOCHS.index(
            epoch
        ):
            raise BadInput(f"{path}.card", "LY-15: an effect comes from a red card played")
        special = card.special
        if (effect.kind, effect.amount, effect.target) != (
            special.kind, special.amount, special.target
        ) or not special.lasting:
            raise BadInput(path, "LY-15: the effect is the card's lasting special ability")
        if effect.card in seen or effect.card in in_piles or effect.card in held:
            raise BadInput(f"{path}.card", f"the card {effect.card} is in two places")
        seen.add(effect.card)


# -- positions ----------------------------------------------------------------------------
def _skills(value: Sequence[int] | Mapping[str, int], path: str) -> tuple[int, ...]:
    if isinstance(value, Mapping):
        out = [0] * len(SKILLS)
        for key, amount in value.items():
            try:
                out[Skill(key).index] = _int(amount, f"{path}.{key}", 0, _MAX_SP)
            except ValueError:
                raise BadInput(f"{path}.{key}", "unknown skill") from None
        return tuple(out)
    if isinstance(value, str) or len(value) != len(SKILLS):
        raise BadInput(path, "five SP values: health, intellect, creativity, communication, "
                       "energy")
    return tuple(_int(v, f"{path}[{i}]", 0, _MAX_SP) for i, v in enumerate(value))


def build_position(
    tables: Tables,
    *,
    skills: Sequence[Sequence[int] | Mapping[str, int]],
    round: int = 1,
    to_move: int = 0,
    first: int = 0,
    characters: Sequence[str] | None = None,
    played_xp: Sequence[int] | None = None,
    shared_xp: Sequence[int] | None = None,
    declarations: Sequence[Sequence[int] | None] | None = None,
    deferred: Sequence[tuple[str, int] | None] | None = None,
    shared: Sequence[bool] | None = None,
    piles: Mapping[str, Sequence[str]] | None = None,
    effects: Sequence[tuple[int, str]] = (),
    tie_order: Sequence[int] | None = None,
    seed: int = 0,
) -> State:
    """A state at the start of ``to_move``'s main turn, for designers' edge-case scripts.

    Args:
        skills: each seat's SP, as five numbers or a mapping like ``{"energy": 3}``.
        round: the round (1..10).
        to_move: the seat whose main action is pending.
        first: the seat that moves first in every round.
        characters: each seat's character id (default: the content's first characters).
        played_xp: XP from cards per seat (default 0); ``shared_xp`` likewise.
        declarations: per seat, five declared SP or ``None``.
        deferred: per seat, ``(card_id, round_deferred)`` or ``None``.
        shared: per seat, whether it has shared experience.
        piles: ``{"green": [...], ...}`` top card first; a colour not given (and every
            colour by default) is the epoch's whole pile in content order, less the cards
            deferred or in force; give ``[]`` for an empty pile.
        effects: lasting effects in force, oldest first, as ``(seat, card_id)``.
        tie_order: the seats from youngest to oldest (default: by seat).
        seed: the seed later epochs are shuffled from.

    Raises:
        BadInput: if the description breaks a rule (the path names the argument).
    """
    n = len(skills)
    sheets_skills = [_skills(s, f"$.skills[{i}]") for i, s in enumerate(skills)]
    ids = list(characters) if characters is not None else [
        c.id for c in tables.content.characters[:n]
    ]

    def per_seat(values: Sequence[T] | None, name: str, default: T) -> list[T]:
        if values is None:
            return [default] * n
        if isinstance(values, str) or len(values) != n:
            raise BadInput(f"$.{name}", f"one value per seat ({n})")
        return list(values)

    names = per_seat(ids, "characters", "")
    played = per_seat(played_xp, "played_xp", 0)
    got = per_seat(shared_xp, "shared_xp", 0)
    decls: list[Sequence[int] | None] = per_seat(declarations, "declarations", None)
    defer: list[tuple[str, int] | None] = per_seat(deferred, "deferred", None)
    did_share = per_seat(shared, "shared", False)
    seats = []
    for i in range(n):
        decl = decls[i]
        entry = defer[i]
        card_id, when = (None, 0) if entry is None else entry
        seats.append(
            Seat(
                names[i], sheets_skills[i], played[i], got[i],
                None if decl is None else tuple(decl), card_id, when, did_share[i],
            )
        )
    round_ = _int(round, "$.round", 1, 10)
    epoch = epoch_of_round(round_)
    taken = {s.deferred for s in seats if s.deferred} | {c for _, c in effects}
    if piles is None:
        pile_ids = tuple(
            tuple(c for c in tables.piles[epoch, colour] if c not in taken) for colour in _COLOURS
        )
    else:
        unknown = set(piles) - {c.value for c in _COLOURS}
        if unknown:
            raise BadInput(f"$.piles.{sorted(unknown)[0]}", "a pile is green, yellow or red")
        # A pile not given is the epoch's whole pile (less what is deferred or in force),
        # as when no pile is given: an empty pile is given as [].
        pile_ids = tuple(
            tuple(piles[colour.value]) if colour.value in piles
            else tuple(c for c in tables.piles[epoch, colour] if c not in taken)
            for colour in _COLOURS
        )
    effect_list = []
    for i, (seat, card_id) in enumerate(effects):
        card = tables.cards.get(card_id)
        if card is None or card.special is None:
            raise BadInput(f"$.effects[{i}]", f"LY-15: {card_id!r} has no special ability")
        special = card.special
        effect_list.append(Effect(seat, card_id, special.kind, special.amount, special.target))
    mover = _int(to_move, "$.to_move", 0, max(n - 1, 0))
    first_ = _int(first, "$.first", 0, max(n - 1, 0))
    state = State(
        seed=seed,
        seats=tuple(seats),
        tie_order=tuple(range(n)) if tie_order is None else tuple(tie_order),
        first=first_,
        round=round_,
        turn=(mover - first_) % n,
        stage=Stage.MAIN,
        queue=(Step(StepKind.MAIN, mover),),
        piles=pile_ids,
        effects=tuple(effect_list),
    )
    try:
        validate_state(tables, state)
    except BadInput as error:
        path = _argument_path(error.path)
        if path == "$.seats":  # the whole table: how many seats, whose characters, deferrals
            path = ("$.characters" if "LY-2" in error.reason
                    else "$.deferred" if "LY-12" in error.reason else "$.skills")
        raise BadInput(path, error.reason) from None
    return state


#: A field of a seat's sheet, and the argument of :func:`build_position` that sets it.
_SEAT_ARGUMENTS = {
    "character": "characters", "skills": "skills", "played_xp": "played_xp",
    "shared_xp": "shared_xp", "declaration": "declarations", "deferred": "deferred",
    "deferred_round": "deferred", "shared": "shared",
}


def _argument_path(path: str) -> str:
    """The path of the argument a designer gave, for the path of the state's field
    (``$.seats[0].deferred_round`` is ``$.deferred[0]``, ``$.piles[2][3]`` is
    ``$.piles.red[3]``, ``$.turn`` is ``$.to_move``).

    >>> _argument_path("$.seats[0].deferred_round"), _argument_path("$.piles[2][3]")
    ('$.deferred[0]', '$.piles.red[3]')
    >>> _argument_path("$.seats[1].skills[4]"), _argument_path("$.round")
    ('$.skills[1][4]', '$.round')
    """
    seat = re.fullmatch(r"\$\.seats\[(\d+)\]\.(\w+)(.*)", path)
    if seat is not None and seat[2] in _SEAT_ARGUMENTS:
        return f"$.{_SEAT_ARGUMENTS[seat[2]]}[{seat[1]}]{seat[3]}"
    pile = re.fullmatch(r"\$\.piles\[(\d)\](.*)", path)
    if pile is not None and int(pile[1]) < len(_COLOURS):
        return f"$.piles.{_COLOURS[int(pile[1])].value}{pile[2]}"
    if path in ("$.turn", "$.queue") or path.startswith("$.queue["):
        return "$.to_move"
    return path
