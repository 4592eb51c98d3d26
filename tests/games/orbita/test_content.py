"""ORB-1..ORB-5: characters, resources and the trump cycle, boosts, storage, setup."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.games.orbita import (
    Boost,
    Game,
    Gift,
    Phase,
    Resource,
    Role,
    Spec,
)
from boardrules.games.orbita.content import (
    BOOSTS,
    GIVES,
    STORES,
    card_id,
    deck_cards,
    parse_card,
)
from boardrules.games.orbita.table import seat_cards

GAME = Game()
seeds = st.integers(0, 2**64 - 1)
players = st.integers(2, 4)


def _all_places(state: object) -> list[str]:
    cards = list(state.deck) + list(state.market)  # type: ignore[attr-defined]
    for seat in state.seats:  # type: ignore[attr-defined]
        cards.extend(seat_cards(seat))
    return cards


@given(st.integers(1, 4), seeds, players)
def test_orb1_deck_holds_copies_of_sixteen_characters(copies: int, seed: int, n: int) -> None:
    """ORB-1: 4 specialisations x 4 roles x copies; every card is in exactly one place."""
    game = Game(copies=copies)
    state = game.new(seed, players=n)
    cards = _all_places(state)
    assert sorted(cards) == sorted(deck_cards(copies))
    assert len(set(cards)) == 16 * copies
    for card in cards:
        parsed = parse_card(card)
        assert parsed is not None
        assert card_id(*parsed) == card


def test_orb1_unknown_character_is_refused() -> None:
    """ORB-1: an id that is no card of the deck, or a card that is not at the table, gets
    ``unknown_character``: the action is not well formed (CORE-4, before any rule)."""
    state = GAME.position([[["warriors-leader-1"]], [["hosts-leader-1"]]], phase="trade")
    for card in ("dragons-leader-1", state.deck[0]):
        violation = GAME.check(state, Boost(card))
        assert violation is not None
        assert violation.rule == "CORE-4"
        assert violation.code == "unknown_character"
        assert "is no character" in violation.message("en") or card in violation.message("en")


@given(st.sampled_from(list(Spec)))
def test_orb2_each_resource_trumps_the_next_spec(spec: Spec) -> None:
    """ORB-2: a specialisation's resource is the trump over the next one in the cycle."""
    assert spec.resource.spec is spec
    assert spec.resource.trumps is spec.next
    assert spec.next.previous is spec
    assert [s.next for s in (spec, spec.next, spec.next.next, spec.next.next.next)][-1] is spec


def test_orb2_the_cycle_named_by_the_rulebook() -> None:
    """ORB-2: Territory over Hosts, Food over Heroes, Ways over Priests, Advice over Warriors."""
    assert Resource.TERRITORY.trumps is Spec.HOSTS
    assert Resource.FOOD.trumps is Spec.HEROES
    assert Resource.WAY.trumps is Spec.PRIESTS
    assert Resource.ADVICE.trumps is Spec.WARRIORS


def test_orb3_boost_table() -> None:
    """ORB-3: Food boosts Warriors and Priests by 1, Advice Heroes by 1, a Way Hosts by 2."""
    assert BOOSTS[Spec.WARRIORS] == (Resource.FOOD, 1)
    assert BOOSTS[Spec.PRIESTS] == (Resource.FOOD, 1)
    assert BOOSTS[Spec.HEROES] == (Resource.ADVICE, 1)
    assert BOOSTS[Spec.HOSTS] == (Resource.WAY, 2)


@pytest.mark.parametrize(
    ("card", "booster", "gain"),
    [
        ("warriors-leader-1", Resource.FOOD, 1),
        ("hosts-leader-1", Resource.WAY, 2),
        ("heroes-leader-1", Resource.ADVICE, 1),
        ("priests-leader-1", Resource.FOOD, 1),
    ],
)
def test_orb3_boost_turns_one_booster_into_own_resource(
    card: str, booster: Resource, gain: int
) -> None:
    """ORB-3: one unit of the booster becomes ``gain`` units of the character's resource."""
    own = GAME.spec_of(card).resource
    state = GAME.position(
        [[[card]], [["warriors-leader-2" if card != "warriors-leader-1" else "hosts-leader-2"]]],
        zones={card: {"current": {own: 1}, "gifts": {booster: 1}}},
        phase="trade",
    )
    after = GAME.apply(state, Boost(card))
    assert after.zones[card].current[own.index] == 1 + gain
    assert after.zones[card].holds(booster) == 0


def test_orb3_an_artel_gets_two_ways_per_advice() -> None:
    """ORB-3: Heroes in an Artel turn one Advice into two Ways."""
    artel = ["heroes-leader-1", "heroes-master-1", "heroes-sage-1", "heroes-bard-1"]
    state = GAME.position(
        [[artel], [["warriors-leader-1"]]],
        enterprises=["heroes-leader-1"],
        zones={"heroes-sage-1": {"current": {"way": 1}, "reserve": {"advice": 1}}},
        phase="trade",
    )
    after = GAME.apply(state, Boost("heroes-sage-1"))
    assert after.zones["heroes-sage-1"].current == (0, 0, 3, 0)
    assert after.zones["heroes-sage-1"].reserve == (0, 0, 0, 0)


def test_orb3_no_boost_without_own_resource_or_booster() -> None:
    """ORB-3: nothing produced means nothing to boost; a boost needs its booster."""
    state = GAME.position(
        [[["hosts-leader-1", "hosts-bard-1"]], [["warriors-leader-1"]]],
        zones={"hosts-leader-1": {"gifts": {"way": 1}}, "hosts-bard-1": {"current": {"food": 2}}},
        phase="trade",
    )
    no_own = GAME.check(state, Boost("hosts-leader-1"))
    assert no_own is not None
    assert (no_own.rule, no_own.code) == ("ORB-3", "boost_needs_own")
    no_way = GAME.check(state, Boost("hosts-bard-1"))
    assert no_way is not None
    assert (no_way.rule, no_way.code) == ("ORB-3", "no_booster")


def test_orb4_storage_table() -> None:
    """ORB-4: Hosts and Priests store Food, Heroes store Advice, nobody stores Territory or Ways."""
    assert STORES[Spec.HOSTS] == {Resource.FOOD}
    assert STORES[Spec.PRIESTS] == {Resource.FOOD}
    assert STORES[Spec.HEROES] == {Resource.ADVICE}
    assert STORES[Spec.WARRIORS] == set()
    assert all(Resource.TERRITORY not in s and Resource.WAY not in s for s in STORES.values())
    assert Resource.FOOD not in GIVES[Spec.PRIESTS]
    assert Resource.ADVICE not in GIVES[Spec.HEROES]


def test_orb4_priests_never_give_food_away() -> None:
    """ORB-4: a seat whose only Food lies with a Priest cannot give Food."""
    state = GAME.position(
        [[["priests-leader-1"]], [["hosts-leader-1"]]],
        zones={"priests-leader-1": {"reserve": {"food": 3}, "current": {"advice": 1}}},
        phase="trade",
    )
    violation = GAME.check(state, Gift(Resource.FOOD, "hosts-leader-1"))
    assert violation is not None
    assert (violation.rule, violation.code) == (
        "ORB-4",
        "nothing_to_give",
    )
    assert GAME.check(state, Gift(Resource.ADVICE, "hosts-leader-1")) is None


def test_orb4_heroes_keep_advice_for_boosting() -> None:
    """ORB-4: Heroes store Advice but never hand it on."""
    state = GAME.position(
        [[["heroes-leader-1"]], [["warriors-leader-1"]]],
        zones={"heroes-leader-1": {"reserve": {"advice": 2}}},
        phase="trade",
    )
    violation = GAME.check(state, Gift(Resource.ADVICE, "warriors-leader-1"))
    assert violation is not None
    assert violation.code == "nothing_to_give"


def test_orb4_a_stored_way_is_refused_in_a_loaded_state() -> None:
    """ORB-4: a tampered reserve (Warriors storing Territory) is refused on load."""
    state = GAME.position([[["warriors-leader-1"]], [["hosts-leader-1"]]], phase="trade")
    data = serde.to_dict(state)
    data["zones"]["warriors-leader-1"]["reserve"] = [1, 0, 0, 0]
    with pytest.raises(BadInput, match="ORB-4"):
        serde.from_dict(data, type(state), game=GAME)


@given(seeds, players)
def test_orb5_each_seat_starts_with_a_leader_of_its_own_spec(seed: int, n: int) -> None:
    """ORB-5: one Leader per seat, all of different specialisations, with starting Food."""
    state = GAME.new(seed, players=n)
    assert len(state.seats) == n
    specs = []
    for seat in state.seats:
        (team,) = seat.teams
        assert team.members == (team.leader,)
        assert GAME.role_of(team.leader) is Role.LEADER
        specs.append(GAME.spec_of(team.leader))
        assert state.zones[team.leader].gifts[Resource.FOOD.index] == GAME.starting_food
    assert len(set(specs)) == n
    assert state.phase is Phase.ATTRACTION
    assert state.round == 1


@given(seeds, st.permutations(list(Spec)), players)
def test_orb5_starting_leaders_can_be_given(seed: int, order: list[Spec], n: int) -> None:
    """ORB-5: ``leaders=`` fixes each seat's starting Leader."""
    state = GAME.new(seed, players=n, leaders=[s.value for s in order[:n]])
    assert [GAME.spec_of(s.teams[0].leader) for s in state.seats] == order[:n]


@pytest.mark.parametrize(
    "setup",
    [
        {"players": 1},
        {"players": 5},
        {"players": 2, "leaders": ["hosts", "hosts"]},
        {"players": 3, "leaders": ["hosts", "heroes"]},
        {"players": 2, "leaders": ["dragons", "hosts"]},
        {"players": "2"},
    ],
)
def test_orb5_bad_setups_are_bad_input(setup: dict[str, object]) -> None:
    """ORB-5: 2 to 4 seats, Leaders of different specialisations."""
    with pytest.raises(BadInput):
        GAME.new(1, **setup)


def test_orb5_the_registry_loads_the_default_game() -> None:
    """ORB-5: ``boardrules.load("orbita")`` is the game with default options."""
    import boardrules

    game = boardrules.load("orbita")
    assert game == Game()
    assert (game.copies, game.rounds, game.steps) == (2, 24, 4)
    assert game.new(9, players=3) == Game().new(9, players=3)
