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

A finished match's payload also holds the ``result`` in each language (places, labelled
points, a sentence); one that ended by a resignation reads over everywhere (no seat to move,
no moves, the result's sentence asked) though its game's state is not:

>>> done = seat_payload(game, state, 0, 0, ("human", "greedy"), resigned=0)
>>> done["over"], done["to_move"], done["legal"], done["turn"]["en"]["asked"]
(True, None, [], 'Seat 0 resigned: seat 1 wins.')
>>> done["result"]["ru"]["sentence"], done["standings"]["winners"]
('Игрок 0 сдался: побеждает игрок 1.', [1])
"""

from __future__ import annotations

import html
import json
import re
import secrets
import threading
from typing import Any

import attrs

from boardrules import serde
from boardrules.core.capabilities import Rendered
from boardrules.core.codec import tag_of
from boardrules.core.record import SAFE_INTEGER
from boardrules.core.standings import Standing, Standings
from boardrules.core.turn import Place, Result, Turn
from boardrules.core.violation import Lang, Violation
from boardrules.labels import describe

__all__ = [
    "encode_json", "ended_svg", "labelled", "resigned_result", "safe_integer", "seat_events",
    "seat_payload", "seat_payload_text", "seat_picture", "seat_result", "seat_turn",
    "standings_json", "violation_json",
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


def safe_integer(number: int) -> int | str:
    """``number`` as a payload carries it: itself up to ``2**53 - 1`` (what JavaScript holds
    exactly), else its digits.

    >>> safe_integer(7), safe_integer(3853230661663787602)
    (7, '3853230661663787602')
    """
    return number if -SAFE_INTEGER <= number <= SAFE_INTEGER else str(number)


def standings_json(standings: Standings | Result) -> dict[str, Any]:
    """Standings (or a result's) as JSON: ``final``, ``winners``, ``points`` and each seat's
    ``rank``, in seat order."""
    seats: list[Place] | list[Standing] = sorted(
        standings.places, key=lambda s: s.seat) if isinstance(standings, Result) else list(
        standings)
    return {
        "final": standings.final,
        "winners": list(standings.winners),
        "points": [s.points for s in seats],
        "ranks": [s.rank for s in seats],
    }


def resigned_result(result: Result, seat: int) -> Result:
    """The final result of a match that ended because ``seat`` resigned (by itself, or by its
    turn timer), from ``result``, the game's result of the position where it stopped: that
    seat ranks last, the others keep their order among themselves, and those first win.

    >>> places = (Place(0, 1, 5, False, ()), Place(1, 2, 3, False, ()))
    >>> done = resigned_result(Result("kuhn", False, (), places, ""), 0)
    >>> done.final, done.winners, [(p.seat, p.rank) for p in done.places], done.sentence
    (True, (1,), [(1, 1), (0, 2)], 'Seat 0 resigned: seat 1 wins.')
    >>> resigned_result(Result("kuhn", False, (), places, "", "ru"), 1).sentence
    'Игрок 1 сдался: побеждает игрок 0.'
    """
    others = [p for p in result.places if p.seat != seat]
    ranks = {p.seat: 1 + sum(q.rank < p.rank for q in others) for p in others}
    ranks[seat] = len(result.places)
    winners = tuple(sorted(s for s, rank in ranks.items() if rank == 1 and s != seat))
    places = tuple(sorted((attrs.evolve(p, rank=ranks[p.seat], winner=p.seat in winners)
                           for p in result.places), key=lambda p: (p.rank, p.seat)))
    names = ", ".join(map(str, winners))
    if result.lang == "ru":
        who = f"побеждают игроки {names}" if len(winners) > 1 else f"побеждает игрок {names}"
        sentence = f"Игрок {seat} сдался: {who}."
    else:
        who = f"seats {names} share the win" if len(winners) > 1 else f"seat {names} wins"
        sentence = f"Seat {seat} resigned: {who}."
    return Result(result.game, True, winners, places, sentence, result.lang)


def seat_result(game: Any, state: Any, lang: Lang, resigned: int | None = None) -> Result:
    """The result of the match at ``state`` in ``lang`` (:meth:`boardrules.Table.result`):
    the game's, or after the seat ``resigned`` resigned, that seat last."""
    result: Result = game.result(state, lang)
    return result if resigned is None else resigned_result(result, resigned)


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


def _turns(game: Any, state: Any, view: Any, seat: int | None, to_move: int,
           moves: dict[str, Any]) -> dict[str, Any]:
    """``serde.to_dict(seat_turn(game, state, seat, lang))`` in each language, with the
    mover's moves given (``moves[lang]``, taken from the payload's labelled ``legal``)."""
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
             marks: bool, resigned: int | None = None
             ) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """:func:`seat_payload` and the mover's legal actions; with ``marks``, the legal moves
    (``legal`` and the turn's ``moves``) are left as :data:`_MARKS`, for
    :func:`seat_payload_text` to put their JSON in."""
    view = game.view(state, seat)
    to_move = None if resigned is not None else game.to_move(state)
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
    doc: dict[str, Any] = {
        "game": game.name,
        "seat": seat,
        "seats": list(seats),
        "version": version,
        "to_move": to_move,
        "over": to_move is None,
        "view": serde.to_dict(view),
        "legal": legal,
    }
    if to_move is not None:
        return {**doc, "standings": standings_json(game.score(view)),
                "turn": _turns(game, state, view, seat, to_move, moves)}, actions
    # Over: nothing is hidden any more; the result in each language, the end as the turn.
    results = {lang: seat_result(game, state, lang, resigned) for lang in LANGS}
    turns = {lang: serde.to_dict(game.prompt(state, lang) if resigned is None else Turn(
        game.name, None, game.seat_count(state), "over", (), (), results[lang].sentence, lang))
        for lang in LANGS}
    doc.update(standings=standings_json(results[LANGS[0]]), turn=turns,
               result={lang: serde.to_dict(result) for lang, result in results.items()})
    if resigned is not None:
        doc["resigned"] = resigned
    return doc, actions


def seat_payload(
    game: Any, state: Any, seat: int | None, version: int, seats: tuple[str, ...],
    resigned: int | None = None,
) -> dict[str, Any]:
    """The document a seat (``None``: a spectator) gets for ``state`` after ``version`` moves
    (``resigned``: the seat whose resignation ended the match).

    It holds the seat's view, the legal actions with labels when it is this seat's turn,
    the standings as this seat may know them: computed on the view while the game goes on,
    and on the full state once it is over (then nothing is hidden any more, and the
    ``result`` comes too), and the structured turn (:func:`seat_turn`) in English and
    Russian: ``turn["en"]`` is ``serde.to_dict`` of the :class:`~boardrules.core.turn.Turn`
    a table or the terminal shows.
    """
    return _payload(game, state, seat, version, seats, False, resigned)[0]


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


def seat_picture(game: Any, view: dict[str, Any], seat: int | None, lang: Lang,
                 ended: Result | None = None) -> str:
    """The SVG picture of a payload's ``view`` (its JSON form) for ``seat`` in ``lang``; with
    ``ended``, the result of a match that ended off the board, over the picture's heading
    (:func:`ended_svg`).

    It is drawn from the view alone, never from the state, so it shows only what the seat may
    see; a game without pictures gets an empty string.
    """
    loaded = serde.from_dict(view, game.state_type, game=game)
    if not isinstance(game, Rendered):
        return ""
    svg = str(game.render_svg(loaded, seat, lang))
    return svg if ended is None else ended_svg(svg, ended.sentence)


#: A game's picture says what is asked in its top this many pixels (every bundled game's
#: does): a match that ended off the board is drawn with its result there (:func:`ended_svg`).
HEADING = 48
_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)"')
_TEXT_Y = re.compile(r'<text\b[^>]*?\sy="([0-9.]+)"')


def ended_svg(svg: str, sentence: str) -> str:
    """A game's picture of the position where a match stopped off the board (a resignation,
    a time-out), with ``sentence`` (the result) over its heading: the text in its top
    :data:`HEADING` pixels, where the picture says what is asked, is covered by a band, and
    the picture's title and label say the result too.

    >>> svg = '<svg width="360" aria-label="to move"><title>to move</title>' \\
    ...       '<text x="9" y="20">to move: seat 1</text></svg>'
    >>> ended = ended_svg(svg, "Seat 1 resigned: seat 0 wins.")
    >>> ended.count("Seat 1 resigned"), 'height="28"' in ended, "<title>to move" in ended
    (4, True, False)
    """
    said = html.escape(sentence)
    width = _WIDTH.search(svg)
    wide = float(width.group(1)) if width else 360.0
    band = max((float(y) for y in _TEXT_Y.findall(svg) if float(y) <= HEADING), default=20) + 8
    size = max(9, min(15, int(1.8 * wide / max(len(sentence), 1))))
    svg = re.sub(r"<title>.*?</title>", f"<title>{said}</title>", svg, count=1, flags=re.S)
    svg = re.sub(r'aria-label="[^"]*"', f'aria-label="{said}"', svg, count=1)
    head, _, tail = svg.rpartition("</svg>")
    return (f'{head}<g data-result="{said}"><rect x="0" y="0" width="{wide:g}" height="{band:g}"'
            f' fill="#263238"/><text x="12" y="{band / 2 + size / 3:.0f}" font-size="{size}" '
            f'font-weight="bold" fill="#fff">{said}</text></g></svg>{tail}')
