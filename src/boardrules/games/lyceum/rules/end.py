"""«Об игре» rules LY-20..LY-24: the end of the game and its score, what each seat may see,
and what lies beyond one table (team standings, the protocol, content files).

LY-20 states the end and the score, LY-22 the view of a seat. Hidden: the order of the
piles (a view lists them in content order: which cards are left is public), the seed, and
every other seat's declaration until the end — whether one was made, too. The drawn card is
public (the host reads it aloud).
"""

from __future__ import annotations

from typing import TypeAlias

from boardrules.core.rules import Rule
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.lyceum.content import (
    Tables,
)
from boardrules.games.lyceum.events import (
    DeclarationMade,
    Event,
    GameEnded,
)
from boardrules.games.lyceum.rules.common import Events
from boardrules.games.lyceum.rules.setup import DECLARATION_BONUS
from boardrules.games.lyceum.state import (
    DECLARE_SKILL_STEP as _DECLARE_SKILL,
)
from boardrules.games.lyceum.state import (
    HIDDEN,
    Seat,
    State,
    Step,
    TurnOver,
    Work,
    make_state,
)
from boardrules.games.lyceum.state import (
    OVER_STAGE as _OVER,
)
from boardrules.games.lyceum.state import (
    SETUP_STAGE as _SETUP,
)

__all__ = [
    "LY_20",
    "LY_21",
    "LY_22",
    "LY_23",
    "LY_24",
    "declaration_bonus",
    "final_points",
    "score",
    "view",
    "view_events",
    "visible_piles",
]

# -- LY-20: the end ----------------------------------------------------------------------------


def declaration_bonus(sheet: Seat) -> int:
    """The XP bonus of a seat's declaration if every declared skill is met (LY-20)."""
    declaration = sheet.declaration
    if not declaration:
        return 0
    if all(have >= want for have, want in zip(sheet.skills, declaration, strict=True)):
        return DECLARATION_BONUS.get(sum(declaration), 0)
    return 0


def final_points(sheet: Seat) -> int:
    """A seat's XP at the end: played, shared and the declaration bonus (LY-20)."""
    return sheet.played_xp + sheet.shared_xp + declaration_bonus(sheet)


def _over(ctx: Tables, state: State) -> bool:
    """Whether the game is over: no step is pending (LY-6 clears them after round 10)."""
    return not state.queue


def score(ctx: Tables, state: State) -> Standings:
    """The standings of ``state``: most XP first, ties sharing a rank.

    The breakdown has ``played`` (XP from cards), ``shared`` (XP received when other
    seats shared experience) and ``declaration`` (the bonus for a declaration met in
    every skill, counted only once the game is over, as the host checks it at the end).
    """
    last = _LAST_SCORED[0]
    if last is not None and last[0] is state:  # scored twice in a row: a study's report
        return last[1]
    final = state.stage is _OVER
    parts = [
        {
            "played": s.played_xp,
            "shared": s.shared_xp,
            "declaration": declaration_bonus(s) if final else 0,
        }
        for s in state.seats
    ]
    points = [sum(p.values()) for p in parts]
    ranks = rank_by_points(points)
    seats = tuple(Standing(i, points[i], ranks[i], parts[i]) for i in range(len(points)))
    winners = tuple(i for i in range(len(points)) if ranks[i] == 1) if final else ()
    standings = Standings(seats, winners=winners, final=final)
    _LAST_SCORED[0] = (state, standings)
    return standings


#: The state scored last and its standings (immutable both): a study scores a finished game
#: and its content tally scores it again (by identity; the entry keeps the state alive).
_LAST_SCORED: list[tuple[State, Standings] | None] = [None]


def _game_ends(ctx: Tables, work: Work, moment: TurnOver, events: Events) -> Work:
    if work.stage is _OVER and events is not None:
        points = [final_points(s) for s in work.seats]
        top = max(points)
        events.append(GameEnded(tuple(i for i, p in enumerate(points) if p == top)))
    return work


LY_20 = Rule(
    "LY-20",
    "After round 10 a met declaration adds 300/400/500 XP; most XP wins.",
    "После 10 раунда выполненная заявка даёт 300/400/500 XP; побеждает больший опыт.",
    end=_over,
    score=score,
    effects={TurnOver: _game_ends},
)
"""LY-20: the end of the game (once no step is pending, after round 10), its score
(:func:`score`) and its winners."""

# -- LY-21..LY-24: beyond the table --------------------------------------------------------------
LY_21 = Rule(
    "LY-21",
    "Tables rank by total XP, or by mean XP when their sizes differ.",
    "Столы сравнивают по сумме опыта, а при разном числе игроков — по среднему.",
    terms=True,
)
"""LY-21: team standings across tables: not a part of one game, so terms here; see
:func:`~boardrules.games.lyceum.scoring.team_standings`."""

# -- LY-22: hidden information ---------------------------------------------------------------
_Piles: TypeAlias = tuple[tuple[str, ...], ...]
# What views made last: the piles of the state viewed last, and per seat the sheet hidden
# last. A state after an action shares every pile and sheet that the action did not change
# with the state before it, so the next view mostly finds them here (by identity; an entry
# keeps its original alive). A view of another game in between costs a recomputation.
_LAST_PILES: list[tuple[_Piles, Tables, _Piles] | None] = [None]
_LAST_HIDDEN: list[tuple[Seat, Seat] | None] = [None] * 64



def visible_piles(tables: Tables, piles: _Piles) -> _Piles:
    """The piles as a view shows them: each in content order (LY-22)."""
    last = _LAST_PILES[0]
    if last is not None and last[1] is tables:
        if last[0] is piles:
            return last[2]
        if len(piles) == 3 == len(last[0]):  # green, yellow, red: usually one was drawn from
            (green, yellow, red), (shown_green, shown_yellow, shown_red) = last[0], last[2]
            now_green, now_yellow, now_red = piles
            result: _Piles = (
                shown_green
                if now_green is green
                else _after_draw(tables, green, shown_green, now_green),
                shown_yellow
                if now_yellow is yellow
                else _after_draw(tables, yellow, shown_yellow, now_yellow),
                shown_red if now_red is red else _after_draw(tables, red, shown_red, now_red),
            )
            _LAST_PILES[0] = (piles, tables, result)
            return result
    ordered = tuple([tables.in_content_order(pile) for pile in piles])
    _LAST_PILES[0] = (piles, tables, ordered)
    return ordered


def _after_draw(
    tables: Tables, before: tuple[str, ...], before_shown: tuple[str, ...], pile: tuple[str, ...]
) -> tuple[str, ...]:
    """``pile`` in content order, from the pile it may be ``before`` its top card was drawn."""
    if len(before) == len(pile) + 1 and before[1:] == pile:
        cut = before_shown.index(before[0])
        return before_shown[:cut] + before_shown[cut + 1 :]
    return tables.in_content_order(pile)


def _no_memory(seats: int) -> list[tuple[Seat, Seat] | None]:
    return [None] * seats  # a table larger than any game seats: nothing is remembered


def view(tables: Tables, state: State, seat: int | None) -> State:
    """What ``seat`` may see of ``state`` (``None``: a spectator).

    Piles are shown in content order; before the end, every other seat's declaration shows
    as :data:`~boardrules.games.lyceum.state.HIDDEN` once its declaration step is over,
    whether it declared or not, and another seat's declaration step in progress shows no
    values.
    """
    piles = state.piles
    last_piles = _LAST_PILES[0]  # visible_piles, inlined: views are hot
    if last_piles is not None and last_piles[0] is piles and last_piles[1] is tables:
        piles = last_piles[2]
    else:
        piles = visible_piles(tables, piles)
    seats = state.seats
    queue = state.queue
    stage = state.stage
    if stage is not _OVER:
        if stage is _SETUP:
            head = queue[0]
            done = head.seat  # the seats before it have declared (or not)
            if head.kind is _DECLARE_SKILL and head.seat != seat:
                queue = (Step(_DECLARE_SKILL, head.seat), *queue[1:])
        else:
            done = len(seats)
        hidden: list[Seat] | None = None
        lasts = _LAST_HIDDEN if done <= len(_LAST_HIDDEN) else _no_memory(done)
        for i in range(done):
            if i == seat:
                continue
            sheet = seats[i]
            last = lasts[i]
            if last is not None and last[0] is sheet:
                shown = last[1]
            elif sheet.declaration == HIDDEN:
                continue
            else:
                shown = sheet.with_declaration(HIDDEN)
                lasts[i] = (sheet, shown)
            if hidden is None:
                hidden = list(seats)
            hidden[i] = shown
        if hidden is not None:
            seats = tuple(hidden)
    return make_state(
        0, seats, state.tie_order, state.first, state.round, state.turn, stage, queue,
        piles, state.effects,
    )


def view_events(ctx: Tables, events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: other seats' declarations hidden."""
    return tuple(
        DeclarationMade(e.seat, HIDDEN)
        if isinstance(e, DeclarationMade) and e.seat != seat
        else e
        for e in events
    )



LY_22 = Rule(
    "LY-22",
    "Pile order and other seats' declarations stay hidden until the end.",
    "Порядок карт в колодах и чужие заявки скрыты до конца игры.",
    view=view,
    view_events=view_events,
)
"""LY-22: hidden information: what a seat may see of a state (:func:`view`) and of the
events (:func:`view_events`)."""

LY_23 = Rule(
    "LY-23",
    "The host keeps a protocol per round and seat: XP, level, skills, deferral.",
    "Ведущий ведёт протокол по раундам и игрокам: опыт, уровень, умения, отложенное.",
    terms=True,
)
"""LY-23: the host's protocol of a recorded game: not a part of one game, so terms here; see
:func:`~boardrules.games.lyceum.scoring.protocol`."""

LY_24 = Rule(
    "LY-24",
    "Characters, level table and cards are data files, checked when loaded.",
    "Персонажи, таблица уровней и карты — файлы данных, проверяемые при загрузке.",
    terms=True,
)
"""LY-24: content as data files: terms; see
:func:`~boardrules.games.lyceum.content.load_content`."""
