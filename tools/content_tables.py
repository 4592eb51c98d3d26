"""Write each rules page's content table from the content itself (the default options).

    python tools/content_tables.py          # rewrite the tables in docs/rules/*.md
    python tools/content_tables.py --check  # exit 1 if a page's table is not current

Each table sits between ``<!-- content-table: begin -->`` and ``<!-- content-table: end -->``
on docs/rules/semya.md (the 21 cards: id, feeling, symbols, suit, points), lyceum.md (the
characters and the action cards) and orbita.md (the characters of one copy). The pages name
this command; tests/test_examples_and_docs.py fails when a table is stale.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from boardrules.games import lyceum, orbita, semya
from boardrules.games.lyceum import Skill
from boardrules.games.orbita.labels import card_name, resource_name

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- content-table: begin (python tools/content_tables.py) -->"
END = "<!-- content-table: end -->"


def _row(cells: list[object]) -> str:
    return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"


def _table(headers: list[str], rows: list[list[object]]) -> str:
    return "\n".join([_row(list(headers)), _row(["---"] * len(headers)),
                      *(_row(r) for r in rows)])


def semya_table() -> str:
    """The default 7Я deck, card by card."""
    game = semya.Game()
    rows: list[list[object]] = [
        [f"`{c.id}`", f"«{c.name_ru}» / {c.name_en}",
         f"{c.start.name_en} → {c.end.name_en} ({c.start.name_ru} → {c.end.name_ru})",
         c.suit.value, c.points]
        for c in game.deck
    ]
    return f"{len(rows)} cards in the default deck (`games/semya/data/deck.toml`).\n\n" + _table(
        ["id", "feeling", "start → end", "suit", "points"], rows)


def _skills(values: tuple[int, ...]) -> str:
    return " ".join(f"{v}" for v in values)


def lyceum_table() -> str:
    """Lyceum's characters and action cards (skills in the order health, intellect,
    creativity, communication, energy)."""
    content = lyceum.Game().content
    order = ", ".join(s.value for s in Skill)
    characters = _table(
        ["id", "name", f"base SP ({order})", "about"],
        [[f"`{c.id}`", f"{c.name_ru} / {c.name_en}", _skills(c.base), c.about_en]
         for c in content.characters],
    )
    cards = _table(
        ["id", "epoch", "colour", "title", "XP", "conditions", "losses", "gains", "special"],
        [[f"`{c.id}`", c.epoch.value, c.colour.value, f"«{c.title_ru}» / {c.title_en}", c.xp,
          _skills(c.conditions), _skills(c.losses), _skills(c.gains),
          "—" if c.special is None else f"{c.special.kind} {c.special.amount}"]
         for c in content.cards],
    )
    return (f"{len(content.characters)} characters and {len(content.cards)} action cards "
            f"(SP in the order {order}).\n\n" + characters + "\n\n" + cards)


def orbita_table() -> str:
    """Orbita's characters, one copy of each (``copies`` deals more of the same)."""
    game = orbita.Game()
    ones = [c for c in game.cards if c.endswith("-1")]
    rows: list[list[object]] = []
    for card in ones:
        spec, role = game.spec_of(card), game.role_of(card)
        rows.append([f"`{card.removesuffix('-1')}-N`", f"{card_name(card, 'ru')[:-2]} / "
                     f"{card_name(card)[:-2]}", f"{spec.name_en} ({spec.name_ru})",
                     f"{role.value.capitalize()} ({role.name_ru})",
                     f"{resource_name(spec.resource)} ({resource_name(spec.resource, 'ru')})"])
    return (f"{len(ones)} characters, `copies` of each ({game.copies} by default, so "
            f"{len(game.cards)} cards).\n\n"
            + _table(["id", "name", "specialisation", "role", "own resource"], rows))


PAGES: dict[str, Callable[[], str]] = {
    "semya.md": semya_table, "lyceum.md": lyceum_table, "orbita.md": orbita_table,
}


def updated(text: str, table: str) -> str:
    """``text`` with the part between the markers replaced by ``table``."""
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END, start)
    return text[:start] + "\n\n" + table + "\n\n" + text[end:]


def main(argv: list[str]) -> int:
    """Rewrite the tables, or with ``--check`` report the stale ones (exit status 1)."""
    stale = []
    for name, make in PAGES.items():
        path = ROOT / "docs" / "rules" / name
        text = path.read_text(encoding="utf-8")
        new = updated(text, make())
        if new != text:
            stale.append(name)
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    if "--check" in argv and stale:
        sys.stderr.write(f"stale content tables: {', '.join(stale)}; "
                         "run python tools/content_tables.py\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
