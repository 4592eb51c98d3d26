"""«Об игре»: find a game where a declared 45 is met (LY-4, LY-20), instead of searching
with a loop of one's own (lyceum_declaration_45.py plays 600 seeded games for it).

Random play almost never meets a declaration of 45, so the search is given a player that
aims at one: seat 0 declares 45 spread evenly, puts every SP of choice into its furthest
skill below target, rests while far from it and plays a card only when it does not leave
it further. The search lets that player take over half of the games it plays on, and
shrinks what it finds.
Run: ``python examples/find_lyceum_declaration.py``.
"""

from boardrules import replay
from boardrules.agents import RandomAgent
from boardrules.core.rng import Rng
from boardrules.explore import find
from boardrules.games import lyceum
from boardrules.games.lyceum import (
    SKILLS,
    ChooseSkill,
    Declare,
    DeclareSkill,
    DeferCard,
    DiscardCard,
    Draw,
    FinishMoves,
    KeepDeferred,
    MoveSkillPoint,
    PlayCard,
    PlayDeferred,
    Rest,
    StepKind,
)

game = lyceum.Game()
TARGET = (9, 9, 9, 9, 9)


def shortfall(skills: tuple[int, ...]) -> int:
    return sum(max(t - s, 0) for s, t in zip(skills, TARGET, strict=True))


class Aiming:
    """Seat 0's player: every decision aims at the declared 45."""

    name = "aiming"

    def choose(self, game: lyceum.Game, view: lyceum.State, seat: int, rng: Rng) -> object:
        legal = game.legal_actions(view)
        step, skills = view.queue[0], view.seats[seat].skills
        if seat != 0:
            return legal[rng.below(len(legal))]
        if step.kind is StepKind.DECLARE:
            return Declare(45)
        if step.kind is StepKind.DECLARE_SKILL:
            return DeclareSkill(TARGET[len(step.values)])
        if step.kind is StepKind.CHOOSE:
            return ChooseSkill(min(SKILLS, key=lambda s: (skills[s.index] - TARGET[s.index],
                                                          s.index)))
        if step.kind is StepKind.MOVE:
            above = [s for s in SKILLS if skills[s.index] > TARGET[s.index]]
            below = [s for s in SKILLS if skills[s.index] < TARGET[s.index]]
            return MoveSkillPoint(above[0], below[0]) if above and below else FinishMoves()
        if step.kind in (StepKind.DECIDE, StepKind.OFFER):
            card = game.card(step.card)
            after = tuple(s - lo + g for s, lo, g in zip(skills, card.losses, card.gains,
                                                         strict=True))
            play = PlayCard() if step.kind is StepKind.DECIDE else PlayDeferred()
            if play in legal and shortfall(after) <= shortfall(skills):
                return play
            if DeferCard() in legal:
                return DeferCard()
            return DiscardCard() if step.kind is StepKind.DECIDE else KeepDeferred()
        if shortfall(skills) >= 2 * (11 - view.round) or rng.below(3) == 0:
            return Rest()
        draws = [a for a in legal if isinstance(a, Draw)]
        return draws[rng.below(len(draws))] if draws else Rest()


def met_45(state: lyceum.State, events: tuple[object, ...]) -> bool:
    """The game is over and seat 0 met its declaration of 45 (a 500 XP bonus)."""
    return game.is_over(state) and lyceum.declaration_bonus(state.seats[0]) == 500


found = find(game, met_45, seed=1, budget=100_000, seconds=60,
             agents=[Aiming(), RandomAgent(), RandomAgent(), RandomAgent()])
print(found.summary())
assert found.record is not None
final = replay(found.record, game)[-1]
sheet = final.seats[0]
print(f"seat 0 ({sheet.character}) declared {sheet.declaration}, ended with skills "
      f"{sheet.skills} and {game.score(final)[0].points} XP, the 500 bonus included")
