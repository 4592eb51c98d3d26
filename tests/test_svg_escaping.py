"""The SVG writer escapes exactly as the standard library's XML helpers do, without importing
them (``xml.sax.saxutils`` imports ``urllib.request``, ``http.client`` and ``ssl``)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from hypothesis import given
from hypothesis import strategies as st

from boardrules.display import Svg

TEXT = st.text(alphabet=st.sampled_from("ab&<>\"'\n\r\t Я"), max_size=12)


@given(TEXT, TEXT)
def test_text_and_attributes_escape_as_saxutils_does(content: str, value: str) -> None:
    svg = Svg(10, 10, title="t" + content)
    svg.text(1, 2, content, fill=value)
    out = svg.finish()
    assert "<title>" + escape("t" + content) + "</title>" in out
    assert f" fill={quoteattr(value)}>{escape(content)}</text>" in out
