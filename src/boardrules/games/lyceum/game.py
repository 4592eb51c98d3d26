"""The «Об игре» ``Game``: a thin facade that wires the parts of the game folder.

Rules live in :mod:`~boardrules.games.lyceum.rules` (one unit per rule ID), the pending-step
machinery in :mod:`~boardrules.games.lyceum.flow`, hidden information in
:mod:`~boardrules.games.lyceum.views`, standings in :mod:`~boardrules.games.lyceum.scoring`,
invariants and positions in :mod:`~boardrules.games.lyceum.position`, what agents and
front-ends use in :mod:`~boardrules.games.lyceum.hooks` and
:mod:`~boardrules.games.lyceum.labels`. Each method here is one delegation.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.game import GameBase
from boardrules.core.rng import Rng
from boardrules.core.rules import Effect, Rulebook
from boardrules.core.standings import Standings
from boardrules.core.violation import Violation
from boardrules.display import Position
from boardrules.games.lyceum import (
    flow,
    hooks,
    labels,
    notation,
    position,
    render,
    rules,
    scoring,
    views,
)
from boardrules.games.lyceum.actions import Action
from boardrules.games.lyceum.content import Card, Content, Tables, default_content, validate_content
from boardrules.games.lyceum.events import Event
from boardrules.games.lyceum.flow import Setup
from boardrules.games.lyceum.state import State, Work

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
    #: What the rules look things up in (the content's tables and the options), as their
    #: checks and effects get it; built from the options, not an option itself.
    rule_context: Tables = attrs.field(init=False, eq=False, repr=False)
    # The effects of the rules per action class and moment (no cached_property: on an attrs
    # class it would slow every attribute lookup of the game down).
    _effects: dict[type, tuple[Effect, ...]] = attrs.field(
        init=False, factory=dict, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(
            self, "rule_context", Tables(self.content, self.min_players, self.max_players)
        )

    # -- what the core runs -------------------------------------------------------------------
    def _new(self, seed: int, setup: Setup) -> State:
        return flow.new(self.rule_context, seed, setup)

    #: The seat of the pending step, or ``None`` once round 10 is over.
    to_move = staticmethod(flow.to_move)
    #: Whether every seat has had its turn in round 10 (LY-20).
    is_over = staticmethod(flow.is_over)
    #: The action classes that answer the pending step (LY-7); the core refuses others.
    accepts = staticmethod(flow.accepts)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action, in a stable order that depends on the pending step (see
        :func:`boardrules.games.lyceum.flow.legal_actions`)."""
        return flow.legal_actions(self.rule_context, state)

    def _begin(self, state: State) -> Work:
        return flow.begin(state)

    def _finish(self, work: Work) -> State:
        return flow.finish(work)

    def _advance(self, state: State, action: Action, events: list[Event] | None) -> State:
        effects = self._effects or self._effect_table()
        return flow.advance(effects, self.rule_context, state, action, events)

    def _effect_table(self) -> dict[type, tuple[Effect, ...]]:
        # Made on first use: a variant's rulebook is set after __init__ (see with_rules).
        table = flow.effect_table(self.rulebook, self.action_classes)
        object.__setattr__(self, "_effects", table)
        return table

    def max_moves(self) -> int:
        """A bound on actions per game (see :func:`boardrules.games.lyceum.flow.max_moves`)."""
        return flow.max_moves(self.rule_context)

    def score(self, state: State) -> Standings:
        """XP per seat: played, shared and (at the end) the declaration bonus (LY-20)."""
        return scoring.score(state)

    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see: pile order, the seed and other seats' declarations hidden.

        Piles are shown in content order (their contents are public: the cards of the epoch
        not drawn yet); before the end, every other seat's declaration shows as
        :data:`~boardrules.games.lyceum.state.HIDDEN` once its declaration step is over,
        whether it declared or not.
        """
        return views.view(self.rule_context, state, seat)

    def view_events(self, events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
        """The events as ``seat`` may see them: other seats' declarations hidden."""
        return views.view_events(events, seat)

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
        return views.determinize(view, seat, rng)

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
        return self.content.level_of(xp)

    def eligible(self, skills: tuple[int, ...], card_id: str) -> bool:
        """Whether a character with ``skills`` meets the card's conditions and losses (LY-10)."""
        return rules.eligible(self.rule_context, skills, card_id)

    def rest_moves(self, state: State, seat: int) -> int:
        """How many SP ``seat`` may move in a rest now: 3 / 4 / 5 by epoch (LY-17), or the
        amount of the earliest-played lasting effect that reaches it (LY-16)."""
        return rules.rest_moves(state.effects, state.round, seat)

    def can_share(self, state: State, seat: int) -> Violation | None:
        """Why ``seat`` may not share experience now (LY-18), or ``None``."""
        return rules.can_share(self.rule_context, state, seat)

    def first_seat(self, state: State) -> int:
        """The seat that moves (or would move) first given the seats' energy now (LY-5).

        >>> game = Game()
        >>> game.first_seat(game.position(skills=[(5,) * 5, (0, 0, 0, 0, 6), (9,) * 5]))
        2
        """
        return rules.first_seat(state.seats, state.tie_order)

    def mover(self, state: State) -> int | None:
        """The seat whose turn it is in the round (``None`` in the setup and at the end).

        It differs from :meth:`to_move` while another seat places level-up points out of turn.

        >>> game = Game()
        >>> game.mover(game.position(skills=[(5,) * 5] * 3, to_move=2))
        2
        """
        return flow.mover(state)

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
