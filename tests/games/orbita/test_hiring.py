"""ORB-10..ORB-16: gifts, offers, the three answers, the market, reinforcement, shields, Priests."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules.games.orbita import (
    Amount,
    Answer,
    AnswerOffer,
    Boost,
    CharacterHired,
    Game,
    Gift,
    HostShielded,
    MakeOffer,
    OfferAccepted,
    OfferDeclined,
    OfferReinforced,
    OfferSeized,
    Pass,
    Reinforce,
    Resource,
    Shield,
    Stage,
    State,
    WarriorDirected,
    WarriorReleased,
)

GAME = Game()
T, F, W, A = (r.index for r in Resource)
WORKSHOP = ["hosts-leader-1", "hosts-master-1", "hosts-sage-1", "hosts-bard-1"]
RETINUE = ["warriors-leader-1", "warriors-master-1", "warriors-sage-1", "warriors-bard-1"]


def run(game: Game, state: State, *actions: Any) -> tuple[State, list[Any]]:
    events: list[Any] = []
    for action in actions:
        transition = game.step(state, action)
        events.extend(transition.events)
        state = transition.state
    return state, events


def duel(**zones: Any) -> State:
    """Seat 0: two Warriors; seat 1: two Hosts; the hiring phase, seat 0 on turn."""
    return GAME.position(
        [[["warriors-leader-1", "warriors-master-1"]], [["hosts-leader-1", "hosts-sage-1"]]],
        zones={k.replace("_", "-"): v for k, v in zones.items()},
        phase="hiring",
    )


def code(state: State, action: Any) -> tuple[str, str] | None:
    v = GAME.check(state, action)
    return None if v is None else (v.rule, v.code)


# -- ORB-10 gifts -------------------------------------------------------------------------------
def test_orb10_a_gift_moves_one_unit_between_seats() -> None:
    """ORB-10: gifts move one unit into the receiver's gifts zone, across seats."""
    state = duel(hosts_leader_1={"current": {"food": 2}})
    state = GAME.apply(state, Pass())  # seat 0 done; seat 1 on turn
    after = GAME.apply(state, Gift(Resource.FOOD, "warriors-master-1"))
    assert after.zones["warriors-master-1"].gifts[F] == 1
    assert after.zones["hosts-leader-1"].current[F] == 1


def test_orb10_never_to_a_market_character() -> None:
    """ORB-10: no gifts to the labour market."""
    state = GAME.position(
        [[["hosts-leader-1"]], [["warriors-leader-1"]]],
        market=["heroes-sage-1"],
        zones={"hosts-leader-1": {"current": {"food": 2}}},
        phase="trade",
    )
    assert code(state, Gift(Resource.FOOD, "heroes-sage-1")) == ("ORB-10", "gift_to_market")


@given(st.integers(0, 6))
def test_orb10_gifts_conserve_resources(amount: int) -> None:
    """ORB-10: a gift never creates or destroys a unit."""
    state = GAME.position(
        [[["hosts-leader-1"]], [["warriors-leader-1"]]],
        zones={"hosts-leader-1": {"current": {"food": amount}, "reserve": {"food": 1}}},
        phase="trade",
    )
    legal = [a for a in GAME.legal_actions(state) if isinstance(a, Gift)]
    for gift in legal:
        after = GAME.apply(state, gift)
        total = sum(z.holds(gift.resource) for z in after.zones.values())
        assert total == sum(z.holds(gift.resource) for z in state.zones.values())


# -- ORB-11 offers ------------------------------------------------------------------------------
def test_orb11_offers_use_the_trump_over_the_target() -> None:
    """ORB-11: Warriors offer Territory to Hosts only, never to their own seat."""
    state = duel(warriors_master_1={"current": {"territory": 2}})
    assert code(state, MakeOffer("warriors-master-1", "hosts-sage-1")) is None
    state3 = GAME.position(
        [[["warriors-leader-1"]], [["heroes-leader-1"]]],
        zones={"warriors-leader-1": {"current": {"territory": 1}}},
        phase="hiring",
    )
    assert code(state3, MakeOffer("warriors-leader-1", "heroes-leader-1")) == (
        "ORB-11",
        "not_trump",
    )
    own = GAME.position(
        [[RETINUE, ["hosts-leader-1"]], [["heroes-leader-1"]]],
        enterprises=["warriors-leader-1"],
        zones={"warriors-master-1": {"current": {"territory": 1}}},
        phase="hiring",
    )
    assert code(own, MakeOffer("warriors-leader-1", "hosts-leader-1")) == (
        "ORB-11",
        "own_target",
    )


def test_orb11_enterprises_are_offered_to_whole_with_four() -> None:
    """ORB-11: an enterprise takes offers only whole (through its Leader) and of 4 units."""
    state = GAME.position(
        [[RETINUE], [WORKSHOP]],
        enterprises=["warriors-leader-1", "hosts-leader-1"],
        zones={m: {"current": {"territory": 1}} for m in RETINUE},
        phase="hiring",
    )
    assert code(state, MakeOffer("warriors-sage-1", "hosts-bard-1")) == (
        "ORB-11",
        "whole_structure",
    )
    after, _events = run(GAME, state, MakeOffer("warriors-sage-1", "hosts-leader-1"))
    assert after.offer is not None
    assert after.offer.units == 4
    assert after.zones["hosts-leader-1"].influence == (4, 0, 0, 0)


def test_orb11_smaller_structure_cannot_offer_to_larger() -> None:
    """ORB-11: a lone character cannot make offers to an enterprise."""
    state = GAME.position(
        [[["priests-leader-1"]], [RETINUE]],
        enterprises=["warriors-leader-1"],
        zones={"priests-leader-1": {"current": {"advice": 9}}},
        phase="hiring",
    )
    assert code(state, MakeOffer("priests-leader-1", "warriors-leader-1")) == (
        "ORB-11",
        "smaller_structure",
    )


@pytest.mark.parametrize(("territory", "advice", "legal"), [(2, 2, True), (1, 2, False)])
def test_orb11_lone_warrior_with_advice_may_face_a_workshop(
    territory: int, advice: int, legal: bool
) -> None:
    """ORB-11: the exception: a lone Warrior whose Territory and Advice make 4 units."""
    state = GAME.position(
        [[["warriors-leader-1"]], [WORKSHOP]],
        enterprises=["hosts-leader-1"],
        zones={
            "warriors-leader-1": {"current": {"territory": territory}, "gifts": {"advice": advice}}
        },
        phase="hiring",
    )
    offer = MakeOffer("warriors-leader-1", "hosts-leader-1")
    assert (GAME.check(state, offer) is None) == legal
    if legal:
        after = GAME.apply(state, offer)
        assert after.zones["hosts-leader-1"].influence == (2, 0, 0, 2)


@given(st.integers(0, 5), st.integers(0, 6), st.booleans())
def test_orb11_advice_only_adds_to_territory(territory: int, advice: int, workshop: bool) -> None:
    """ORB-11 (revision 3): a Warriors' offer is made with Territory; a lone Warrior's Advice
    adds to it against a Workshop only, so without Territory no offer is possible, against a
    Workshop or a lone Host alike. The variant ``orbita-advice-alone`` (revision 2) lets 4
    Advice alone reach a Workshop."""
    from boardrules.games.orbita.variants import advice_alone

    hosts = WORKSHOP if workshop else ["hosts-leader-1"]
    zones = {"warriors-leader-1": {"current": {"territory": territory},
                                   "gifts": {"advice": advice}}}
    state = GAME.position(
        [[["warriors-leader-1"]], [hosts]],
        enterprises=["hosts-leader-1"] if workshop else [],
        zones=zones,
        phase="hiring",
    )
    offer = MakeOffer("warriors-leader-1", "hosts-leader-1")
    variant = advice_alone(Game())
    if workshop:
        expected = territory >= 1 and territory + advice >= 4
        in_variant = territory + advice >= 4
    else:
        expected = in_variant = territory >= 1
    for game, allowed in ((GAME, expected), (variant, in_variant)):
        violation = game.check(state, offer)
        assert (violation is None) == allowed, (game.variant, violation)
        assert (offer in game.legal_actions(state)) == allowed
    violation = GAME.check(state, offer)
    if workshop and not territory and advice >= 4:
        assert violation is not None
        assert (violation.rule, violation.code) == ("ORB-11", "advice_alone")


# -- ORB-12 the three answers -------------------------------------------------------------------
def test_orb12_declined_with_the_same_resource() -> None:
    """ORB-12: answering with the offer's own resource discards the offer."""
    state = duel(
        warriors_master_1={"current": {"territory": 2}},
        hosts_sage_1={"current": {"food": 2}, "gifts": {"territory": 1}},
    )
    after, _events = run(
        GAME, state, MakeOffer("warriors-master-1", "hosts-sage-1"), AnswerOffer(Answer.DECLINE)
    )
    assert after.offer is not None
    assert after.offer.stage is Stage.REINFORCE
    after, more = run(GAME, after, Pass())
    assert OfferDeclined("hosts-sage-1", 1) in more
    assert after.zones["warriors-master-1"].current[T] == 1
    assert after.zones["hosts-sage-1"].gifts[T] == 1  # shown, not spent
    assert after.zones["hosts-sage-1"].current[F] == 2


def test_orb12_seized_with_the_trump_over_the_offer() -> None:
    """ORB-12: answering with the trump over the offerer takes the offer; the seized units
    are the target's own this round, not gifts (so they never protect a Host, ORB-15)."""
    state = duel(
        warriors_master_1={"current": {"territory": 2}},
        hosts_sage_1={"current": {"food": 2}, "gifts": {"advice": 1}},
    )
    after, events = run(
        GAME,
        state,
        MakeOffer("warriors-master-1", "hosts-sage-1"),
        AnswerOffer(Answer.SEIZE),
        Pass(),
    )
    assert OfferSeized("hosts-sage-1", 1) in events
    assert after.zones["hosts-sage-1"].current[T] == 1
    assert after.zones["hosts-sage-1"].gifts[T] == 0
    assert after.zones["warriors-master-1"].current[T] == 1


def test_orb12_accepted_hands_over_the_responders_resource() -> None:
    """ORB-12: accepting gives the offerer all of the responder's resource, reserves too."""
    state = duel(
        warriors_master_1={"current": {"territory": 2}},
        hosts_sage_1={"current": {"food": 2}, "reserve": {"food": 3}},
    )
    after, events = run(
        GAME, state, MakeOffer("warriors-master-1", "hosts-sage-1"), AnswerOffer(Answer.ACCEPT)
    )
    assert OfferAccepted("hosts-sage-1", "warriors-master-1", Resource.FOOD, 5, 0) in events
    assert after.zones["warriors-master-1"].gifts[F] == 5
    assert after.zones["hosts-sage-1"].holds(Resource.FOOD) == 0
    assert after.offer is None


def test_orb12_offered_food_feeds_the_responder() -> None:
    """ORB-12: a Food offer that is accepted feeds the responder this round."""
    state = GAME.position(
        [[["hosts-leader-1"]], [["heroes-leader-1"]]],
        zones={
            "hosts-leader-1": {"current": {"food": 2}},
            "heroes-leader-1": {"current": {"way": 1}},
        },
        phase="hiring",
    )
    after, _events = run(
        GAME, state, MakeOffer("hosts-leader-1", "heroes-leader-1"), AnswerOffer(Answer.ACCEPT)
    )
    assert after.zones["heroes-leader-1"].meals == 1
    assert after.zones["hosts-leader-1"].gifts[W] == 1


@pytest.mark.parametrize("answer", [Answer.DECLINE, Answer.SEIZE])
def test_orb12_an_answer_needs_enough_units(answer: Answer) -> None:
    """ORB-12: declining or seizing needs as many units as the offer stands at."""
    state = duel(warriors_master_1={"current": {"territory": 2}})
    state = GAME.apply(state, MakeOffer("warriors-master-1", "hosts-sage-1"))
    violation = GAME.check(state, AnswerOffer(answer))
    assert violation is not None
    assert violation.rule == "ORB-12"
    assert GAME.check(state, AnswerOffer(Answer.ACCEPT)) is None


# -- ORB-13 market characters -------------------------------------------------------------------
def test_orb13_a_market_character_accepts_and_is_hired_if_it_fits() -> None:
    """ORB-13: the engine answers for the market: it accepts; a fitting character is hired."""
    state = GAME.position(
        [[RETINUE, ["hosts-leader-1"]], [["heroes-leader-1"]]],
        enterprises=["warriors-leader-1"],
        market=["hosts-master-1", "hosts-leader-2"],
        zones={
            "warriors-sage-1": {"current": {"territory": 1}},
            "hosts-master-1": {"current": {"food": 1}},
        },
        phase="hiring",
    )
    after, events = run(GAME, state, MakeOffer("warriors-leader-1", "hosts-master-1"))
    assert CharacterHired(0, "hosts-master-1") in events
    assert "hosts-master-1" in after.seats[0].teams[1].members
    assert after.offer is None
    assert after.turn == 1
    # the Retinue's Territory came from the Sage; the hired Host's Food went to the offerer
    assert after.zones["warriors-leader-1"].gifts[F] == 1


def test_orb13_a_market_character_that_fits_nowhere_stays() -> None:
    """ORB-13: it still accepts (its resource goes to the offerer) but stays on the market."""
    state = GAME.position(
        [[["warriors-leader-1"]], [["heroes-leader-1"]]],
        market=["hosts-bard-1"],
        zones={
            "warriors-leader-1": {"current": {"territory": 1}},
            "hosts-bard-1": {"current": {"food": 1}},
        },
        phase="hiring",
    )
    after = GAME.apply(state, MakeOffer("warriors-leader-1", "hosts-bard-1"))
    assert after.market == ("hosts-bard-1",)
    assert after.zones["warriors-leader-1"].gifts[F] == 1


# -- ORB-14 reinforcement and support -----------------------------------------------------------
def test_orb14_reinforcement_raises_the_bar_for_the_answer() -> None:
    """ORB-14: after a refusal the offerer adds units and the responder answers again."""
    state = duel(
        warriors_master_1={"current": {"territory": 3}},
        hosts_sage_1={"current": {"food": 2}, "gifts": {"advice": 1}},
    )
    after, events = run(
        GAME,
        state,
        MakeOffer("warriors-master-1", "hosts-sage-1"),
        AnswerOffer(Answer.SEIZE),
        Reinforce(),
    )
    assert events[-1] == OfferReinforced(0, 1, 2)
    assert after.offer is not None
    assert after.offer.units == 2
    assert GAME.check(after, AnswerOffer(Answer.SEIZE)) is not None
    after, _events = run(GAME, after, AnswerOffer(Answer.ACCEPT))
    assert after.zones["warriors-master-1"].gifts[F] == 2


@given(st.integers(2, 7))
def test_orb14_reinforcing_with_everything_adds_every_unit_at_hand(territory: int) -> None:
    """ORB-14, ORB-21: "everything" places all the Territory the Warriors still hold."""
    state = duel(
        warriors_master_1={"current": {"territory": territory}},
        hosts_sage_1={"current": {"food": 2}, "gifts": {"advice": 1}},
    )
    state, _events = run(
        GAME, state, MakeOffer("warriors-master-1", "hosts-sage-1"), AnswerOffer(Answer.SEIZE)
    )
    left = territory - 1
    reinforcements = [a for a in GAME.legal_actions(state) if isinstance(a, Reinforce)]
    assert reinforcements == [Reinforce(Amount.ONE), Reinforce(Amount.ALL)][: min(left, 2)]
    violation = GAME.check(state, Reinforce(Amount.ALL))
    if left == 1:
        assert violation is not None
        assert (violation.rule, violation.code) == ("ORB-21", "all_is_one")
        return
    assert violation is None
    after, events = run(GAME, state, Reinforce(Amount.ALL))
    assert events[-1] == OfferReinforced(0, left, territory)
    assert after.offer is not None
    assert after.offer.units == territory
    assert after.zones["warriors-master-1"].holds(Resource.TERRITORY) == 0
    assert sum(after.zones["hosts-sage-1"].influence) == territory


def test_orb14_reinforcements_are_limited() -> None:
    """ORB-14: at most ``reinforcements`` per offer; then the last answer stands."""
    game = Game(reinforcements=1)
    state = duel(
        warriors_master_1={"current": {"territory": 5}},
        hosts_sage_1={"current": {"food": 2}, "gifts": {"advice": 4}},
    )
    after, events = run(
        game,
        state,
        MakeOffer("warriors-master-1", "hosts-sage-1"),
        AnswerOffer(Answer.SEIZE),
        Reinforce(Amount.ONE),
        AnswerOffer(Answer.SEIZE),
    )
    assert after.offer is None
    assert OfferSeized("hosts-sage-1", 2) in events


def test_orb14_third_seats_support_either_side() -> None:
    """ORB-14: a third seat may give to either side during an offer, never elsewhere."""
    state = GAME.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1"]],
            [["priests-leader-1", "priests-sage-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": 2}},
            "priests-leader-1": {"current": {"advice": 1}},
        },
        phase="hiring",
    )
    state = GAME.apply(state, MakeOffer("warriors-master-1", "hosts-leader-1"))
    assert state.offer is not None
    assert state.offer.stage is Stage.SUPPORT
    assert GAME.to_move(state) == 2
    assert code(state, Gift(Resource.ADVICE, "priests-sage-1")) == ("ORB-14", "support_sides")
    after, _events = run(GAME, state, Gift(Resource.ADVICE, "hosts-leader-1"))
    assert GAME.to_move(after) == 1
    assert GAME.check(after, AnswerOffer(Answer.SEIZE)) is None


def test_orb14_the_responder_cannot_give_during_an_offer() -> None:
    """ORB-14: the answering structure answers; it does not hand resources on."""
    state = GAME.position(
        [[["warriors-leader-1", "warriors-master-1"]], [["hosts-leader-1"]], [["heroes-leader-1"]]],
        zones={
            "warriors-master-1": {"current": {"territory": 2}},
            "hosts-leader-1": {"current": {"food": 2}},
        },
        phase="hiring",
    )
    state = GAME.apply(state, MakeOffer("warriors-master-1", "hosts-leader-1"))
    state = GAME.apply(state, Pass())  # seat 2 lets the support round go
    assert GAME.to_move(state) == 1
    assert not any(isinstance(a, Gift) for a in GAME.legal_actions(state))


# -- ORB-15 the shield --------------------------------------------------------------------------
def test_orb15_a_hero_shields_a_host_and_takes_its_food() -> None:
    """ORB-15: a Way on the Host; the Warrior's Territory is lost, the Hero has the Food."""
    state = GAME.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1"]],
            [["heroes-leader-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": 2}},
            "hosts-leader-1": {"current": {"food": 2}, "reserve": {"food": 1}},
            "heroes-leader-1": {"current": {"way": 1}},
        },
        phase="hiring",
    )
    state = GAME.apply(state, MakeOffer("warriors-master-1", "hosts-leader-1"))
    after, events = run(GAME, state, Shield("heroes-leader-1"))
    assert HostShielded("heroes-leader-1", "hosts-leader-1", 3) in events
    assert after.zones["heroes-leader-1"].gifts[F] == 3
    assert after.zones["heroes-leader-1"].current[W] == 0
    assert after.zones["hosts-leader-1"].influence == (0, 0, 0, 0)
    assert after.offer is None


def test_orb15_no_shield_when_territory_was_given_for_protection() -> None:
    """ORB-15: a Host holding gifted Territory is protected, not open to a shield."""
    state = GAME.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1", "hosts-sage-1"]],
            [["heroes-leader-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": 2}},
            "hosts-leader-1": {"current": {"food": 2}, "gifts": {"territory": 1}},
            "heroes-leader-1": {"current": {"way": 1}},
        },
        phase="hiring",
    )
    state = GAME.apply(state, MakeOffer("warriors-master-1", "hosts-leader-1"))
    assert code(state, Shield("heroes-leader-1")) == ("ORB-15", "host_protected")


def test_orb15_shields_answer_only_warriors() -> None:
    """ORB-15: a shield is no answer to Food offered to Heroes."""
    state = GAME.position(
        [[["hosts-leader-1"]], [["heroes-leader-1", "heroes-sage-1"]]],
        zones={
            "hosts-leader-1": {"current": {"food": 2}},
            "heroes-sage-1": {"current": {"way": 1}},
        },
        phase="hiring",
    )
    state = GAME.apply(state, MakeOffer("hosts-leader-1", "heroes-leader-1"))
    assert code(state, Shield("heroes-sage-1")) == ("ORB-15", "shield_needs_warriors")


# -- ORB-16 Priests direct a won Warrior --------------------------------------------------------
def test_orb16_priests_that_win_a_warrior_direct_its_offers() -> None:
    """ORB-16: the Warrior keeps its Territory but offers for the Priests' seat this round."""
    state = GAME.position(
        [[["priests-leader-1"]], [["warriors-leader-1"]]],
        market=["hosts-bard-1"],
        zones={
            "priests-leader-1": {"current": {"advice": 1}},
            "warriors-leader-1": {"current": {"territory": 1}},
            "hosts-bard-1": {"current": {"food": 1}},
        },
        phase="hiring",
    )
    after, events = run(
        GAME, state, MakeOffer("priests-leader-1", "warriors-leader-1"), AnswerOffer(Answer.ACCEPT)
    )
    assert WarriorDirected(0, "warriors-leader-1") in events
    assert after.zones["warriors-leader-1"].current[T] == 1
    assert GAME.to_move(after) == 1
    assert code(after, MakeOffer("warriors-leader-1", "hosts-bard-1")) == (
        "ORB-16",
        "not_your_character",
    )
    after = GAME.apply(after, Pass())
    assert GAME.to_move(after) == 0
    assert GAME.check(after, MakeOffer("warriors-leader-1", "hosts-bard-1")) is None


def test_orb3_a_responder_may_boost_before_answering() -> None:
    """ORB-3 with ORB-12: the responder raises its own resource with a booster, then answers."""
    state = duel(
        warriors_master_1={"current": {"territory": 2}},
        hosts_sage_1={"current": {"food": 2}, "gifts": {"way": 1}},
    )
    state = GAME.apply(state, MakeOffer("warriors-master-1", "hosts-sage-1"))
    assert GAME.check(state, Boost("hosts-sage-1")) is None
    after = GAME.apply(state, Boost("hosts-sage-1"))
    assert after.zones["hosts-sage-1"].current[F] == 4


def test_orb16_priests_that_give_way_to_heroes_release_their_warriors() -> None:
    """ORB-16: Priests accepting a Heroes' offer also withdraw their Advice from Warriors."""
    state = GAME.position(
        [[["priests-leader-1"]], [["warriors-leader-1"]], [["heroes-leader-1"]]],
        zones={
            "priests-leader-1": {"current": {"advice": 2}},
            "warriors-leader-1": {"current": {"territory": 1}},
            "heroes-leader-1": {"current": {"way": 1}},
        },
        phase="hiring",
    )
    state, events = run(
        GAME,
        state,
        MakeOffer("priests-leader-1", "warriors-leader-1"),
        Pass(),  # seat 2 does not support
        AnswerOffer(Answer.ACCEPT),
    )
    assert state.zones["warriors-leader-1"].directed_by == 0
    assert GAME.to_move(state) == 1
    state = GAME.apply(state, Pass())  # seat 1 is done; seat 2 on turn
    assert GAME.to_move(state) == 2
    state, events = run(
        GAME,
        state,
        MakeOffer("heroes-leader-1", "priests-leader-1"),
        Pass(),  # seat 1 does not support
        AnswerOffer(Answer.ACCEPT),
    )
    assert WarriorReleased(0, "warriors-leader-1") in events
    assert state.zones["warriors-leader-1"].directed_by is None
    assert state.zones["heroes-leader-1"].gifts[A] == 1
