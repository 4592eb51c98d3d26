"""The «Об игре» ``Game``: its options, its rule context and the parts no rule states.

Setup, turns, the pending steps, legal actions, checks, effects, the end, the score and the
views are composed by the core from the units in :mod:`~boardrules.games.lyceum.rules`
(one per rule ID). Here: the options, the rules' context (content tables, options, the
rulebook's named facts and the effects of the moments of a turn), the working copy effects
change (:class:`~boardrules.games.lyceum.state.Work`), invariants and positions
(:mod:`~boardrules.games.lyceum.position`), and what agents and front-ends use
(:mod:`~boardrules.games.lyceum.hooks`, :mod:`~boardrules.games.lyceum.labels`), each
method one delegation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.game import GameBase, kept
from boardrules.core.rng import Rng
from boardrules.core.rules import Rulebook
from boardrules.core.violation import Violation, explain
from boardrules.display import Position
from boardrules.games.lyceum import (
    hooks,
    labels,
    notation,
    position,
    render,
    rules,
)
from boardrules.games.lyceum.actions import Action
from boardrules.games.lyceum.catalogue import Catalogue
from boardrules.games.lyceum.catalogue import catalogue as build_catalogue
from boardrules.games.lyceum.content import Card, Content, Tables, default_content, validate_content
from boardrules.games.lyceum.events import Event
from boardrules.games.lyceum.rules import Setup
from boardrules.games.lyceum.state import State, Work
from boardrules.games.lyceum.state import freeze as freeze_work

__all__ = ["Game"]


def _content(value: Content | None) -> Content:
    return default_content() if value is None else validate_content(value)


def _bound(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 2 <= value <= 10:
        raise BadInput(f"$.{attribute.name}", "LY-1: seats are an integer from 2 to 10")


@attrs.frozen
class Game(GameBase[State, Action, Event, Setup]):
    """The HSE Lyceum life-path game «Об игре» (rules LY-1..LY-24).

    Attributes:
        content: characters, level table and action cards; by default our illustrative
            content (:func:`~boardrules.games.lyceum.default_content`).
        min_players: the fewest seats (3 by the rulebook).
        max_players: the most seats (4 by the rulebook); at most the number of characters.

    >>> game = Game()
    >>> state = game.new(seed=7, players=3)
    >>> game.to_move(state), len(game.legal_actions(state))
    (0, 5)
    """

    name: ClassVar[str] = "lyceum"
    state_type: ClassVar[type] = State
    action_type: ClassVar[Any] = Action
    event_type: ClassVar[Any] = Event
    setup_type: ClassVar[type] = Setup
    hidden_information: ClassVar[bool] = True
    #: The rules as units, LY-1..LY-24 (:data:`boardrules.games.lyceum.rules.RULES`).
    default_rules: ClassVar[Rulebook] = rules.RULES

    content: Content = attrs.field(default=None, converter=_content)
    min_players: int = attrs.field(default=3, validator=_bound)  # type: ignore[misc]
    max_players: int = attrs.field(default=4, validator=_bound)  # type: ignore[misc]

    def __attrs_post_init__(self) -> None:
        Tables(self.content, self.min_players, self.max_players)  # BadInput for a bad range

    # -- wiring: everything else is composed from the rule units ------------------------
    @kept
    def rule_context(self) -> Tables:
        """What every Lyceum rule gets first: the content's tables, the options, the
        rulebook's named facts and, per moment of a turn, the effects the rules state.
        Made once per game object (:class:`~boardrules.core.game.kept`)."""
        return self._make_rule_context()

    def _make_rule_context(self) -> Tables:
        book = self.rulebook
        moments = {
            moment: tuple(rule.effects[moment] for rule in book if moment in rule.effects)
            for moment in rules.MOMENTS
        }
        return Tables(
            self.content, self.min_players, self.max_players, book.facts(State), moments
        )

    def draft(self, state: State, events: list[Event] | None) -> Work:
        """The effects change a mutable working copy of the state, frozen once at the end."""
        return Work(state)

    def freeze(self, work: Work) -> State:
        """The next state from the working copy."""
        return freeze_work(work)

    def max_moves(self) -> int:
        """A bound on actions per game.

        Setup: the extra SP and at most 5 declaration actions per seat. Each turn: at most a
        main action, a decision, 2 SP of choice and as many rest moves as allowed (or 6
        special points), then an offer and 6 more special points; plus the SP of every level.
        """
        ctx = self.rule_context
        facts = ctx.facts
        seats = ctx.max_players
        rounds: int = facts.rounds(ctx)
        rest = getattr(facts, "rest_moves", None)  # none in a variant without LY-17
        rests: list[int] = [rest(ctx, (), r, 0) for r in range(1, rounds + 1)] if rest else [0]
        per_turn = 2 + max(*rests, ctx.longest_lasting_rest, 7) + 1 + 1 + 7
        levels: int = facts.level_up(ctx, 0, 0, len(ctx.levels)).count
        extra: int = facts.extra_points(ctx)
        return seats * (extra + 5) + rounds * seats * per_turn + seats * levels

    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state consistent with ``view``, for agents that look ahead.

        The piles are shuffled and the seed drawn from ``rng``; a hidden declaration of
        another seat becomes none, and a hidden declaration step in progress gets a target
        drawn from ``rng``. ``game.view(result, seat) == view`` for any view of ``seat``.

        >>> from boardrules import Rng
        >>> game = Game()
        >>> view = game.view(game.new(seed=3, players=3), 1)
        >>> game.view(game.determinize(view, 1, Rng(5)), 1) == view
        True
        """
        return hooks.determinize(view, seat, rng)

    def validate(self, state: State) -> None:
        """Raise ``BadInput`` (naming the path) unless ``state`` keeps the Lyceum invariants."""
        position.validate_state(self.rule_context, state)

    def position(self, **description: Any) -> State:
        """A state at the start of a seat's main turn, from a readable description.

        See :func:`boardrules.games.lyceum.position.build_position` for the arguments.

        Raises:
            BadInput: if the description is not a valid Lyceum position.

        >>> game = Game()
        >>> s = game.position(skills=[(5, 5, 5, 5, 5)] * 3, round=4, to_move=1)
        >>> game.to_move(s), game.legal_actions(s)[-1]
        (1, Rest())
        """
        return position.build_position(self.rule_context, **description)

    # -- rule helpers for scripts and front-ends ---------------------------------------------
    def card(self, card_id: str) -> Card:
        """The action card with this id.

        Raises:
            KeyError: if the content has no such card.
        """
        return self.rule_context.cards[card_id]

    def level(self, xp: int) -> int:
        """The level ``xp`` reaches under the content's level table (LY-19).

        >>> Game().level(0), Game().level(1250)
        (1, 4)
        """
        ctx = self.rule_context
        return int(ctx.facts.level(ctx, xp))

    def eligible(self, skills: tuple[int, ...], card_id: str) -> bool:
        """Whether a character with ``skills`` meets the card's conditions and losses (LY-10)."""
        ctx = self.rule_context
        return bool(ctx.facts.eligible(ctx, skills, card_id))

    def rest_moves(self, state: State, seat: int) -> int:
        """How many SP ``seat`` may move in a rest now: 3 / 4 / 5 by epoch (LY-17), or the
        amount of the earliest-played lasting effect that reaches it (LY-16)."""
        ctx = self.rule_context
        return int(ctx.facts.rest_moves(ctx, state.effects, state.round, seat))

    def can_share(self, state: State, seat: int) -> Violation | None:
        """Why ``seat`` may not share experience now (LY-18), or ``None``."""
        ctx = self.rule_context
        owner = self.rulebook.fact_owner("can_share").id
        return explain(owner, ctx.facts.can_share(ctx, state, seat))

    def first_seat(self, state: State) -> int:
        """The seat that moves (or would move) first given the seats' energy now (LY-5).

        >>> game = Game()
        >>> game.first_seat(game.position(skills=[(5,) * 5, (0, 0, 0, 0, 6), (9,) * 5]))
        2
        """
        ctx = self.rule_context
        return int(ctx.facts.first_seat(ctx, state.seats, state.tie_order))

    def mover(self, state: State) -> int | None:
        """The seat whose turn it is in the round (``None`` in the setup and at the end).

        It differs from :meth:`to_move` while another seat places level-up points out of turn.

        >>> game = Game()
        >>> game.mover(game.position(skills=[(5,) * 5] * 3, to_move=2))
        2
        """
        ctx = self.rule_context
        seat: int | None = ctx.facts.mover(ctx, state)
        return seat

    # -- for agents, front-ends, learning code and balance reports ------------------------
    def heuristic(self, state: State, seat: int) -> float:
        """How good ``state`` looks for ``seat``, for the greedy agent (higher is better).

        XP so far, 10 per SP, the declaration bonus once the game is over, and the XP and net
        SP of a card the seat has drawn or is offered and may play. (Measured with
        ``benchmarks/agents.py lyceum --games 400 --mcts-games 100``, seed 2026, four seats:
        the greedy agent wins 87.0 % [83.4 %, 90.0 %] of games against three random players,
        MCTS with 100 iterations 90.8 % [83.6 %, 95.1 %]; an even share is 25 %.)
        """
        return hooks.heuristic(self.rule_context, state, seat)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs (``"en"`` or ``"ru"``).

        >>> from boardrules.games.lyceum import Colour, Draw
        >>> Game().describe_action(Draw(Colour.RED), "ru")
        'Взять красную карту'
        """
        return labels.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations (``"en"`` or ``"ru"``).

        >>> from boardrules.games.lyceum import CardDrawn, Colour
        >>> Game().describe_event(CardDrawn(2, Colour.GREEN, "ly-green-01"))
        'Seat 2 draws a green card: «Hand in the homework on time»'
        """
        return labels.describe_event(self.rule_context, event, lang)

    # -- seeing positions and writing moves (render.py, notation.py) ---------------------
    #: What each part of the points counts (``Standing.breakdown``), in English and Russian.
    breakdown_labels: ClassVar[Mapping[str, tuple[str, str]]] = {
        "played": ("XP from cards played", "опыт за сыгранные карты"),
        "shared": ("XP shared by other seats", "опыт, которым поделились другие"),
        "declaration": ("declaration bonus", "бонус за заявку"),
    }

    def asked(self, state: State, lang: str = "en") -> str:
        """What the seat to move is asked, or how the game ended, in one sentence."""
        return render.asked(self, state, lang)

    def render_text(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as a text table (see ``lyceum.render``)."""
        return render.render_text(self, state, seat, lang)

    def render_svg(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as an SVG document (see ``lyceum.render``)."""
        return render.render_svg(self, state, seat, lang)

    def show(self, state: State, seat: int | None = None, lang: str = "en") -> Position[State]:
        """The position, to print or to show in Jupyter (:class:`boardrules.display.Position`)."""
        return Position(self, state, seat, lang)

    def format_action(self, action: Action) -> str:
        """The notation of ``action``: ``draw red``, ``+energy``, ``move health intellect``."""
        return notation.format_action(action)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action that ``text`` writes in the notation (``BadInput`` if none)."""
        legal = None if state is None else self.legal_actions(state)
        return notation.parse_action(text, legal)

    def catalogue(self) -> Catalogue:
        """Every content item of this game with its data, by the ids the views use
        (``boardrules.catalogue``; ``GET /api/games/lyceum/content`` on the server)."""
        return build_catalogue(self.content)

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action the game can ever take, in a fixed order (86 actions).

        The order of the ``Action`` union: ``ChooseSkill`` per skill, ``Declare`` none / 35 /
        40 / 45, ``DeclareSkill(0..45)``, ``Draw`` green / yellow / red, ``Rest``,
        ``ShareExperience``, ``PlayCard``, ``DiscardCard``, ``DeferCard``, ``MoveSkillPoint``
        for each ordered pair of different skills (source-major), ``FinishMoves``,
        ``PlayDeferred``, ``KeepDeferred``; skills and colours in their enum order.

        >>> Game().vocabulary()[:2]
        (ChooseSkill(skill=Skill.HEALTH), ChooseSkill(skill=Skill.INTELLECT))
        """
        return hooks.vocabulary(self.rule_context)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector: 51 + 45 + 15 per other seat (141 for 4)."""
        return hooks.observation_size(self.rule_context)

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size vector of integers in -1..127 of what ``seat`` sees, for learning code.

        See :func:`boardrules.games.lyceum.hooks.observe`; hidden data is never read, so the
        view and the full state give the same vector.
        """
        return hooks.observe(self.rule_context, view, seat)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics of a finished game for balance reports (``{}`` before the end);
        see :func:`boardrules.games.lyceum.hooks.tally`."""
        return hooks.tally(self.rule_context, state, events)

    def action_strategy(self) -> Any:
        """A Hypothesis strategy over the whole action vocabulary, legal or not."""
        return hooks.action_strategy()
