"""Kuhn poker with nothing but its rules: the least a game needs.

The values (``kuhn.content``) and rule units (``kuhn.rules``) of ``boardrules.games.kuhn``,
and a ``Game`` facade of a few lines: no pictures, labels, notation, positions or report
hooks. Besides the rules it needs two things: ``validate``, the invariants of a state read
from outside, and ``determinize``, because a game with hidden information needs it for
agents that look ahead. The conformance kit passes on it
(tests/games/kuhn/test_bare.py), and agents, records and simulation work with it.
Run: ``python examples/kuhn_bare.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from boardrules import BadInput, Rng
from boardrules.agents import MCTSAgent, RandomAgent
from boardrules.core.game import GameBase, kept
from boardrules.core.rules import Rulebook
from boardrules.games.kuhn import DECK, Action, Card, Event, Setup, Stakes, State, rules
from boardrules.sim import simulate


@attrs.frozen
class BareKuhn(GameBase[State, Action, Event, Setup]):
    """Kuhn poker from its rule units alone."""

    name: ClassVar[str] = "kuhn-bare"
    state_type: ClassVar[type] = State
    action_type: ClassVar[Any] = Action
    event_type: ClassVar[Any] = Event
    setup_type: ClassVar[type] = Setup
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    hidden_information: ClassVar[bool] = True
    default_rules: ClassVar[Rulebook] = rules.RULES

    ante: int = 1
    bet: int = 1

    @kept
    def rule_context(self) -> Stakes:
        """The stakes, with the rulebook's named facts: what every rule gets."""
        return Stakes(self.ante, self.bet, facts=self.rulebook.facts(State))

    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` is a hand these rules allow."""
        if not isinstance(state, State) or len(state.cards) != 2 or not all(
            c is None or isinstance(c, Card) for c in state.cards
        ):
            raise BadInput("$.cards", "two cards, each a card or hidden")
        for i, move in enumerate(state.moves):
            refused = self.check(State(state.cards, state.moves[:i]), move)
            if refused is not None:
                raise BadInput(f"$.moves[{i}]", str(refused))

    def max_moves(self) -> int:
        """The longest hand: check, bet, then a call or a fold."""
        return 3

    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state with the same view for ``seat`` (for MCTS)."""
        unseen = list(rng.shuffled(c for c in DECK if c not in view.cards))
        first, second = view.cards
        return State((first or unseen.pop(), second or unseen.pop()), view.moves)


if __name__ == "__main__":
    game = BareKuhn()
    state = game.new(seed=3)
    print(game.legal_actions(state))
    study = simulate(game, [MCTSAgent(iterations=200), RandomAgent()], games=200, seed=1,
                     executor=None)
    wins = study.summary.agent_wins
    print(f"{study.summary.games} hands: MCTS won {wins['mcts']:.0f}, random {wins['random']:.0f}")
