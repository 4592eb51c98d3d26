"""«Об игре» results beyond one game's state: the standings of several tables (LY-21) and
the host's protocol of a recorded game (LY-23). (The standings of one game are LY-20's
score, :func:`boardrules.games.lyceum.rules.end.score`.)

>>> [(t.table, t.total, t.rank) for t in team_standings({"A": [900, 700], "B": [1000, 500]})]
[('A', 1600, 1), ('B', 1500, 2)]
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.record import GameRecord
from boardrules.core.replay import load_game, replay
from boardrules.core.standings import Standings
from boardrules.games.lyceum.state import Stage, State

__all__ = [
    "PROTOCOL_FIELDS",
    "ProtocolRow",
    "TeamStanding",
    "protocol",
    "protocol_csv",
    "team_standings",
]


# -- several tables (LY-21) --------------------------------------------------------------------
@attrs.frozen
class TeamStanding:
    """One table's place in the team competition.

    Attributes:
        table: the table's name.
        players: how many seats played at it.
        total: the XP of all its seats together.
        mean: the mean XP per seat (exact).
        rank: 1 for first place; tables with equal results share a rank.
        by_mean: whether tables were ranked by mean XP (their sizes differ).
    """

    table: str
    players: int
    total: int
    mean: Fraction
    rank: int
    by_mean: bool


def team_standings(
    results: Mapping[str, Standings | Sequence[int]],
) -> tuple[TeamStanding, ...]:
    """Rank tables by total XP when they seat equally many players, else by mean XP (LY-21).

    Args:
        results: per table name, its final :class:`~boardrules.Standings` or its seats' XP.

    Returns:
        One :class:`TeamStanding` per table, in the order given.

    Raises:
        BadInput: for no tables or a table without seats.

    >>> [(t.table, t.total, t.rank) for t in team_standings({"A": [900, 700], "B": [1000, 500]})]
    [('A', 1600, 1), ('B', 1500, 2)]
    >>> [(t.table, t.mean, t.rank) for t in team_standings({"A": [900, 700], "B": [1000]})]
    [('A', Fraction(800, 1), 2), ('B', Fraction(1000, 1), 1)]
    """
    if not results:
        raise BadInput("$", "LY-21: at least one table")
    points: dict[str, list[int]] = {}
    for name, result in results.items():
        values = list(result.points) if isinstance(result, Standings) else list(result)
        if not values:
            raise BadInput(f"$.{name}", "LY-21: a table has at least one seat")
        for i, v in enumerate(values):
            if type(v) is not int:
                raise BadInput(f"$.{name}[{i}]", "XP is an integer")
        points[name] = values
    by_mean = len({len(v) for v in points.values()}) > 1
    keys = {
        name: Fraction(sum(v), len(v)) if by_mean else Fraction(sum(v))
        for name, v in points.items()
    }
    return tuple(
        TeamStanding(
            table=name,
            players=len(v),
            total=sum(v),
            mean=Fraction(sum(v), len(v)),
            rank=1 + sum(1 for k in keys.values() if k > keys[name]),
            by_mean=by_mean,
        )
        for name, v in points.items()
    )


# -- the host's protocol (LY-23) -------------------------------------------------------------
#: The columns of a protocol row, in order.
PROTOCOL_FIELDS: tuple[str, ...] = (
    "round", "age", "seat", "character", "xp", "level", "health", "intellect", "creativity",
    "communication", "energy", "deferred", "deferred_age", "declaration", "declaration_bonus",
    "final_xp",
)


@attrs.frozen
class ProtocolRow:
    """One seat at the end of one round.

    Attributes:
        round: 1..10; ``age`` is 15 + round.
        seat: the seat; ``character`` its character's id.
        xp: XP so far (cards and shared); ``level`` the level it reaches.
        skills: SP per skill at the end of the round.
        deferred: the deferred card held, if any; ``deferred_age`` how many of the seat's
            main turns have passed since it was deferred.
        declaration: in round 10 only: the declared SP per skill (``None``: none made).
        declaration_bonus: in round 10 only: the bonus XP earned by the declaration.
        final_xp: in round 10 only: XP with the bonus.
    """

    round: int
    age: int
    seat: int
    character: str
    xp: int
    level: int
    skills: tuple[int, ...]
    deferred: str | None
    deferred_age: int | None
    declaration: tuple[int, ...] | None = None
    declaration_bonus: int | None = None
    final_xp: int | None = None

    def as_dict(self) -> dict[str, int | str]:
        """The row as CSV cells keyed by :data:`PROTOCOL_FIELDS` (empty cells as ``""``)."""
        health, intellect, creativity, communication, energy = self.skills
        final = self.final_xp is not None

        def cell(value: int | str | None) -> int | str:
            return "" if value is None else value

        declaration: str = ""
        if final:
            declaration = (
                "none" if self.declaration is None else "/".join(map(str, self.declaration))
            )
        return {
            "round": self.round, "age": self.age, "seat": self.seat,
            "character": self.character, "xp": self.xp, "level": self.level,
            "health": health, "intellect": intellect, "creativity": creativity,
            "communication": communication, "energy": energy,
            "deferred": cell(self.deferred), "deferred_age": cell(self.deferred_age),
            "declaration": declaration, "declaration_bonus": cell(self.declaration_bonus),
            "final_xp": cell(self.final_xp),
        }


def _rows(game: Any, state: State, round_: int) -> list[ProtocolRow]:
    final = state.stage is Stage.OVER
    standings = game.score(state)  # LY-20: the declaration's bonus is counted at the end
    rows = []
    for seat, sheet in enumerate(state.seats):
        xp = sheet.played_xp + sheet.shared_xp
        bonus = standings[seat].breakdown.get("declaration", 0) if final else None
        rows.append(
            ProtocolRow(
                round=round_,
                age=15 + round_,
                seat=seat,
                character=sheet.character,
                xp=xp,
                level=game.level(xp),
                skills=sheet.skills,
                deferred=sheet.deferred,
                deferred_age=None if sheet.deferred is None else round_ - sheet.deferred_round,
                declaration=sheet.declaration if final else None,
                declaration_bonus=bonus,
                final_xp=None if bonus is None else xp + bonus,
            )
        )
    return rows


def protocol(record: GameRecord, game: Any = None) -> tuple[ProtocolRow, ...]:
    """The host's protocol of a recorded Lyceum game: one row per finished round and seat.

    Args:
        record: the game's record (a finished game gives rows for all ten rounds).
        game: the game to replay it with; by default the record's own.

    Raises:
        ReplayError: at the first illegal action of the record.

    >>> from boardrules.games import lyceum
    >>> game = lyceum.Game()
    >>> rows = protocol(game.record(7, (), players=3))
    >>> rows
    ()
    """
    if game is None:
        game = load_game(record)
    states = replay(record, game)
    rows: list[ProtocolRow] = []
    for before, after in itertools.pairwise(states):
        if before.stage is Stage.SETUP or before.stage is Stage.OVER:
            continue
        if after.round != before.round or after.stage is Stage.OVER:
            rows += _rows(game, after, before.round)
    return tuple(rows)


def protocol_csv(rows: Iterable[ProtocolRow]) -> str:
    """The rows as CSV text with a header line of :data:`PROTOCOL_FIELDS`."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=PROTOCOL_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row.as_dict())
    return out.getvalue()
