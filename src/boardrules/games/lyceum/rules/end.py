"""«Об игре» rules LY-20..LY-24: the end of the game and its score, what each seat may see,
and what lies beyond one table (team standings, the protocol, content files).

LY-20 states the end and the score, LY-22 the view of a seat. Hidden: the order of the
piles (a view lists them in content order: which cards are left is public), the seed, and
every other seat's declaration until the end — whether one was made, too. The drawn card is
public (the host reads it aloud).
"""

from __future__ import annotations

from boardrules.core.rules import Rule
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.lyceum.content import Tables
from boardrules.games.lyceum.events import (
    DeclarationMade,
    Event,
    GameEnded,
)
from boardrules.games.lyceum.rules.common import Events
from boardrules.games.lyceum.rules.setup import DECLARATION_BONUS
from boardrules.games.lyceum.state import (
    HIDDEN,
    Seat,
    Stage,
    State,
    Step,
    StepKind,
    TurnOver,
    Work,
    make_state,
)

__all__ = [
    "LY_20",
    "LY_21",
    "LY_22",
    "LY_23",
    "LY_24",
    "declaration_bonus",
    "score",
    "view",
    "view_events",
]

# -- LY-20: the end ----------------------------------------------------------------------------


def declaration_bonus(sheet: Seat) -> int:
    """The XP bonus of a seat's declaration if every declared skill is met (LY-20): each
    skill holds at least the SP declared for it."""
    declaration = sheet.declaration
    if declaration and all(
        have >= want for have, want in zip(sheet.skills, declaration, strict=True)
    ):
        return DECLARATION_BONUS.get(sum(declaration), 0)
    return 0


def bonus(ctx: Tables, sheet: Seat) -> int:
    """The fact ``bonus``: the XP a seat's declaration earns if the game ended now
    (:func:`declaration_bonus`); the score counts it once the game is over."""
    return declaration_bonus(sheet)


def _over(ctx: Tables, state: State) -> bool:
    """Whether the game is over: no step is pending (LY-6 clears them after round 10)."""
    return not state.queue


def score(ctx: Tables, state: State) -> Standings:
    """The standings of ``state``: most XP first, ties sharing a rank.

    The breakdown has ``played`` (XP from cards), ``shared`` (XP received when other
    seats shared experience) and ``declaration`` (the bonus for a declaration met in
    every skill, counted only once the game is over, as the host checks it at the end).
    """
    final = state.stage is Stage.OVER
    parts = [
        {
            "played": s.played_xp,
            "shared": s.shared_xp,
            "declaration": ctx.facts.bonus(ctx, s) if final else 0,
        }
        for s in state.seats
    ]
    points = [sum(p.values()) for p in parts]
    ranks = rank_by_points(points)
    seats = tuple(Standing(i, points[i], ranks[i], parts[i]) for i in range(len(points)))
    winners = tuple(i for i in range(len(points)) if ranks[i] == 1) if final else ()
    return Standings(seats, winners=winners, final=final)


def _game_ends(ctx: Tables, work: Work, moment: TurnOver, events: Events) -> Work:
    if work.stage is Stage.OVER and events is not None:
        events.append(GameEnded(ctx.facts.score(ctx, work).winners))
    return work


LY_20 = Rule(
    "LY-20",
    "After round 10 a met declaration adds 300/400/500 XP; most XP wins.",
    "После 10 раунда выполненная заявка даёт 300/400/500 XP; побеждает больший опыт.",
    end=_over,
    score=score,
    effects={TurnOver: _game_ends},
    facts={"bonus": bonus},
)
"""LY-20: the end of the game (once no step is pending, after round 10), its score
(:func:`score`, with the fact ``bonus`` of a declaration met) and its winners."""

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
def view(ctx: Tables, state: State, seat: int | None) -> State:
    """What ``seat`` may see of ``state`` (``None``: a spectator).

    Piles are shown in content order; before the end, every other seat's declaration shows
    as :data:`~boardrules.games.lyceum.state.HIDDEN` once its declaration step is over,
    whether it declared or not, and another seat's declaration step in progress shows no
    values.
    """
    seats = state.seats
    queue = state.queue
    if state.stage is not Stage.OVER:
        declared = len(seats)
        if state.stage is Stage.SETUP:
            head = queue[0]
            declared = head.seat  # the seats before it have declared (or not)
            if head.kind is StepKind.DECLARE_SKILL and head.seat != seat:
                queue = (Step(StepKind.DECLARE_SKILL, head.seat), *queue[1:])
        seats = tuple(
            sheet.with_declaration(HIDDEN) if i < declared and i != seat else sheet
            for i, sheet in enumerate(seats)
        )
    piles = tuple(ctx.in_content_order(pile) for pile in state.piles)
    return make_state(
        0, seats, state.tie_order, state.first, state.round, state.turn, state.stage, queue,
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
