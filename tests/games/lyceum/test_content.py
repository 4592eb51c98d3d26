"""Rules LY-14 and LY-24: card colours and the content files; and the violation sentences."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, Violation, serde
from boardrules.games import lyceum
from boardrules.games.lyceum import COLOUR_XP, Colour, Epoch, Special, SpecialKind, Target
from boardrules.games.lyceum.messages import CATALOG

from .support import CONTENT, GAME


def _data(name: str) -> str:
    return resources.files("boardrules.games.lyceum").joinpath(f"data/{name}").read_text("utf-8")


# LY-14 ----------------------------------------------------------------------------------
def test_ly14_default_cards_keep_their_colours_rules() -> None:
    for card in CONTENT.cards:
        assert card.xp == COLOUR_XP[card.colour]
        gains, losses = sum(card.gains), sum(card.losses)
        if card.colour is Colour.GREEN:
            assert (gains, losses) == (1, 0)
        elif card.colour is Colour.YELLOW:
            assert 1 <= gains <= 3
            assert losses == 1
        else:
            assert 1 <= gains <= 6
            assert losses <= 3


def test_ly14_no_pile_runs_dry_with_four_seats() -> None:
    sizes = Counter((c.epoch, c.colour) for c in CONTENT.cards)
    rounds = {Epoch.LYCEUM: 3, Epoch.UNIVERSITY: 4, Epoch.ADULT: 3}
    for (epoch, _colour), size in sizes.items():
        assert size >= 4 * rounds[epoch]
    assert len(sizes) == 9


@given(st.sampled_from(CONTENT.cards), st.sampled_from(["xp", "gain", "loss", "special"]))
def test_ly14_ly15_a_card_breaking_its_colour_is_refused(card: lyceum.Card, how: str) -> None:
    index = CONTENT.cards.index(card)
    if how == "xp":
        bad = attrs.evolve(card, xp=card.xp + 100)
        rule = "LY-14"
    elif how == "gain":
        bad = attrs.evolve(card, gains=(7, 0, 0, 0, 0))
        rule = "LY-14"
    elif how == "loss":
        bad = attrs.evolve(card, losses=(0, 0, 0, 0, 4))
        rule = "LY-14"
    else:
        if card.colour is Colour.RED:
            bad = attrs.evolve(card, special=Special(SpecialKind.GAIN, 9))
        else:
            bad = attrs.evolve(card, special=Special(SpecialKind.GAIN, 1))
        rule = "LY-15"
    cards = list(CONTENT.cards)
    cards[index] = bad
    with pytest.raises(BadInput) as info:
        lyceum.Game(content=attrs.evolve(CONTENT, cards=tuple(cards)))
    assert info.value.path.startswith(f"$.cards[{index}]")
    assert rule in info.value.reason


def test_ly15_only_rest_moves_reaches_other_seats() -> None:
    red = next(c for c in CONTENT.cards if c.colour is Colour.RED)
    cards = list(CONTENT.cards)
    cards[CONTENT.cards.index(red)] = attrs.evolve(
        red, special=Special(SpecialKind.GAIN, 2, Target.OTHERS)
    )
    with pytest.raises(BadInput, match="LY-15"):
        lyceum.validate_content(attrs.evolve(CONTENT, cards=tuple(cards)))


# LY-24 ----------------------------------------------------------------------------------
def test_ly24_default_content_is_ten_characters_with_comparable_totals() -> None:
    assert len(CONTENT.characters) == 10
    totals = {sum(c.base) for c in CONTENT.characters}
    assert totals == {20}
    assert len({c.base for c in CONTENT.characters}) == 10
    for c in CONTENT.characters:
        assert c.name_ru
        assert c.name_en
        assert c.about_ru
        assert c.about_en
    for card in CONTENT.cards:
        assert card.title_ru
        assert card.title_en
    for name in ("characters.toml", "levels.toml", "cards.toml"):
        assert "ILLUSTRATIVE CONTENT" in _data(name)


def test_ly24_content_replaced_from_files(tmp_path: Path) -> None:
    levels = tmp_path / "levels.toml"
    levels.write_text("thresholds = [0, 100, 200]\n", encoding="utf-8")
    content = lyceum.load_content(levels=levels)
    game = lyceum.Game(content=content)
    assert game.level(250) == 3
    assert game != GAME
    loaded = serde.from_dict(serde.to_dict(game), lyceum.Game)
    assert loaded == game
    assert dict(game.options())["content"]["levels"] == [0, 100, 200]
    chars = tmp_path / "characters.toml"
    chars.write_text(_data("characters.toml").replace("energy = 5", "energy = 6"), "utf-8")
    content = lyceum.load_content(characters=chars)
    assert content.character("gleb").base[4] == 6
    cards = tmp_path / "cards.toml"
    cards.write_text(_data("cards.toml"), "utf-8")
    assert lyceum.load_content(cards=cards).cards == CONTENT.cards


@pytest.mark.parametrize(
    ("name", "old", "new", "path"),
    [
        ("cards.toml", 'colour = "green"', 'colour = "blue"', "$.card[0].colour"),
        ("cards.toml", "xp = 100", "xp = 150", "$.cards[0].xp"),
        ("cards.toml", "conditions = { health = 2 }", "conditions = { luck = 2 }",
         "$.card[0].conditions.luck"),
        ("cards.toml", 'id = "ly-green-02"', 'id = "ly-green-01"', "$.cards[1].id"),
        ("characters.toml", "health = 3, intellect = 7", "health = -3, intellect = 7",
         "$.character[0].base.health"),
        ("levels.toml", "thresholds = [0, 300", "thresholds = [5, 300", "$.levels"),
        ("levels.toml", "thresholds = [0, 300, 700", "thresholds = [0, 700, 300", "$.levels[2]"),
        ("characters.toml", "[[character]]", "[[character]]\nnickname = 1", "$.character[0]"),
        ("cards.toml", "[[card]]", "[[card", "$"),
    ],
)
def test_ly24_a_broken_file_names_the_bad_field(
    tmp_path: Path, name: str, old: str, new: str, path: str
) -> None:
    text = _data(name)
    assert old in text
    file = tmp_path / name
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(BadInput) as info:
        lyceum.load_content(**{name.removesuffix(".toml"): file})
    assert info.value.path.startswith(path)


def test_ly24_max_players_cannot_exceed_the_characters() -> None:
    small = attrs.evolve(CONTENT, characters=CONTENT.characters[:3])
    with pytest.raises(BadInput, match="LY-2"):
        lyceum.Game(content=small)
    game = lyceum.Game(content=small, min_players=3, max_players=3)
    assert len(game.new(1, players=3).seats) == 3


# messages -------------------------------------------------------------------------------
SAMPLE_PARAMS = {
    "seat": 1, "step": "main", "action": "rest", "skill": "energy", "target": 30, "value": 9,
    "left": 5, "colour": "red", "card": "ly-red-01", "level": 2, "needed": 3,
}


@pytest.mark.parametrize("code", sorted(CATALOG))
def test_every_code_has_an_english_and_a_russian_sentence(code: str) -> None:
    violation = Violation("LY-7", code, SAMPLE_PARAMS)
    en, ru = violation.message("en"), violation.message("ru")
    assert en
    assert ru
    assert en != ru
    assert any("а" <= ch <= "я" for ch in ru.lower())
    assert str(violation).startswith("LY-7: ")


SKILL_NAMES = [s.value for s in lyceum.SKILLS]


@st.composite
def card_tables(draw: st.DrawFn) -> str:
    def vector() -> str:
        items = draw(st.dictionaries(st.sampled_from([*SKILL_NAMES, "luck"]),
                                     st.integers(-1, 8), max_size=3))
        return "{ " + ", ".join(f"{k} = {v}" for k, v in items.items()) + " }"

    colour = draw(st.sampled_from(["green", "yellow", "red", "blue"]))
    xp = draw(st.sampled_from([100, 200, 500, 150, -100]))
    lines = [
        "[[card]]", 'id = "x-1"', f'epoch = "{draw(st.sampled_from(["lyceum", "adult", "old"]))}"',
        f'colour = "{colour}"', 'title_ru = "т"', 'title_en = "t"', f"xp = {xp}",
        f"conditions = {vector()}", f"losses = {vector()}", f"gains = {vector()}",
    ]
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["gain", "redistribute", "rest_moves", "teleport"]))
        target = draw(st.sampled_from(["self", "others", "nobody"]))
        lines.append(f'special = {{ kind = "{kind}", amount = {draw(st.integers(-1, 12))}, '
                     f'target = "{target}" }}')
    return "\n".join(lines) + "\n"


@given(card_tables())
def test_ly24_a_card_file_loads_only_within_the_colour_rules(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.toml"
        path.write_text(text, encoding="utf-8")
        try:
            content = lyceum.load_content(cards=path)
        except BadInput as exc:
            error: BadInput | None = exc
        else:
            error = None
    if error is not None:
        assert error.path.startswith("$")
        return
    (card,) = content.cards
    assert card.xp == COLOUR_XP[card.colour]
    assert min(card.conditions + card.losses + card.gains) >= 0
    if card.special is not None:
        assert card.colour is Colour.RED
