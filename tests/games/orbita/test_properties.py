"""Rule properties checked on every transition of random play (ORB-3..ORB-21).

Each test draws games (fresh ones, and ones started from positions holding enterprises and a
corporation, where hiring fights are richer), plays random legal actions, and checks one
rule on every step it sees.
"""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from boardrules.games.orbita import (
    Amount,
    Answer,
    AnswerOffer,
    Boost,
    Boosted,
    CharacterDrawn,
    DrawCharacter,
    FormCorporation,
    Game,
    Gift,
    GiftGiven,
    MakeOffer,
    OfferAnswered,
    OfferReinforced,
    Pass,
    Phase,
    PhaseStarted,
    Reinforce,
    Resource,
    Role,
    Shield,
    Spec,
    State,
)
from boardrules.games.orbita.content import BOOSTS, GIVES
from boardrules.games.orbita.table import enterprises, leaders, seat_cards, structure_of

GAME = Game(rounds=4)
WORKSHOP = ["hosts-leader-1", "hosts-master-1", "hosts-sage-1", "hosts-bard-1"]
RETINUE = ["warriors-leader-1", "warriors-master-1", "warriors-sage-1", "warriors-bard-1"]
ARTEL = ["heroes-leader-1", "heroes-master-1", "heroes-sage-1", "heroes-bard-1"]
SECT = ["priests-leader-1", "priests-master-1", "priests-sage-1", "priests-bard-1"]


def _givable(state: State, seat: int, resource: Resource, to: str) -> int:
    """What ``seat`` can give ``to`` of ``resource`` (ORB-4, ORB-14): the units its other
    characters that may give it hold, the answering structure's aside."""
    offer = state.offer
    answering = _members(state, offer.target) if offer and offer.responder is not None else ()
    return sum(
        state.zones[c].holds(resource)
        for c in seat_cards(state.seats[seat])
        if c != to and c not in answering and resource in GIVES[GAME.spec_of(c)]
    )


def _members(state: State, card: str) -> tuple[str, ...]:
    return structure_of(state, card).members


def _trump_units(state: State, offerer: str) -> int:
    """The units of its trump the offerer's structure holds (its members of its spec)."""
    spec = GAME.spec_of(offerer)
    return sum(
        state.zones[m].holds(spec.resource)
        for m in _members(state, offerer)
        if GAME.spec_of(m) is spec
    )


@attrs.frozen
class Step:
    before: State
    action: Any
    events: tuple[Any, ...]
    after: State


def _rich() -> State:
    return GAME.position(
        [
            [["warriors-leader-2", "warriors-master-2", "warriors-bard-2"]],
            [RETINUE, ["hosts-leader-2", "hosts-master-2", "hosts-bard-2"]],
            [ARTEL, SECT, ["heroes-leader-2", "heroes-sage-2"]],
            [WORKSHOP, ["priests-leader-2", "priests-bard-2"]],
        ],
        enterprises=[
            "warriors-leader-1",
            "heroes-leader-1",
            "priests-leader-1",
            "hosts-leader-1",
        ],
        market=["warriors-sage-2", "heroes-master-2", "priests-master-2", "hosts-sage-2"],
        zones={
            "hosts-master-1": {"reserve": {"food": 12}},
            "hosts-master-2": {"reserve": {"food": 4}},
        },
        phase="attraction",
    )


@st.composite
def walks(draw: st.DrawFn) -> list[Step]:
    """A random legal walk from a new game or from a position with structures."""
    if draw(st.booleans()):
        state = GAME.new(draw(st.integers(0, 2**64 - 1)), players=draw(st.integers(2, 4)))
    else:
        state = _rich()
    rng = draw(st.randoms(use_true_random=False))
    steps: list[Step] = []
    for _ in range(draw(st.integers(20, 260))):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        action = rng.choice(legal)
        transition = GAME.step(state, action)
        steps.append(Step(state, action, transition.events, transition.state))
        state = transition.state
    return steps


@given(walks())
def test_orb3_boosts_pay_exactly(walk: list[Step]) -> None:
    """ORB-3, ORB-21: a boost spends one booster or all the card holds (more than one), and
    adds ``gain`` own resource per unit spent."""
    for step in walk:
        if not isinstance(step.action, Boost):
            continue
        card = step.action.card
        spec = GAME.spec_of(card)
        booster, gain = BOOSTS[spec]
        before, after = step.before.zones[card], step.after.zones[card]
        assert before.current[spec.index] >= 1
        spent = before.holds(booster) - after.holds(booster)
        if step.action.amount is Amount.ONE:
            assert spent == 1
        else:
            assert spent == before.holds(booster) > 1
            assert after.holds(booster) == 0
        grown = after.current[spec.index] - before.current[spec.index]
        assert grown in (gain * spent, 2 * spent)
        if grown != gain * spent:
            assert spec is Spec.HEROES
        assert [e for e in step.events if isinstance(e, Boosted)] == [
            Boosted(card, booster, spent, grown)
        ]


@given(walks())
def test_orb4_gifts_respect_storage(walk: list[Step]) -> None:
    """ORB-4, ORB-21: Priests never give Food, Heroes never give Advice; gifts conserve units;
    a gift moves one unit or all the seat can give (more than one)."""
    for step in walk:
        if not isinstance(step.action, Gift):
            continue
        given_out = [e for e in step.events if isinstance(e, GiftGiven)]
        moved = sum(e.amount for e in given_out)
        mover = GAME.to_move(step.before)
        assert mover is not None
        if step.action.amount is Amount.ONE:
            assert moved == 1
        else:
            action = step.action
            available = _givable(step.before, mover, action.resource, action.to)
            assert moved == available > 1
        to = step.action.to
        i = step.action.resource.index
        assert step.after.zones[to].gifts[i] == step.before.zones[to].gifts[i] + moved
        for e in given_out:
            assert e.resource in GIVES[GAME.spec_of(e.giver)]
        r = step.action.resource
        total = sum(z.holds(r) for z in step.before.zones.values())
        assert sum(z.holds(r) for z in step.after.zones.values()) == total


@given(walks())
def test_orb7_drawn_characters_join_or_go_to_market(walk: list[Step]) -> None:
    """ORB-7: a drawn card ends in a team of its specialisation or on the market."""
    for step in walk:
        if not isinstance(step.action, DrawCharacter):
            continue
        (drawn,) = [e for e in step.events if isinstance(e, CharacterDrawn)]
        assert drawn.card == step.before.deck[0]
        seated = drawn.card in set(seat_cards(step.after.seats[drawn.seat]))
        assert seated == drawn.joined
        assert (drawn.card in step.after.market) == (not drawn.joined)


@given(walks())
def test_orb8_leaders_never_outnumber_enterprises_plus_one(walk: list[Step]) -> None:
    """ORB-8: at every step each seat holds at most one Leader more than its enterprises."""
    for step in walk:
        for seat in step.after.seats:
            assert 1 <= leaders(seat) <= 1 + enterprises(seat)
            roles = [GAME.role_of(c) for c in seat_cards(seat)]
            assert roles.count(Role.LEADER) == leaders(seat)


@given(walks())
def test_orb9_production_gives_every_seated_character_its_resource(walk: list[Step]) -> None:
    """ORB-9: when trade starts, every seated character holds its base output at least."""
    for step in walk:
        if not any(isinstance(e, PhaseStarted) and e.phase is Phase.TRADE for e in step.events):
            continue
        for seat in step.after.seats:
            for card in seat_cards(seat):
                spec = GAME.spec_of(card)
                base = (2 if spec is Spec.HOSTS else 1) + (GAME.role_of(card) is Role.MASTER)
                assert step.after.zones[card].current[spec.index] >= base
        for card in step.after.market:
            assert step.after.zones[card].current[GAME.spec_of(card).index] == 1


@given(walks())
def test_orb11_offers_place_the_trump_on_a_whole_structure(walk: list[Step]) -> None:
    """ORB-11: the units placed match the structure offered to: 1, 4 or 16."""
    for step in walk:
        if not isinstance(step.action, MakeOffer):
            continue
        offerer, target = step.action.offerer, step.action.target
        assert GAME.spec_of(target) is GAME.spec_of(offerer).next
        offer = step.after.offer
        if offer is not None:
            assert sum(step.after.zones[target].influence) == offer.units
            assert offer.units in (1, 4, 16)
            assert offer.units == len(_members(step.after, target))


@given(walks())
def test_orb12_answers_are_backed_and_settle_the_influence(walk: list[Step]) -> None:
    """ORB-12: declining and seizing are backed by enough units; influence never lingers."""
    for step in walk:
        if isinstance(step.action, AnswerOffer):
            offer = step.before.offer
            assert offer is not None
            members = _members(step.before, offer.target)
            if step.action.answer is not Answer.ACCEPT:
                resource = offer.resource
                if step.action.answer is Answer.SEIZE:
                    resource = offer.resource.spec.previous.resource
                held = sum(step.before.zones[m].holds(resource) for m in members)
                assert held >= offer.units
        if step.after.offer is None:
            assert all(z.influence == (0, 0, 0, 0) for z in step.after.zones.values())


@given(walks())
def test_orb13_market_offers_settle_at_once(walk: list[Step]) -> None:
    """ORB-13: an offer to a market character is accepted in the same action."""
    for step in walk:
        if isinstance(step.action, MakeOffer) and step.action.target in step.before.market:
            assert step.after.offer is None
            answers = [e for e in step.events if isinstance(e, OfferAnswered)]
            assert [a.seat for a in answers] == [None]


@given(walks())
def test_orb21_limited_actions_stay_within_steps(walk: list[Step]) -> None:
    """ORB-21: no seat takes more than ``steps`` gifts, boosts and offers in a phase."""
    for step in walk:
        for seat in step.after.seats:
            assert 0 <= seat.steps <= GAME.steps
        if isinstance(step.action, Gift | Boost | MakeOffer):
            mover = GAME.to_move(step.before)
            assert mover is not None
            assert step.before.seats[mover].steps < GAME.steps


@given(st.integers(2, 9), st.integers(1, 9), st.integers(0, 4), st.randoms())
def test_orb14_reinforcements_add_one_unit_or_all_at_hand(
    territory: int, advice: int, support: int, rng: Any
) -> None:
    """ORB-14, ORB-21: a reinforcement adds one unit, or every unit the offerer can add.

    Warriors fight a Host that holds Advice (so it can seize), with Priests of a third seat
    that may support; refusals and reinforcements are preferred, so every fight reinforces.
    """
    state = GAME.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1", "hosts-sage-1"]],
            [["priests-leader-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": territory}},
            "hosts-sage-1": {"current": {"food": 2}, "gifts": {"advice": advice}},
            "priests-leader-1": {"current": {"advice": support}},
        },
        phase="hiring",
    )
    state = GAME.apply(state, MakeOffer("warriors-master-1", "hosts-sage-1"))
    reinforced = 0
    while state.offer is not None:
        legal = GAME.legal_actions(state)
        fighting: list[Any] = [
            a
            for a in legal
            if isinstance(a, Reinforce)
            or (isinstance(a, AnswerOffer) and a.answer is not Answer.ACCEPT)
        ]
        action = rng.choice(fighting or list(legal))
        step = GAME.step(state, action)
        if isinstance(action, Reinforce):
            reinforced += 1
            offer, after = state.offer, step.state.offer
            assert offer is not None
            assert after is not None
            available = _trump_units(state, offer.offerer)
            added = 1 if action.amount is Amount.ONE else available
            assert action.amount is Amount.ONE or available > 1
            assert after.units == offer.units + added
            assert after.reinforcements == offer.reinforcements + 1
            assert sum(step.state.zones[offer.target].influence) == after.units
            assert OfferReinforced(offer.seat, added, after.units) in step.events
            assert _trump_units(step.state, offer.offerer) == available - added
        state = step.state
    assert reinforced >= 1


@given(walks())
def test_orb19_every_seat_keeps_a_leader_and_food_never_goes_negative(walk: list[Step]) -> None:
    """ORB-19: consumption never empties a seat; no count is ever negative."""
    for step in walk:
        for seat in step.after.seats:
            assert seat.teams or seat.corporations
        for z in step.after.zones.values():
            assert min(z.current + z.reserve + z.gifts + z.influence) >= 0
            assert z.meals >= 0
            assert z.holds(Resource.FOOD) >= 0


# -- properties over families of positions ------------------------------------------------
GAME2 = Game()
FULL = {
    spec: [f"{spec.value}-{role}-1" for role in ("leader", "master", "sage", "bard")]
    for spec in Spec
}


@given(st.integers(0, 12), st.integers(0, 3), st.sampled_from(list(Spec)))
def test_orb17_an_enterprise_forms_exactly_when_the_seat_can_feed_it(
    food: int, extra: int, spec: Spec
) -> None:
    """ORB-17: a full team becomes an enterprise iff the seat's Food covers 6 (+ the rest)."""
    team = FULL[spec]
    other = next(s for s in Spec if s is not spec)
    # ``extra`` Food lies with another seat: only the seat's own Food counts.
    state = GAME2.position(
        [[team], [[f"{other.value}-leader-2"]]],
        zones={
            team[0]: {"gifts": {"food": food}},
            f"{other.value}-leader-2": {"gifts": {"food": extra}},
        },
        phase="hiring",
    )
    state = GAME2.apply(GAME2.apply(state, Pass()), Pass())
    assert state.seats[0].teams[0].enterprise == (food >= 6)


@given(st.sampled_from(list(Spec)), st.integers(33, 60))
def test_orb18_a_corporation_puts_its_suit_first_and_holds_four_specs(
    suit: Spec, food: int
) -> None:
    """ORB-18: any suit may be chosen; the corporation holds the four enterprises, suit first."""
    state = GAME2.position(
        [[*FULL.values(), ["warriors-leader-2"]], [["hosts-leader-2"]]],
        enterprises=[team[0] for team in FULL.values()],
        zones={"hosts-master-1": {"reserve": {"food": food}}},
        phase="hiring",
    )
    state = GAME2.apply(GAME2.apply(state, Pass()), Pass())
    state = GAME2.apply(state, FormCorporation(suit))
    (corp,) = state.seats[0].corporations
    specs = [GAME2.spec_of(t.leader) for t in corp.enterprises]
    assert specs[0] is suit
    assert set(specs) == set(Spec)
    assert [t.leader for t in state.seats[0].teams] == ["warriors-leader-2"]


@given(st.integers(0, 6), st.integers(0, 6), st.integers(1, 3), st.integers(1, 4))
def test_orb15_a_shield_moves_all_the_hosts_food_to_the_hero(
    current: int, reserve: int, ways: int, territory: int
) -> None:
    """ORB-15: the Hero spends one Way; every unit of the Host's Food goes to the Hero."""
    state = GAME2.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1"]],
            [["heroes-leader-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": territory}},
            "hosts-leader-1": {"current": {"food": current}, "reserve": {"food": reserve}},
            "heroes-leader-1": {"current": {"way": ways}},
        },
        phase="hiring",
    )
    state = GAME2.apply(state, MakeOffer("warriors-master-1", "hosts-leader-1"))
    after = GAME2.apply(state, Shield("heroes-leader-1"))
    assert after.zones["heroes-leader-1"].gifts[Resource.FOOD.index] == current + reserve
    assert after.zones["heroes-leader-1"].current[Resource.WAY.index] == ways - 1
    assert after.zones["hosts-leader-1"].holds(Resource.FOOD) == 0
    assert after.zones["warriors-master-1"].current[0] == territory - 1
    assert after.offer is None


@given(st.integers(0, 5), st.integers(1, 4))
def test_orb16_won_warriors_keep_their_territory(territory: int, advice: int) -> None:
    """ORB-16: accepting Priests' Advice moves no Territory and hands the offers over."""
    state = GAME2.position(
        [[["priests-leader-1"]], [["warriors-leader-1", "warriors-bard-1"]]],
        zones={
            "priests-leader-1": {"current": {"advice": advice}},
            "warriors-leader-1": {"current": {"territory": territory}},
        },
        phase="hiring",
    )
    state = GAME2.apply(state, MakeOffer("priests-leader-1", "warriors-leader-1"))
    after = GAME2.apply(state, AnswerOffer(Answer.ACCEPT))
    assert after.zones["warriors-leader-1"].current[0] == territory
    assert after.zones["warriors-leader-1"].directed_by == 0
    assert after.zones["warriors-bard-1"].directed_by is None  # a lone Warrior answered alone
    assert after.zones["priests-leader-1"].current[Resource.ADVICE.index] == advice - 1
