"""validate() sets no cap that play could pass: large zone counts load and play on."""

from __future__ import annotations

import attrs
import pytest

from boardrules import BadInput, serde
from boardrules.core.rng import Rng
from boardrules.games import orbita

GAME = orbita.Game(rounds=4)


def _midgame(seed: int) -> orbita.State:
    rng = Rng(seed)
    state = GAME.new(seed)
    for _ in range(60):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


@pytest.mark.parametrize("count", [1_000_001, 10**12])
def test_zone_counts_above_the_old_cap_validate_and_play_on(count: int) -> None:
    state = _midgame(4)
    card = next(iter(state.zones))
    zones = state.zones[card]
    current = (zones.current[0], count, *zones.current[2:])
    bigger = attrs.evolve(zones, current=current, meals=count)
    data = serde.to_dict(attrs.evolve(state, zones={**state.zones, card: bigger}))
    loaded = serde.from_dict(data, orbita.State, game=GAME)
    GAME.validate(loaded)
    rng = Rng(9)
    while not GAME.is_over(loaded):
        loaded = GAME.apply(loaded, rng.choice(GAME.legal_actions(loaded)))
        GAME.validate(loaded)


def test_negative_counts_are_still_refused() -> None:
    state = _midgame(4)
    card = next(iter(state.zones))
    zones = state.zones[card]
    broken = attrs.evolve(zones, current=(-1, *zones.current[1:]))
    data = serde.to_dict(attrs.evolve(state, zones={**state.zones, card: broken}))
    with pytest.raises(BadInput, match="non-negative"):
        serde.from_dict(data, orbita.State, game=GAME)
