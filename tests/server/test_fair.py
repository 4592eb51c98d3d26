"""The fair queue of bot moves (issue 21): whatever one client queues, another client's bot
finds a slot at once; turns go round the clients; the slots never idle while a turn that may
take one waits; and a client over its budget of bot time yields to the others."""

from __future__ import annotations

import asyncio
import collections

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules.server.fair import FairSlots

CLIENTS = ("a", "b", "c")
operations = st.lists(
    st.tuples(st.sampled_from(["acquire", "release"]), st.sampled_from(CLIENTS)), max_size=60)


@settings(max_examples=300, deadline=None)
@given(slots=st.integers(1, 4), script=operations)
def test_the_slots_are_shared_fairly(slots: int, script: list[tuple[str, str]]) -> None:
    async def run() -> None:
        fair = FairSlots(slots)
        granted: collections.Counter[str] = collections.Counter()
        waiting: list[tuple[str, asyncio.Task[None]]] = []
        for op, client in script:
            if op == "acquire":
                waiting.append((client, asyncio.ensure_future(fair.acquire(client))))
            elif granted[client] > 0:
                fair.release(client, 0.1)
                granted[client] -= 1
            await asyncio.sleep(0)
            for entry in list(waiting):
                if entry[1].done():
                    waiting.remove(entry)
                    granted[entry[0]] += 1
            running = sum(granted.values())
            free = slots - running
            assert running <= slots
            for who, count in granted.items():
                assert count == fair.running(who)
                assert count <= max(1, slots - 1), "one client never holds every slot"
            for who, _ in waiting:
                if granted[who] == 0:
                    assert free == 0, "a client with nothing computing waits only when full"
                else:
                    assert free <= 1, "a slot is free and a waiting client may take it"
        for _, task in waiting:
            task.cancel()
        await asyncio.gather(*(t for _, t in waiting), return_exceptions=True)

    asyncio.run(run())


def test_one_client_s_twenty_matches_do_not_delay_another_s_bot() -> None:
    async def run() -> list[str]:
        fair = FairSlots(2)
        served: list[str] = []

        async def move(client: str, name: str) -> None:
            await fair.acquire(client)
            served.append(name)

        heavy = [asyncio.ensure_future(move("heavy", f"heavy{i}")) for i in range(20)]
        await asyncio.sleep(0)
        assert served == ["heavy0"], "one slot is held back"
        await move("light", "light0")  # no release needed: the held-back slot
        for _ in range(3):
            fair.release("heavy", 2.0)
            await asyncio.sleep(0)
        fair.release("light", 0.01)
        for task in heavy:
            task.cancel()
        await asyncio.gather(*heavy, return_exceptions=True)
        return served

    assert asyncio.run(run())[:5] == ["heavy0", "light0", "heavy1", "heavy2", "heavy3"]


def test_turns_go_round_the_clients_and_budgets_count() -> None:
    async def run() -> list[str]:
        fair = FairSlots(1, share=1.0, burst=5.0)
        served: list[str] = []

        async def move(client: str) -> None:
            await fair.acquire(client)
            served.append(client)

        await fair.acquire("x")  # the one slot is busy while the others queue
        tasks = [asyncio.ensure_future(move(c)) for c in ("a", "a", "a", "b", "c", "b")]
        await asyncio.sleep(0)
        fair.release("x", 0.0)
        for _ in range(6):
            await asyncio.sleep(0)
            who = served[-1]
            fair.release(who, 100.0 if who == "a" else 0.0)  # a is far over its budget
        await asyncio.gather(*tasks)
        return served

    # a's first turn comes first (it asked first), then b and c take turns; a, over its budget
    # after its first move, is served only when no one within budget waits.
    assert asyncio.run(run()) == ["a", "b", "c", "b", "a", "a"]
