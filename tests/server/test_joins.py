"""Four people join one free seat at the same moment: one gets it (201), the others a 409,
never a server error — on SQLite and on PostgreSQL, whose unique key used to answer 500."""

from __future__ import annotations

import concurrent.futures
import threading
from collections import Counter

from boardrules.server.matches import Limits, Matches, Refusal
from boardrules.server.store import Store


def _join_at_once(matches: Matches, match_id: str, seat: int, people: int) -> list[int]:
    barrier = threading.Barrier(people)

    def join() -> int:
        barrier.wait()
        try:
            matches.join(match_id, b'{"seat": %d}' % seat)
        except Refusal as refusal:
            return refusal.status
        return 201

    with concurrent.futures.ThreadPoolExecutor(people) as pool:
        return list(pool.map(lambda _: join(), range(people)))


def test_four_simultaneous_joins_of_one_seat(store: Store) -> None:
    matches = Matches(store, Limits(max_live_per_client=1000))
    answers: Counter[int] = Counter()
    for trial in range(20):
        made = matches.create(b'{"game": "orbita", "seats": ["human", "open", "open", "open"]}',
                              f"client{trial}")
        statuses = _join_at_once(matches, made["match"], 1 + trial % 3, 4)
        assert sorted(statuses) == [201, 409, 409, 409], statuses
        answers.update(statuses)
        free = store.free_seats(matches.row(made["match"]))
        assert free == [s for s in (1, 2, 3) if s != 1 + trial % 3]
        assert store.get(made["match"]).open_seats == 2  # type: ignore[union-attr]
    assert answers == {201: 20, 409: 60}
