"""ORB-6..ORB-9 and ORB-17..ORB-24: the round's phases, development, consumption, saving, end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.games.orbita import (
    AllocateFood,
    Amount,
    Boost,
    CharacterDrawn,
    CharacterFired,
    CorporationCollapsed,
    CorporationFormed,
    DrawCharacter,
    EnterpriseCollapsed,
    EnterpriseFormed,
    FormCorporation,
    Game,
    GameEnded,
    Gift,
    MakeOffer,
    Pass,
    Phase,
    PhaseStarted,
    Resource,
    Spec,
    State,
    TakeFromMarket,
)
from boardrules.games.orbita.content import STORES
from boardrules.games.orbita.rules.limits import WEIGHTS
from boardrules.games.orbita.table import seat_cards

GAME = Game()
T, F, W, A = (r.index for r in Resource)
seeds = st.integers(0, 2**64 - 1)
players = st.integers(2, 4)
WORKSHOP = ["hosts-leader-1", "hosts-master-1", "hosts-sage-1", "hosts-bard-1"]
RETINUE = ["warriors-leader-1", "warriors-master-1", "warriors-sage-1", "warriors-bard-1"]
ARTEL = ["heroes-leader-1", "heroes-master-1", "heroes-sage-1", "heroes-bard-1"]
SECT = ["priests-leader-1", "priests-master-1", "priests-sage-1", "priests-bard-1"]


def run(game: Game, state: State, *actions: Any) -> tuple[State, list[Any]]:
    events: list[Any] = []
    for action in actions:
        transition = game.step(state, action)
        events.extend(transition.events)
        state = transition.state
    return state, events


def random_round(game: Game, seed: int, n: int, rng: random.Random) -> tuple[State, list[Any]]:
    """Play one whole round at random; return the state and the events."""
    state = game.new(seed, players=n)
    events: list[Any] = []
    while not game.is_over(state) and state.round == 1:
        transition = game.step(state, rng.choice(game.legal_actions(state)))
        events.extend(transition.events)
        state = transition.state
    return state, events


def code(state: State, action: Any) -> tuple[str, str] | None:
    v = GAME.check(state, action)
    return None if v is None else (v.rule, v.code)


# -- ORB-6 the round ----------------------------------------------------------------------------
@given(seeds, players, st.randoms(use_true_random=False))
def test_orb6_a_round_runs_the_seven_phases_in_order(seed: int, n: int, rng: Any) -> None:
    """ORB-6: attraction, production, trade, hiring, development, consumption, saving."""
    _, events = random_round(GAME, seed, n, rng)
    phases = [e.phase for e in events if isinstance(e, PhaseStarted) and e.round == 1]
    assert phases == [
        Phase.PRODUCTION,
        Phase.TRADE,
        Phase.HIRING,
        Phase.DEVELOPMENT,
        Phase.CONSUMPTION,
        Phase.SAVING,
    ]


def test_orb6_actions_belong_to_their_phase() -> None:
    """ORB-6: an action outside its phase is refused by the core as CORE-3 ``wrong_step``."""
    state = GAME.new(3, players=2)
    assert code(state, MakeOffer("warriors-leader-1", "hosts-leader-1")) == (
        "CORE-3",
        "wrong_step",
    )
    assert code(state, FormCorporation(Spec.HOSTS)) == ("CORE-3", "wrong_step")


# -- ORB-7, ORB-8 attraction --------------------------------------------------------------------
def attraction(deck: list[str], seat0: list[list[str]], **kw: Any) -> State:
    return GAME.position(
        [seat0, [["priests-leader-1"]]],
        phase="attraction",
        deck=[*deck, *(c for c in GAME.cards if c not in deck and c not in _placed(seat0, kw))],
        **kw,
    )


def _placed(seat0: list[list[str]], kw: dict[str, Any]) -> set[str]:
    return {c for team in seat0 for c in team} | {"priests-leader-1"} | set(kw.get("market", ()))


@pytest.mark.parametrize(("top", "joins"), [("hosts-master-1", True), ("heroes-sage-1", False)])
def test_orb7_a_drawn_character_joins_a_matching_team_or_the_market(top: str, joins: bool) -> None:
    """ORB-7: it joins if its specialisation (and free role) fits a team, else the market."""
    state = attraction([top], [["hosts-leader-1"]])
    after, events = run(GAME, state, DrawCharacter())
    assert CharacterDrawn(0, top, joins) in events
    assert (top in after.seats[0].teams[0].members) == joins
    assert (top in after.market) == (not joins)
    assert after.turn == 1  # no Bard: one attraction only


def test_orb7_a_bard_lets_the_seat_draw_and_take() -> None:
    """ORB-7: with a Bard the seat may both draw and take from the market."""
    state = attraction(
        ["heroes-sage-1"], [["hosts-leader-1", "hosts-bard-1"]], market=["hosts-sage-1"]
    )
    after = GAME.apply(state, DrawCharacter())
    assert after.turn == 0
    assert after.drew
    after = GAME.apply(after, TakeFromMarket("hosts-sage-1"))
    assert "hosts-sage-1" in after.seats[0].teams[0].members
    assert after.turn == 1


def test_orb7_without_a_bard_one_attraction() -> None:
    """ORB-7: taking from the market is instead of drawing."""
    state = attraction(["heroes-sage-1"], [["hosts-leader-1"]], market=["hosts-sage-1"])
    after = GAME.apply(state, TakeFromMarket("hosts-sage-1"))
    assert after.turn == 1
    assert after.deck[0] == "heroes-sage-1"


def test_orb7_only_fitting_market_characters_can_be_taken() -> None:
    """ORB-7: a market character of another specialisation cannot join."""
    state = attraction([], [["hosts-leader-1"]], market=["heroes-sage-1"])
    assert code(state, TakeFromMarket("heroes-sage-1")) == ("ORB-7", "cannot_join")
    # A take of a card that is not on the market is not well formed (CORE-4).
    assert code(state, TakeFromMarket("heroes-bard-1")) == ("CORE-4", "not_on_market")


def test_orb8_no_new_leader_before_an_enterprise() -> None:
    """ORB-8: a second Leader needs an enterprise first."""
    state = attraction([], [["hosts-leader-1"]], market=["warriors-leader-2"])
    assert code(state, TakeFromMarket("warriors-leader-2")) == ("ORB-8", "leader_limit")
    with_workshop = attraction(
        [], [WORKSHOP], market=["warriors-leader-2"], enterprises=["hosts-leader-1"]
    )
    after = GAME.apply(with_workshop, TakeFromMarket("warriors-leader-2"))
    assert [t.leader for t in after.seats[0].teams] == ["hosts-leader-1", "warriors-leader-2"]


def test_orb8_a_drawn_leader_without_room_goes_to_market() -> None:
    """ORB-8: a drawn Leader the seat may not hold goes to the market."""
    state = attraction(["hosts-leader-2"], [["hosts-leader-1"]])
    after = GAME.apply(state, DrawCharacter())
    assert after.market == ("hosts-leader-2",)


# -- ORB-9 production ---------------------------------------------------------------------------
def test_orb9_production_tops_up_and_feeds_the_market() -> None:
    """ORB-9: 1 each, Hosts 2, Masters +1; a market character without a resource gets 1."""
    state = GAME.position(
        [[["hosts-leader-1", "hosts-master-1"]], [["warriors-leader-1", "warriors-master-1"]]],
        market=["hosts-sage-1", "heroes-bard-1"],
        zones={"hosts-sage-1": {"current": {"food": 1}}},
        phase="attraction",
    )
    after, _events = run(GAME, state, Pass(), Pass())
    assert after.phase is Phase.TRADE
    z = after.zones
    assert (z["hosts-leader-1"].current[F], z["hosts-master-1"].current[F]) == (2, 3)
    assert (z["warriors-leader-1"].current[T], z["warriors-master-1"].current[T]) == (1, 2)
    assert z["hosts-sage-1"].current == (0, 1, 0, 0)
    assert z["heroes-bard-1"].current == (0, 0, 1, 0)


# -- ORB-17, ORB-18 development -----------------------------------------------------------------
def test_orb17_a_full_team_that_can_eat_forms_an_enterprise() -> None:
    """ORB-17: four roles of one specialisation and Food for 6 form the enterprise."""
    state = GAME.position(
        [[WORKSHOP], [["warriors-leader-1"]]],
        zones={"hosts-leader-1": {"current": {"food": 6}}},
        phase="hiring",
    )
    after, events = run(GAME, state, Pass(), Pass())
    assert EnterpriseFormed(0, "hosts-leader-1", Spec.HOSTS) in events
    assert after.phase is Phase.CONSUMPTION
    assert after.seats[0].teams[0].enterprise


def test_orb17_no_enterprise_without_food_for_it() -> None:
    """ORB-17: a full team whose seat cannot feed 6 stays a team."""
    state = GAME.position(
        [[WORKSHOP], [["warriors-leader-1"]]],
        zones={"hosts-leader-1": {"current": {"food": 5}}},
        phase="hiring",
    )
    after, events = run(GAME, state, Pass(), Pass())
    assert not any(isinstance(e, EnterpriseFormed) for e in events)
    assert not after.seats[0].teams[0].enterprise


def four_enterprises(food: int) -> State:
    return GAME.position(
        [[RETINUE, WORKSHOP, ARTEL, SECT, ["warriors-leader-2"]], [["hosts-leader-2"]]],
        enterprises=["warriors-leader-1", "hosts-leader-1", "heroes-leader-1", "priests-leader-1"],
        zones={"hosts-master-1": {"reserve": {"food": food}}},
        phase="hiring",
    )


def test_orb18_a_corporation_forms_with_a_chosen_suit() -> None:
    """ORB-18: four enterprises of different specialisations; the seat picks the suit."""
    state = four_enterprises(33)
    state, _ = run(GAME, state, Pass(), Pass())
    assert state.phase is Phase.DEVELOPMENT
    assert GAME.to_move(state) == 0
    after, events = run(GAME, state, FormCorporation(Spec.HEROES))
    assert CorporationFormed(0, Spec.HEROES) in events
    (corp,) = after.seats[0].corporations
    assert corp.suit is Spec.HEROES
    assert [GAME.spec_of(t.leader) for t in corp.enterprises] == [
        Spec.HEROES,
        Spec.PRIESTS,
        Spec.WARRIORS,
        Spec.HOSTS,
    ]
    assert after.phase is Phase.CONSUMPTION


def test_orb18_a_corporation_needs_food_for_32() -> None:
    """ORB-18: the seat must be able to feed the corporation this round."""
    state = four_enterprises(32)
    state, _ = run(GAME, state, Pass(), Pass())
    assert state.phase is Phase.CONSUMPTION  # nobody could choose: development skipped


def test_orb18_development_waits_only_on_a_seat_that_can_form() -> None:
    """ORB-18: no seat is asked without four enterprises of different specialisations."""
    with pytest.raises(BadInput, match="ORB-18"):
        GAME.position(
            [[WORKSHOP], [["warriors-leader-1"]]],
            enterprises=["hosts-leader-1"],
            phase="development",
            zones={"hosts-master-1": {"reserve": {"food": 50}}},
        )
    ready = four_enterprises(40)
    ready, _ = run(GAME, ready, Pass(), Pass())
    formed = GAME.apply(ready, FormCorporation(Spec.WARRIORS))
    assert formed.phase is Phase.CONSUMPTION
    assert code(formed, FormCorporation(Spec.HOSTS)) == ("CORE-3", "wrong_step")


# -- ORB-19 consumption -------------------------------------------------------------------------
def consume(
    seat0: list[list[str]], food: int, *, actions: tuple[Any, ...] = (), **kw: Any
) -> tuple[State, list[Any]]:
    holder = kw.pop("holder", seat0[0][0])
    store = "reserve" if GAME.spec_of(holder) in (Spec.HOSTS, Spec.PRIESTS) else "gifts"
    state = GAME.position(
        [seat0, [["priests-leader-2"]]],
        zones={holder: {store: {"food": food}}, **kw.pop("zones", {})},
        phase="consumption",
        **kw,
    )
    return run(GAME, state, *actions, Pass(), Pass())


def test_orb19_the_unfed_go_to_market_but_the_sage_stays_with_a_fed_leader() -> None:
    """ORB-19: 1 Food per lone character; unfed ones leave, a Sage stays if its Leader ate."""
    after, events = consume([["hosts-leader-1", "hosts-master-1", "hosts-sage-1"]], 1)
    assert after.seats[0].teams[0].members == ("hosts-leader-1", "hosts-sage-1")
    assert CharacterFired(0, "hosts-master-1") in events
    assert "hosts-master-1" in after.market


def test_orb19_the_last_leader_stays_unfed() -> None:
    """ORB-19: the seat's last Leader never leaves; its unfed team does."""
    after, _events = consume([["hosts-leader-1", "hosts-sage-1"]], 0)
    assert after.seats[0].teams[0].members == ("hosts-leader-1",)
    assert "hosts-sage-1" in after.market


def test_orb19_allocation_chooses_who_eats_first() -> None:
    """ORB-19: AllocateFood feeds a structure before the default order (Leaders first)."""
    default, _ = consume([["hosts-leader-1", "hosts-master-1"]], 1)
    assert default.seats[0].teams[0].members == ("hosts-leader-1",)
    chosen, _ = consume(
        [["hosts-leader-1", "hosts-master-1"]], 1, actions=(AllocateFood("hosts-master-1"),)
    )
    assert chosen.seats[0].teams[0].members == ("hosts-leader-1", "hosts-master-1")


def test_orb19_an_unfed_enterprise_breaks_and_its_extra_team_leaves() -> None:
    """ORB-19 with ORB-8: the enterprise breaks into characters; the extra Leader's team goes."""
    after, events = consume([WORKSHOP, ["warriors-leader-2"]], 5, enterprises=["hosts-leader-1"])
    assert EnterpriseCollapsed(0, "hosts-leader-1") in events
    assert [t.leader for t in after.seats[0].teams] == ["hosts-leader-1"]
    assert not after.seats[0].teams[0].enterprise
    assert after.seats[0].teams[0].members == tuple(WORKSHOP)
    assert CharacterFired(0, "warriors-leader-2") in events


def test_orb19_an_unfed_corporation_breaks_into_fed_enterprises() -> None:
    """ORB-19: a corporation short of 32 breaks into enterprises, each fed again if it can."""
    state = GAME.position(
        [[], [["warriors-leader-2"]]],
        corporations=[[("hosts", [WORKSHOP, ARTEL, SECT, RETINUE])]],
        zones={"hosts-master-1": {"reserve": {"food": 24}}},
        phase="consumption",
    )
    after, events = run(GAME, state, Pass(), Pass())
    assert CorporationCollapsed(0, Spec.HOSTS) in events
    assert after.seats[0].corporations == ()
    assert [t.enterprise for t in after.seats[0].teams] == [True, True, True, True]
    assert after.zones["hosts-master-1"].reserve[F] == 0


def corporation_at_consumption(game: Game, food: int) -> State:
    return game.position(
        [[], [["warriors-leader-2"]]],
        corporations=[[("warriors", [WORKSHOP, ARTEL, SECT, RETINUE])]],
        zones={"hosts-master-1": {"reserve": {"food": food}}},
        phase="consumption",
    )


def test_orb19_a_fed_corporation_survives_and_ends_the_game() -> None:
    """ORB-19 and ORB-22: a corporation fed for ``goal_rounds`` rounds ends the game."""
    game = Game(goal_rounds=1)
    after, events = run(game, corporation_at_consumption(game, 40), Pass(), Pass())
    assert after.seats[0].corporations[0].age == 1
    assert GameEnded(1, "corporation") in events
    assert game.is_over(after)
    standings = game.score(after)
    assert standings.winners == (0,)
    assert standings[0].breakdown["corporations"] == WEIGHTS["corporations"]
    assert after.zones["hosts-master-1"].reserve[F] == 8


def test_orb22_by_default_a_corporation_must_survive_two_rounds() -> None:
    """ORB-22: with ``goal_rounds=2`` the first fed round does not end the game."""
    after, _ = run(GAME, corporation_at_consumption(GAME, 40), Pass(), Pass())
    assert not GAME.is_over(after)
    assert after.round == 2
    assert after.seats[0].corporations[0].age == 1


# -- ORB-20 saving ------------------------------------------------------------------------------
@given(seeds, players, st.randoms(use_true_random=False))
def test_orb20_a_new_round_holds_only_storable_reserves(seed: int, n: int, rng: Any) -> None:
    """ORB-20: after saving, only reserves of what each specialisation stores remain."""
    state, _ = random_round(Game(rounds=2), seed, n, rng)
    assert state.round == 2
    assert state.phase is Phase.ATTRACTION
    for seat in state.seats:
        for card in seat_cards(seat):
            z = state.zones[card]
            assert z.current == z.gifts == z.influence == (0, 0, 0, 0)
            assert z.meals == 0
            spec = GAME.spec_of(card)
            assert all(z.reserve[r.index] == 0 for r in Resource if r not in STORES[spec])


def test_orb20_hosts_keep_food_warriors_lose_it() -> None:
    """ORB-20: Food with a Host is stored; Food a Warrior was given and did not eat is removed."""
    state = GAME.position(
        [[["hosts-leader-1"]], [["warriors-leader-1"]]],
        zones={
            "hosts-leader-1": {"current": {"food": 3}},
            "warriors-leader-1": {"gifts": {"food": 1}, "current": {"territory": 1}},
        },
        phase="consumption",
    )
    after, _ = run(GAME, state, Pass(), Pass())
    assert after.zones["hosts-leader-1"].reserve == (0, 2, 0, 0)
    assert after.zones["warriors-leader-1"] == type(after.zones["warriors-leader-1"])()


# -- ORB-21 limits ------------------------------------------------------------------------------
@given(st.integers(0, 5))
def test_orb21_limited_actions_per_phase(limit: int) -> None:
    """ORB-21: each seat has ``steps`` gifts, boosts and offers per phase."""
    game = Game(steps=limit)
    state = game.position(
        [[["hosts-leader-1"]], [["warriors-leader-1"]]],
        zones={"hosts-leader-1": {"current": {"food": 20}}},
        phase="trade",
    )
    for _ in range(limit):
        state = game.apply(state, Gift(Resource.FOOD, "warriors-leader-1"))
        state = game.apply(state, Pass()) if game.to_move(state) == 1 else state
    violation = game.check(state, Gift(Resource.FOOD, "warriors-leader-1"))
    assert violation is not None
    assert (violation.rule, violation.code) == ("ORB-21", "step_limit")


@given(st.integers(0, 6), st.integers(0, 6))
def test_orb21_a_gift_is_of_one_unit_or_of_everything(current: int, reserve: int) -> None:
    """ORB-21: one unit, or all the seat can give; "all" is its own choice only above one."""
    state = GAME.position(
        [[["hosts-leader-1", "hosts-bard-1"]], [["warriors-leader-1"]]],
        zones={
            "hosts-leader-1": {"current": {"food": current}},
            "hosts-bard-1": {"reserve": {"food": reserve}},
        },
        phase="trade",
    )
    total = current + reserve
    one, everything = (Gift(Resource.FOOD, "warriors-leader-1", a) for a in Amount)
    legal = [a for a in GAME.legal_actions(state) if isinstance(a, Gift) and a.to == one.to]
    assert legal == [one, everything][: min(total, 2)]
    violation = GAME.check(state, everything)
    if total > 1:
        assert violation is None
        after = GAME.apply(state, everything)
        assert after.zones["warriors-leader-1"].gifts[F] == total
        assert after.zones["hosts-leader-1"].holds(Resource.FOOD) == 0
        assert after.zones["hosts-bard-1"].holds(Resource.FOOD) == 0
        assert after.seats[0].steps == 1
    else:
        assert violation is not None
        expected = ("ORB-21", "all_is_one") if total == 1 else ("ORB-4", "nothing_to_give")
        assert (violation.rule, violation.code) == expected
    if total:
        after = GAME.apply(state, one)
        assert after.zones["warriors-leader-1"].gifts[F] == 1
    # Within the seat, "everything" is what the other characters hold.
    own = Gift(Resource.FOOD, "hosts-bard-1", Amount.ALL)
    if current > 1:
        after = GAME.apply(state, own)
        assert after.zones["hosts-bard-1"].gifts[F] == current
    else:
        assert GAME.check(state, own) is not None


@given(st.integers(1, 6))
def test_orb21_a_boost_spends_one_unit_or_everything(ways: int) -> None:
    """ORB-3, ORB-21: boosting with everything spends every Way the Host holds, 2 Food each."""
    state = GAME.position(
        [[["hosts-leader-1"]], [["warriors-leader-1"]]],
        zones={"hosts-leader-1": {"current": {"food": 2}, "gifts": {"way": ways}}},
        phase="trade",
    )
    one, everything = Boost("hosts-leader-1"), Boost("hosts-leader-1", Amount.ALL)
    legal = [a for a in GAME.legal_actions(state) if isinstance(a, Boost)]
    assert legal == [one, everything][: min(ways, 2)]
    after = GAME.apply(state, one)
    assert after.zones["hosts-leader-1"].current[F] == 4
    if ways > 1:
        after = GAME.apply(state, everything)
        assert after.zones["hosts-leader-1"].current[F] == 2 + 2 * ways
        assert after.zones["hosts-leader-1"].holds(Resource.WAY) == 0
    else:
        violation = GAME.check(state, everything)
        assert violation is not None
        assert (violation.rule, violation.code) == ("ORB-21", "all_is_one")


@given(st.integers(1, 3), st.integers(0, 3), st.integers(0, 2), seeds, players)
def test_orb21_every_game_ends_within_max_moves(
    rounds: int, steps: int, reinforcements: int, seed: int, n: int
) -> None:
    """ORB-21 and ORB-22: the per-phase limits bound the game; it ends within ``max_moves``."""
    game = Game(rounds=rounds, steps=steps, reinforcements=reinforcements)
    state = game.new(seed, players=n)
    rng = random.Random(seed)
    moves = 0
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        moves += 1
        assert moves <= game.max_moves()
    assert state.round == rounds or any(c.age for s in state.seats for c in s.corporations)


# -- ORB-22 the end -----------------------------------------------------------------------------
@given(seeds, players, st.randoms(use_true_random=False))
def test_orb22_the_game_ends_after_the_round_limit(seed: int, n: int, rng: Any) -> None:
    """ORB-22: after the last round's saving the game is over and final standings exist."""
    game = Game(rounds=1)
    state, events = random_round(game, seed, n, rng)
    assert game.is_over(state)
    assert game.legal_actions(state) == ()
    assert events[-1] in (GameEnded(1, "rounds"), GameEnded(1, "corporation"))
    assert game.score(state).final
    violation = game.check(state, Pass())
    assert violation is not None
    assert (violation.rule, violation.code) == ("CORE-2", "game_over")


# -- ORB-23 scoring -----------------------------------------------------------------------------
@given(seeds, players, st.randoms(use_true_random=False))
def test_orb23_breakdown_sums_and_ranks_lexicographically(seed: int, n: int, rng: Any) -> None:
    """ORB-23: points = corporations > enterprises > characters > Food, each shown."""
    state, _ = random_round(Game(rounds=1), seed, n, rng)
    standings = GAME.score(state)
    for s in standings:
        assert set(s.breakdown) == {"corporations", "enterprises", "characters", "food"}
        assert sum(s.breakdown.values()) == s.points
        assert 0 <= s.breakdown["food"] <= 99
        assert s.breakdown["characters"] < WEIGHTS["enterprises"]
    key = [
        tuple(s.breakdown[k] for k in ("corporations", "enterprises", "characters", "food"))
        for s in standings
    ]
    for a in range(len(key)):
        for b in range(len(key)):
            if key[a] > key[b]:
                assert standings[a].rank < standings[b].rank


# -- ORB-24 views -------------------------------------------------------------------------------
@given(seeds, players, st.randoms(use_true_random=False), st.integers(-1, 3))
def test_orb24_views_hide_only_the_deck_order(seed: int, n: int, rng: Any, who: int) -> None:
    """ORB-24: the table is open; two states that differ in deck order look the same."""
    state = GAME.new(seed, players=n)
    shuffled = State(
        state.round,
        state.phase,
        state.turn,
        state.seats,
        state.market,
        tuple(rng.sample(state.deck, len(state.deck))),
        state.zones,
    )
    seat = None if who < 0 or who >= n else who
    assert GAME.view(state, seat) == GAME.view(shuffled, seat)
    view = GAME.view(state, seat)
    assert sorted(view.deck) == sorted(state.deck)
    assert (view.seats, view.market, view.zones) == (state.seats, state.market, state.zones)
    assert serde.from_dict(serde.to_dict(view), State, game=GAME) == view


@given(seeds, players, st.randoms(use_true_random=False), st.integers(0, 3))
def test_orb21_even_players_who_never_pass_end_within_max_moves(
    seed: int, n: int, rng: Any, steps: int
) -> None:
    """ORB-21: players who always pick something other than Pass still end in the bound."""
    game = Game(rounds=2, steps=steps)
    state = game.new(seed, players=n)
    moves = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        busy = [a for a in legal if not isinstance(a, Pass)]
        state = game.apply(state, rng.choice(busy or legal))
        moves += 1
        assert moves <= game.max_moves()


def test_orb19_food_is_allocated_to_whole_structures() -> None:
    """ORB-19: an enterprise is fed as a whole, named by its Leader; once per structure."""
    state = GAME.position(
        [[WORKSHOP], [["warriors-leader-1"]]],
        enterprises=["hosts-leader-1"],
        phase="consumption",
    )
    assert code(state, AllocateFood("hosts-sage-1")) == ("ORB-19", "feed_whole")
    after = GAME.apply(state, AllocateFood("hosts-leader-1"))
    after = GAME.apply(after, Pass())  # seat 1 done; back to seat 0
    assert code(after, AllocateFood("hosts-leader-1")) == ("ORB-19", "already_allocated")
