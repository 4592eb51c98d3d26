"""«Об игре» rules LY-20..LY-24: the end of the game, and what lies beyond one table
(team standings, hidden information, the protocol, content files)."""

from __future__ import annotations

from boardrules.core.rules import Rule
from boardrules.games.lyceum.content import (
    Tables,
)
from boardrules.games.lyceum.events import (
    GameEnded,
)
from boardrules.games.lyceum.rules.common import Events
from boardrules.games.lyceum.rules.setup import DECLARATION_BONUS
from boardrules.games.lyceum.state import (
    OVER_STAGE as _OVER,
)
from boardrules.games.lyceum.state import (
    Seat,
    TurnOver,
    Work,
)

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
    effects={TurnOver: _game_ends},
)
"""LY-20: the end of the game and its winners (``scoring`` gives the standings)."""

# -- LY-21..LY-24: beyond the table --------------------------------------------------------------
LY_21 = Rule(
    "LY-21",
    "Tables rank by total XP, or by mean XP when their sizes differ.",
    "Столы сравнивают по сумме опыта, а при разном числе игроков — по среднему.",
)
"""LY-21: team standings across tables (``scoring.team_standings``)."""

LY_22 = Rule(
    "LY-22",
    "Pile order and other seats' declarations stay hidden until the end.",
    "Порядок карт в колодах и чужие заявки скрыты до конца игры.",
)
"""LY-22: hidden information (``views``)."""

LY_23 = Rule(
    "LY-23",
    "The host keeps a protocol per round and seat: XP, level, skills, deferral.",
    "Ведущий ведёт протокол по раундам и игрокам: опыт, уровень, умения, отложенное.",
)
"""LY-23: the host's protocol (``scoring.protocol``)."""

LY_24 = Rule(
    "LY-24",
    "Characters, level table and cards are data files, checked when loaded.",
    "Персонажи, таблица уровней и карты — файлы данных, проверяемые при загрузке.",
)
"""LY-24: content as data files (``content.load_content``)."""

#: The «Об игре» rules in rulebook order.
