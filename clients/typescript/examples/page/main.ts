// A tiny 7Я table over boardrules-client: a match against a bot, the hand drawn from the
// content catalogue, moves by click (the trump too), the log and the table kept live over
// the WebSocket.
import {
  BoardrulesClient,
  type Content,
  type MatchClient,
  type Payload,
  RefusedError,
} from "boardrules-client";

// The server: http://127.0.0.1:8000, or the one named in the page's address (?server=URL).
const server = new URLSearchParams(location.search).get("server") ?? "http://127.0.0.1:8000";
const client = new BoardrulesClient(server);
const status = document.getElementById("status")!;
const hand = document.getElementById("hand")!;
const log = document.getElementById("log")!;

let content: Content<"semya">;
let match: MatchClient<"semya">;

let shown = -1; // the version on screen

function draw(payload: Payload<"semya">): void {
  // The answer to a move may arrive after the push of the bot's reply: never draw an older
  // position over a newer one.
  if (payload.version < shown) return;
  shown = payload.version;
  const cards = new Map(content.cards.map((card) => [card.id, card]));
  const legal = new Map(payload.legal.flatMap((choice) =>
    choice.action.type === "play_card" ? [[choice.action.card, choice.action]] : []));
  status.textContent = payload.over
    ? `Over: seat ${payload.standings.winners.join(", ")} won`
    : payload.to_move === payload.seat ? "Your move" : "The bot is thinking…";
  hand.replaceChildren();
  const seat = payload.seat ?? 0;
  for (const id of payload.view.hands[seat === 0 ? 0 : 1]) {
    const card = cards.get(id)!;
    const button = document.createElement("button");
    button.className = `card ${card.suit}`;
    button.textContent = `${card.name.en} (${card.start} → ${card.end}, ${card.points})`;
    const action = legal.get(id);
    button.disabled = action === undefined;
    button.onclick = async () => {
      if (action === undefined) return;
      try {
        draw(await match.act(payload.version, action));
      } catch (error) {
        if (!(error instanceof RefusedError)) throw error;
        status.textContent = error.refusal.violation
          ? `${error.refusal.violation.rule}: ${error.refusal.violation.message.en}`
          : error.refusal.reason;
      }
    };
    hand.append(button);
  }
  // The trump (as the Lord naming a symbol, or as the Fool) is a legal move without a card.
  for (const choice of payload.legal) {
    if (choice.action.type === "play_card") continue;
    const button = document.createElement("button");
    button.className = "trump";
    button.textContent = choice.label.en;
    button.onclick = async () => draw(await match.act(payload.version, choice.action));
    hand.append(button);
  }
}

document.getElementById("new")!.onclick = async () => {
  content = await client.content("semya");
  shown = -1;
  const created = await client.create({ game: "semya", seats: ["human", "greedy"] });
  match = client.match("semya", created.match, created.tokens[0] ?? undefined);
  match.live({
    onUpdate: (update) => {
      for (const item of update.events ?? []) {
        const line = document.createElement("li");
        line.textContent = item.label.en;
        log.append(line);
      }
      draw(update);
    },
  });
};
