"""The tutorial's front-end (tests/typing/frontend_loop.py, also under ``mypy --strict``)
plays every bundled game: moves by number and by notation, a refusal, an undo, and the
result with its labelled standings."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

LOOP = Path(__file__).parent / "typing" / "frontend_loop.py"


def _loop() -> ModuleType:
    spec = importlib.util.spec_from_file_location("frontend_loop", LOOP)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _answers(first: list[str], then: str, most: int) -> Iterator[str]:
    yield from first
    for _ in range(most):
        yield then
    while True:
        yield "quit"


@pytest.mark.parametrize(
    ("name", "lang", "first", "most", "to_the_end"),
    [
        # seed 7: seat 0 (you) opens the 7Я game, so the Fool is refused (SEM-5)
        ("semya", "en", ["fool", "sun-pluto", "99", "sun-saturn", "undo", "0"], 200, True),
        ("kuhn", "ru", ["fold", "bet"], 10, True),
        ("lyceum", "en", ["+health", "undo", "0"], 400, True),
        ("orbita", "ru", ["draw"], 40, False),
    ],
)
def test_the_tutorial_loop_plays_every_game(
    name: str, lang: str, first: list[str], most: int, to_the_end: bool
) -> None:
    answers = _answers(first, "0", most)
    out: list[str] = []
    moves = _loop().play(name, seed=7, lang=lang, read=lambda prompt: next(answers),
                         write=out.append)
    text = "\n".join(out)
    assert moves > 0
    assert "Traceback" not in text
    if name == "semya":
        assert "SEM-5:" in text, "the Fool as the first card is refused with its rule"
        assert "not a move:" in text
    if name == "kuhn":
        assert "CORE-3:" in text, "a fold with no bet to answer is refused"
    if to_the_end:
        ranks = [line for line in out if line.startswith("#1 seat ")]
        assert ranks, text[-500:]
        assert ("победа" in text or "побежда" in text) if lang == "ru" else "win" in text
