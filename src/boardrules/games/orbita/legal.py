"""Orbita's legal actions: the candidates of the current step, kept if the rules allow them.

The hot lists (gifts, boosts, offers, draws, takes, food allocations, and the first refusals
of shields) mirror the rulebook's checks inline, for Orbita's own rules and 0.1.0's (the
only rulebooks ``Game.legal_actions`` sends here); the rarer ones (answers, reinforcements,
corporations, the rest of the shield tests) ask the checks themselves, in rulebook order.
The conformance properties hold the lists and the checks together. Action objects are built
once per card (or pair of cards) and reused, and what depends only on the teams is kept
with the table index (``table.Index``).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardrules.core.rules import Check, Rulebook
from boardrules.core.violation import Violation
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
    RESOURCE_ORDER,
    ROLE_ORDER,
    SPEC_ORDER,
    Context,
    Resource,
    Role,
    Spec,
)
from boardrules.games.orbita.flow import to_move
from boardrules.games.orbita.rules.attraction import has_bard, leader_room
from boardrules.games.orbita.rules.basics import answering_structure
from boardrules.games.orbita.rules.hiring import ORB_11_0_1_0, name_for
from boardrules.games.orbita.state import Answer, Phase, Stage, State
from boardrules.games.orbita.table import ENTERPRISE, LONE, Index, index

__all__ = ["legal_actions"]

_PASS = Pass()
_DRAW = DrawCharacter()
_ANSWER_ACTIONS = tuple(AnswerOffer(a) for a in Answer)
_REINFORCE_ONE = Reinforce(Amount.ONE)
_REINFORCE_ALL = Reinforce(Amount.ALL)

#: Gift actions by resource (its index), then receiver: one unit and all, built once.
_GIFTS: tuple[dict[str, tuple[Gift, Gift]], ...] = tuple({} for _ in RESOURCE_ORDER)

#: One resource's gifts to every seated card in table order: of one unit, and (one, all).
_Row = tuple[tuple[Gift, ...], tuple[Gift, ...]]

#: The last rulebook ``_offers`` read, and whether its offers read Advice as 0.1.0 did (a
#: Warrior's Advice always counts).
_ALWAYS: list[tuple[Rulebook, bool] | None] = [None]

#: Offers by offerer, then target, built once.
_OFFERS: dict[str, dict[str, MakeOffer]] = {}

_ADVICE = Resource.ADVICE.index

#: Takes and allocations by card, built once.
_TAKES: dict[str, TakeFromMarket] = {}
_ALLOCATES: dict[str, AllocateFood] = {}

#: Boost actions by card: one unit and all, built once.
_BOOSTS: dict[str, tuple[Boost, Boost]] = {}


def _refusal(
    checks: Sequence[Check], ctx: Context, state: State, action: Action
) -> Violation | None:
    for check in checks:
        violation = check(ctx, state, action)
        if violation is not None:
            return violation
    return None


def _gift_row(ix: Index, ctx: Context, rows: list[_Row | None], i: int) -> _Row:
    """For resource ``i``: the one-unit gifts, and the (one, all) pairs, to every seated card
    in table order; built when first needed and kept with the index."""
    cache = _GIFTS[i]
    resource = RESOURCE_ORDER[i]
    pairs = []
    for to in ix.all_cards:
        pair = cache.get(to)
        if pair is None:
            pair = cache[to] = (Gift(resource, to), Gift(resource, to, Amount.ALL))
        pairs.append(pair)
    ones = tuple([p[0] for p in pairs])
    row = (ones, tuple([a for p in pairs for a in p]) if ctx.all_at_once else ones)
    rows[i] = row
    return row


#: A seated card as ``_gifts`` reads it: the card, the index of its own resource, of its
#: booster, the indices of what it may give, its two boosts, and its place in table order.
_Card = tuple[str, int, int, tuple[int, ...], tuple[Boost, Boost], int]


def _cards(ctx: Context, ix: Index) -> list[list[_Card]]:
    """Per seat, its cards as ``_gifts`` reads them, in table order; kept with the index."""
    memo = ix.card_rows
    if memo is None or memo[0] is not ctx:
        spec_of, booster, gives_at, cache = ctx.spec, ctx.booster, ctx.gives_at, _BOOSTS
        rows: list[list[_Card]] = []
        k = 0
        for cards in ix.cards:
            row: list[_Card] = []
            for c in cards:
                ways = cache.get(c)
                if ways is None:
                    ways = cache[c] = (Boost(c), Boost(c, Amount.ALL))
                row.append((c, spec_of[c].index, booster[c], gives_at[c], ways, k))
                k += 1
            rows.append(row)
        memo = ix.card_rows = (ctx, rows)
    found: list[list[_Card]] = memo[1]
    return found


def _gifts(
    ctx: Context,
    ix: Index,
    state: State,
    seat: int,
    out: list[Action],
    boosts: list[Action] | None = None,
) -> None:
    """Add to ``out`` the gifts of one unit, and of all the seat can give if that is more,
    to every receiver.

    With a ``boosts`` list (and no open offer), the seat's boosts (``_boosts``) are added to
    it in the same pass over the seat's cards.
    """
    if state.seats[seat].steps >= ctx.steps:
        return
    offer = state.offer
    zones = state.zones.lookup()  # zones(card): the map's lookup, without a Python call
    all_at_once = ctx.all_at_once
    if offer is None:
        # Every seated card receives: the rows of ready gifts, cut around the seat's own
        # givers (a giver receives only what the others can give it). ``held`` lists each
        # giver's holding as (resource, place in table order, units): ORB-4
        # (``rules.basics.givers``), inline, with no answering structure.
        held: list[tuple[int, int, int]] = []
        totals = [0, 0, 0, 0]
        for c, own, b, gives, ways, k in _cards(ctx, ix)[seat]:
            z = zones(c)
            cur, gif, res = z.current, z.gifts, z.reserve
            if boosts is not None:
                # As ``_boosts``: the card's own resource and its booster at hand.
                boosting = cur[b] + gif[b] + res[b]
                if cur[own] >= 1 and boosting >= 1:
                    boosts.append(ways[0])
                    if all_at_once and boosting > 1:
                        boosts.append(ways[1])
            for i in gives:
                n = cur[i] + gif[i] + res[i]
                if n:
                    held.append((i, k, n))
                    totals[i] += n
        if not held:
            return
        held.sort()  # by resource, then in table order (a card is there once per resource)
        memo = ix.gift_rows
        if memo is None or memo[0] is not ctx:
            memo = ix.gift_rows = (ctx, [None, None, None, None])
        rows: list[_Row | None] = memo[1]
        last = -1
        start = total = wide = 0
        ones: tuple[Gift, ...] = ()
        pairs: tuple[Gift, ...] = ()
        row: tuple[Gift, ...] = ()
        for i, k, n in held:
            if i != last:
                if last >= 0:
                    out.extend(row[start * wide :])
                last, start, total = i, 0, totals[i]
                ones, pairs = rows[i] or _gift_row(ix, ctx, rows, i)
                wide = 2 if total > 1 and all_at_once else 1
                row = pairs if wide == 2 else ones
            out.extend(row[start * wide : k * wide])
            available = total - n
            if available:
                out.append(ones[k])
                if available > 1 and all_at_once:
                    out.append(pairs[2 * k + 1])
            start = k + 1
        out.extend(row[start * wide :])
        return
    # ORB-4 (``rules.basics.givers``), inline: the seat's cards outside the answering
    # structure that may give a resource and hold some, in table order.
    locked = answering_structure(state)
    by_card: tuple[dict[str, int], ...] = ({}, {}, {}, {})
    sums = [0, 0, 0, 0]
    for c, _own, _b, gives, _ways, _k in _cards(ctx, ix)[seat]:
        if c in locked:
            continue
        z = zones(c)
        cur, gif, res = z.current, z.gifts, z.reserve
        for i in gives:
            n = cur[i] + gif[i] + res[i]
            if n:
                by_card[i][c] = n
                sums[i] += n
    sides = (offer.seat, offer.responder)
    receivers = [c for s, cards in enumerate(ix.cards) if s in sides for c in cards]
    for i, resource in enumerate(RESOURCE_ORDER):
        total = sums[i]
        if not total:
            continue
        mine = by_card[i]
        cache = _GIFTS[i]
        for to in receivers:
            available = total - mine.get(to, 0)
            if available:
                pair = cache.get(to)
                if pair is None:
                    pair = cache[to] = (Gift(resource, to), Gift(resource, to, Amount.ALL))
                out.append(pair[0])
                if available > 1 and all_at_once:
                    out.append(pair[1])


def _boosts(ctx: Context, ix: Index, state: State, seat: int) -> list[Action]:
    if state.seats[seat].steps >= ctx.steps:
        return []
    out: list[Action] = []
    zones = state.zones.lookup()
    spec_of, booster = ctx.spec, ctx.booster
    cache = _BOOSTS
    all_at_once = ctx.all_at_once
    for card in ix.cards[seat]:
        # ORB-3 refuses a boost without the card's own resource or its booster; skip those.
        z = zones(card)
        b = booster[card]
        if z.current[spec_of[card].index] < 1 or z.current[b] + z.gifts[b] + z.reserve[b] < 1:
            continue
        # The seat's own card, with both resources: ORB-1, ORB-3 and ORB-21 allow it.
        pair = cache.get(card)
        if pair is None:
            pair = cache[card] = (Boost(card), Boost(card, Amount.ALL))
        out.append(pair[0])
        if all_at_once and z.current[b] + z.gifts[b] + z.reserve[b] > 1:
            out.append(pair[1])
    return out


def _offers(ctx: Context, book: Rulebook, ix: Index, state: State, seat: int) -> list[Action]:
    if state.seats[seat].steps >= ctx.steps:
        return []
    zones = state.zones.lookup()
    # The seat's cards and the Warriors it directs (ORB-16 directs only seated Warriors, an
    # invariant ``position.validate_state`` holds untrusted states to), in canonical order.
    memo = ix.offerer_cards
    if memo is None or memo[0] is not ctx:
        spec_of = ctx.spec
        warriors = [[c for c in cards if spec_of[c] is Spec.WARRIORS] for cards in ix.cards]
        others = [[c for c in cards if spec_of[c] is not Spec.WARRIORS] for cards in ix.cards]
        # Each seat's own cards in canonical order: the offerers when no Warrior is directed.
        by_order = [sorted(cards, key=ctx.order.__getitem__) for cards in ix.cards]
        memo = ix.offerer_cards = (ctx, (warriors, others, by_order))
    warriors, others, own_cards = memo[1]
    offerers: list[str] | None = None
    for s, cards in enumerate(warriors):
        for card in cards:
            directed = zones(card).directed_by
            if directed is not None and directed != s:
                offerers = []  # some Warrior is directed by another seat: sort them out
                break
        if offerers is not None:
            break
    if offerers is None:
        offerers = own_cards[seat]
    else:
        offerers = list(others[seat])
        for s, cards in enumerate(warriors):
            for card in cards:
                directed = zones(card).directed_by
                if (directed if directed is not None else s) == seat:
                    offerers.append(card)
        offerers.sort(key=ctx.order.__getitem__)
    # The offers are built to pass ORB-1 (seated cards), ORB-16 (offerers the seat directs)
    # and ORB-21 (the step limit, above); of ORB-11 the candidates are trump targets of
    # other seats, by the card that names their structure, and the units test mirrors the
    # reading of Advice (today's or 0.1.0's) that the rulebook's check uses.
    known = _ALWAYS[0]
    if known is None or known[0] is not book:
        checks = book.checks_for(MakeOffer)
        known = _ALWAYS[0] = (book, ORB_11_0_1_0.checks[MakeOffer] in checks)
    advice_always = known[1]
    out: list[Action] = []
    spec_of = ctx.spec
    structure_of = ix.structure_of
    market = state.market
    offers = _OFFERS
    # The targets by (victim, seat, owner), kept with the index for this very market (a draw
    # changes the market but not the teams).
    kept = ix.offer_reach
    if kept is None or kept[0] is not ctx or kept[1] is not market:
        kept = ix.offer_reach = (ctx, market, {})
    reach: dict[tuple[Spec, int, int], list[tuple[str, int]]] = kept[2]
    for offerer in offerers:
        # The units of the offerer's trump its structure holds, and with Advice as well
        # (ORB-11 counts Advice only for some Warriors' offers; see ``advice_always``).
        own = structure_of[offerer]
        spec = spec_of[offerer]
        warrior = spec is Spec.WARRIORS
        i = spec.index
        plain = advice = 0
        for m in own.members:
            if spec_of[m] is spec:
                z = zones(m)
                plain += z.current[i] + z.gifts[i] + z.reserve[i]
                if warrior:
                    advice += z.current[_ADVICE] + z.gifts[_ADVICE] + z.reserve[_ADVICE]
        cap = plain + advice
        if not cap:  # not a unit to place (only a Warrior's Advice ever counts)
            continue
        lone_warrior = own.size == LONE and warrior
        victim = ctx.victim[offerer]
        owner = ix.seat_of[offerer]
        targets = reach.get((victim, seat, owner))
        if targets is None:
            targets = [(c, LONE) for c in market if spec_of[c] is victim]
            for s, named in enumerate(_targets(ctx, ix, state, victim)):
                if s != seat and s != owner:
                    targets.extend(named)
            reach[(victim, seat, owner)] = targets
        made = offers.get(offerer)
        if made is None:
            made = offers[offerer] = {}
        if own.size == LONE and not warrior:
            # A lone character other than a Warrior reaches only lone characters, with the
            # units of its trump (``plain``, at least one here).
            for target, size in targets:
                if size == LONE:
                    offer = made.get(target)
                    if offer is None:
                        offer = made[target] = MakeOffer(offerer, target)
                    out.append(offer)
            continue
        for target, size in targets:
            if warrior and (advice_always or (lone_warrior and size == ENTERPRISE)):
                available = cap
            else:
                available = plain
            if own.size < size and not (lone_warrior and size == ENTERPRISE and available >= size):
                continue
            if available < size:
                continue
            offer = made.get(target)
            if offer is None:
                offer = made[target] = MakeOffer(offerer, target)
            out.append(offer)
    return out


def _targets(ctx: Context, ix: Index, state: State, victim: Spec) -> list[list[tuple[str, int]]]:
    """Per seat, the structures holding ``victim`` cards, by the card an offer names, and size.

    It depends only on the teams and corporations, so it is kept with the index.
    """
    memo = ix.offer_targets
    if memo is None or memo[0] is not ctx:
        memo = ix.offer_targets = (ctx, {})
    known: dict[Spec, list[list[tuple[str, int]]]] = memo[1]
    found = known.get(victim)
    if found is None:
        spec_of = ctx.spec
        structure_of = ix.structure_of
        found = []
        for cards in ix.cards:
            named: list[tuple[str, int]] = []
            seen: set[str] = set()
            for c in cards:
                if spec_of[c] is not victim:
                    continue
                st = structure_of[c]
                name = name_for(ctx, st, victim, state)
                if name not in seen:
                    seen.add(name)
                    named.append((name, st.size))
            found.append(named)
        known[victim] = found
    return found


def _shields(ctx: Context, book: Rulebook, state: State, seat: int) -> list[Action]:
    # What both readings of ORB-15 refuse first (``_shield_basics``): a card that is not a
    # Hero, an offer that is not the Warriors' Territory, the offering seat itself.
    offer = state.offer
    if offer is None or offer.resource is not Resource.TERRITORY or seat == offer.seat:
        return []
    checks = book.checks_for(Shield)
    out: list[Action] = []
    spec_of = ctx.spec
    for card in index(state).cards[seat]:
        if spec_of[card] is not Spec.HEROES:
            continue
        shield = Shield(card)
        if _refusal(checks, ctx, state, shield) is None:
            out.append(shield)
    return out


def legal_actions(ctx: Context, book: Rulebook, state: State) -> tuple[Action, ...]:
    """Every legal action in ``state`` (not over), in a stable order.

    ``book`` must have the gift checks of Orbita's own rules (``Game.legal_actions`` falls
    back to filtering the vocabulary for a variant that changes any check).
    """
    seat = to_move(state)
    assert seat is not None
    offer = state.offer
    out: list[Action] = []
    if offer is not None:
        ix = index(state)
        if offer.stage is Stage.ANSWER:
            checks = book.checks_for(AnswerOffer)
            out.extend(a for a in _ANSWER_ACTIONS if _refusal(checks, ctx, state, a) is None)
        elif offer.stage is Stage.REINFORCE:
            checks = book.checks_for(Reinforce)
            out.extend(
                a
                for a in (_REINFORCE_ONE, _REINFORCE_ALL)
                if _refusal(checks, ctx, state, a) is None
            )
        else:
            _gifts(ctx, ix, state, seat, out)
        if offer.stage is not Stage.SUPPORT:
            out.extend(_boosts(ctx, ix, state, seat))
        if offer.stage is not Stage.REINFORCE:
            out.extend(_shields(ctx, book, state, seat))
        if offer.stage is not Stage.ANSWER:
            out.append(_PASS)
        return tuple(out)
    phase = state.phase
    if phase is Phase.ATTRACTION:
        # ORB-7 (``_draw_allowed``, ``_take_allowed``) and ORB-8 (``_leader_allowed``),
        # inline: one draw and one take a turn, both with a Bard; a taken card must fit a
        # team of the seat (or start one within the Leader limit).
        bard = state.took or state.drew
        if bard:
            bard = has_bard(ctx, state, seat)
        if not state.drew and (not state.took or bard) and state.deck:
            out.append(_DRAW)
        if not state.took and (not state.drew or bard):
            # ``join_slot``, inline: a Leader needs room under ORB-8 (any nonzero room, as
            # there), any other card a team of its specialisation missing its role.
            mine = state.seats[seat]
            spec_of, role_of = ctx.spec, ctx.role
            room = bool(leader_room(mine))
            # Open slots as 4 * specialisation + role (by their indices).
            open_slots: set[int] = set()
            for team in mine.teams:
                if not team.enterprise:
                    base = 4 * spec_of[team.leader].index
                    taken = [role_of[m] for m in team.members]
                    open_slots.update(base + r.index for r in ROLE_ORDER if r not in taken)
            takes = _TAKES
            for card in state.market:
                role = role_of[card]
                if role is Role.LEADER:
                    if not room:
                        continue
                elif 4 * spec_of[card].index + role.index not in open_slots:
                    continue
                take = takes.get(card)
                if take is None:
                    take = takes[card] = TakeFromMarket(card)
                out.append(take)
    else:
        # Attraction alone lists without the table index (teams change often there).
        ix = index(state)
        if phase is Phase.TRADE:
            boosts: list[Action] = []
            _gifts(ctx, ix, state, seat, out, boosts)
            out.extend(boosts)
        elif phase is Phase.HIRING:
            out.extend(_offers(ctx, book, ix, state, seat))
            boosts = []
            _gifts(ctx, ix, state, seat, out, boosts)
            out.extend(boosts)
        elif phase is Phase.DEVELOPMENT:
            checks = book.checks_for(FormCorporation)
            for suit in SPEC_ORDER:
                form = FormCorporation(suit)
                if _refusal(checks, ctx, state, form) is None:
                    out.append(form)
        else:
            # ORB-1 and ORB-19 (``_allocate_allowed``), inline: the seat's structures by the
            # card that names them, each once.
            allocated = state.seats[seat].allocated
            every = ix.allocations
            if every is None:
                allocates = _ALLOCATES
                every = ix.allocations = []
                for structures in ix.structures:
                    row: list[AllocateFood] = []
                    for st in structures:
                        allocate = allocates.get(st.name)
                        if allocate is None:
                            allocate = allocates[st.name] = AllocateFood(st.name)
                        row.append(allocate)
                    every.append(row)
            if allocated:
                out.extend(a for a in every[seat] if a.card not in allocated)
            else:
                out.extend(every[seat])
            boosts = []
            _gifts(ctx, ix, state, seat, out, boosts)
            out.extend(boosts)
    out.append(_PASS)
    return tuple(out)
