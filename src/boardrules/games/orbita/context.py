"""What Orbita's rules read besides the state: the deck, its actions and the options.

>>> ctx = Context.build(copies=1)
>>> len(ctx.cards), ctx.spec["hosts-bard-1"], ctx.order["warriors-master-1"]
(16, Spec.HOSTS, 1)
>>> len(ctx.vocabulary), ctx.boost["hosts-bard-1"][(Amount.ONE, Amount.ALL)][1]
(271, Boost(card='hosts-bard-1', amount=Amount.ALL))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, TypeVar

import attrs

from boardrules.core.rules import Facts, Rulebook
from boardrules.games.orbita.actions import (
    Action,
    AllocateFood,
    Amount,
    AnswerOffer,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import (
    BOOSTS,
    GIVES,
    RESOURCE_ORDER,
    ROLE_ORDER,
    SPEC_ORDER,
    Role,
    Spec,
    deck_cards,
    parse_card,
)
from boardrules.games.orbita.state import Answer

__all__ = ["AMOUNTS", "CHOICES", "Context"]

#: The two amounts of a gift, a boost or a reinforcement, in the order they are listed.
AMOUNTS = (Amount.ONE, Amount.ALL)
#: The choices of amount there can be: none, one unit only, or one unit and everything.
CHOICES: tuple[tuple[Amount, ...], ...] = ((), AMOUNTS[:1], AMOUNTS)

A = TypeVar("A")


def _by_choice(make: Callable[[Amount], A]) -> dict[tuple[Amount, ...], tuple[A, ...]]:
    """The actions ``make`` makes of each amount, by the choices of amount (``CHOICES``)."""
    made = {amount: make(amount) for amount in AMOUNTS}
    return {choice: tuple(made[a] for a in choice) for choice in CHOICES}



@attrs.frozen(eq=False)
class Context:
    """What every rule of :mod:`boardrules.games.orbita.rules` gets first: the deck's tables,
    every action of the deck, the options, and the rulebook's facts.

    Built once per game from its options (``Game.rule_context``). The actions are made once
    here, in the order of :attr:`vocabulary`, so a rule lists the deck's own action objects
    (``ctx.gift[resource index][card][amounts]``: the gifts of those amounts, one of
    :data:`CHOICES`) instead of making new ones each step.

    Attributes:
        copies: copies of each of the 16 characters in the deck (ORB-1).
        rounds: the round limit (ORB-22).
        steps: limited actions per seat per phase (ORB-21).
        reinforcements: how often an offerer may reinforce one offer (ORB-14).
        starting_food: Food each starting Leader receives as a gift (ORB-5).
        goal_rounds: consecutive fed rounds of a corporation that end the game; 0 never
            (ORB-22).
        all_at_once: whether a gift, boost or reinforcement may move everything at hand
            (``Amount.ALL``) besides one unit (ORB-21).
        cards: every card of the deck, in canonical order.
        spec: the specialisation of each card.
        role: the role of each card.
        order: each card's place in the canonical order.
        gives_at: for each card, the indices of the resources it may give (``GIVES``, ORB-4).
        booster: for each card, the index of the resource that boosts it (``BOOSTS``, ORB-3).
        victim: for each card, the specialisation its trump is over (``Spec.next``, ORB-2).
        vocabulary: every action of the deck, in the order of ``Game.vocabulary``.
        gift, boost, take, offer, shield, allocate, form, answer, reinforce, draw, passing:
            the actions of :attr:`vocabulary` by what they name: ``gift[resource index]
            [card][amounts]``, ``boost[card][amounts]`` (by a choice of amounts, in the order
            of the choice), ``take[card]``,
            ``offer[offerer][target]``, ``shield[hero]``, ``allocate[card]``,
            ``form[suit index]``, ``answer[answer]``, ``reinforce[amount]``.
        hosts_seated: whether a Hosts Leader is always dealt (ORB-5, ``Game.hosts_seated``).
        facts: the named facts of the rulebook the game is played by (set by the game).
        rules: that rulebook.
        automatic: per kind of automatic step of the round (``flow.AUTOMATIC``), the
            effects the rulebook states for it, in rulebook order (ORB-6 runs them; set by
            the game).
    """

    copies: int
    rounds: int
    steps: int
    reinforcements: int
    starting_food: int
    goal_rounds: int
    all_at_once: bool
    cards: tuple[str, ...]
    spec: dict[str, Spec]
    role: dict[str, Role]
    order: dict[str, int]
    gives_at: dict[str, tuple[int, ...]]
    booster: dict[str, int]
    victim: dict[str, Spec]
    vocabulary: tuple[Action, ...]
    gift: tuple[dict[str, dict[tuple[Amount, ...], tuple[Gift, ...]]], ...]
    boost: dict[str, dict[tuple[Amount, ...], tuple[Boost, ...]]]
    take: dict[str, TakeFromMarket]
    offer: dict[str, dict[str, MakeOffer]]
    shield: dict[str, Shield]
    allocate: dict[str, AllocateFood]
    form: tuple[FormCorporation, ...]
    answer: dict[Answer, AnswerOffer]
    reinforce: dict[Amount, Reinforce]
    draw: DrawCharacter
    passing: Pass
    hosts_seated: bool = attrs.field(default=False, kw_only=True)
    facts: Facts = attrs.field(factory=Facts, kw_only=True)
    rules: Rulebook = attrs.field(factory=lambda: Rulebook(()), kw_only=True)
    automatic: Mapping[type, tuple[Callable[..., Any], ...]] = attrs.field(
        factory=dict, kw_only=True
    )

    @classmethod
    def build(
        cls,
        copies: int = 2,
        rounds: int = 24,
        steps: int = 4,
        reinforcements: int = 2,
        starting_food: int = 2,
        goal_rounds: int = 2,
        all_at_once: bool = True,
    ) -> Context:
        """The context of a game with these options (see ``Game``)."""
        cards = deck_cards(copies)
        parsed = {c: p for c in cards if (p := parse_card(c)) is not None}
        spec = {c: p[0] for c, p in parsed.items()}
        gift = tuple(
            {c: _by_choice(partial(Gift, r, c)) for c in cards} for r in RESOURCE_ORDER
        )
        boost = {c: _by_choice(partial(Boost, c)) for c in cards}
        take = {c: TakeFromMarket(c) for c in cards}
        offer = {o: {t: MakeOffer(o, t) for t in cards if spec[t] is spec[o].next} for o in cards}
        shield = {c: Shield(c) for c in cards if spec[c] is Spec.HEROES}
        allocate = {c: AllocateFood(c) for c in cards}
        form = tuple(FormCorporation(s) for s in SPEC_ORDER)
        answer = {a: AnswerOffer(a) for a in Answer}
        reinforce = {a: Reinforce(a) for a in AMOUNTS}
        draw, passing = DrawCharacter(), Pass()
        vocabulary: tuple[Action, ...] = (
            draw,
            *take.values(),
            *(made for table in gift for by in table.values() for made in by[AMOUNTS]),
            *(made for by in boost.values() for made in by[AMOUNTS]),
            *(made for targets in offer.values() for made in targets.values()),
            *answer.values(),
            *reinforce.values(),
            *shield.values(),
            *form,
            *allocate.values(),
            passing,
        )
        return cls(
            copies,
            rounds,
            steps,
            reinforcements,
            starting_food,
            goal_rounds,
            all_at_once,
            cards,
            spec,
            {c: p[1] for c, p in parsed.items()},
            {c: i for i, c in enumerate(cards)},
            {c: tuple(r.index for r in RESOURCE_ORDER if r in GIVES[s]) for c, s in spec.items()},
            {c: BOOSTS[s][0].index for c, s in spec.items()},
            {c: s.next for c, s in spec.items()},
            vocabulary,
            gift,
            boost,
            take,
            offer,
            shield,
            allocate,
            form,
            answer,
            reinforce,
            draw,
            passing,
        )

    def role_rank(self, card: str) -> int:
        """The place of ``card``'s role in a team (the Leader first)."""
        return ROLE_ORDER.index(self.role[card])
