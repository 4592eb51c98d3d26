"""Differential test: the engine and an independent plain 7Я agree at every step."""

from hypothesis import given
from hypothesis import strategies as st

from boardrules.games import semya
from boardrules.testing import seeds

from .plain import PlainSemya

GAME = semya.Game()
DECK = [(c.id, c.start.value, c.end.value, c.suit is semya.Suit.WHITE, c.points) for c in GAME.deck]


def _as_plain(action: semya.Action) -> tuple[str, ...]:
    if isinstance(action, semya.PlayCard):
        return ("card", action.card)
    if isinstance(action, semya.PlayLord):
        return ("lord", action.named.value)
    return ("fool",)


@given(seeds(), st.data())
def test_engine_agrees_with_plain_rules_at_every_step(seed: int, data: st.DataObject) -> None:
    """SEM-4..SEM-10: same legal moves at every step, same loser, same points."""
    state = GAME.new(seed)
    plain = PlainSemya(DECK, state.first)
    while True:
        legal = GAME.legal_actions(state)
        assert sorted(map(_as_plain, legal)) == sorted(plain.legal())
        if not legal:
            break
        action = data.draw(st.sampled_from(legal))
        state = GAME.apply(state, action)
        plain.play(_as_plain(action))
    assert state.loser == plain.loser
    assert list(GAME.score(state).points) == plain.score()
    assert GAME.score(state).winners == (1 - plain.loser,)
