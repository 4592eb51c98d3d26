"""Seeing a position: the shared half of every game's text and SVG rendering and notation.

Each game draws its positions in its own ``render`` module and reads and writes its moves in
its own ``notation`` module; this module holds what they share:

* :class:`Position`, what ``game.show(state, seat)`` returns: a position as one seat sees it,
  which prints as the game's text table (``print(game.show(state))``) and draws itself as SVG
  in Jupyter (``_repr_svg_`` and ``_repr_html_``) and as text in ``rich``;
* :class:`Svg`, a small SVG writer that escapes every text it is given;
* :func:`check_lang` and :func:`resolve_word`, used by the notations.

States stay plain values: they do not know their game's options (a custom 7Я deck, Lyceum
content), so a position is shown through the game that plays it.

>>> from boardrules.games import semya
>>> game = semya.Game()
>>> shown = game.show(game.new(seed=1, first=0))
>>> str(shown).splitlines()[0]
'7Я «Со-ратники» — move 1, seat 0 to play'
>>> shown._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.standings import standings_sentence
from boardrules.core.turn import check_lang
from boardrules.core.words import plural_ru

__all__ = [
    "Position",
    "Renders",
    "Svg",
    "check_lang",
    "check_seat",
    "clip",
    "parse_among",
    "plural_ru",
    "read_move",
    "resolve_word",
    "standings_sentence",
    "table",
]


# xml.sax.saxutils's escape and quoteattr, byte for byte, without importing it: it imports
# urllib.request and with it http.client and ssl (a tenth of a second at `import boardrules`,
# and Pyodide has no ssl unless asked).
def _escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped for XML."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


@functools.cache
def _xml_name(key: str) -> str:
    """An attribute's XML name from its keyword: ``font_size`` is ``font-size``, ``class_``
    is ``class``."""
    return key.rstrip("_").replace("_", "-")


_SPECIAL = re.compile("[&<>\"\n\r\t]")


def _quoteattr(text: str) -> str:
    """``text`` escaped and quoted as an XML attribute value."""
    if _SPECIAL.search(text) is None:
        return f'"{text}"'
    text = _escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"{}"'.format(text.replace('"', "&quot;"))


S = TypeVar("S")
V = TypeVar("V")
S_contra = TypeVar("S_contra", contravariant=True)


class Renders(Protocol[S_contra]):
    """A game that draws its positions of state type ``S_contra`` (every game does)."""

    def render_text(self, state: S_contra, seat: int | None = None, lang: str = "en") -> str: ...
    def render_svg(self, state: S_contra, seat: int | None = None, lang: str = "en") -> str: ...


def check_seat(seat: object, seats: int) -> int | None:
    """``seat`` if it is ``None`` (a spectator) or a seat of a game of ``seats`` seats.

    Raises:
        BadInput: for anything else, at ``$.seat``.
    """
    if seat is None:
        return None
    if type(seat) is not int or not 0 <= seat < seats:
        raise BadInput("$.seat", f"a seat is 0 to {seats - 1}, or None for a spectator")
    return seat


def resolve_word(text: str, words: Mapping[str, V], what: str) -> V:
    """The value of the word ``text`` names: exactly, or by a unique prefix (any case).

    >>> resolve_word("ma", {"mars": 1, "moon": 2, "mercury": 3}, "symbol")
    1
    >>> resolve_word("m", {"mars": 1, "moon": 2}, "symbol")
    Traceback (most recent call last):
    ...
    boardrules.core.errors.BadInput: $.text: 'm' could be mars or moon (symbol)

    Raises:
        BadInput: naming the candidates when there is none or more than one.
    """
    key = text.strip().lower()
    if key in words:
        return words[key]
    found = [w for w in words if key and w.startswith(key)]
    if len(found) == 1:
        return words[found[0]]
    if found:
        raise BadInput("$.text", f"{text!r} could be {' or '.join(found)} ({what})")
    raise BadInput("$.text", f"{text[:40]!r} is not a {what}; expected one of {', '.join(words)}")


def parse_among(
    text: str, legal: Iterable[V], format_action: Callable[[V], str], error: BadInput
) -> V:
    """The one legal action whose notation starts with ``text`` (any case), else ``error``.

    The notations are context free; with a state, a prefix of a legal action's notation
    is enough (``sun-sa`` for ``sun-saturn`` when no other legal move starts so).
    """
    key = " ".join(text.lower().split())
    if not key:
        raise error
    found = [a for a in legal if str(format_action(a)).lower().startswith(key)]
    if len(found) == 1:
        return found[0]
    if found:
        shown = ", ".join(str(format_action(a)) for a in found[:6])
        raise BadInput("$.text", f"{text[:40]!r} could be any of: {shown}")
    raise error


def read_move(
    text: str,
    exact: Callable[[str], V],
    legal: Sequence[V] | None,
    format_action: Callable[[V], str],
) -> V:
    """The move ``text`` writes: its exact reading, else (among ``legal``) a unique prefix.

    When the exact reading is not among ``legal`` but exactly one legal move's notation
    starts with ``text``, that move is meant (``play`` when only ``play-deferred`` is legal);
    otherwise the exact reading stands, and ``check`` will say why it is refused.

    Raises:
        BadInput: when ``text`` reads as no move at all.
    """
    try:
        action = exact(text)
    except BadInput as error:
        if legal is None:
            raise
        return parse_among(text, legal, format_action, error)
    if legal is None or action in legal:
        return action
    try:
        return parse_among(text, legal, format_action, BadInput("$.text", "no legal move"))
    except BadInput:
        return action


class Svg:
    """An SVG document built element by element; every text and attribute is escaped.

    >>> svg = Svg(100, 40)
    >>> svg.rect(0, 0, 100, 40, fill="#fff")
    >>> svg.text(50, 20, "a < b", anchor="middle")
    >>> svg.finish().endswith('text-anchor="middle">a &lt; b</text></svg>')
    True
    """

    def __init__(self, width: float, height: float, title: str = "") -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []
        if title:
            self._parts.append(f"<title>{_escape(title)}</title>")

    @staticmethod
    def _attrs(values: Mapping[str, object]) -> str:
        out = []
        for key, value in values.items():
            if value is None:
                continue
            if type(value) is int:  # a number needs no escaping
                out.append(f' {_xml_name(key)}="{value}"')
            elif isinstance(value, float):
                out.append(f' {_xml_name(key)}="{value:g}"')
            else:
                out.append(f" {_xml_name(key)}={_quoteattr(str(value))}")
        return "".join(out)

    def raw(self, element: str, **attributes: object) -> None:
        """An empty element ``<element .../>``."""
        self._parts.append(f"<{element}{self._attrs(attributes)}/>")

    def rect(self, x: float, y: float, w: float, h: float, **attributes: object) -> None:
        """A rectangle."""
        self.raw("rect", x=x, y=y, width=w, height=h, **attributes)

    def circle(self, cx: float, cy: float, r: float, **attributes: object) -> None:
        """A circle."""
        self.raw("circle", cx=cx, cy=cy, r=r, **attributes)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attributes: object) -> None:
        """A line."""
        self.raw("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)

    def text(
        self,
        x: float,
        y: float,
        content: str,
        size: float = 12,
        anchor: str | None = None,
        **attributes: object,
    ) -> None:
        """A line of text (escaped) at baseline ``y``."""
        head = self._attrs(
            {"x": x, "y": y, "font_size": size, "text_anchor": anchor, **attributes}
        )
        self._parts.append(f"<text{head}>{_escape(content)}</text>")

    def tooltip(self, content: str) -> None:
        """A ``<title>`` for the enclosing element: what a pointer over it shows."""
        self._parts.append(f"<title>{_escape(content)}</title>")

    def open(self, element: str, **attributes: object) -> None:
        """Open a container element such as ``g``; close it with :meth:`close`."""
        self._parts.append(f"<{element}{self._attrs(attributes)}>")

    def close(self, element: str) -> None:
        """Close a container element."""
        self._parts.append(f"</{element}>")

    def body(self) -> str:
        """What was drawn so far, without the document around it: a fragment to place
        with :meth:`place`."""
        return "".join(self._parts)

    def place(self, fragment: str, x: float, y: float, **attributes: object) -> None:
        """A fragment another ``Svg`` drew (its :meth:`body`), moved to ``(x, y)`` in a group
        with ``attributes``: a piece drawn once and placed many times."""
        moved = {"transform": f"translate({x:g} {y:g})", **attributes}
        self._parts.append(f"<g{self._attrs(moved)}>{fragment}</g>")

    def finish(self) -> str:
        """The whole document as text."""
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{self.width:g}" height="{self.height:g}" '
            f'viewBox="0 0 {self.width:g} {self.height:g}" '
            'font-family="DejaVu Sans, Verdana, sans-serif" role="img"'
            f"{self._attrs({'aria_label': self.title or None})}>"
        )
        return head + "".join(self._parts) + "</svg>"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def table(rows: Iterable[Iterable[str]], indent: str = "  ") -> list[str]:
    """Rows of cells as aligned text lines (columns padded to their widest cell)."""
    grid = [list(r) for r in rows]
    if not grid:
        return []
    widths = [max(len(r[i]) for r in grid if i < len(r)) for i in range(max(map(len, grid)))]
    return [
        indent + "  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in grid
    ]


@attrs.frozen
class Position(Generic[S]):
    """A position as ``seat`` sees it (``None``: a spectator), ready to be shown.

    ``str()`` is the game's text rendering; in Jupyter it draws itself as SVG
    (``_repr_svg_``, and ``_repr_html_`` with the picture inline); ``rich`` prints the text.
    Build one with ``game.show(state, seat, lang)``; the rendering reads only
    ``game.view(state, seat)``.

    Attributes:
        game: the game that plays the state.
        state: the full state (only its view for ``seat`` is drawn).
        seat: the seat whose eyes are used, or ``None``.
        lang: ``"en"`` or ``"ru"``.
    """

    game: Renders[S] = attrs.field(repr=False)
    state: S = attrs.field(repr=False)
    seat: int | None = None
    lang: str = attrs.field(default="en", converter=check_lang)

    def text(self) -> str:
        """The text rendering."""
        return self.game.render_text(self.state, self.seat, self.lang)

    def svg(self) -> str:
        """The SVG picture, as a document."""
        return self.game.render_svg(self.state, self.seat, self.lang)

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        return f'<div class="boardrules-position">{self.svg()}</div>'

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.text())

    def __rich__(self) -> Any:
        from rich.text import Text  # rich prints markup in plain strings; Text keeps it literal

        return Text(self.text())


