"""What the shared layers ask of «Об игре» beyond the rules: a heuristic for the greedy agent,
the action vocabulary, a numeric observation of a seat's view, content tallies for balance
reports and a Hypothesis strategy over all actions. Each is a plain function of the game's
:class:`~boardrules.games.lyceum.content.Tables`.

**Vocabulary** (:func:`vocabulary`, 86 actions), in the order of the ``Action`` union:
``ChooseSkill`` per skill (5), ``Declare`` none / 35 / 40 / 45 (4), ``DeclareSkill(0..45)``
(46), ``Draw`` green / yellow / red (3), ``Rest``, ``ShareExperience``, ``PlayCard``,
``DiscardCard``, ``DeferCard``, ``MoveSkillPoint`` for every ordered pair of different
skills, source-major (20), ``FinishMoves``, ``PlayDeferred``, ``KeepDeferred``. Skills and
colours follow their enum order. It does not depend on the content.

**Observation** (:func:`observe`): integers in -1..127 (larger values are clipped to 127;
XP counts in hundreds). ``OBS_GLOBAL`` values about the table, ``OBS_OWN`` about the
observing seat, then ``OBS_OTHER`` per other seat in turn order from the observing seat
(seat + 1, seat + 2, ...), padded with -1 up to ``max_players - 1`` seats. A card block is
``CARD_WIDTH`` values. See :data:`LAYOUT` for every position's name.

>>> from boardrules.games import lyceum
>>> game = lyceum.Game()
>>> len(game.vocabulary()), game.observation_size()
(86, 141)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardrules.core.rng import MASK, Rng
from boardrules.games.lyceum.actions import (
    CHOICES,
    DRAWS,
    MOVES,
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
    Colour,
    Epoch,
    SpecialKind,
    Tables,
    Target,
    epoch_of_round,
)
from boardrules.games.lyceum.events import (
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeferredExpired,
    Event,
    ExperienceShared,
    Rested,
)
from boardrules.games.lyceum.rules import DECLARATION_TARGETS, DECLARE_VALUES, DECLARES
from boardrules.games.lyceum.state import HIDDEN, Stage, State, Step, StepKind

__all__ = [
    "CARD_WIDTH",
    "LAYOUT",
    "OBS_GLOBAL",
    "OBS_OTHER",
    "OBS_OWN",
    "action_strategy",
    "determinize",
    "heuristic",
    "layout",
    "observation_size",
    "observe",
    "tally",
    "vocabulary",
]

_SKILL_NAMES = tuple(s.value for s in SKILLS)
_COLOURS = tuple(Colour)
_EPOCHS = tuple(Epoch)
_STAGES = tuple(Stage)
_KINDS = tuple(StepKind)
_SPECIALS = tuple(SpecialKind)
_SETUP_KINDS = frozenset({StepKind.CHOOSE, StepKind.DECLARE, StepKind.DECLARE_SKILL})


def _card_names(prefix: str) -> tuple[str, ...]:
    return (
        f"{prefix}.present",
        *(f"{prefix}.colour.{c.value}" for c in _COLOURS),
        *(f"{prefix}.needs.{s}" for s in _SKILL_NAMES),
        *(f"{prefix}.losses.{s}" for s in _SKILL_NAMES),
        *(f"{prefix}.gains.{s}" for s in _SKILL_NAMES),
        *(f"{prefix}.special.{k.value}" for k in _SPECIALS),
        f"{prefix}.special.amount",
        f"{prefix}.special.others",
        f"{prefix}.eligible",
    )


#: The names of the values about the table, in order.
_GLOBAL_NAMES: tuple[str, ...] = (
    "round",
    "epoch",
    "turn",
    *(f"stage.{s.value}" for s in _STAGES),
    *(f"pile.{c.value}" for c in _COLOURS),
    *(f"step.{k.value}" for k in _KINDS),
    "step.mine",
    "step.seat",
    "step.count",
    *(f"step.values.{s}" for s in _SKILL_NAMES[:-1]),
    *_card_names("step.card"),
    "mover",
    "first",
)
#: The names of the values about the observing seat, in order.
_OWN_NAMES: tuple[str, ...] = (
    *(f"own.skills.{s}" for s in _SKILL_NAMES),
    "own.level",
    "own.played_xp",
    "own.shared_xp",
    "own.shared",
    "own.rest_moves",
    "own.can_share",
    "own.declaration.target",
    *(f"own.declaration.{s}" for s in _SKILL_NAMES),
    "own.declaration.settled",
    "own.declaration.met",
    *_card_names("own.deferred"),
    "own.deferred.waited",
)
#: The names of the values about one other seat, in order (``other.K`` for seat + K).
_OTHER_NAMES: tuple[str, ...] = (
    "present",
    *(f"skills.{s}" for s in _SKILL_NAMES),
    "level",
    "played_xp",
    "shared_xp",
    "shared",
    "deferred",
    "deferred.waited",
    "rest_moves",
    "declaration.target",
    "declaration.met",
)

#: Values per card block.
CARD_WIDTH = len(_card_names("card"))
#: Values about the table, about the observing seat, and about each other seat.
OBS_GLOBAL = len(_GLOBAL_NAMES)
OBS_OWN = len(_OWN_NAMES)
OBS_OTHER = len(_OTHER_NAMES)


def layout(max_players: int) -> tuple[str, ...]:
    """The name of every position of the observation for a game of ``max_players`` seats."""
    others = tuple(
        f"other.{k}.{name}" for k in range(1, max_players) for name in _OTHER_NAMES
    )
    return (*_GLOBAL_NAMES, *_OWN_NAMES, *others)


#: The positions' names for the default four seats.
LAYOUT: tuple[str, ...] = layout(4)


def heuristic(tables: Tables, state: State, seat: int) -> float:
    """How good ``state`` looks for ``seat``, for the greedy agent (higher is better).

    XP so far, 10 per SP, the declaration bonus once the game is over, and the XP and net
    SP of a card the seat has drawn or is offered and may play.
    """
    sheet = state.seats[seat]
    value = tables.facts.score(tables, state).points[seat] + 10 * sum(sheet.skills)
    if state.queue:
        step = state.queue[0]
        if (
            step.seat == seat
            and step.card is not None
            and tables.facts.eligible(tables, sheet.skills, step.card)
        ):
            card = tables.cards[step.card]
            value += card.xp + 10 * (sum(card.gains) - sum(card.losses))
    return float(value)


def vocabulary(tables: Tables) -> tuple[Action, ...]:
    """Every action the game can ever take, in a fixed order (86 actions); see the module
    text. It does not depend on the content."""
    return (
        *CHOICES,
        *DECLARES,
        *DECLARE_VALUES,
        *DRAWS,
        Rest(),
        ShareExperience(),
        PlayCard(),
        DiscardCard(),
        DeferCard(),
        *(move for moves in MOVES for move in moves),
        FinishMoves(),
        PlayDeferred(),
        KeepDeferred(),
    )


def observation_size(tables: Tables) -> int:
    """The length of :func:`observe`'s vector: 51 + 45 + 15 per other seat (141 for 4)."""
    return OBS_GLOBAL + OBS_OWN + OBS_OTHER * (tables.max_players - 1)


def _c(value: int) -> int:
    """Clip into the int8 range the observation promises."""
    return -1 if value < -1 else 127 if value > 127 else value


def _card(tables: Tables, card_id: str | None, skills: tuple[int, ...] | None) -> list[int]:
    if card_id is None:
        return [0] * CARD_WIDTH
    card = tables.cards[card_id]
    special = card.special
    out = [1]
    out += [1 if card.colour is c else 0 for c in _COLOURS]
    out += [_c(max(c, lo)) for c, lo in zip(card.conditions, card.losses, strict=True)]
    out += [_c(v) for v in card.losses]
    out += [_c(v) for v in card.gains]
    out += [1 if special is not None and special.kind is k else 0 for k in _SPECIALS]
    out.append(_c(special.amount) if special is not None else 0)
    out.append(1 if special is not None and special.target is Target.OTHERS else 0)
    out.append(1 if skills is not None and tables.facts.eligible(tables, skills, card_id) else 0)
    return out


def _waited(state: State, deferred: str | None, since: int) -> int:
    return _c(state.round - since) if deferred is not None else 0


def observe(tables: Tables, view: State, seat: int) -> tuple[int, ...]:
    """A fixed-size vector of integers in -1..127 of what ``seat`` sees, for learning code.

    The table (round, epoch, turn, stage, pile sizes, the pending step and its card, who
    moves), the seat's own sheet (skills, level, XP in hundreds, rest allowance, whether
    it may share, its declaration, its deferred card) and each other seat's public sheet
    in turn order from ``seat`` (padded with -1 up to ``max_players``); :data:`LAYOUT`
    names every position. Only public data and ``seat``'s own are read, so a full state
    and the seat's view of it give the same vector: pile lengths (not their order), never
    the seed, other seats' declarations only once the game is over, and another seat's
    declaration step without its values.
    """
    n = len(view.seats)
    seats = view.seats
    level = tables.facts.level
    queue = view.queue
    over = view.stage is Stage.OVER
    out: list[int] = [
        _c(view.round),
        _EPOCHS.index(epoch_of_round(view.round)),
        _c(view.turn),
    ]
    out += [1 if view.stage is s else 0 for s in _STAGES]
    out += [_c(len(pile)) for pile in view.piles]
    if queue:
        step = queue[0]
        mine = step.seat == seat
        private = step.kind is StepKind.DECLARE_SKILL and not mine
        out += [1 if step.kind is k else 0 for k in _KINDS]
        out += [1 if mine else 0, (step.seat - seat) % n, 0 if private else _c(step.count)]
        values = () if private else step.values
        out += [_c(values[i]) if i < len(values) else -1 for i in range(len(SKILLS) - 1)]
        out += _card(tables, step.card, seats[step.seat].skills)
    else:
        out += [0] * len(_KINDS) + [0, -1, 0] + [-1] * (len(SKILLS) - 1)
        out += _card(tables, None, None)
    moving = tables.facts.mover(tables, view)
    out.append(-1 if moving is None else (moving - seat) % n)
    out.append(-1 if view.first is None else (view.first - seat) % n)

    sheet = seats[seat]
    xp = sheet.played_xp + sheet.shared_xp
    declaration = sheet.declaration if sheet.declaration != HIDDEN else None
    settled = not (
        view.stage is Stage.SETUP
        and any(s.seat == seat and s.kind in _SETUP_KINDS for s in queue)
    )
    out += [_c(v) for v in sheet.skills]
    out += [_c(level(tables, xp)), _c(sheet.played_xp // 100), _c(sheet.shared_xp // 100)]
    out += [1 if sheet.shared else 0, _c(_rest_moves(tables, view, seat))]
    out.append(1 if not over and _may_share(tables, view, seat) else 0)
    out.append(_c(sum(declaration)) if declaration else 0)
    out += [_c(v) for v in declaration] if declaration else [0] * len(SKILLS)
    out += [1 if settled else 0, 1 if declaration and tables.facts.bonus(tables, sheet) else 0]
    out += _card(tables, sheet.deferred, sheet.skills)
    out.append(_waited(view, sheet.deferred, sheet.deferred_round))

    for k in range(1, tables.max_players):
        if k >= n:
            out += [-1] * OBS_OTHER
            continue
        other = seats[(seat + k) % n]
        xp = other.played_xp + other.shared_xp
        out.append(1)
        out += [_c(v) for v in other.skills]
        out += [_c(level(tables, xp)), _c(other.played_xp // 100), _c(other.shared_xp // 100)]
        out += [1 if other.shared else 0, 1 if other.deferred is not None else 0]
        out.append(_waited(view, other.deferred, other.deferred_round))
        out.append(_c(_rest_moves(tables, view, (seat + k) % n)))
        if over and other.declaration != HIDDEN:
            shown = other.declaration
            out.append(_c(sum(shown)) if shown else 0)
            out.append(1 if shown and tables.facts.bonus(tables, other) else 0)
        else:
            out += [-1, -1]
    return tuple(out)


def _rest_moves(tables: Tables, state: State, seat: int) -> int:
    """What a rest of ``seat`` would let it move now (LY-17's fact ``rest_moves``; 0 in a
    variant without rest)."""
    rest = getattr(tables.facts, "rest_moves", None)
    return 0 if rest is None else int(rest(tables, state.effects, state.round, seat))


def _may_share(tables: Tables, state: State, seat: int) -> bool:
    """Whether ``seat`` may share experience now (LY-18's fact ``can_share``; no seat may
    in a variant without it)."""
    can_share = getattr(tables.facts, "can_share", None)
    return can_share is not None and can_share(tables, state, seat) is None


#: The words before the card of the events :func:`tally` counts by card, and the keys of
#: those it counts as they are.
_CARDED: dict[type, str] = {
    CardDiscarded: "card discarded: ",
    CardDeferred: "card deferred: ",
    DeferredExpired: "deferred card expired: ",
}
_ONE_KEY: dict[type, str] = {Rested: "rest", ExperienceShared: "experience shared"}


def tally(tables: Tables, state: State, events: tuple[Event, ...]) -> dict[str, int]:
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
    if state.stage is not Stage.OVER:
        return {}
    standings = tables.facts.score(tables, state)
    winners = set(standings.winners)
    keys: list[str] = []
    for i, sheet in enumerate(state.seats):
        declaration = sheet.declaration
        if declaration:
            met = "met" if standings[i].breakdown.get("declaration") else "missed"
            outcome = f"declaration {met}: {sum(declaration)}"
        else:
            outcome = "no declaration"
        keys += [f"character: {sheet.character}",
                 f"final level: {tables.facts.level(tables, sheet.played_xp + sheet.shared_xp)}",
                 outcome]
        if i in winners:
            keys += [f"winner character: {sheet.character}", f"winner {outcome}"]
        if sheet.deferred is not None:
            keys.append(f"deferred card unplayed at the end: {sheet.deferred}")
    for event in events:
        kind = type(event)
        if isinstance(event, CardDrawn):
            keys += [f"draw: {event.colour.value}", f"card drawn: {event.card}"]
        elif isinstance(event, CardDiscarded | CardDeferred | DeferredExpired):
            keys.append(_CARDED[kind] + event.card)
        elif kind in _ONE_KEY:
            keys.append(_ONE_KEY[kind])
        elif isinstance(event, CardPlayed):
            if event.seat in winners:
                keys.append(f"card played: {event.card}")
            keys.append(f"card played (all seats): {event.card}")
            if event.deferred:
                keys.append("deferred card played")
    return dict(Counter(keys))


def action_strategy() -> Any:
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
            [
                Rest(), ShareExperience(), PlayCard(), DiscardCard(), DeferCard(),
                FinishMoves(), PlayDeferred(), KeepDeferred(),
            ]
        ),
    )


def determinize(view: State, seat: int | None, rng: Rng) -> State:
    """A full state consistent with ``view``, for agents that look ahead.

    The piles are shuffled and the seed drawn from ``rng``; a hidden declaration of
    another seat becomes none, and a hidden declaration step in progress gets a target
    drawn from ``rng``.
    """
    piles = tuple(rng.shuffled(pile) for pile in view.piles)
    seats = tuple(
        s.with_declaration(None) if s.declaration == HIDDEN and i != seat else s
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
