"""A match's life besides its moves: resignations, undos, the rematch, the turn timers'
time-outs and the removal of old matches.

Each is a change stored only if the match is still where the change read it
(:meth:`~boardrules.server.store.Store.change`), and moves its generation on, so every cache
and watcher sees it. A resignation racing a move (a bot's, another process's) is stored first,
and the move refused, or read again after the move and stored then: never both.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from typing import Any

import attrs

from boardrules import serde
from boardrules.core.record import GameRecord
from boardrules.core.replay import replay
from boardrules.server import metrics
from boardrules.server.bots import AGENTS, fallback_move
from boardrules.server.inputs import Refusal, UndoAnswer, UndoRequest, hash_token, parse
from boardrules.server.matches import Live, Matches
from boardrules.server.store import Mark, MatchRow, Undo
from boardrules.server.undo import undo_target

__all__ = ["Lifecycle"]

TRIES = 5  # how often a change is read again and tried after another came first


class Lifecycle:
    """The changes of a match besides its moves, over :class:`Matches`; each returns the
    seat's answer and the mark to push."""

    def __init__(self, matches: Matches) -> None:
        self.matches = matches
        self.store = matches.store

    def _change(self, row: MatchRow, drop_from: int | None = None, **fields: Any
                ) -> Mark | None:
        """Store ``row`` with ``fields`` changed if the match is still at ``row.mark``: the
        new mark, or ``None``."""
        stored = self.store.change(row, attrs.evolve(row, **fields), drop_from)
        self.matches.forget(row.id)
        return (row.generation + 1, fields.get("version", row.version)) if stored else None

    def resign(self, match_id: str, token: str | None) -> tuple[str, Mark]:
        """End the match by the resignation of ``token``'s seat."""
        seat = self.matches.seat(match_id, token, required=True)
        with self.matches.lock(match_id):
            for _ in range(TRIES):  # a move stored meanwhile: resign after it
                row = self.matches.live(match_id).row
                if row.over:
                    raise Refusal(409, "match_over", "the match is over")
                mark = self._change(row, to_move=None, resigned=seat, updated=time.time())
                if mark is not None:
                    return self.matches.text(match_id, seat, None)[0], mark
        raise Refusal(409, "stale_version", "the match kept changing; try again")

    def _undo_target(self, live: Live, seat: int) -> tuple[int, Any]:
        """Where an undo by ``seat`` goes back to, and the state there (else 409)."""
        row, game = live.row, live.game
        record = serde.from_dict(self.matches.record(row.id), GameRecord)
        states = replay(record)
        bots = {i for i, kind in enumerate(row.seats) if kind in AGENTS}
        target, why = undo_target(game, states, record.actions, seat, row.seed, bots)
        if target is None:
            raise Refusal(409, "cannot_undo", why)
        return target, states[target]

    def _take_back(self, live: Live, seat: int) -> Mark | None:
        """Take the match back to before ``seat``'s last move (and the moves after it)."""
        target, state = self._undo_target(live, seat)
        return self._change(live.row, drop_from=target, version=target,
                            to_move=live.game.to_move(state), updated=time.time(), undo=None)

    def undo(self, match_id: str, token: str | None, body: bytes) -> tuple[str, Mark]:
        """A seat asks to take back its last move (and the moves after it): at once when
        no other person plays, else once every other person agrees (never past what
        :func:`~boardrules.server.undo.undo_target` refuses)."""
        seat = self.matches.seat(match_id, token, required=True)
        assert seat is not None
        request: UndoRequest = parse(body, UndoRequest)
        with self.matches.lock(match_id):
            live = self.matches.live(match_id)
            row = live.row
            if row.over:
                raise Refusal(409, "match_over", "the match is over")
            if request.version != row.version:
                raise Refusal(409, "stale_version", f"the match is at version {row.version}",
                              "$.version", {"version": row.version})
            if any(s != seat for s in self.matches.people(row)):
                self._undo_target(live, seat)  # refused now, if it would be refused then
                mark = self._change(row, undo=Undo(seat, row.version))
            else:
                mark = self._take_back(live, seat)
        if mark is None:
            raise Refusal(409, "stale_version", "another change was stored first")
        return self.matches.text(match_id, seat, None)[0], mark

    def answer_undo(self, match_id: str, token: str | None, body: bytes
                    ) -> tuple[str, Mark]:
        """Another person agrees to the pending undo (taken back once all have) or declines
        it (forgotten)."""
        seat = self.matches.seat(match_id, token, required=True)
        assert seat is not None
        answer: UndoAnswer = parse(body, UndoAnswer)
        with self.matches.lock(match_id):
            live = self.matches.live(match_id)
            row, asked = live.row, live.row.undo
            if row.over or asked is None or asked.at != row.version:
                raise Refusal(409, "no_undo", "no undo is asked for now")
            if seat == asked.by:
                raise Refusal(409, "own_undo", "the seat that asked cannot answer")
            agreed = tuple(sorted({*asked.agreed, seat}))
            if not answer.agree:
                mark = self._change(row, undo=None)
            elif [s for s in self.matches.people(row) if s != asked.by and s not in agreed]:
                mark = self._change(row, undo=Undo(asked.by, asked.at, agreed))
            else:
                mark = self._take_back(live, asked.by)
        if mark is None:
            raise Refusal(409, "stale_version", "another change was stored first")
        return self.matches.text(match_id, seat, None)[0], mark

    def rematch(self, match_id: str, token: str | None, client: str
                ) -> tuple[dict[str, Any], tuple[str, Mark]]:
        """A new match of the same game, options and setup after this one: the first seat to
        ask makes it (the other people's seats open, the bots the same), each later one takes
        its seat in it. The seat's ``Joined``, and the match that changed with its mark."""
        seat = self.matches.seat(match_id, token, required=True)
        assert seat is not None
        for _ in range(TRIES):
            row = self.matches.live(match_id).row
            if not row.over:
                raise Refusal(409, "match_not_over", "a rematch follows a finished match")
            if row.rematch is not None:
                break
            kinds = ["human" if i == seat else "open" if kind in ("human", "open") else kind
                     for i, kind in enumerate(row.seats)]
            again: dict[str, Any] = {"game": row.game, "seats": kinds,
                                     "setup": json.loads(row.setup),
                                     "options": json.loads(row.options)}
            if row.timer is not None:
                again["timer"] = {"seconds": row.timer.seconds, "then": row.timer.then}
            created = self.matches.create(json.dumps(again).encode("utf-8"), client)
            mark = self._change(row, rematch=created["match"])
            if mark is not None:
                return ({"match": created["match"], "seat": seat,
                         "token": created["tokens"][seat]}, (match_id, mark))
            made = self.store.get(created["match"])  # another seat's request came first
            if made is not None:
                self.store.delete(made)
        else:
            raise Refusal(409, "stale_version", "the match kept changing; try again")
        token = secrets.token_urlsafe(24)
        joined = self.store.join(row.rematch, seat, hash_token(token))
        if joined is None:
            raise Refusal(409, "seat_taken", f"seat {seat} of the rematch is taken", "$.seat")
        self.matches.forget(row.rematch)
        return {"match": row.rematch, "seat": seat, "token": token}, (row.rematch, joined)

    def time_out(self, match_id: str, now: float) -> Mark | None:
        """Apply the time-out of the seat to move if its time is up at ``now`` (its
        resignation, or a random move): the new mark, or ``None``."""
        with self.matches.lock(match_id):
            live = self.matches.live(match_id)
            row = live.row
            if row.timer is None or row.to_move is None or row.updated + row.timer.seconds > now:
                return None
            seat = row.to_move
            if row.timer.then == "resign":
                return self._change(row, to_move=None, resigned=seat, updated=now)
            action = fallback_move(live.game, live.game.view(live.state, seat), seat, row.seed,
                                   row.version)
            metrics.MOVES.labels("timer").inc()
            return self.matches.commit(live, action).row.mark

    def time_outs(self, now: float) -> list[tuple[str, Mark]]:
        """Apply every time-out due at ``now``: (match, mark) for each."""
        done = []
        for match_id in self.store.timed_out(now):
            try:
                mark = self.time_out(match_id, now)
            except Refusal:
                continue  # another process changed it first
            if mark is not None:
                done.append((match_id, mark))
        return done

    def remove_old(self, now: float, export: Callable[[str, dict[str, Any]], None]) -> int:
        """Remove the matches that ended over ``keep_finished_days`` ago and those with no
        move for ``keep_abandoned_hours`` (``0``: never), each one's record first given to
        ``export(match_id, record)`` (when it raises, that match and the rest are kept).
        Returns how many were removed."""
        limits = self.matches.limits
        finished = now - limits.keep_finished_days * 86400.0 if limits.keep_finished_days else 0.0
        abandoned = limits.live_since(now)
        removed = 0
        while rows := self.store.old(finished, abandoned):
            for row in rows:
                export(row.id, self.matches.record(row.id))
                removed += self.store.delete(row)  # not if it changed since it was read
                self.matches.forget(row.id)
        return removed
