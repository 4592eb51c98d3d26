"""«Об игре»: the deferral window (LY-12, LY-13) closing.

Seat 0 draws a red card it is not eligible for and defers it. The card then waits through
seat 0's next three main turns: the turn of the deferral does not count, the card is offered
only after a turn that leaves seat 0 eligible, and after the third turn it is discarded.
The second part shows a card that becomes playable but is kept until the window closes; the
third, the first card again under a variant whose window is five turns: LY-13's unit with
another fact ``deferral_turns``, written as any designer writes a variant.
Run: ``python examples/lyceum_deferral_window.py``.
"""

import attrs

from boardrules.games import lyceum
from boardrules.games.lyceum import (
    ChooseSkill,
    Colour,
    DeferCard,
    Draw,
    FinishMoves,
    KeepDeferred,
    Rest,
    Skill,
    StepKind,
)
from boardrules.games.lyceum.rules import LY_13


def five_turns(tables: object) -> int:
    """A deferred card waits for five of the seat's turns instead of three."""
    return 5


game = lyceum.Game()
longer = game.with_rules(
    replace={"LY-13": attrs.evolve(LY_13, facts={"deferral_turns": five_turns})},
    name="deferral-5",
)
RED = "ly-red-04"  # our illustrative card: needs health 6 and communication 6


def rest_turn(
    game: lyceum.Game, state: lyceum.State, seat: int, skill: Skill
) -> tuple[lyceum.State, list[str]]:
    """A whole rest turn, answering an offer by keeping the card; what happened, in words."""
    notes = []
    for action in (Rest(), ChooseSkill(skill), FinishMoves()):
        transition = game.step(state, action)
        state = transition.state
        for event in transition.events:
            if isinstance(event, lyceum.DeferredExpired):
                notes.append(f"the deferred card {event.card} goes to the discard pile")
    if state.queue and state.queue[0].kind is StepKind.OFFER:
        notes.append(f"seat {seat} is eligible: {state.queue[0].card} is offered; it keeps it")
        transition = game.step(state, KeepDeferred())
        state = transition.state
        for event in transition.events:
            if isinstance(event, lyceum.DeferredExpired):
                notes.append(f"the window closes: {event.card} goes to the discard pile")
    return state, notes


def follow(game: lyceum.Game, state: lyceum.State, skill: Skill, title: str) -> None:
    print(title)
    print(f"  round {state.round}: seat 0 draws {RED}: {game.card(RED).describe()}")
    state = game.apply(state, Draw(Colour.RED))
    print(f"  legal now: {[type(a).__name__ for a in game.legal_actions(state)]}")
    state = game.apply(state, DeferCard())
    print(f"  seat 0 defers it in round {state.seats[0].deferred_round}")
    turns = 0
    window = game.rule_context.facts.deferral_turns(game.rule_context)
    while state.queue and turns < window:
        seat, round_ = state.queue[0].seat, state.round
        state, notes = rest_turn(game, state, seat, skill if seat == 0 else Skill.ENERGY)
        if seat == 0:
            turns += 1
            sheet = state.seats[0]
            held = sheet.deferred or "nothing"
            print(f"  round {round_}: seat 0's turn {turns} after the deferral; "
                  f"skills {sheet.skills}; holds {held}")
            for note in notes:
                print(f"    - {note}")
    print()


def start(skills: tuple[int, ...]) -> lyceum.State:
    """Seat 0's main turn in round 2, with RED on top of the red pile."""
    reds = [c for c in game.content.pile(lyceum.Epoch.LYCEUM, Colour.RED) if c != RED]
    return game.position(
        skills=[skills, (5,) * 5, (5,) * 5], round=2, piles={"red": [RED, *reds]}
    )


# 1. Never eligible: no offer, and the card expires after the third turn.
follow(
    game,
    start((5, 5, 5, 5, 5)),
    Skill.ENERGY,
    "A card that never becomes playable:",
)
# 2. Eligible after the first turn (communication reaches 6): offered, kept,
#    offered again, kept, and discarded after the third turn.
follow(
    game,
    start((6, 5, 5, 5, 5)),
    Skill.COMMUNICATION,
    "A card that becomes playable but is kept:",
)
# 3. The variant: the same card waits through five turns, and goes after the fifth.
follow(
    longer,
    start((5, 5, 5, 5, 5)),
    Skill.ENERGY,
    "A card that never becomes playable, with a five-turn window (variant deferral-5):",
)
print("The window is the seat's next three main turns; the round of the deferral does not count.")
