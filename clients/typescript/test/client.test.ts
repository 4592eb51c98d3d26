import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import WebSocket from "ws";
import {
  type Action,
  BoardrulesClient,
  type Payload,
  RefusedError,
  type Update,
} from "../src/index.js";
import { Served } from "./server.js";

const served = new Served();
let client: BoardrulesClient;

before(async () => {
  await served.start();
  client = new BoardrulesClient(served.url, { WebSocket }); // ws's class, no cast (--strict)
});
after(async () => {
  await served.remove();
});

function waitFor<T>(check: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = check();
      if (found !== undefined) return resolve(found);
      if (Date.now() > deadline) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(look, 20);
    };
    look();
  });
}

test("two seats play a whole 7Я match, typed, and the record is published", async () => {
  const created = await client.create({ game: "semya", seed: 7, seats: ["human", "human"] });
  const [first, second] = created.tokens;
  assert.ok(first && second);
  const seats = [client.match("semya", created.match, first),
    client.match("semya", created.match, second)];
  let payload: Payload<"semya"> = await seats[0]!.show();
  const hand: [string[], string[]] = payload.view.hands; // a tuple, not never[]
  assert.equal(hand.length, 2);
  let moves = 0;
  while (!payload.over) {
    const seat = seats[payload.to_move ?? 0]!;
    const mine = await seat.show();
    const choice = mine.legal[0];
    assert.ok(choice, "the seat to move has a legal action");
    assert.ok(choice.label.en && choice.label.ru);
    payload = await seat.act(mine.version, choice.action);
    moves += 1;
  }
  assert.equal(payload.version, moves);
  assert.ok(payload.standings.final);
  const record = await seats[0]!.record();
  assert.ok(!("over" in record), "a finished match gives its whole record");
  assert.equal(record.game, "semya");
  assert.equal(record.actions?.length, moves);
  assert.equal(record.seed, 7);
});

test("a refusal is a RefusedError with the rule ID, and a stale version is a 409", async () => {
  const created = await client.create({ game: "semya", seed: 7, seats: ["human", "greedy"] });
  const seat = created.client; // the match as seat 0, the one person, sees it
  assert.equal(seat.token, created.tokens[0]);
  const payload = await seat.show();
  assert.equal(payload.seat, 0);
  const illegal: Action<"semya"> = { type: "play_fool" };
  await assert.rejects(seat.act(payload.version, illegal), (error: unknown) => {
    assert.ok(error instanceof RefusedError);
    assert.equal(error.status, 422);
    assert.equal(error.refusal.error, "illegal_action");
    assert.match(error.refusal.violation?.rule ?? "", /^(SEM|CORE)-\d+$/);
    return true;
  });
  await assert.rejects(seat.act(payload.version + 5, payload.legal[0]!.action),
    (error: unknown) => error instanceof RefusedError && error.status === 409
      && error.refusal.version === payload.version);
});

test("the vocabulary labels every action, the ones a view cannot play too", async () => {
  const vocabulary = await client.vocabulary("semya");
  const fool = vocabulary.find((item) => item.action.type === "play_fool");
  assert.ok(fool, "the trump is in 7Я's vocabulary");
  assert.ok(fool.label.en && fool.label.ru);
  const games = await client.games();
  const semya = games.games.find((g) => g.game === "semya");
  assert.ok(semya && semya.title.ru && !semya.bots.includes("goal"));
});

test("the lobby lists an open seat and a join takes it once", async () => {
  const created = await client.create({ game: "kuhn", seats: ["human", "open"] });
  const lobby = await client.lobby();
  const row = lobby.find((r) => r.match === created.match);
  assert.deepEqual(row?.free, [1]);
  const joined = await client.join(created.match, 1);
  assert.equal(joined.seat, 1);
  await assert.rejects(client.join(created.match, 1),
    (error: unknown) => error instanceof RefusedError && error.refusal.error === "seat_taken");
});

test("the content names every card a view shows", async () => {
  const content = await client.content("semya");
  const ids = new Set(content.cards.map((card) => card.id));
  const created = await client.create({ game: "semya", seed: 3, seats: ["human", "human"] });
  const view = (await client.match("semya", created.match, created.tokens[0] ?? undefined)
    .show()).view;
  for (const id of view.hands[0]) assert.ok(ids.has(id), id);
  const card = content.cards[0]!;
  assert.ok(["white", "black"].includes(card.suit));
  assert.ok(card.name.en && card.name.ru);
  const same = await client.match("semya", created.match).content();
  assert.deepEqual(same, content);
});

test("live updates arrive, and survive a server restart with catch-up", async () => {
  const created = await client.create({ game: "semya", seed: 11, seats: ["human", "human"] });
  const tokens = created.tokens as [string, string];
  const seats = [client.match("semya", created.match, tokens[0]),
    client.match("semya", created.match, tokens[1])];
  const updates: Update<"semya">[] = [];
  let reconnects = 0;
  const live = seats[1]!.live({
    onUpdate: (update) => updates.push(update),
    onReconnect: () => { reconnects += 1; },
    delay: 100,
  });
  await waitFor(() => updates[0], "the first update");
  const play = async () => {
    const now = await seats[0]!.show();
    const seat = seats[now.to_move ?? 0]!;
    const mine = await seat.show();
    return seat.act(mine.version, mine.legal[0]!.action);
  };
  await play();
  const pushed = await waitFor(() => updates.find((u) => u.version === 1), "the push");
  assert.equal(pushed.type, "update");
  assert.ok((pushed.events ?? []).length > 0, "a push carries the move's events");

  await served.stop(); // the socket is closed with 1012
  await served.start(); // same port, same file: the match goes on
  await play(); // a move the watcher did not see live
  await play();
  const caught = await waitFor(() => updates.find((u) => u.version === 3), "the catch-up");
  const moves = new Set([...updates.flatMap((u) => (u.events ?? []).map((e) => e.move))]);
  assert.ok(moves.has(1) && moves.has(2), "the events of the moves missed arrive");
  assert.ok(reconnects >= 1);
  assert.equal(live.version, caught.version);
  live.close();
});

test("a wrong token ends live updates with its close code, without retrying", async () => {
  const created = await client.create({ game: "kuhn", seats: ["human", "human"] });
  let closed: number | undefined;
  let reconnects = 0;
  client.match("kuhn", created.match, "x".repeat(32)).live({
    onUpdate: () => undefined,
    onClose: (code) => { closed = code; },
    onReconnect: () => { reconnects += 1; },
  });
  const code = await waitFor(() => closed, "the close");
  assert.equal(code, 4403);
  assert.equal(reconnects, 0);
});

test("resign is pushed, the record is the seat's history before, and a rematch follows",
  async () => {
    const created = await client.create({ game: "kuhn", seats: ["human", "human"] });
    const tokens = created.tokens as [string, string];
    const seats = [client.match("kuhn", created.match, tokens[0]),
      client.match("kuhn", created.match, tokens[1])];
    const history = await seats[0]!.record();
    assert.ok("over" in history && history.over === false);
    assert.equal(history.seat, 0);
    assert.equal(history.view.cards[1], null, "the other seat's card stays hidden");
    const updates: Update<"kuhn">[] = [];
    const live = seats[1]!.live({ onUpdate: (update) => updates.push(update) });
    await waitFor(() => updates[0], "the first update");
    const over = await seats[0]!.resign();
    assert.ok(over.over);
    assert.equal(over.resigned, 0);
    const pushed = await waitFor(() => updates.find((u) => u.resigned === 0), "the push");
    assert.deepEqual(pushed.standings.winners, [1]);
    const mine = await seats[0]!.rematch();
    const told = await waitFor(() => updates.find((u) => u.rematch !== undefined),
      "the rematch push");
    assert.equal(told.rematch, mine.match);
    const theirs = await seats[1]!.rematch();
    assert.equal(theirs.match, mine.match);
    assert.equal(theirs.seat, 1);
    const next = await client.match("kuhn", mine.match, theirs.token).show();
    assert.equal(next.version, 0);
    assert.deepEqual(next.seats, ["human", "open"]);
    live.close();
  });

test("an undo between two people waits for the other's yes, and is pushed", async () => {
  const created = await client.create({ game: "semya", seed: 9, seats: ["human", "human"] });
  const tokens = created.tokens as [string, string];
  const seats = [client.match("semya", created.match, tokens[0]),
    client.match("semya", created.match, tokens[1])];
  const mover = (await seats[0]!.show()).to_move ?? 0;
  const other = 1 - mover;
  const mine = await seats[mover]!.show();
  await seats[mover]!.act(mine.version, mine.legal[0]!.action);
  const updates: Update<"semya">[] = [];
  const live = seats[other]!.live({ onUpdate: (update) => updates.push(update) });
  await waitFor(() => updates[0], "the first update");
  const asked = await seats[mover]!.undo(1);
  assert.deepEqual(asked.undo, { by: mover, agreed: [], waiting: [other] });
  await waitFor(() => updates.find((u) => u.undo !== undefined), "the request's push");
  const back = await seats[other]!.answerUndo(true);
  assert.equal(back.version, 0);
  await waitFor(() => updates.find((u) => u.version === 0), "the undo's push");
  assert.equal(live.version, 0);
  assert.ok((live.generation ?? 0) > updates[0]!.generation,
    "a take-back moves the generation on while the version goes down");
  live.close();
});
