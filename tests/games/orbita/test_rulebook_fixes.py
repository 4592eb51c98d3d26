"""Issue 10: where 0.1.0 read the rulebook wrongly, the default game now follows it.

Each test builds a position with ``game.position`` and asserts the rulebook's outcome; where
it helps, the same position under the variant ``orbita-0.1.0`` shows the old outcome. The
properties walk random games and check the fixed rules hold in every position reached.
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from boardrules.games.orbita import (
    Amount,
    Answer,
    AnswerOffer,
    Boost,
    EnterpriseCollapsed,
    EnterpriseFormed,
    Game,
    Gift,
    HostShielded,
    MakeOffer,
    Pass,
    Reinforce,
    Resource,
    Shield,
    Spec,
    Stage,
    State,
)
from boardrules.games.orbita.rules.consumption import FOOD_ENTERPRISE, food_for
from boardrules.games.orbita.table import ENTERPRISE, LONE, structure_of
from boardrules.games.orbita.variants import v0_1_0

GAME = Game()
OLD = v0_1_0(Game())
T, F, W, A = (r.index for r in Resource)
WORKSHOP = ["hosts-leader-1", "hosts-master-1", "hosts-sage-1", "hosts-bard-1"]
RETINUE = ["warriors-leader-1", "warriors-master-1", "warriors-sage-1", "warriors-bard-1"]
ARTEL = ["heroes-leader-1", "heroes-master-1", "heroes-sage-1", "heroes-bard-1"]


def code(game: Game, state: State, action: Any) -> tuple[str, str] | None:
    v = game.check(state, action)
    return None if v is None else (v.rule, v.code)


# -- ORB-15: the shield respects structure size; the answering seat cannot shield ---------------
def workshop_attacked(game: Game, heroes: list[str], way: int) -> State:
    """Seat 0's Retinue makes its 4-unit offer to seat 1's Workshop; seat 2 holds ``heroes``
    (the first with ``way`` Way) and is on turn to support or shield."""
    state = game.position(
        [[RETINUE], [WORKSHOP], [heroes]],
        enterprises=["warriors-leader-1", "hosts-leader-1"]
        + (["heroes-leader-1"] if len(heroes) == ENTERPRISE else []),
        zones={
            **{m: {"current": {"territory": 1}} for m in RETINUE},
            **{m: {"current": {"food": 3}} for m in WORKSHOP},
            heroes[0]: {"current": {"way": way}},
        },
        phase="hiring",
    )
    state = game.apply(state, MakeOffer("warriors-leader-1", "hosts-leader-1"))
    assert state.offer is not None
    assert (state.offer.units, game.to_move(state)) == (4, 2)
    return state


def test_orb15_a_lone_hero_cannot_shield_a_workshop() -> None:
    """ORB-15: a smaller structure cannot influence a larger one: one Way from a lone Hero
    no longer stops a Retinue's offer and takes the Workshop's 12 Food (as 0.1.0 let it)."""
    state = workshop_attacked(GAME, ["heroes-leader-1"], 5)
    assert code(GAME, state, Shield("heroes-leader-1")) == ("ORB-15", "shield_smaller")
    assert Shield("heroes-leader-1") not in GAME.legal_actions(state)
    old = workshop_attacked(OLD, ["heroes-leader-1"], 5)
    assert (
        HostShielded("heroes-leader-1", "hosts-leader-1", 12)
        in OLD.step(old, Shield("heroes-leader-1")).events
    )


def test_orb15_an_artel_shields_a_workshop_with_four_way() -> None:
    """ORB-15: an Artel may shield a Workshop, spending one Way per character shielded."""
    short = workshop_attacked(GAME, ARTEL, 3)
    assert code(GAME, short, Shield("heroes-leader-1")) == ("ORB-15", "not_enough_units")
    state = workshop_attacked(GAME, ARTEL, 5)
    step = GAME.step(state, Shield("heroes-master-1"))
    assert HostShielded("heroes-master-1", "hosts-leader-1", 12) in step.events
    after = step.state
    assert after.zones["heroes-leader-1"].current[W] == 1  # 5 Way, 4 spent
    assert after.zones["heroes-master-1"].gifts[F] == 12
    assert all(after.zones[m].holds(Resource.FOOD) == 0 for m in WORKSHOP)
    assert after.offer is None


def test_orb15_the_answering_seats_own_hero_cannot_shield() -> None:
    """ORB-15: the answering seat only answers; its own Hero cannot cancel the offer for one
    Way (0.1.0 let it, whatever the offer's size)."""

    def offered(game: Game) -> State:
        state = game.position(
            [[RETINUE], [WORKSHOP, ["heroes-leader-1"]]],
            enterprises=["warriors-leader-1", "hosts-leader-1"],
            zones={
                **{m: {"current": {"territory": 1}} for m in RETINUE},
                "hosts-leader-1": {"current": {"food": 2}},
                "heroes-leader-1": {"current": {"way": 1}},
            },
            phase="hiring",
        )
        return game.apply(state, MakeOffer("warriors-leader-1", "hosts-leader-1"))

    state = offered(GAME)
    assert state.offer is not None
    assert state.offer.stage is Stage.ANSWER
    assert code(GAME, state, Shield("heroes-leader-1")) == ("ORB-15", "responder_shields")
    assert code(OLD, offered(OLD), Shield("heroes-leader-1")) is None


# -- ORB-11: a character moves only with the resource its specialisation produces -------------
def lone_duel(game: Game, territory: int, advice: int) -> State:
    return game.position(
        [[["warriors-leader-1"]], [["hosts-leader-1"]]],
        zones={
            "warriors-leader-1": {
                "current": {"territory": territory},
                "gifts": {"advice": advice},
            },
            "hosts-leader-1": {"current": {"food": 2}, "gifts": {"territory": 1}},
        },
        phase="hiring",
    )


def test_orb11_advice_does_not_make_an_offer_to_a_lone_host() -> None:
    """ORB-11: a Warrior with 0 Territory and 1 Advice cannot make an offer to a lone Host
    (0.1.0 counted the Advice)."""
    offer = MakeOffer("warriors-leader-1", "hosts-leader-1")
    assert code(GAME, lone_duel(GAME, 0, 1), offer) == ("ORB-11", "not_enough_units")
    assert offer not in GAME.legal_actions(lone_duel(GAME, 0, 1))
    assert code(OLD, lone_duel(OLD, 0, 1), offer) is None


def test_orb14_advice_does_not_reinforce_an_offer_to_a_lone_host() -> None:
    """ORB-14: the Warrior's Advice is no reinforcement either: after the Host declines, a
    Warrior with no Territory left cannot reinforce, so the refusal stands at once."""
    state = lone_duel(GAME, 1, 3)
    state = GAME.apply(state, MakeOffer("warriors-leader-1", "hosts-leader-1"))
    assert state.zones["hosts-leader-1"].influence == (1, 0, 0, 0)
    after = GAME.apply(state, AnswerOffer(Answer.DECLINE))
    assert after.offer is None
    assert after.zones["warriors-leader-1"].gifts[A] == 3
    old = OLD.apply(lone_duel(OLD, 1, 3), MakeOffer("warriors-leader-1", "hosts-leader-1"))
    old = OLD.apply(old, AnswerOffer(Answer.DECLINE))
    assert old.offer is not None
    assert Reinforce() in OLD.legal_actions(old)


def test_orb11_advice_still_counts_for_a_lone_warrior_against_a_workshop() -> None:
    """ORB-11: the exception stands: Territory and Advice together make the 4 units a lone
    Warrior needs against a Workshop, and both are placed."""
    state = GAME.position(
        [[["warriors-leader-1"]], [WORKSHOP]],
        enterprises=["hosts-leader-1"],
        zones={"warriors-leader-1": {"current": {"territory": 1}, "gifts": {"advice": 3}}},
        phase="hiring",
    )
    after = GAME.apply(state, MakeOffer("warriors-leader-1", "hosts-leader-1"))
    assert after.zones["hosts-leader-1"].influence == (1, 0, 0, 3)


# -- properties over random play ---------------------------------------------------------------
@st.composite
def walks(draw: st.DrawFn) -> list[State]:
    state = GAME.new(draw(st.integers(0, 2**64 - 1)), players=draw(st.integers(2, 4)))
    rng = draw(st.randoms(use_true_random=False))
    out = [state]
    for _ in range(draw(st.integers(50, 600))):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        # Prefer offers and shields, so that the rules under test come up.
        keen = [a for a in legal if isinstance(a, (MakeOffer, Shield, Reinforce))]
        state = GAME.apply(state, rng.choice(keen or list(legal)))
        out.append(state)
    return out


@given(walks())
def test_orb11_orb15_legal_offers_and_shields_follow_the_rulebook(states: list[State]) -> None:
    """ORB-11, ORB-15: in every position reached, a legal Warriors' offer is covered by
    Territory alone unless it is a lone Warrior's to a Workshop, and a legal shield comes
    from a third seat whose Heroes' structure is no smaller than the Host's and holds the
    Way for it."""
    spec_of = GAME.rule_context.spec
    for state in states:
        for action in GAME.legal_actions(state):
            if isinstance(action, MakeOffer) and spec_of[action.offerer] is Spec.WARRIORS:
                own = structure_of(state, action.offerer)
                size = structure_of(state, action.target).size
                if not (own.size == LONE and size == ENTERPRISE):
                    territory = sum(
                        state.zones[m].holds(Resource.TERRITORY)
                        for m in own.members
                        if spec_of[m] is Spec.WARRIORS
                    )
                    assert territory >= size
            if isinstance(action, Shield):
                offer = state.offer
                assert offer is not None
                seat = GAME.to_move(state)
                assert seat not in (offer.seat, offer.responder)
                hero = structure_of(state, action.hero)
                host = structure_of(state, offer.target)
                assert hero.size >= host.size
                way = sum(
                    state.zones[m].holds(Resource.WAY)
                    for m in hero.members
                    if spec_of[m] is Spec.HEROES
                )
                assert way >= host.size
                after = GAME.apply(state, action)
                spent = way - sum(
                    after.zones[m].holds(Resource.WAY)
                    for m in hero.members
                    if spec_of[m] is Spec.HEROES
                )
                assert spent == host.size


# -- ORB-17: an enterprise forms only if the Food it may eat covers it ------------------------
SECT = ["priests-leader-1", "priests-master-1", "priests-sage-1", "priests-bard-1"]


def through_consumption(game: Game, state: State) -> tuple[State, list[Any]]:
    """Pass until the round's consumption is over; the events on the way."""
    events: list[Any] = []
    start = state.round
    while state.round == start and not state.over:
        step = game.step(state, Pass())
        events.extend(step.events)
        state = step.state
    return state, events


def beside(enterprise: list[str], zones: dict[str, Any]) -> Any:
    """Seat 0: ``enterprise`` (formed) and a full Warriors' team; the hiring phase."""
    return lambda game: game.position(
        [[enterprise, RETINUE], [["hosts-leader-2"]]],
        enterprises=[enterprise[0]],
        zones=zones,
        phase="hiring",
    )


def test_orb17_priests_food_does_not_form_a_retinue() -> None:
    """ORB-17: the Priests' Food feeds only the Priests, so it does not cover a Retinue whose
    Warriors hold 4 Food: they stay a team and all eat as characters. 0.1.0 counted the
    Priests' Food: the Retinue formed and collapsed in the same round's consumption."""
    build = beside(
        SECT,
        {
            "priests-leader-1": {"current": {"food": 20}},
            "warriors-leader-1": {"gifts": {"food": 4}},
        },
    )
    after, events = through_consumption(GAME, build(GAME))
    assert not any(isinstance(e, (EnterpriseFormed, EnterpriseCollapsed)) for e in events)
    assert after.seats[0].teams[1].members == tuple(RETINUE)
    _old, old_events = through_consumption(OLD, build(OLD))
    assert EnterpriseFormed(0, "warriors-leader-1", Spec.WARRIORS) in old_events
    assert EnterpriseCollapsed(0, "warriors-leader-1") in old_events


def test_orb17_food_set_aside_for_another_structure_does_not_count() -> None:
    """ORB-17: meals set aside for the Workshop feed the Workshop; the Retinue forms only on
    the Food left to it (0.1.0 summed the seat's Food)."""
    meals = {m: {"meals": 3} for m in WORKSHOP[:2]} | {m: {"meals": 2} for m in WORKSHOP[2:]}
    short = beside(WORKSHOP, {**meals, "warriors-leader-1": {"gifts": {"food": 2}}})
    _after, events = through_consumption(GAME, short(GAME))
    assert not any(isinstance(e, EnterpriseFormed) for e in events)
    _old, old_events = through_consumption(OLD, short(OLD))
    assert EnterpriseFormed(0, "warriors-leader-1", Spec.WARRIORS) in old_events
    enough = beside(WORKSHOP, {**meals, "warriors-leader-1": {"gifts": {"food": 6}}})
    after, events = through_consumption(GAME, enough(GAME))
    assert EnterpriseFormed(0, "warriors-leader-1", Spec.WARRIORS) in events
    assert not any(isinstance(e, EnterpriseCollapsed) for e in events)
    assert after.seats[0].teams[1].enterprise


@given(walks())
def test_orb17_every_enterprise_formed_in_play_has_its_food(states: list[State]) -> None:
    """ORB-17: whenever a team becomes an enterprise in random play, the Food it may eat that
    round (its own, and the seat's shared Food left after the other structures) covers 6."""
    ctx = GAME.rule_context
    for before, after in itertools.pairwise(states):
        had = {t.leader for s in before.seats for t in s.teams if t.enterprise}
        for seat in after.seats:
            for team in seat.teams:
                if team.enterprise and team.leader not in had:
                    assert food_for(ctx, seat, after.zones, team.members) >= FOOD_ENTERPRISE


# -- ORB-21: the amounts as an option ------------------------------------------------------------
ONE_AT_A_TIME = Game(all_at_once=False)


@given(st.integers(0, 2**64 - 1), st.integers(2, 4), st.randoms(use_true_random=False))
def test_orb21_one_unit_at_a_time_lists_no_all(seed: int, players: int, rng: Any) -> None:
    """ORB-21: with ``all_at_once=False`` no legal action moves everything at hand, and the
    check refuses it with ``one_unit_only``."""
    state = ONE_AT_A_TIME.new(seed, players=players)
    for _ in range(300):
        legal = ONE_AT_A_TIME.legal_actions(state)
        if not legal:
            break
        assert all(getattr(a, "amount", Amount.ONE) is Amount.ONE for a in legal)
        for action in legal:
            if isinstance(action, Gift | Boost | Reinforce):
                everything = attrs.evolve(action, amount=Amount.ALL)
                violation = ONE_AT_A_TIME.check(state, everything)
                assert violation is not None
                assert violation.rule in ("ORB-21", "ORB-3", "ORB-4", "ORB-10", "ORB-14")
        state = ONE_AT_A_TIME.apply(state, rng.choice(legal))


def test_orb21_everything_at_once_by_default() -> None:
    """ORB-21: by default a gift may move everything the seat can give; not so with
    ``all_at_once=False``."""
    position = {
        "seats": [[["hosts-leader-1"]], [["warriors-leader-1"]]],
        "zones": {"hosts-leader-1": {"current": {"food": 3}}},
        "phase": "trade",
    }
    gift = Gift(Resource.FOOD, "warriors-leader-1", Amount.ALL)
    assert GAME.check(GAME.position(**position), gift) is None
    violation = ONE_AT_A_TIME.check(ONE_AT_A_TIME.position(**position), gift)
    assert violation is not None
    assert (violation.rule, violation.code) == ("ORB-21", "one_unit_only")


# -- the hand-tuned legal list agrees with the rules' checks ------------------------------------
LISTED = {
    "default": Game(copies=1, rounds=3),
    "0.1.0": v0_1_0(Game(copies=1, rounds=3)),
    "one unit at a time": Game(copies=1, rounds=3, all_at_once=False),
}


@given(
    st.sampled_from(sorted(LISTED)),
    st.integers(0, 2**64 - 1),
    st.integers(2, 4),
    st.randoms(use_true_random=False),
)
def test_orb11_orb21_legal_actions_are_exactly_what_the_checks_allow(
    which: str, seed: int, players: int, rng: Any
) -> None:
    """ORB-11, ORB-15, ORB-21: the fast list of legal actions (which skips candidates the
    rules would refuse) holds exactly the vocabulary's actions the checks allow, for today's
    rules, for 0.1.0's and with ``all_at_once=False``."""
    game = LISTED[which]
    state = game.new(seed, players=players)
    vocabulary = game.vocabulary()
    for _ in range(200):
        legal = game.legal_actions(state)
        if not legal:
            break
        assert len(set(legal)) == len(legal)
        assert set(legal) == {a for a in vocabulary if game.check(state, a) is None}
        keen = [a for a in legal if isinstance(a, (MakeOffer, Shield, Reinforce))]
        state = game.apply(state, rng.choice(keen or list(legal)))


def test_orb18_reads_what_a_seat_eats_through_orb19s_fact() -> None:
    """ORB-19 owns the fact ``seat_need``; ORB-18 (and so ``position``'s check of a
    development turn) reads it through the rulebook, so a variant's ORB-19 changes it."""
    from boardrules.games.orbita.rules.consumption import ORB_19, seat_need
    from boardrules.games.orbita.rules.development import corporation_need

    hungry = attrs.evolve(ORB_19, facts={**ORB_19.facts, "seat_need": lambda ctx, seat: 100})
    variant = Game().with_rules(replace={"ORB-19": hungry}, name="hungry")
    assert variant.rulebook.fact_owner("seat_need").id == "ORB-19"
    state = variant.new(1, players=2)
    seat = state.seats[0]
    ctx = Game().rule_context
    assert corporation_need(variant.rule_context, seat) == 100 - 4 * 6 + 32
    assert corporation_need(ctx, seat) == seat_need(ctx, seat) - 4 * 6 + 32
    # The text view and the observation read it too.
    assert "needs 100" in variant.render_text(state)
    assert "needs 100" not in Game().render_text(state)


def test_orb6_states_who_moves_and_the_rules_read_it_as_its_fact() -> None:
    """ORB-6 owns the turn (who decides) and states it as its fact ``mover`` for the rules
    that ask whose decision it is; both agree with the game's ``to_move`` on reached states."""
    from boardrules.games.orbita.rules.attraction import whose_move

    game = Game(rounds=2)
    book = game.rulebook
    assert book.owner("turn") is book.fact_owner("mover") is book.rule("ORB-6")
    ctx = game.rule_context
    state = game.new(3, players=3)
    while not game.is_over(state):
        assert ctx.facts.mover(ctx, state) == whose_move(ctx, state) == game.to_move(state)
        state = game.apply(state, game.legal_actions(state)[-1])
    assert whose_move(ctx, state) is None
