"""A finished match stays finished, a take-back is seen everywhere (issue 32).

The property test drives random interleavings of people's moves, bots' moves (thought of
at one moment, stored at a later one), resignations, undos and their answers through two
``Matches`` over one database (two server processes, each with its own cache; on SQLite, one
process: one ``Matches``); after every step the stored moves replay legally, every read
answers, and both processes and one that has only the database show every seat the same
payload (the acting process and a fresh one after every step, both processes at the end:
in between, one may hold an old position in its cache). The other tests start real
``boardrules serve`` processes.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

import boardrules
from boardrules import serde
from boardrules.server.bots import choose_move
from boardrules.server.inputs import Refusal
from boardrules.server.lifecycle import Lifecycle
from boardrules.server.matches import Limits, Matches
from boardrules.server.store import open_store

from .conftest import ServerProcess, api

_OPS = st.lists(st.tuples(st.sampled_from(["move", "move", "bot", "bot", "resign", "undo",
                                           "yes", "no"]),
                          st.integers(0, 1), st.integers(0, 7)), min_size=4, max_size=18)


def _replays(matches: Matches, match_id: str) -> dict[str, Any]:
    """The stored record, replayed (it raises if a stored move is illegal)."""
    record = matches.record(match_id)
    boardrules.replay(serde.from_dict(record, boardrules.GameRecord))
    return record


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game=st.sampled_from(["kuhn", "semya"]), people=st.booleans(), ops=_OPS)
# The holes of issue 32, always tried: a resignation while a bot thinks; a take-back agreed
# through one process and a move in its place through the other.
@example(game="kuhn", people=False, ops=[("move", 0, 0), ("resign", 0, 0), ("bot", 0, 0)])
@example(game="kuhn", people=True, ops=[("move", 0, 0), ("undo", 1, 0), ("yes", 1, 1),
                                        ("move", 1, 1), ("move", 0, 1)])
def test_any_interleaving_keeps_every_match_whole_and_every_process_alike(
        db_url: str, game: str, people: bool, ops: list[tuple[str, int, int]]) -> None:
    stores = [open_store(db_url)]
    if stores[0].shared:  # two processes over one PostgreSQL database
        stores.append(open_store(db_url))
    try:
        limits = Limits(creations_per_minute=10**6, max_live_per_client=10**6)
        sides = [Matches(store, limits) for store in stores]
        seats = ["human", "human" if people else "random"]
        made = sides[0].create(json.dumps({"game": game, "seats": seats}).encode(), "t")
        match_id, tokens = made["match"], made["tokens"]
        thought: list[tuple[Any, Any]] = []
        ended: dict[str, Any] | None = None
        for op, side, n in ops:
            matches = sides[side % len(sides)]
            life = Lifecycle(matches)
            now = matches.payload(match_id, None)
            token = tokens[n % 2] or tokens[0]
            try:
                if op == "move" and now["to_move"] is not None and tokens[now["to_move"]]:
                    mine = matches.payload(match_id, tokens[now["to_move"]])
                    action = mine["legal"][n % len(mine["legal"])]["action"]
                    matches.act(match_id, tokens[now["to_move"]], json.dumps(
                        {"version": mine["version"], "action": action}).encode())
                elif op == "bot" and thought:  # a bot's move thought of at some step
                    matches.bot_move(*thought[n % len(thought)])
                elif op == "resign":
                    life.resign(match_id, token)
                elif op == "undo":
                    life.undo(match_id, token, json.dumps({"version": now["version"]}).encode())
                elif op in ("yes", "no"):
                    life.answer_undo(match_id, token, json.dumps({"agree": op == "yes"}).encode())
            except Refusal as refusal:  # a refusal changes nothing; which ones may come:
                refused = refusal.status
            else:
                refused = 200
            assert refused in (200, 403, 409, 422)
            if (turn := matches.bot_turn(match_id)) is not None:  # a bot thinks meanwhile
                thought.append((turn, choose_move(turn.game, turn.view, turn.seat, turn.agent,
                                                  turn.seed, turn.version, 1)))
            record = _replays(matches, match_id)
            public = _alike((matches, Matches(stores[-1], limits)), match_id, tokens)
            assert len(record["actions"]) == public["version"]
            if ended is not None:  # over for good: nothing moves, the deal stays shown
                assert public["over"]
                assert (public["version"], public["deal"]) == (ended["version"], ended["deal"])
            elif public["over"]:
                ended = public
            else:
                assert public["deal"]["seed"] is None, "the seed only once the match is over"
        _alike(sides, match_id, tokens)  # the other process too, whatever it held
    finally:
        for store in stores:
            store.close()


def _alike(sides: Any, match_id: str, tokens: list[str | None]) -> dict[str, Any]:
    """Every side shows every seat, and a spectator, one payload: the spectator's."""
    for who in (*[t for t in tokens if t], None):
        seen = [m.payload(match_id, who, 0) for m in sides]
        assert all(doc == seen[0] for doc in seen), "every process shows one position"
    public: dict[str, Any] = seen[0]
    return public


def _wait(check: Callable[[], bool], what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


@pytest.mark.parametrize("game", ["kuhn", "semya"])
def test_a_resignation_while_a_bot_thinks_stays(
        tmp_path: Path, serve: Callable[..., ServerProcess], game: str) -> None:
    """A person moves and resigns at once, while an MCTS bot thinks of its answer: the
    resignation is stored first (the bot's move is dropped) or right after the bot's move,
    never both; the match stays over as the resignation's answer showed it, seed and all,
    and the seat that resigned cannot move."""
    server = serve(str(tmp_path / "m.sqlite3"), "--bot-seconds", "1")
    resigned = 0
    for _ in range(4):
        _, made = api("POST", f"{server.url}/api/matches",
                      {"game": game, "seats": ["human", "mcts"],
                       "setup": {"first": 0} if game == "semya" else {}})
        match, token = made["match"], made["tokens"][0]
        url = f"{server.url}/api/matches/{match}"
        _, mine = api("GET", url, token=token)
        action = mine["legal"][0]["action"]
        status, moved = api("POST", f"{url}/actions", {"version": 0, "action": action}, token)
        assert status == 200, moved
        status, over = api("POST", f"{url}/resign", token=token)
        if status == 409:  # the bot answered first, and in Kuhn poker its answer can end
            assert over["error"] == "match_over", over  # the hand: no resignation, no race
            _, done = api("GET", url, token=token)
            assert (done["over"], done.get("resigned"), done["version"]) == (True, None, 2)
            continue
        assert status == 200, over
        resigned += 1
        assert (over["over"], over["resigned"]) == (True, 0)
        assert over["deal"]["seed"] is not None
        time.sleep(1.5)  # the bot's budget has run out: had it moved after, it would show
        status, later = api("GET", f"{url}?since=0", token=token)
        assert status == 200
        assert (later["over"], later.get("resigned")) == (True, 0)
        assert (later["generation"], later["version"], later["deal"]) == (
            over["generation"], over["version"], over["deal"])
        assert len(api("GET", f"{url}/record")[1]["actions"]) == over["version"]
        status, refused = api("POST", f"{url}/actions",
                              {"version": over["version"], "action": action}, token)
        assert (status, refused["error"]) == (409, "match_over")
    assert resigned, "at least one resignation raced the bot"


def test_a_take_back_is_pushed_and_drawn_as_the_new_position(
        tmp_path: Path, serve: Callable[..., ServerProcess]) -> None:
    """After an agreed undo and another move in its place, the other seat's socket, a
    spectator's and the picture show the new position, not the one taken back."""
    server = serve(str(tmp_path / "m.sqlite3"))
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "kuhn", "seed": 4, "seats": ["human", "human"]})
    match, tokens = made["match"], made["tokens"]
    url = f"{server.url}/api/matches/{match}"

    def play(seat: int, index: int) -> dict[str, Any]:
        _, mine = api("GET", url, token=tokens[seat])
        status, doc = api("POST", f"{url}/actions", {"version": mine["version"], "action":
                                                     mine["legal"][index]["action"]},
                          tokens[seat])
        assert status == 200, doc
        return doc

    live = f"ws://127.0.0.1:{server.port}/api/matches/{match}/live"
    with connect(live) as other, connect(live) as spectator:
        other.send(json.dumps({"token": tokens[1]}))
        spectator.send("{}")
        for socket in (other, spectator):
            json.loads(socket.recv(timeout=10))
        api("GET", f"{url}/picture", token=tokens[1])  # drawn at the first line's move 1
        play(0, 0)
        api("GET", f"{url}/picture", token=tokens[1])
        status, asked = api("POST", f"{url}/undo", {"version": 1}, tokens[0])
        assert status == 200, asked
        status, back = api("POST", f"{url}/undo/answer", {"agree": True}, tokens[1])
        assert (status, back["version"]) == (200, 0)
        play(0, 1)  # another move in its place
        for socket, token in ((other, tokens[1]), (spectator, None)):
            truth = api("GET", url, token=token)[1]

            got: list[dict[str, Any]] = []

            def latest(socket: Any = socket, truth: dict[str, Any] = truth,
                       got: list[dict[str, Any]] = got) -> bool:
                got.append(json.loads(socket.recv(timeout=10)))
                return bool((got[-1]["generation"], got[-1]["version"]) == (
                    truth["generation"], truth["version"]))

            _wait(latest, "the update of the new position")
            assert got[-1]["view"] == truth["view"]
            assert [e["move"] for e in got[-1]["events"]] == [0], "the log of the new line"
        picture = api("GET", f"{url}/picture", token=tokens[1])[1]
        truth = api("GET", url, token=tokens[1])[1]
        assert (picture["generation"], picture["version"]) == (truth["generation"], 1)
        game = boardrules.load("kuhn")
        view = serde.from_dict(truth["view"], game.state_type, game=game)
        assert picture["svg"] == game.render_svg(view, 1, "en")


def _random_http_ops(servers: list[ServerProcess], match: str, tokens: list[str],
                     seed: int, steps: int) -> None:
    """``steps`` requests, each to one of ``servers`` at random: moves (some on a stale
    view), undos and their answers, and at last perhaps a resignation."""
    rng = random.Random(seed)
    views: dict[int, dict[str, Any]] = {}
    for step in range(steps):
        server = servers[rng.randrange(len(servers))]
        url = f"{server.url}/api/matches/{match}"
        seat = rng.randrange(2)
        kind = rng.choice(["move", "move", "stale", "undo", "yes", "no", "resign"]
                          if step == steps - 1 else ["move", "move", "stale", "undo", "yes"])
        if kind == "move" or seat not in views:
            views[seat] = api("GET", url, token=tokens[seat])[1]
        doc = views[seat]
        if kind in ("move", "stale") and doc["legal"]:
            action = doc["legal"][rng.randrange(len(doc["legal"]))]["action"]
            api("POST", f"{url}/actions", {"version": doc["version"], "action": action},
                tokens[seat])
        elif kind == "undo":
            api("POST", f"{url}/undo", {"version": doc["version"]}, tokens[seat])
        elif kind in ("yes", "no"):
            api("POST", f"{url}/undo/answer", {"agree": kind == "yes"}, tokens[seat])
        elif kind == "resign":
            api("POST", f"{url}/resign", token=tokens[seat])


@pytest.mark.parametrize("workers", [1, 2], ids=["two servers", "--workers 2"])
def test_processes_over_one_postgres_agree_after_take_backs(
        postgres: Callable[[], str], serve: Callable[..., ServerProcess], workers: int) -> None:
    """Two processes over one PostgreSQL database (two servers, or one server's two
    workers) take moves, stale moves, undos and answers in any order: every stored move
    list replays legally, every read answers 200 from each, and each shows every seat the
    same position."""
    url = postgres()
    servers = ([serve(url), serve(url)] if workers == 1
               else [serve(url, "--workers", "2")] * 2)
    for seed in range(4):
        _, made = api("POST", f"{servers[0].url}/api/matches",
                      {"game": "kuhn", "seats": ["human", "human"]})
        match, tokens = made["match"], made["tokens"]
        _random_http_ops(servers, match, tokens, seed, 14)
        record = api("GET", f"{servers[0].url}/api/matches/{match}/record",
                     token=tokens[0])[1]
        if "actions" in record:
            boardrules.replay(serde.from_dict(record, boardrules.GameRecord))
        for token in (None, *tokens):
            seen = []
            for server in servers:
                for _ in range(3):  # --workers 2: each read may reach either worker
                    status, doc = api("GET", f"{server.url}/api/matches/{match}?since=0",
                                      token=token)
                    assert status == 200, doc
                    seen.append(doc)
            assert all(doc == seen[0] for doc in seen)
