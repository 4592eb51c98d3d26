"""Every violation message and label renders in both languages with sample parameters:
Russian in the right case and number, no English words inside Russian text, and content
shown by its label, never by its raw id."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import load
from boardrules.agents import RandomAgent, play_game
from boardrules.core.violation import Violation
from boardrules.games.lyceum.messages import CATALOG as LYCEUM
from boardrules.games.orbita.messages import CATALOG as ORBITA
from boardrules.games.semya.messages import CATALOG as SEMYA
from boardrules.i18n import SYMBOLS_RU, plural_category_ru, plural_ru
from boardrules.labels import describe

SAMPLES: Mapping[str, Mapping[str, object]] = {
    "SEM": {"card": "sun-saturn", "needed": "moon", "start": "sun", "seat": 1, "loser": 0,
            "used_as": "lord"},
    "LY": {"card": "ly-red-07", "seat": 2, "skill": "health", "colour": "red", "step": "main",
           "action": "play_card", "target": 50, "left": 5, "value": 9, "needed": 3, "level": 2},
    "ORB": {"card": "hosts-sage-1", "seat": 1, "resource": "territory", "offerer":
            "warriors-leader-2", "trumps": "hosts", "name": "hosts-leader-1", "size": 1,
            "target_size": 4, "needed": 3, "available": 1, "limit": 4, "units": 2, "held": 1,
            "suit": "heroes", "food": 1, "need": 6, "step": "trade", "action": "gift"},
}
IDS = ("sun-saturn", "ly-red-07", "hosts-sage-1", "warriors-leader-2", "hosts-leader-1")
#: Latin-letter words allowed in Russian text: the glossary's abbreviations.
ALLOWED = {"SP", "XP"}


def _messages() -> Iterator[tuple[str, str]]:
    for prefix, catalog in (("SEM", SEMYA), ("LY", LYCEUM), ("ORB", ORBITA)):
        for code in sorted(catalog):
            yield prefix, code


#: Codes whose parameter is unknown input, echoed as it came.
ECHOED = {"unknown_card", "unknown_character"}


def _latin_words(text: str) -> set[str]:
    text = re.sub(r"\b[A-Z]+-\d+\b", "", text)  # rule IDs such as SEM-9
    return set(re.findall(r"[A-Za-z][A-Za-z_-]+", text)) - ALLOWED


@pytest.mark.parametrize(("prefix", "code"), list(_messages()))
def test_every_message_renders_in_both_languages(prefix: str, code: str) -> None:
    params = SAMPLES[prefix]
    values = {k: v for k, v in params.items() if isinstance(v, (str, int))}
    violation = Violation(f"{prefix}-1", code, values)
    english, russian = violation.message("en"), violation.message("ru")
    assert english
    assert russian
    assert english != russian or not re.search("[а-яА-Я]", russian)
    if code in ECHOED:
        assert str(params["card"]) in russian
        return
    assert not _latin_words(russian) - {"PlayCard", "semya"}, russian
    for item in IDS:
        assert item not in russian, russian
        assert item not in english, english
    # Glossary terms by their English names, not by the lower-case values of the code.
    assert not re.search(r"\b(territory|food|advice|warriors|hosts|heroes|priests)\b", english)


@pytest.mark.parametrize("n", [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112])
def test_plural_categories_follow_cldr(n: int) -> None:
    babel = pytest.importorskip("babel")
    assert plural_category_ru(n) == babel.Locale("ru").plural_form(n)


def test_numbers_and_cases_in_messages() -> None:
    limit = {1: "1 действие", 2: "2 действия", 4: "4 действия", 5: "5 действий",
             21: "21 действие"}
    for n, words in limit.items():
        text = Violation("ORB-21", "step_limit", {"seat": 0, "limit": n}).message("ru")
        assert words in text, text
    assert plural_ru(3, "раза", "раз", "раз") == "3 раз"
    for start in ("moon", "sun"):
        text = Violation("SEM-6", "wrong_start", {"card": "sun-saturn", "needed": "mars",
                                                   "start": start}).message("ru")
        assert f"начинается с {SYMBOLS_RU[start].gen}." in text
        assert "с Марса" in text


@pytest.mark.parametrize("name", ["semya", "lyceum", "orbita"])
def test_every_label_reads_in_both_languages(name: str) -> None:
    game = load(name)
    seats = len(game.score(game.new(0)).points)
    final, actions = play_game(game, [RandomAgent()] * seats, 5)
    state = game.new(5)
    labelled = list(game.vocabulary())[:400] + list(actions)[:300]
    for action in labelled:
        for lang in ("en", "ru"):
            text = describe(game, action, lang)
            assert text
            assert not any(item in text.replace("«", " ").split() for item in IDS)
        russian = describe(game, action, "ru")
        assert not _latin_words(russian), russian
    for action in actions[:300]:
        transition = game.step(state, action)
        state = transition.state
        for event in transition.events:
            russian = describe(game, event, "ru")
            assert not _latin_words(russian), russian
            assert russian != describe(game, event, "en")
    assert game.is_over(final)


def test_labels_decline_glossary_terms() -> None:
    from boardrules.games import lyceum, orbita, semya

    for symbol in semya.Symbol:
        label = semya.Game().describe_action(semya.PlayLord(symbol), "ru")
        assert f"назвать {SYMBOLS_RU[symbol.value].acc} (" in label
    assert "назвать Луну" in semya.Game().describe_action(semya.PlayLord(semya.Symbol.MOON), "ru")
    assert lyceum.Game().describe_action(lyceum.Draw(lyceum.Colour.YELLOW), "ru") == (
        "Взять жёлтую карту"
    )
    gift = orbita.Gift(orbita.Resource.TERRITORY, "hosts-sage-1")
    assert orbita.Game().describe_action(gift, "ru") == (
        "Подарить 1 ед. Территории персонажу «Умник Хозяев 1»"
    )


def test_every_glossary_term_has_its_case_table() -> None:
    from boardrules.games import lyceum, orbita, semya
    from boardrules.i18n import CARD_COLOURS_RU, RESOURCES_RU, SKILLS_RU, SPECS_RU

    tables = (
        (SYMBOLS_RU, semya.Symbol, "name_ru"),
        (SKILLS_RU, lyceum.Skill, "name_ru"),
        (RESOURCES_RU, orbita.Resource, "name_ru"),
        (SPECS_RU, orbita.Spec, "name_ru"),
        (CARD_COLOURS_RU, lyceum.Colour, "name_ru"),
    )
    for table, enum, attribute in tables:
        assert set(table) == {member.value for member in enum}, enum
        for member in enum:
            # The nominative is the glossary's own name for the term.
            assert table[member.value].nom == getattr(member, attribute), member
            cases = attrs.astuple(table[member.value])
            assert all(re.fullmatch(r"[А-Яа-яЁё]+", form) for form in cases), cases


def _orbita_shield_texts() -> list[str]:
    from boardrules.games import orbita
    from boardrules.games.orbita.labels import content_label

    game = orbita.Game()
    texts = [game.describe_action(orbita.Shield("heroes-leader-1"), "ru"),
             game.describe_event(orbita.HostShielded("heroes-leader-1", "hosts-leader-1", 3),
                                 "ru"),
             content_label(None, "host_shielded", "ru")]
    params = SAMPLES["ORB"]
    values = {k: v for k, v in params.items() if isinstance(v, (str, int))}
    texts += [Violation("ORB-15", code, values).message("ru") for code in (
        "shield_needs_warriors", "not_a_hero", "no_way", "host_protected",
        "responder_shields", "shield_smaller", "offerer_shields")]
    return texts


def test_orbita_calls_the_shield_one_thing_in_russian() -> None:
    """Actions, events, tallies and refusals all say «защит…», never «перехват»."""
    for text in _orbita_shield_texts():
        assert "защи" in text.lower(), text  # защитить, защищает, защищено, защита
    for code in sorted(ORBITA):
        values = {k: v for k, v in SAMPLES["ORB"].items() if isinstance(v, (str, int))}
        assert "перехват" not in Violation("ORB-1", code, values).message("ru").lower()


def test_the_shield_label_names_what_it_spends() -> None:
    """ORB-15: a Way per character shielded, so a Workshop costs 4, not «Способ»."""
    from boardrules.games import orbita

    for lang, four in (("ru", "Цех — 4"), ("en", "4 for a Workshop")):
        label = orbita.Game().describe_action(orbita.Shield("heroes-leader-1"), lang)
        assert four in label, label
    assert not orbita.Game().describe_action(
        orbita.Shield("heroes-leader-1"), "ru").endswith("тратит Способ")


def test_orbita_text_view_says_what_the_food_is_for() -> None:
    from boardrules.games import orbita

    game = orbita.Game()
    state = game.new(3, players=2)
    russian = game.render_text(state, 0, "ru")
    assert "на потребление нужно" in russian
    assert "съедят" not in russian
    assert "needs" in game.render_text(state, 0, "en")


def _refusals() -> Iterator[Exception]:
    """Real refusals of the common kinds, as a designer meets them."""
    from boardrules import GameRecord, load_variant, serde
    from boardrules.agents import RandomAgent
    from boardrules.core.rng import check_seed
    from boardrules.games import semya
    from boardrules.sim import simulate

    attempts = [
        lambda: serde.from_json('{"game":"semya","seed":"x"}', GameRecord),
        lambda: serde.from_json('{"game":"semya","seed":1,"zz":2}', GameRecord),
        lambda: serde.from_json('{"seed":1}', GameRecord),
        lambda: serde.from_json("nope", GameRecord),
        lambda: serde.from_json('{"type":"play_card","card":3}', semya.Action),
        lambda: serde.from_json('{"type":"nope"}', semya.Action),
        lambda: serde.from_json('{"card":"x"}', semya.Action),
        lambda: load("orbita", rounds="x"),
        lambda: load("orbita", rounds=-1),
        lambda: load("orbita", nope=1),
        lambda: load("chess"),
        lambda: load_variant("semya", "nope"),
        lambda: check_seed(-1),
        lambda: semya.Game().new(1, first=5),
        lambda: simulate(semya.Game(), [RandomAgent()], 1, executor=None),
        lambda: simulate(semya.Game(), [RandomAgent()] * 2, -1, executor=None),
    ]
    for attempt in attempts:
        try:
            attempt()
        except Exception as error:  # each is checked to be a BadInput by the test
            yield error
        else:
            pytest.fail("the attempt was not refused")


@pytest.mark.parametrize("index", range(16))
def test_common_refusals_read_in_russian(index: int) -> None:
    from boardrules import BadInput

    error = list(_refusals())[index]
    assert isinstance(error, BadInput)
    russian = error.message("ru")
    assert russian.startswith(error.path + ": ")
    assert re.search("[а-яА-Я]", russian), russian
    assert russian != error.message("en")
    assert error.message("en") == str(error) or isinstance(error, LookupError)
    # English left only in what was echoed (names, ids, values) and JSON's own words.
    reason = russian.removeprefix(error.path + ": ")
    echoed = re.sub(r"'[^']*'|\"[^\"]*\"|<[^>]*>|\([^)]*\)|: .*$", "", reason)
    assert not _latin_words(echoed) - {"JSON", "true", "false", "null", "type", "sampled",
                                       "False", "True", "held", "lord", "fool"}, russian


def test_every_report_sentence_has_russian() -> None:
    from boardrules.sim.report import TEXT

    for key, (english, russian) in TEXT.items():
        assert english, key
        assert russian, key
        words = _latin_words(re.sub(
            r"\{[^}]*\}|probe_refusals=\S+|boardrules simulate|True|\w+\.(csv|html)|keep_games",
            "", russian))
        assert not words - {"rulebook"}, (key, russian)


def test_sem10_label_says_unplayed_black_cards_count() -> None:
    from boardrules.games import semya

    game = semya.Game()
    state = game.new(4, first=0)
    hand = state.hands[0]
    black = [c for c in hand if game.card(c).suit is semya.Suit.BLACK]
    assert black, "every hand starts with its black cards"
    assert game.score(state)[0].breakdown["cards"] == sum(game.card(c).points for c in hand)
    for lang, words in (("en", "black ones too"), ("ru", "чёрные тоже")):
        assert words in game.render_text(state, 0, lang)


def _core3_refusals(name: str, seed: int) -> Iterator[tuple[object, Violation]]:
    """Every CORE-3 refusal on the states of one random game: for each reached state (one in
    three), one action of each kind the waiting step does not take."""
    import random

    players = {"lyceum": 3, "orbita": 3}.get(name)
    setup = {} if players is None else {"players": players}
    options = {"orbita": {"rounds": 2}}.get(name, {})
    game = load(name, **options)
    one_of = {type(a): a for a in reversed(game.vocabulary())}
    pick = random.Random(seed)
    state = game.new(seed, **setup)
    legal = game.legal_actions(state)
    for move in range(400):
        if not legal:
            break
        if move % 3 == 0:
            accepted = game.accepts(state)
            for kind, action in one_of.items():
                if kind not in accepted:
                    violation = game.check(state, action)
                    assert violation is not None
                    yield state, violation
        state = game.apply(state, pick.choice(legal))
        legal = game.legal_actions(state)


@pytest.mark.parametrize("name", ["lyceum", "orbita", "kuhn"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_core3_names_the_waiting_step_and_what_it_takes(name: str, seed: int) -> None:
    """CORE-3: whenever it refuses, the sentence names the step waiting and every kind of
    action that step takes, by their labels, in English and in Russian."""
    from boardrules.core.violation import step_label

    seen = 0
    for _state, violation in _core3_refusals(name, seed):
        if violation.rule != "CORE-3":
            continue
        seen += 1
        assert violation.code == "wrong_step"
        step = violation.params["step"]
        assert step is not None, "the unit that states the steps names them"
        kinds = str(violation.params["takes"]).split(",")
        for lang in ("en", "ru"):
            text = violation.message(lang)
            label = step_label(name, str(step), lang)
            assert step_label(name, str(step), "ru") != step, f"no label for the step {step}"
            assert label in text, text
            for kind in kinds:
                kind_label = step_label(name, kind, lang, kind=True)
                assert step_label(name, kind, "ru", kind=True) != kind, f"no label for {kind}"
                assert f"«{kind_label}»" in text, text
            refused = step_label(name, str(violation.params["action"]), lang, kind=True)
            assert f"«{refused}»" in text, text
        russian = violation.message("ru")
        assert not _latin_words(russian), russian
        assert russian != violation.message("en")
    assert seen  # every step of these games refuses some kind of action


def test_core3_names_the_choice_after_a_rest_then_the_moves() -> None:
    """The issue's case: a rest leaves SP of choice to place, then SP to move; Rest is refused
    and the sentence says what waits and what comes after it."""
    from boardrules.games import lyceum

    game = lyceum.Game()
    state = game.new(1, players=3)
    while not isinstance(game.legal_actions(state)[0], (lyceum.Draw, lyceum.Rest)):
        state = game.apply(state, game.legal_actions(state)[0])
    state = game.apply(state, lyceum.Rest())
    violation = game.check(state, lyceum.Rest())
    assert violation is not None
    assert violation.rule == "CORE-3"
    assert violation.message("en") == (
        "The step waiting is a choice of SP (SP of choice to place): it takes only "
        "«Choose a skill»; it does not take «Rest». After it: moving SP (a rest or a card's "
        "redistribution)."
    )
    assert violation.message("ru") == (
        "Сейчас ждёт шаг «выбор SP (распределить SP на выбор)»: он принимает только "
        "«Выбрать умение»; действие «Отдохнуть» сейчас не принимается. Затем ждёт: перенос "
        "SP (отдых или перераспределение картой)."
    )
