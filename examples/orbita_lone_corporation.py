"""Can a lone seat ever feed a corporation in «Орбита Добра»?

A corporation eats 32 Food a round, and its Hosts' Workshop produces only 9. The rulebook
says a corporation runs a closed production cycle; this script checks whether our engine
agrees: a seat holding a corporation and nothing else, with no help from anyone, plays its
boosts (Priests' Advice to a Hero, the Artel's Ways to a Host), always moving everything it
has (``Amount.ALL``), and we watch whether the corporation is fed at consumption, round after
round, for each per-phase action limit.

Run it with ``python examples/orbita_lone_corporation.py``.
"""

from __future__ import annotations

from boardrules.games.orbita import (
    Amount,
    Boost,
    CorporationCollapsed,
    Game,
    Gift,
    Pass,
    Phase,
    Resource,
    State,
    StructureFed,
)

WORKSHOP = ["hosts-leader-1", "hosts-master-1", "hosts-sage-1", "hosts-bard-1"]
ARTEL = ["heroes-leader-1", "heroes-master-1", "heroes-sage-1", "heroes-bard-1"]
SECT = ["priests-leader-1", "priests-master-1", "priests-sage-1", "priests-bard-1"]
RETINUE = ["warriors-leader-1", "warriors-master-1", "warriors-sage-1", "warriors-bard-1"]

#: The boost chain, in the order the seat plays it while it has limited actions left; each
#: step moves everything: all the Advice to the Hero, all its Advice into Ways, and so on.
CHAIN: list[Gift | Boost] = [
    Gift(Resource.ADVICE, "heroes-leader-1", Amount.ALL),
    Boost("heroes-leader-1", Amount.ALL),
    Gift(Resource.WAY, "hosts-leader-1", Amount.ALL),
    Boost("hosts-leader-1", Amount.ALL),
]


def all_of(game: Game, state: State, step: Gift | Boost) -> Gift | Boost | None:
    """``step`` (everything) if it is legal now, or the one-unit version, or ``None``.

    "Everything" is a choice of its own only when there is more than one unit (ORB-21);
    with exactly one unit at hand, the one-unit action is the one that moves it all.
    """
    legal = game.legal_actions(state)
    if step in legal:
        return step
    one = Gift(step.resource, step.to) if isinstance(step, Gift) else Boost(step.card)
    return one if one in legal else None


def play_rounds(steps: int, rounds: int, use_chain: bool) -> list[tuple[int, int, bool]]:
    """Play ``rounds`` rounds of the lone corporation; per round: Food at consumption, fed?"""
    game = Game(steps=steps, rounds=rounds, goal_rounds=0)
    state = game.position(
        [[], [["warriors-leader-2"]]],
        corporations=[[("hosts", [WORKSHOP, ARTEL, SECT, RETINUE])]],
        phase="attraction",
    )
    out: list[tuple[int, int, bool]] = []
    plan: list[Gift | Boost] = []
    food_at_consumption = 0
    while not game.is_over(state):
        seat = game.to_move(state)
        if state.phase is Phase.TRADE and not plan and seat == 0 and state.seats[0].steps == 0:
            plan = list(CHAIN) if use_chain else []
        action: Pass | Gift | Boost = Pass()
        if seat == 0 and plan and state.phase in (Phase.TRADE, Phase.HIRING, Phase.CONSUMPTION):
            step = all_of(game, state, plan[0])
            if step is not None:
                action = step
                plan.pop(0)
        if state.phase is Phase.CONSUMPTION and seat == 0 and isinstance(action, Pass):
            food_at_consumption = sum(
                state.zones[c].holds(Resource.FOOD) for c in WORKSHOP + ARTEL + SECT + RETINUE
            )
        before_round = state.round
        transition = game.step(state, action)
        state = transition.state
        fed = any(isinstance(e, StructureFed) and e.food == 32 for e in transition.events)
        collapsed = any(isinstance(e, CorporationCollapsed) for e in transition.events)
        if fed or collapsed:
            out.append((before_round, food_at_consumption, fed))
            plan = []
        if collapsed:
            break
    return out


def main() -> None:
    print("A lone corporation (Hosts' suit) with no help, 3 rounds per trial.")
    print("steps = limited actions per seat per phase; the chain needs 4 of them in all.\n")
    answer = False
    for use_chain in (False, True):
        for steps in range(5):
            results = play_rounds(steps, 3, use_chain)
            survived = [r for r in results if r[2]]
            answer = answer or bool(survived)
            rows = ", ".join(
                f"round {r}: {food} Food -> {'fed' if ok else 'collapsed'}"
                for r, food, ok in results
            )
            print(f"chain={'yes' if use_chain else 'no '} steps={steps}: {rows}")
    print()
    print(
        "Answer: a lone seat CAN feed a corporation, round after round, but only by chaining "
        "its boosts (at least 2 limited actions per phase); its own production alone (9 Food) "
        "never can."
        if answer
        else "Answer: a lone seat can never feed a corporation under these limits."
    )


if __name__ == "__main__":
    main()
