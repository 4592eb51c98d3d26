"""Replay a hiring fight in «Орбита Добра» step by step, with the events each step emits.

Three seats. Seat 0's Warriors want the Food of seat 1's Host; seat 2's Priests back the
Host with Advice (the trump over Warriors), the Warriors reinforce, and the fight ends in a
seizure, then in an acceptance. A second fight shows a Hero shielding a Host.

Run it with ``python examples/orbita_hiring_fight.py``.
"""

from __future__ import annotations

from boardrules.games.orbita import (
    Action,
    Amount,
    Answer,
    AnswerOffer,
    Game,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
    Resource,
    Shield,
    State,
)

GAME = Game()


def replay(title: str, state: State, actions: list[Action]) -> State:
    """Apply ``actions`` one by one, printing who acted and what happened."""
    print(f"== {title}")
    for action in actions:
        seat = GAME.to_move(state)
        stage = state.offer.stage.value if state.offer is not None else state.phase.value
        print(f"seat {seat} [{stage}] plays {action!r}")
        transition = GAME.step(state, action)
        for event in transition.events:
            print(f"    -> {event!r}")
        state = transition.state
    print()
    return state


def tokens(state: State, *cards: str) -> None:
    for card in cards:
        z = state.zones[card]
        print(f"    {card:18} current={z.current} gifts={z.gifts} reserve={z.reserve}")
    print()


def main() -> None:
    start = GAME.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1", "hosts-sage-1"]],
            [["priests-leader-1", "priests-master-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": 4}},
            "hosts-leader-1": {"current": {"food": 2}, "reserve": {"food": 3}},
            "priests-master-1": {"current": {"advice": 2}},
        },
        phase="hiring",
    )
    print("Counts are (Territory, Food, Way, Advice).")
    tokens(start, "warriors-master-1", "hosts-leader-1", "priests-master-1")
    state = replay(
        "Fight 1: Warriors against a Host backed by Priests",
        start,
        [
            MakeOffer("warriors-master-1", "hosts-leader-1"),  # 1 Territory placed
            Gift(Resource.ADVICE, "hosts-leader-1"),  # seat 2 supports the Host
            AnswerOffer(Answer.SEIZE),  # 1 Advice beats 1 Territory
            Reinforce(Amount.ONE),  # one more Territory: the offer now stands at 2
            Gift(Resource.ADVICE, "hosts-leader-1"),  # seat 2 gives its last Advice
            AnswerOffer(Answer.SEIZE),  # 2 Advice beat 2 Territory
            Pass(),  # the Warriors stop: the Host keeps the 2 Territory
        ],
    )
    tokens(state, "warriors-master-1", "hosts-leader-1")

    again = GAME.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1", "hosts-sage-1"]],
            [["priests-leader-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": 3}},
            "hosts-leader-1": {"current": {"food": 2}, "reserve": {"food": 3}},
        },
        phase="hiring",
    )
    state = replay(
        "Fight 2: nobody helps; the Host accepts and its Food (reserve too) goes over",
        again,
        [
            MakeOffer("warriors-master-1", "hosts-leader-1"),
            Pass(),  # seat 2 has nothing to give
            AnswerOffer(Answer.ACCEPT),
        ],
    )
    tokens(state, "warriors-master-1", "hosts-leader-1")

    shielded = GAME.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1", "hosts-sage-1"]],
            [["heroes-leader-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": 3}},
            "hosts-leader-1": {"current": {"food": 2}},
            "heroes-leader-1": {"current": {"way": 1}},
        },
        phase="hiring",
    )
    state = replay(
        "Fight 3: a Hero of seat 2 shields the Host with a Way and takes its Food instead",
        shielded,
        [MakeOffer("warriors-master-1", "hosts-leader-1"), Shield("heroes-leader-1")],
    )
    tokens(state, "warriors-master-1", "hosts-leader-1", "heroes-leader-1")


if __name__ == "__main__":
    main()
