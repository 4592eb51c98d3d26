"""Every word of a balance report and a comparison, in English and Russian: sentences,
headings, counts in the form their number needs (CLDR's rules, :mod:`boardrules.core.words`),
and the names of agents, variants and kinds of action and event in the report's language."""

from __future__ import annotations

from typing import Any

from boardrules.core.violation import step_label
from boardrules.core.words import count_ru

__all__ = ["AGENTS", "TEXT", "agent_label", "count", "kind_label", "part_label", "text",
           "variant_label"]

#: Every sentence and heading: key -> (English, Russian).
TEXT: dict[str, tuple[str, str]] = {
    "games": ("games", "партий"),
    "seat": ("seat", "игрок"),
    "agent": ("agent", "агент"),
    "count": ("count", "число"),
    "name": ("name", "название"),
    "flag": ("flag", "отметка"),
    "measure": ("measure", "величина"),
    "unit": ("unit", "единица"),
    "mean": ("mean", "среднее"),
    "sd": ("sd", "ст. откл."),
    "min": ("min", "мин."),
    "p5": ("p5", "5-й перц."),
    "median": ("median", "медиана"),
    "p95": ("p95", "95-й перц."),
    "max": ("max", "макс."),
    "actions": ("actions", "действия"),
    "points": ("points", "очки"),
    "steps": ("steps", "шаги"),
    "win_rate_interval": ("win rate [95% interval]", "доля побед [95-процентный интервал]"),
    "joint_wins": ("joint wins", "общие победы"),
    "seats_played": ("seats played", "сыграно мест"),
    "wins_by_seat": ("Wins by seat", "Победы по местам"),
    "wins_by_agent": ("Wins by agent", "Победы по агентам"),
    "wins_by": ("Wins by {grouping}", "Победы: {grouping}"),
    "lengths_points": ("Lengths and points", "Длина партий и очки"),
    "game_length": ("game length", "длина партии"),
    "points_seat": ("points, seat {seat}", "очки, игрок {seat}"),
    "high": ("▲ above even", "▲ выше равной доли"),
    "low": ("▼ below even", "▼ ниже равной доли"),
    "study": ("{title}: {games}", "{title}: {games}"),
    "shared": (
        "Shared wins: {ties} of {games} ({share}); no winner: {none}. A shared win counts "
        "as a share for each winner.",
        "Общие победы: {ties} из {games} ({share}); без победителя: {none}. Общая победа "
        "делится поровну между победителями.",
    ),
    "even": (
        "Even share: {even} ({seats}). ▲/▼ marks a rate that differs from it at the 5% "
        "level after Holm's correction over the {tested} rates tested; a rate whose "
        "interval leaves out the even share but fails the correction is not marked.",
        "Равная доля: {even} ({seats}). ▲/▼ отмечает долю, отличную от неё на уровне 5% с "
        "поправкой Холма (проверено долей: {tested}); доля, чей интервал не содержит "
        "равную долю, но не проходит поправку, не отмечается.",
    ),
    "no_flags": ("No win rate differs from the even share after Holm's correction.",
                 "Ни одна доля побед не отличается от равной с поправкой Холма."),
    "no_coverage": (
        "Rule coverage and the rules that ended the games were not counted (simulate "
        "with coverage=True).",
        "Покрытие правил и правила, завершившие партии, не подсчитаны: партии сыграны без "
        "подсчёта покрытия.",
    ),
    "agents_seats": ("Agents by seat (seats rotate from game to game):",
                     "Агенты по местам (места меняются от партии к партии):"),
    "seat_agents": ("seat {seat}: {agents}", "игрок {seat}: {agents}"),
    "mixed": (
        "Warning: seats had different agents ({agents}). A rate by seat, character or "
        "specialisation mixes the rules with which agent played it; for balance, seat the "
        "same agent everywhere.",
        "Внимание: на местах играли разные агенты ({agents}). Доля побед места, персонажа "
        "или специализации смешивает правила с тем, какой агент играл; для проверки баланса "
        "посадите одного агента на все места.",
    ),
    "same_agent": (
        "Every seat played by {agent}: the rates describe this agent's play; another agent "
        "may flag other rates.",
        "На всех местах {agent}: доли описывают игру этого агента; другой агент может "
        "отметить другие доли.",
    ),
    "coverage": ("Rule coverage", "Покрытие правил"),
    "coverage_note": (
        "For every rule, the steps at which it decided: its check refused a candidate of "
        "the step (or a whole kind of action), its effect changed the state or announced "
        "an event, its fact was read; after a slash, the steps at which its check "
        "was asked and its effect ran at all; the parts it states that ran (setup and "
        "score in every game, turn, steps and end at every step, the view when an agent "
        "looked); and the share of games in which it was reached in any of these ways. A "
        "rule never reached was never asked, run, read or shown; such rules come first.",
        "Для каждого правила — на скольких шагах оно решало: его проверка отвергла "
        "действие-кандидата (или целый вид действий), его эффект изменил состояние или "
        "объявил событие, его факт прочли; после косой черты — на скольких "
        "шагах проверку вообще спрашивали и эффект выполнялся; какие его части работали "
        "(подготовка и подсчёт — в каждой партии, ход, шаги и конец — на каждом шаге, "
        "обзор — когда агент смотрел); и доля партий, где правило было задействовано хоть "
        "как-то из этого. Ни разу не задействованное правило ни разу не спрашивали, не "
        "выполняли, не читали и не показывали; такие правила идут первыми.",
    ),
    "probe_off": ("Refusals of the whole vocabulary were not probed (probe_refusals).",
                  "Отказы на всём словаре действий не проверялись."),
    "probe_on": ("Refusals of the vocabulary probed at {probed} reached states ({how}).",
                 "Отказы на словаре действий проверены в достигнутых позициях: {probed} "
                 "({how})."),
    "probe_all": ("every state, the whole vocabulary or 256 actions of it",
                  "каждая позиция, весь словарь действий или 256 действий из него"),
    "probe_sampled": ("about one state in 32, 32 actions of the vocabulary each",
                      "примерно одна позиция из 32, по 32 действия словаря"),
    "rule": ("rule", "правило"),
    "rule_text": ("what it says", "о чём оно"),
    "refused": ("check refused / asked (steps)", "проверка отвергла / спрошена (шагов)"),
    "changed": ("effect acted / ran (steps)", "эффект сработал / выполнен (шагов)"),
    "read": ("fact read (steps)", "факт прочитан (шагов)"),
    "ran": ("parts that ran", "работавшие части"),
    "decided_games": ("games it took part in", "партии, где правило участвовало"),
    "probed_refusals": ("refused probed actions", "отвергло проверенных действий"),
    "terms": ("— (defines terms only)", "— (только определяет понятия)"),
    "never": ("never reached", "ни разу не задействовано"),
    "events_h": ("Events per game", "События за партию"),
    "actions_h": ("Actions per game", "Действия за партию"),
    "endings_h": ("How games ended", "Чем кончились партии"),
    "event": ("kind of event", "вид события"),
    "action_kind": ("kind of action", "вид действия"),
    "content_h": ("Content: {group}", "Содержимое: {group}"),
    "content_games_h": ("Content: games in which it happened",
                        "Содержимое: партии, где это случилось"),
    "content": ("content", "содержимое"),
    "other_counts": ("counts", "прочее"),
    "share_games": ("share of games", "доля партий"),
    "plots": ("Plots", "Графики"),
    "none_here": ("{what}: none in this study.", "{what}: нет в этом исследовании."),
    "rows_kept": ("One row per game in results.csv.", "По строке на партию в results.csv."),
    "rows_not_kept": (
        "Only the summary was kept (keep_games=True adds results.csv, a row per game).",
        "Сохранена только сводка (keep_games=True добавляет results.csv, по строке на партию).",
    ),
    "more": ("{n} more in the HTML report", "ещё {n} — в полном отчёте (веб-страница)"),
    "dashed": ("Dashed line: the even share, {even}. Hatched bar: differs from it after "
               "Holm's correction.",
               "Пунктир: равная доля, {even}. Штриховка: отличие от неё с поправкой Холма."),
    "by_seat": ("by seat", "по местам"),
    "by_agent": ("by agent", "по агентам"),
    "win_rate_axis": ("win rate (95% interval)", "доля побед (95-процентный интервал)"),
    "win_rate_by": ("Win rate by {grouping}", "Доля побед: {grouping}"),
    "actions_per_game": ("actions per game", "действия за партию"),
    "length_title": ("Game length (actions)", "Длина партии (действия)"),
    "points_end": ("points at the end", "очки в конце"),
    "points_title": ("Points per seat", "Очки по местам"),
    "seat_games": ("seat {seat}\ngames", "игрок {seat}\nпартии"),
    "top": (" (top {top} of {n}; all in the table)", " (первые {top} из {n}; все в таблице)"),
    "rules_chart": ("Rule coverage: steps at which the rule decided",
                    "Покрытие правил: шаги, на которых правило решало"),
    "actions_chart": ("Actions by kind", "Действия по видам"),
    "count_study": ("count over the study", "число за исследование"),
    # comparisons
    "compare_title": ("{title}: {games} per variant", "{title}: {games} на вариант"),
    "compare_note": (
        "Every variant played the same seeded games with the same agents, so each "
        "difference from {base} is paired game by game: McNemar's test and a paired "
        "interval for a share of games, a paired interval for a mean per game. Headline "
        "family (win share per seat, length, endings, and per game the actions and events "
        "of each kind and the steps at which each rule decided): {tested} differences "
        "tested, Holm's correction over them; ◆ marks an adjusted p-value below 0.05. "
        "Content (per card, per resource) is its own family: {content} tested.",
        "Все варианты сыграли одни и те же партии (те же зёрна) с теми же агентами, поэтому "
        "каждая разность с вариантом «{base}» парная, партия к партии: для доли партий — "
        "критерий Мак-Немара и парный интервал, для среднего за партию — парный интервал. "
        "Главное семейство (доля побед по местам, длина, чем кончились партии, а за партию — "
        "действия и события каждого вида и шаги, на которых решало каждое правило): "
        "проверено разностей — {tested}, с поправкой Холма по ним; ◆ отмечает "
        "скорректированное p меньше 0,05. Содержимое (по картам, по ресурсам) — отдельное "
        "семейство: проверено разностей — {content}.",
    ),
    "identical": ("{name}: {same} of {games} came out the same as under {base} (same length, "
                  "winners, points and counts).",
                  "{name}: {same} из {games} прошли так же, как в варианте «{base}» (та же "
                  "длина, победители, очки и все счётчики)."),
    "nothing": ("{name} changed nothing in these games.",
                "Вариант «{name}» ничего не изменил в этих партиях."),
    "no_differences": ("No difference is significant after Holm's correction.",
                       "Ни одна разность не значима с поправкой Холма."),
    "differences": ("Significant differences:", "Значимые разности:"),
    "figure": ("figure", "величина"),
    "difference": ("{name} − {base}", "{name} − {base}"),
    "p": ("p", "p"),
    "adjusted": ("adjusted p", "скорр. p"),
    "headline": ("Headline", "Главное"),
    "content_family": ("Content", "Содержимое"),
    "f_seat": ("win share, seat {seat}", "доля побед, игрок {seat}"),
    "f_ties": ("games with a shared win", "партии с общей победой"),
    "f_none": ("games without a winner", "партии без победителя"),
    "f_length": ("game length", "длина партии"),
    "f_points": ("points, seat {seat}", "очки, игрок {seat}"),
    "f_end": ("games ended by {rule}", "партии, законченные по {rule}"),
    "f_action": ("actions: {kind}", "действия: {kind}"),
    "f_event": ("events: {kind}", "события: {kind}"),
    "f_refused": ("{rule}: steps its check refused", "{rule}: шаги, где отвергла проверка"),
    "f_changed": ("{rule}: steps its effect acted", "{rule}: шаги, где сработал эффект"),
    "f_content": ("{label}", "{label}"),
    "u_share": ("share of games", "доля партий"),
    "u_actions": ("actions per game", "действия за партию"),
    "u_points": ("points", "очки"),
    "u_per_game": ("per game", "за партию"),
    "compare_chart": ("Differences from {base}: the {shown} smallest adjusted p (95% "
                      "intervals, in standard units)",
                      "Разности с «{base}»: {shown} с наименьшим скорр. p (95-процентные "
                      "интервалы, в стандартных единицах)"),
}

#: Agents' names in Russian (a name not here is shown as it is).
AGENTS: dict[str, str] = {
    "random": "случайный", "greedy": "жадный", "uniform-kind": "равномерный по видам",
    "mcts": "поиск по дереву", "goal": "целевой",
}


def text(key: str, lang: str = "en", **values: Any) -> str:
    """The sentence ``key`` in ``lang`` (``"en"`` or ``"ru"``), filled in.

    >>> text("f_seat", "ru", seat=2)
    'доля побед, игрок 2'
    """
    en, ru = TEXT[key]
    return (ru if lang == "ru" else en).format(**values)


#: Nouns counted in reports: English (one, other), Russian (one, few, many) in the
#: nominative and, after «из», the genitive.
_NOUNS: dict[str, tuple[tuple[str, str], tuple[str, str, str], tuple[str, str, str]]] = {
    "game": (("game", "games"), ("партия", "партии", "партий"), ("партии", "партий", "партий")),
    "seat": (("seat", "seats"), ("место", "места", "мест"), ("места", "мест", "мест")),
}


def count(n: int, noun: str, lang: str = "en", *, of: bool = False) -> str:
    """``n`` and the noun in the form its number needs; ``of``: after «из» (the genitive).

    >>> count(1, "game"), count(21, "game", "ru"), count(2, "seat", "ru"), count(5, "seat", "ru")
    ('1 game', '21 партия', '2 места', '5 мест')
    >>> count(21, "game", "ru", of=True), count(2, "game", "ru", of=True)
    ('21 партии', '2 партий')
    """
    en, nominative, genitive = _NOUNS[noun]
    if lang == "ru":
        return count_ru(n, *(genitive if of else nominative))
    return f"{n:,} {en[0] if n == 1 else en[1]}"


#: The parts of the game a rule may state, in Russian (``Rule.parts``).
PARTS_RU = {"setup": "подготовка", "turn": "очерёдность хода", "steps": "шаги",
            "end": "конец", "score": "подсчёт", "view": "обзор"}


def part_label(part: str, lang: str = "en") -> str:
    """A part of the game a rule states (``setup``, ``turn`` ...) in ``lang``."""
    return PARTS_RU.get(part, part) if lang == "ru" else part


def agent_label(name: str, lang: str = "en") -> str:
    """An agent's name in ``lang``."""
    return AGENTS.get(name, name) if lang == "ru" else name


def variant_label(name: str, lang: str = "en") -> str:
    """A study's name: ``rulebook`` is the game's own rules (in Russian, «правила игры»)."""
    return "правила игры" if lang == "ru" and name == "rulebook" else name


def kind_label(game: Any, cls: type | None, tag: str, lang: str = "en") -> str:
    """A kind of action or event by the label its game registered for its class
    (``register_steps``), else its type tag."""
    if cls is None or game is None:
        return tag
    found = step_label(game.name, cls.__name__, "ru" if lang == "ru" else "en", kind=True)
    return tag if found == cls.__name__ else found
