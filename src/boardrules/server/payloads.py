"""What one seat receives: built from ``game.view`` and ``game.view_events`` only.

These functions are pure, so the property tests can call them on twin states that differ only
in what a seat may not see, and demand equal answers.

>>> import boardrules
>>> game = boardrules.load("semya")
>>> state = game.new(7)
>>> doc = seat_payload(game, state, 0, 0, ("human", "greedy"))
>>> sorted(doc)
['game', 'legal', 'over', 'seat', 'seats', 'standings', 'to_move', 'turn', 'version', 'view']
>>> doc["turn"]["en"]["asked"], doc["turn"]["ru"]["step"]
('Seat 0 leads: any feeling card.', 'lead')
"""

from __future__ import annotations

import json
import secrets
import threading
from typing import Any

from boardrules import serde
from boardrules.core.capabilities import Rendered
from boardrules.core.codec import tag_of
from boardrules.core.standings import Standings
from boardrules.core.turn import Turn
from boardrules.core.violation import Lang, Violation
from boardrules.labels import describe

__all__ = [
    "encode_json", "labelled", "seat_events", "seat_payload", "seat_payload_text", "seat_picture",
    "seat_turn", "standings_json", "violation_json",
]


#: The languages of a payload's labels and turns.
LANGS: tuple[Lang, ...] = ("en", "ru")

#: Labels already written, by game and item (:func:`_memo`).
_LABELS: dict[int, tuple[Any, dict[object, Any]]] = {}
_LABELS_LOCK = threading.Lock()
#: The JSON text of each legal move in a payload, by game and action (:func:`_move_texts`).
_MOVES: dict[int, tuple[Any, dict[object, Any]]] = {}
#: Compact UTF-8 JSON, as every answer and update of the server is written.
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
#: Stand-ins for the moves' JSON in a payload being encoded: strings no game writes (a NUL,
#: a random nonce), replaced by the moves' text once the rest is encoded.
_NONCE = secrets.token_hex(8)
_MARKS: dict[str, str] = {name: f"\0{_NONCE}:{name}\0" for name in ("legal", *LANGS)}
_MARK_TEXTS = tuple(_ENCODER.encode(_MARKS[name]) for name in ("legal", *LANGS))


def encode_json(doc: Any) -> str:
    """A document as compact JSON text, non-ASCII characters as they are (what the server
    sends, in UTF-8).

    >>> encode_json({"a": [1, "ё"]})
    '{"a":[1,"ё"]}'
    """
    return _ENCODER.encode(doc)


def _memo(table: dict[int, tuple[Any, dict[object, Any]]], game: Any, item: object,
          make: Any) -> Any:
    """``make()``, kept in ``table`` by game (its ``id``, with the game kept so the id stays
    its own) and item, up to a bound: actions and events are immutable, so what is written
    of one is written once per game and process, then looked up."""
    with _LABELS_LOCK:
        known = table.get(id(game))
        if known is None or known[0] is not game:
            if len(table) >= 64:
                table.clear()
            known = table[id(game)] = (game, {})
        kept: dict[object, Any] | None = known[1]
        try:
            found = known[1].get(item)
        except TypeError:  # an item that cannot be hashed is written every time
            kept, found = None, None
    if found is None:
        found = make()
        if kept is not None:
            with _LABELS_LOCK:
                if len(kept) >= 8192:
                    kept.clear()
                kept[item] = found
    return found


def labelled(game: Any, item: object) -> dict[str, str]:
    """The English and Russian labels of an action or event (written once per game and
    item, up to a bound)."""
    en, ru = _memo(_LABELS, game, item, lambda: (describe(game, item, "en"),
                                                 describe(game, item, "ru")))
    return {"en": en, "ru": ru}


def _move_texts(game: Any, action: object) -> tuple[str, ...]:
    """The JSON text of ``action`` as a payload lists it: its ``legal`` item, then its item in
    the turn's ``moves`` in each of :data:`LANGS`; written once per game and action."""
    def make() -> tuple[str, ...]:
        data, label = serde.to_dict(action), labelled(game, action)
        notation = _notation(game, action)
        return (_ENCODER.encode({"action": data, "label": label}), *(
            _ENCODER.encode({"action": data, "label": label[lang], "notation": notation})
            for lang in LANGS))

    found: tuple[str, ...] = _memo(_MOVES, game, action, make)
    return found


def standings_json(standings: Standings) -> dict[str, Any]:
    """Standings as JSON: ``final``, ``winners``, ``points`` and each seat's ``rank``."""
    return {
        "final": standings.final,
        "winners": list(standings.winners),
        "points": list(standings.points),
        "ranks": [s.rank for s in standings],
    }


def seat_turn(game: Any, state: Any, seat: int | None, lang: Lang) -> Turn[Any]:
    """The structured turn (:class:`~boardrules.core.turn.Turn`) ``seat`` may see in ``state``.

    For the seat that must act, and for everyone once the game is over, it is
    ``game.prompt(state, lang)``: the very document :meth:`boardrules.Table.turn` gives,
    with every legal move labelled. Any other seat (and a spectator) gets who must act, the
    step, the kinds of action it takes and the sentence, asked of its own view, and no moves:
    another seat's legal moves could tell what that seat holds.
    """
    to_move = game.to_move(state)
    if to_move is None or to_move == seat:
        turn: Turn[Any] = game.prompt(state, lang)
        return turn
    return _heading(game, game.view(state, seat), game.view(state, seat), to_move, lang)


def _heading(game: Any, state: Any, view: Any, to_move: int, lang: Lang) -> Turn[Any]:
    """A turn without its moves, as ``game.prompt`` writes it: the kinds and the number of
    seats from ``state``, the step and the sentence from ``view`` (the seat's own)."""
    kinds = tuple(tag_of(kind) for kind in game.accepts(state))
    return Turn(game.name, to_move, game.seat_count(state), game.step_name(view), kinds, (),
                game.asked(view, lang), lang)


def _notation(game: Any, action: object) -> str | None:
    formatted = getattr(game, "format_action", None)
    return str(formatted(action)) if callable(formatted) else None


def _turns(game: Any, state: Any, view: Any, seat: int | None, to_move: int | None,
           moves: dict[str, Any]) -> dict[str, Any]:
    """``serde.to_dict(seat_turn(game, state, seat, lang))`` in each language, with the
    mover's moves given (``moves[lang]``, taken from the payload's labelled ``legal``)."""
    if to_move is None:
        return {lang: serde.to_dict(game.prompt(state, lang)) for lang in LANGS}
    # The heading's kinds, seat count and step are the same in every language: written once.
    first: dict[str, Any] = serde.to_dict(
        _heading(game, view if to_move != seat else state, view, to_move, LANGS[0]))
    out: dict[str, Any] = {LANGS[0]: first}
    for lang in LANGS[1:]:
        out[lang] = {**first, "kinds": list(first["kinds"]), "moves": [],
                     "asked": game.asked(view, lang), "lang": lang}
    if to_move == seat:
        for lang in LANGS:
            out[lang]["moves"] = moves[lang]
    return out


def _payload(game: Any, state: Any, seat: int | None, version: int, seats: tuple[str, ...],
             marks: bool) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """:func:`seat_payload` and the mover's legal actions; with ``marks``, the legal moves
    (``legal`` and the turn's ``moves``) are left as :data:`_MARKS`, for
    :func:`seat_payload_text` to put their JSON in."""
    view = game.view(state, seat)
    to_move = game.to_move(state)
    over = to_move is None
    mine = seat is not None and to_move == seat
    actions = tuple(game.legal_actions(state)) if mine else ()
    legal: Any
    moves: dict[str, Any]
    if marks:
        legal, moves = _MARKS["legal"], {lang: _MARKS[lang] for lang in LANGS}
    else:
        legal = [{"action": serde.to_dict(a), "label": labelled(game, a)} for a in actions]
        notations = [_notation(game, action) for action in actions]
        moves = {lang: [{"action": item["action"], "label": item["label"][lang],
                         "notation": notation}
                        for item, notation in zip(legal, notations, strict=True)]
                 for lang in LANGS}
    standings = game.score(state) if over else game.score(view)
    return {
        "game": game.name,
        "seat": seat,
        "seats": list(seats),
        "version": version,
        "to_move": to_move,
        "over": over,
        "view": serde.to_dict(view),
        "legal": legal,
        "standings": standings_json(standings),
        "turn": _turns(game, state, view, seat, to_move, moves),
    }, actions


def seat_payload(
    game: Any, state: Any, seat: int | None, version: int, seats: tuple[str, ...]
) -> dict[str, Any]:
    """The document a seat (``None``: a spectator) gets for ``state`` after ``version`` moves.

    It holds the seat's view, the legal actions with labels when it is this seat's turn,
    the standings as this seat may know them: computed on the view while the game goes on,
    and on the full state once it is over (then nothing is hidden any more), and the
    structured turn (:func:`seat_turn`) in English and Russian: ``turn["en"]`` is
    ``serde.to_dict`` of the :class:`~boardrules.core.turn.Turn` a table or the terminal
    shows.
    """
    return _payload(game, state, seat, version, seats, False)[0]


def seat_payload_text(
    game: Any, state: Any, seat: int | None, version: int, seats: tuple[str, ...],
    head: dict[str, Any], tail: dict[str, Any],
) -> str:
    """``encode_json({**head, **seat_payload(...), **tail})``, with less work: the legal
    moves' JSON (the ``legal`` items and the turn's moves, most of a mover's payload) is
    written once per game and action and then joined, not built and encoded again.

    ``head`` and ``tail`` hold no key of the payload's own.

    >>> import boardrules
    >>> game = boardrules.load("kuhn")
    >>> state = game.new(3)
    >>> seat = game.to_move(state)
    >>> text = seat_payload_text(game, state, seat, 0, ("human", "human"), {}, {"match": "m"})
    >>> text == encode_json({**seat_payload(game, state, seat, 0, ("human", "human")),
    ...                      "match": "m"})
    True
    """
    doc, actions = _payload(game, state, seat, version, seats, True)
    text = _ENCODER.encode({**head, **doc, **tail})
    texts = [_move_texts(game, action) for action in actions]
    for i, mark in enumerate(_MARK_TEXTS):
        # The mark is the payload's only string with a NUL and the nonce: replaced once.
        text = text.replace(mark, "[" + ",".join(t[i] for t in texts) + "]", 1)
    return text


def seat_events(
    game: Any, moves: list[tuple[int, tuple[Any, ...]]], seat: int | None
) -> list[dict[str, Any]]:
    """The events of ``(move number, events)`` pairs as ``seat`` may see them, labelled."""
    out: list[dict[str, Any]] = []
    for move, events in moves:
        for event in game.view_events(events, seat):
            out.append({"move": move, "event": serde.to_dict(event),
                        "label": labelled(game, event)})
    return out


def violation_json(violation: Violation) -> dict[str, Any]:
    """A refusal as JSON: the rule ID, the machine code and the sentence in both languages."""
    return {
        "rule": violation.rule,
        "code": violation.code,
        "params": serde.to_dict(violation.params),
        "message": {"en": violation.message("en"), "ru": violation.message("ru")},
    }


def seat_picture(game: Any, view: dict[str, Any], seat: int | None, lang: str) -> str:
    """The SVG picture of a payload's ``view`` (its JSON form) for ``seat`` in ``lang``.

    It is drawn from the view alone, never from the state, so it shows only what the seat may
    see; a game without pictures gets an empty string.
    """
    loaded = serde.from_dict(view, game.state_type, game=game)
    if not isinstance(game, Rendered):
        return ""
    return str(game.render_svg(loaded, seat, lang))
