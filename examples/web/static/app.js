// A minimal front-end: the server keeps the game; this page shows one seat's view.
"use strict";
const state = { id: null, token: null, payload: null, vocabulary: [] };
window.__received = [];  // every payload this page got, for the browser tests

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: Object.assign({ "content-type": "application/json" },
      state.token ? { authorization: "Bearer " + state.token } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  window.__received.push(data);
  return { ok: response.ok, data };
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function actionButtons(payload) {
  const box = document.getElementById("actions");
  box.innerHTML = "";
  let options = payload.legal.map((l) => ({ action: l.action, label: l.label.en }));
  if (payload.game === "semya") {
    // Every card in hand and every use of the trump is clickable; illegal ones explain why.
    const hand = payload.view.hands[payload.seat];
    options = state.vocabulary
      .filter((v) => v.action.type !== "play_card" || hand.includes(v.action.card))
      .map((v) => ({ action: v.action, label: v.label.en }));
  }
  for (const option of options) {
    const button = document.createElement("button");
    const legal = payload.legal.some((l) => same(l.action, option.action));
    button.className = legal ? "legal" : "illegal";
    button.textContent = option.label;
    button.dataset.action = JSON.stringify(option.action);
    button.disabled = payload.over;
    button.addEventListener("click", () => play(option.action));
    box.appendChild(button);
  }
}

function render(payload) {
  state.payload = payload;
  const status = document.getElementById("status");
  if (payload.over) {
    const won = payload.standings.winners.includes(payload.seat);
    status.textContent = "Game over: " + (won ? "you win" : "you lose") +
      " (points " + payload.standings.points.join(" / ") + ")";
    status.dataset.over = "true";
  } else {
    status.textContent = payload.to_move === payload.seat ? "Your move" : "Waiting";
    status.dataset.over = "false";
  }
  actionButtons(payload);
  document.getElementById("table").innerHTML =
    "<pre>" + JSON.stringify(payload.view, null, 1).replace(/[<&]/g, "") + "</pre>";
  const log = document.getElementById("log");
  log.innerHTML = "";
  for (const line of payload.log.slice(-12)) {
    const item = document.createElement("li");
    item.textContent = line;
    log.appendChild(item);
  }
}

async function play(action) {
  const { ok, data } = await api("POST", "/api/games/" + state.id + "/actions", { action });
  const message = document.getElementById("message");
  if (ok) {
    message.textContent = "";
    render(data);
  } else {
    message.textContent = data.rule ? data.rule + ": " + data.message.en : data.reason;
    message.dataset.rule = data.rule || "";
  }
}

async function newGame() {
  state.token = null;
  const game = document.getElementById("game").value;
  state.vocabulary = (await api("GET", "/api/vocabulary/" + game)).data;
  const created = await api("POST", "/api/games", { game, humans: [0], bot: "greedy" });
  state.id = created.data.id;
  state.token = created.data.tokens["0"];
  const { data } = await api("GET", "/api/games/" + state.id);
  document.getElementById("message").textContent = "";
  render(data);
}

document.getElementById("new-game").addEventListener("click", newGame);
