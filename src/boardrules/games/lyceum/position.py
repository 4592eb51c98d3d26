"""Invariants of a Lyceum state (:func:`validate_state`) and positions built from a designer's
description (:func:`build_position`); both get the game's
:class:`~boardrules.games.lyceum.content.Tables`.

Validation checks a state's shape and what follows from the rules, which it reads through
the rulebook's facts (``tables.facts.rounds``, ``deferral_turns`` ...): a variant that
replaces a unit changes what its states must keep. It does not repeat a rule's refusals (a
skill at 0, a share from level 3): a variant without them reaches states that break them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TypeVar

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rng import MAX_SEED
from boardrules.games.lyceum.content import SKILLS, Colour, Epoch, Skill, Tables, epoch_of_round
from boardrules.games.lyceum.rules import DECLARATION_BONUS
from boardrules.games.lyceum.state import HIDDEN, Effect, Seat, Stage, State, Step, StepKind

__all__ = ["build_position", "validate_state"]

T = TypeVar("T")
_COLOURS = tuple(Colour)
_EPOCHS = tuple(Epoch)
# No rule caps SP or XP (custom content and level tables reach any amount), so states are
# bounded only by the integers serde carries.
_MAX = (1 << 64) - 1


def _int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadInput(path, f"expected an integer from {low} to {high}")
    return value


def _ints(values: object, path: str, count: int, what: str) -> tuple[int, ...]:
    if not isinstance(values, tuple) or len(values) != count:
        raise BadInput(path, what)
    for i, value in enumerate(values):
        _int(value, f"{path}[{i}]", -_MAX, _MAX)
    return values


def _validate_seat(tables: Tables, sheet: object, path: str) -> Seat:
    if not isinstance(sheet, Seat):
        raise BadInput(path, "expected a Seat")
    if sheet.character not in tables.base:
        raise BadInput(f"{path}.character", f"LY-2: no character {sheet.character!r:.40}")
    _ints(sheet.skills, f"{path}.skills", len(SKILLS),
          "five skills: health, intellect, creativity, communication, energy")
    _int(sheet.played_xp, f"{path}.played_xp", 0, _MAX)
    if sheet.played_xp % 100:
        raise BadInput(f"{path}.played_xp", "LY-14: a card brings 100, 200 or 500 XP")
    _int(sheet.shared_xp, f"{path}.shared_xp", 0, _MAX)
    declaration = sheet.declaration
    if declaration is not None and declaration != HIDDEN:
        _ints(declaration, f"{path}.declaration", len(SKILLS),
              "LY-4: a declaration gives SP for five skills")
        if sum(declaration) not in DECLARATION_BONUS:
            raise BadInput(f"{path}.declaration", "LY-4: a declaration sums to 35, 40 or 45 SP")
    if type(sheet.shared) is not bool:
        raise BadInput(f"{path}.shared", "expected true or false")
    return sheet


def _longest(tables: Tables) -> tuple[int, int]:
    """The most SP a pending step of SP of choice and of moves can hold under these rules and
    this content: the setup's extra SP, every level at once (LY-19's ``level_up``), a gain
    special; a rest in any round (LY-17's ``rest_moves``), a lasting special or a
    redistribution."""
    facts = tables.facts
    levels = facts.level_up(tables, 0, 1, max(len(tables.levels), 2)).count
    choose = max(1, facts.extra_points(tables), levels, tables.largest_gain)
    rest = getattr(facts, "rest_moves", None)  # none in a variant without LY-17
    rounds = range(1, facts.rounds(tables) + 1)
    rests = [0] if rest is None else [rest(tables, (), r, 0) for r in rounds]
    return choose, max(*rests, tables.longest_lasting_rest)


def _validate_step(
    step: object, path: str, tables: Tables, seats: int, longest: tuple[int, int]
) -> Step:
    if not isinstance(step, Step):
        raise BadInput(path, "expected a Step")
    _int(step.seat, f"{path}.seat", 0, seats - 1)
    kind = step.kind
    if (step.card is not None) != (kind in (StepKind.DECIDE, StepKind.OFFER)):
        raise BadInput(f"{path}.card", "only a drawn or offered card step names a card")
    if step.card is not None and step.card not in tables.cards:
        raise BadInput(f"{path}.card", f"no card {step.card!r:.40}")
    if step.values and kind is not StepKind.DECLARE_SKILL:
        raise BadInput(f"{path}.values", "only a declaration step holds values")
    if kind in (StepKind.CHOOSE, StepKind.MOVE):
        choose, move = longest
        _int(step.count, f"{path}.count", 1, choose if kind is StepKind.CHOOSE else move)
    elif kind is StepKind.DECLARE_SKILL:
        _validate_declare_step(step, path)
    elif step.count != 0:
        raise BadInput(f"{path}.count", f"a {kind.value} step has no count")
    return step


def _validate_declare_step(step: Step, path: str) -> None:
    if step.count == 0 and step.values == ():
        return  # hidden from this view (LY-22)
    if not isinstance(step.values, tuple) or len(step.values) >= len(SKILLS) - 1:
        raise BadInput(f"{path}.values", "LY-4: at most four skills are set one by one")
    for i, value in enumerate(step.values):
        _int(value, f"{path}.values[{i}]", -_MAX, _MAX)
    _int(step.count, f"{path}.count", -_MAX, _MAX)
    if step.count + sum(step.values) not in DECLARATION_BONUS:
        raise BadInput(f"{path}.count", "LY-4: a declaration sums to 35, 40 or 45 SP")


def _validate_setup(tables: Tables, state: State) -> None:
    queue = state.queue
    extra = tables.facts.extra_points(tables)
    head = queue[0]
    current = head.seat
    if head.kind is StepKind.CHOOSE:
        if head.count > extra:
            raise BadInput("$.queue[0].count", f"LY-3: {extra} extra SP at most")
        if len(queue) < 2 or queue[1] != Step(StepKind.DECLARE, current):
            raise BadInput("$.queue[1]", "LY-4: the declaration follows the extra SP")
        rest, pending = 2, head.count
    elif head.kind in (StepKind.DECLARE, StepKind.DECLARE_SKILL):
        rest, pending = 1, 0
    else:
        raise BadInput("$.queue[0].kind", "the setup has only extra SP and declarations")
    expected: list[Step] = []
    for seat in range(current + 1, len(state.seats)):
        expected += [Step(StepKind.CHOOSE, seat, extra), Step(StepKind.DECLARE, seat)]
    if list(queue[rest:]) != expected:
        raise BadInput("$.queue", "LY-3: the seats after the current one still have their setup")
    for i, sheet in enumerate(state.seats):
        path = f"$.seats[{i}]"
        base = tables.base[sheet.character]
        if any(a < b for a, b in zip(sheet.skills, base, strict=True)):
            raise BadInput(f"{path}.skills", "LY-3: the extra SP only add to the base SP")
        placed = extra if i < current else extra - pending if i == current else 0
        if sum(sheet.skills) != sum(base) + placed:
            raise BadInput(f"{path}.skills", f"LY-3: this seat has placed {placed} extra SP")
        if sheet.played_xp or sheet.shared_xp or sheet.deferred or sheet.shared:
            raise BadInput(path, "nothing is played during the setup")
        if i >= current and sheet.declaration is not None:
            raise BadInput(f"{path}.declaration", "LY-4: this seat has not declared yet")


def _validate_turn(tables: Tables, state: State) -> None:
    queue = state.queue
    mover = tables.facts.mover(tables, state)
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
        if not tables.facts.eligible(tables, sheet.skills, head.card):
            raise BadInput("$.queue[0].card", "LY-13: only an eligible deferred card is offered")
    if head.kind is StepKind.DECIDE:
        assert head.card is not None
        if tables.cards[head.card].epoch is not epoch_of_round(state.round):
            raise BadInput("$.queue[0].card", "LY-8: the drawn card is of this epoch")


def _validate_deferred(tables: Tables, state: State, i: int, sheet: Seat) -> None:
    """A deferred card waits from the seat's own turn for ``deferral_turns`` more of its
    turns (LY-13): the window depends on whether the seat has had its turn this round."""
    path = f"$.seats[{i}]"
    if sheet.deferred is None:
        if sheet.deferred_round != 0:
            raise BadInput(f"{path}.deferred_round", "no deferred card, no deferral round")
        return
    if sheet.deferred not in tables.cards:
        raise BadInput(f"{path}.deferred", f"no card {sheet.deferred!r:.40}")
    over = state.stage is Stage.OVER
    order = tables.facts.turn_order(tables, state)
    moved = over or (i in order and order.index(i) <= state.turn)
    done = over or (i in order and order.index(i) < state.turn)
    window = getattr(tables.facts, "deferral_turns", None)  # none: a card waits for ever
    turns = state.round if window is None else window(tables)
    low = state.round - (turns - 1 if done else turns)
    _int(sheet.deferred_round, f"{path}.deferred_round", max(1, low),
         state.round if moved else state.round - 1)
    if tables.cards[sheet.deferred].epoch is not epoch_of_round(sheet.deferred_round):
        raise BadInput(f"{path}.deferred", "LY-12: a card is deferred in its own epoch")


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
    if len({s.character for s in seats}) != n:
        raise BadInput("$.seats", "LY-2: each seat has its own character")
    if sorted(state.tie_order) != list(range(n)):
        raise BadInput("$.tie_order", "LY-5: the tie order lists every seat once")
    if not isinstance(state.stage, Stage):
        raise BadInput("$.stage", "expected a stage")
    setup = state.stage is Stage.SETUP
    rounds = tables.facts.rounds(tables)
    _int(state.round, "$.round", 0 if setup else 1, 0 if setup else rounds)
    _int(state.turn, "$.turn", 0, 0 if setup else n - 1)
    if setup != (state.first is None):
        raise BadInput("$.first", "the first seat is known exactly once the setup is over")
    if state.first is not None:
        _int(state.first, "$.first", 0, n - 1)
    if not isinstance(state.queue, tuple):
        raise BadInput("$.queue", "expected a list of steps")
    longest = _longest(tables)
    for i, step in enumerate(state.queue):
        _validate_step(step, f"$.queue[{i}]", tables, n, longest)
    over = state.stage is Stage.OVER
    if over != (not state.queue):
        raise BadInput("$.queue", "steps are pending exactly until the game is over")
    if over and (state.round != rounds or state.turn != n - 1):
        raise BadInput("$.round", f"LY-20: the game ends after the last turn of round {rounds}")
    if setup:
        _validate_setup(tables, state)
    elif not over:
        _validate_turn(tables, state)
    held: dict[str, str] = {}
    for i, sheet in enumerate(seats):
        _validate_deferred(tables, state, i, sheet)
        if sheet.deferred is not None:
            held[sheet.deferred] = f"$.seats[{i}].deferred"
        if sheet.shared_xp and not any(s.shared for j, s in enumerate(seats) if j != i):
            raise BadInput(f"$.seats[{i}].shared_xp", "LY-18: no other seat has shared experience")
    if len(held) != sum(1 for s in seats if s.deferred is not None):
        raise BadInput("$.seats", "LY-12: a card is deferred by one seat at most")
    if state.queue and state.queue[0].kind is StepKind.DECIDE:
        assert state.queue[0].card is not None
        if state.queue[0].card in held:
            raise BadInput("$.queue[0].card", "the drawn card is also deferred")
        held[state.queue[0].card] = "$.queue[0].card"
    epoch = epoch_of_round(state.round)
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
                out[Skill(key).index] = _int(amount, f"{path}.{key}", 0, _MAX)
            except ValueError:
                raise BadInput(f"{path}.{key}", "unknown skill") from None
        return tuple(out)
    if isinstance(value, str) or len(value) != len(SKILLS):
        raise BadInput(path, "five SP values: health, intellect, creativity, communication, "
                       "energy")
    return tuple(_int(v, f"{path}[{i}]", 0, _MAX) for i, v in enumerate(value))


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
    round_ = _int(round, "$.round", 1, tables.facts.rounds(tables))
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
    state = State(
        seed=seed,
        seats=tuple(seats),
        tie_order=tuple(range(n)) if tie_order is None else tuple(tie_order),
        first=_int(first, "$.first", 0, max(n - 1, 0)),
        round=round_,
        turn=0,
        stage=Stage.MAIN,
        queue=(Step(StepKind.MAIN, mover),),
        piles=pile_ids,
        effects=tuple(effect_list),
    )
    order = tables.facts.turn_order(tables, state)  # the turn in the round of the seat to move
    state = attrs.evolve(state, turn=order.index(mover) if mover in order else n)
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
