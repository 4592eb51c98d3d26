// The page served by `boardrules serve`: make or join a match, then play it live.
// The server keeps every state; this page holds one seat's token (in sessionStorage, never in
// a URL) and shows what the server sends for that seat. Updates arrive on a WebSocket.
// The table is the seat's view drawn by the server as SVG; labels, refusals and the drawing
// follow the language chosen in the header (English or Russian).
"use strict";
const page = { games: [], agents: [], match: null, seat: null, token: null, payload: null,
  vocabulary: [], socket: null, log: [], logged: 0, refusal: null,
  lang: localStorage.getItem("boardrules:lang") === "ru" ? "ru" : "en" };
window.__received = [];
// The page's own words; the labels of actions, events and refusals come from the server.
const WORDS = {
  en: { language: "Language", new_match: "New match", game: "Game", seats: "Seats",
    lobby: "Lobby", refresh: "Refresh", moves: "Your moves", table: "Table",
    json: "The view as JSON", your_move: "Your move", watching: "Watching",
    waiting: "Waiting for seat ", over: "Game over: ", win: "you win", lose: "you lose",
    points: "points", me: "me", seat: "seat ", resign: "Resign", rematch: "Rematch",
    rematch_offered: "Rematch offered: join it",
    free: "free", undo: "Undo my last move", yes: "Agree", no: "Decline",
    undo_asked: "Seat {seat} asks to take back its last move.",
    undo_waiting: "Waiting for the others to agree to the undo.",
    human: "human", open: "open seat", random: "random bot", greedy: "greedy bot",
    goal: "goal-seeking bot", mcts: "MCTS bot",
    row: (game, seats, seat) => game + " — " + seats + " — take seat " + seat },
  ru: { language: "Язык", new_match: "Новая партия", game: "Игра", seats: "Мест",
    lobby: "Лобби", refresh: "Обновить", moves: "Ваши ходы", table: "Стол",
    json: "Вид стола в JSON", your_move: "Ваш ход", watching: "Наблюдение",
    waiting: "Ходит игрок ", over: "Партия окончена: ", win: "вы победили",
    lose: "вы проиграли", points: "очки", me: "я", seat: "место ", resign: "Сдаться",
    rematch: "Реванш",
    rematch_offered: "Предложен реванш: присоединиться", free: "свободно",
    undo: "Отменить мой ход", yes: "Согласиться", no: "Отказать",
    undo_asked: "Место {seat} просит отменить свой последний ход.",
    undo_waiting: "Ждём согласия остальных на отмену хода.",
    human: "человек", open: "свободное место", random: "случайный бот", greedy: "жадный бот",
    goal: "бот с целью", mcts: "бот MCTS",
    row: (game, seats, seat) => game + " — " + seats + " — занять место " + seat },
};
function word(key) { return WORDS[page.lang][key]; }
// A seat's kind (an agent's name, "human", "open") in the page's language.
function kindName(kind) { return WORDS[page.lang][kind] || kind; }
// A game's title in the page's language (its registry name for a game the server did not list).
function title(name) {
  const game = page.games.find((g) => g.game === name);
  return game ? game.title[page.lang] : name;
}

async function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (page.token) headers.authorization = "Bearer " + page.token;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  window.__received.push(data);
  return { status: response.status, ok: response.ok, data };
}

// A refusal (or any error) in a banner pinned to the top of the visible area.
function showMessage(refusal) {
  page.refusal = refusal;
  const message = byId("message");
  if (refusal === null) {
    message.hidden = true;
    message.textContent = "";
    message.dataset.rule = "";
    return;
  }
  message.hidden = false;
  message.dataset.rule = refusal.rule || "";
  const text = typeof refusal.text === "string" ? refusal.text : refusal.text[page.lang];
  message.textContent = refusal.rule ? refusal.rule + ": " + text : text;
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
function byId(id) { return document.getElementById(id); }

function seatChoices() {
  const game = page.games.find((g) => g.game === byId("game").value);
  const count = Number(byId("seat-count").value);
  const box = byId("seats");
  box.innerHTML = "";
  for (let i = 0; i < count; i++) {
    const select = document.createElement("select");
    select.className = "seat";
    // Only the bots this game accepts (a `goal` bot needs a policy some games do not have).
    for (const kind of ["human", "open", ...(game ? game.bots : page.agents)]) {
      const option = document.createElement("option");
      option.value = kind;
      option.textContent = word("seat") + i + ": " + (kind === "human" ? word("me") : kindName(kind));
      select.appendChild(option);
    }
    select.value = i === 0 ? "human" : "greedy";
    box.appendChild(select);
  }
  return game;
}

function seatCounts() {
  const game = page.games.find((g) => g.game === byId("game").value);
  const counts = byId("seat-count");
  counts.innerHTML = "";
  for (let n = game.min_players; n <= game.max_players; n++) {
    const option = document.createElement("option");
    option.value = String(n);
    option.textContent = String(n);
    counts.appendChild(option);
  }
  counts.value = String(game.max_players);
  seatChoices();
}

function actionButtons(payload) {
  const box = byId("actions");
  box.innerHTML = "";
  if (payload.seat === null) return;
  let options = payload.legal.map((l) => ({ action: l.action, label: l.label[page.lang] }));
  if (payload.game === "semya" && payload.to_move === payload.seat) {
    // Every card in hand and every use of the trump is clickable; illegal ones explain why.
    const hand = payload.view.hands[payload.seat];
    options = page.vocabulary
      .filter((v) => v.action.type !== "play_card" || hand.includes(v.action.card))
      .map((v) => ({ action: v.action, label: v.label[page.lang] }));
    // The legal ones first, in the server's order; then the rest, which explain a refusal.
    const legal = (option) => payload.legal.some((l) => same(l.action, option.action));
    options = [...options.filter(legal), ...options.filter((o) => !legal(o))];
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

// Resign while the match goes on; after the end, a rematch (made by the first seat to ask,
// joined by the others: the button says so once the server names the rematch).
function lifecycleButtons(payload) {
  const mine = payload.seat !== null && page.token !== null;
  const resign = byId("resign");
  resign.hidden = !mine || payload.over;
  const rematch = byId("rematch");
  rematch.hidden = !mine || !payload.over;
  rematch.textContent = word(payload.rematch ? "rematch_offered" : "rematch");
  rematch.dataset.rematch = payload.rematch || "";
  // Undo: ask while the match goes on; answer another seat's request.
  const asked = payload.undo;
  byId("undo").hidden = !mine || payload.over || asked !== undefined || payload.version === 0;
  const answer = byId("undo-asked");
  const mustAnswer = mine && asked !== undefined && asked.waiting.includes(payload.seat);
  answer.hidden = !(mine && asked !== undefined);
  byId("undo-yes").hidden = !mustAnswer;
  byId("undo-no").hidden = !mustAnswer;
  byId("undo-text").textContent = asked === undefined ? "" : mustAnswer
    ? word("undo_asked").replace("{seat}", String(asked.by)) : word("undo_waiting");
}

// A card or character in the picture (an element with data-card) plays the one legal move
// that names it; when several do (or none), the matching buttons are shown instead.
function pictureClick(event) {
  const target = event.target.closest("[data-card]");
  const payload = page.payload;
  if (!target || !payload || payload.over || payload.to_move !== payload.seat) return;
  const card = target.dataset.card;
  const naming = payload.legal.filter((l) => Object.values(l.action).includes(card));
  if (naming.length === 1) {
    play(naming[0].action);
    return;
  }
  for (const button of document.querySelectorAll("#actions button")) {
    button.classList.toggle("named", Object.values(JSON.parse(button.dataset.action))
      .includes(card));
  }
}

async function askUndo() {
  const { status, data } = await api("POST", "/api/matches/" + page.match + "/undo",
    { version: page.payload.version });
  if (status === 200) render(data, true);
  else showMessage({ text: data.reason });
}

async function answerUndo(agree) {
  const { status, data } = await api("POST", "/api/matches/" + page.match + "/undo/answer",
    { agree });
  if (status === 200) render(data, true);
  else showMessage({ text: data.reason });
}

async function resign() {
  const { status, data } = await api("POST", "/api/matches/" + page.match + "/resign");
  if (status === 200) render(data, true);
  else showMessage({ text: data.reason });
}

async function rematch() {
  const seat = page.seat;
  const { ok, data } = await api("POST", "/api/matches/" + page.match + "/rematch");
  if (!ok) {
    showMessage({ text: data.reason });
    return;
  }
  page.token = data.token;
  await enter(data.match, seat, data.token);
}

async function drawPicture() {
  const payload = page.payload;
  const lang = page.lang;
  const { ok, data } = await api("GET", "/api/matches/" + page.match + "/picture?lang=" + lang);
  // A newer move or another language may have arrived meanwhile: draw only the current one.
  if (!ok || page.payload !== payload || page.lang !== lang || data.version !== payload.version ||
      data.generation !== payload.generation) {
    return;
  }
  const table = byId("table");
  table.innerHTML = data.svg;
  table.dataset.version = String(data.version);
  table.dataset.lang = data.lang;
}

function render(payload, force) {
  // The answer to a move and the push of the same move both arrive, in either order: draw
  // each state once, never an older one. (generation, version) grows with every change: a
  // move adds to the version, anything else (a take-back, a resignation, an undo asked) to
  // the generation. A new generation may follow another line of moves: the log is cut to the
  // moves before its version, or made again from its events when it brings them (a push does,
  // from the first move). The answer to this page's own undo is drawn whatever came (force).
  const old = page.payload;
  if (old && !force && (payload.generation < old.generation ||
      (payload.generation === old.generation && payload.version <= old.version))) return;
  if (old && payload.generation !== old.generation) {
    page.log = payload.events ? [] : page.log.filter((entry) => entry.move < payload.version);
    page.logged = payload.events ? 0 : Math.min(page.logged, payload.version);
  }
  page.payload = payload;
  for (const item of payload.events || []) {
    if (item.move >= page.logged) page.log.push({ move: item.move, label: item.label });
  }
  page.logged = payload.version;
  if (payload.over) showMessage(null);  // a refusal of the last move says nothing any more
  draw();
}

function draw() {
  const payload = page.payload;
  if (payload === null) return;
  const status = byId("status");
  if (payload.over) {
    // The result says who won and why ("Seat 0 resigned: seat 1 wins."), in either language.
    const won = payload.standings.winners.includes(payload.seat);
    const result = payload.result ? " " + payload.result[page.lang].sentence : "";
    status.textContent = word("over") +
      (payload.seat === null ? "" : won ? word("win") : word("lose")) +
      " (" + word("points") + " " + payload.standings.points.join(" / ") + ")." + result;
    status.dataset.over = "true";
  } else {
    status.textContent = payload.seat === null ? word("watching") :
      payload.to_move === payload.seat ? word("your_move") : word("waiting") + payload.to_move;
    status.dataset.over = "false";
  }
  status.dataset.version = String(payload.version);
  status.dataset.toMove = payload.to_move === null ? "" : String(payload.to_move);
  status.dataset.seat = payload.seat === null ? "" : String(payload.seat);
  actionButtons(payload);
  lifecycleButtons(payload);
  byId("table").dataset.version = "";
  drawPicture();
  byId("view").textContent = JSON.stringify(payload.view, null, 1);
  const log = byId("log");
  log.innerHTML = "";
  for (const entry of page.log.slice(-12)) {
    const item = document.createElement("li");
    item.textContent = entry.label[page.lang];
    log.appendChild(item);
  }
}

function setLang(lang) {
  page.lang = lang;
  localStorage.setItem("boardrules:lang", lang);
  document.documentElement.lang = lang;
  byId("lang").value = lang;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = word(element.dataset.text);
  }
  for (const option of document.querySelectorAll("#game option")) {
    option.textContent = title(option.value);
  }
  if (page.games.length) {
    const kinds = [...document.querySelectorAll("#seats select")].map((s) => s.value);
    seatChoices();
    document.querySelectorAll("#seats select").forEach((s, i) => { s.value = kinds[i]; });
  }
  refreshLobby();
  if (page.refusal !== null) showMessage(page.refusal);
  draw();
}

function listen() {
  if (page.socket) page.socket.close();
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + "/api/matches/" + page.match + "/live");
  socket.addEventListener("open", () => socket.send(JSON.stringify({ token: page.token })));
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    window.__received.push(data);
    if (data.type === "update") render(data, false);
  });
  socket.addEventListener("close", (event) => {
    if (event.code >= 4000) showMessage({ text: event.reason });
  });
  page.socket = socket;
}

async function enter(match, seat, token) {
  page.match = match;
  page.seat = seat;
  page.token = token;
  page.payload = null;
  page.log = [];
  page.logged = 0;
  sessionStorage.setItem("boardrules:" + match, JSON.stringify({ seat, token }));
  location.hash = "match=" + match;
  // The events since the first move: the log is whole again after a reload.
  const { data } = await api("GET", "/api/matches/" + match + "?since=0");
  page.vocabulary = (await api("GET", "/api/games/" + data.game + "/vocabulary")).data;
  reflect(data);
  showMessage(null);
  render(data);
  listen();
}

// The "New match" form shows the current match's game and seats (a new match starts from it).
function reflect(payload) {
  if (!page.games.some((g) => g.game === payload.game)) return;
  byId("game").value = payload.game;
  seatCounts();
  byId("seat-count").value = String(payload.seats.length);
  seatChoices();
  document.querySelectorAll("#seats select").forEach((select, i) => {
    const kind = payload.seats[i];
    select.value = i === payload.seat ? "human" : kind === "human" ? "open" : kind;
  });
}

async function play(action) {
  const version = page.payload.version;
  const { status, data } = await api("POST", "/api/matches/" + page.match + "/actions",
    { version, action });
  if (status === 200) {
    showMessage(null);
    render(data);
  } else if (status === 422) {
    showMessage({ rule: data.violation.rule, text: data.violation.message });
  } else {
    showMessage({ text: data.reason });
  }
}

async function newMatch() {
  page.token = null;
  const game = byId("game").value;
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const info = page.games.find((g) => g.game === game);
  const setup = info.min_players === info.max_players ? {} : { players: seats.length };
  const created = await api("POST", "/api/matches", { game, setup, seats });
  if (!created.ok) {
    showMessage({ text: created.data.reason });
    return;
  }
  const seat = seats.indexOf("human");
  await enter(created.data.match, seat < 0 ? null : seat, seat < 0 ? null : created.data.tokens[seat]);
}

async function refreshLobby() {
  const { data } = await api("GET", "/api/lobby");
  const list = byId("lobby");
  list.innerHTML = "";
  for (const match of data) {
    for (const seat of match.free) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.className = "join";
      button.dataset.match = match.match;
      button.dataset.game = match.game;
      button.dataset.seat = String(seat);
      // Every seat: free, or taken by a person or a bot (by its name in the page's language).
      button.dataset.seats = match.seats.map((kind, i) =>
        word("seat") + i + ": " + (match.free.includes(i) ? word("free") :
          kindName(kind === "open" ? "human" : kind))).join(", ");
      button.textContent = WORDS[page.lang].row(title(match.game), button.dataset.seats, seat);
      button.addEventListener("click", async () => {
        page.token = null;
        const joined = await api("POST", "/api/matches/" + match.match + "/join", { seat });
        if (joined.ok) await enter(match.match, seat, joined.data.token);
        else showMessage({ text: joined.data.reason });
      });
      item.appendChild(button);
      list.appendChild(item);
    }
  }
}

async function start() {
  const { data } = await api("GET", "/api/games");
  page.games = data.games;
  page.agents = data.agents;
  const select = byId("game");
  for (const game of page.games) {
    const option = document.createElement("option");
    option.value = game.game;
    option.dataset.game = game.game;
    option.textContent = game.title[page.lang];
    select.appendChild(option);
  }
  select.value = "semya";
  seatCounts();
  select.addEventListener("change", seatCounts);
  byId("seat-count").addEventListener("change", seatChoices);
  byId("new-match").addEventListener("click", newMatch);
  byId("refresh-lobby").addEventListener("click", refreshLobby);
  byId("resign").addEventListener("click", resign);
  byId("rematch").addEventListener("click", rematch);
  byId("undo").addEventListener("click", askUndo);
  byId("table").addEventListener("click", pictureClick);
  byId("undo-yes").addEventListener("click", () => answerUndo(true));
  byId("undo-no").addEventListener("click", () => answerUndo(false));
  byId("lang").addEventListener("change", () => setLang(byId("lang").value));
  setLang(page.lang);
  await refreshLobby();
  const match = new URLSearchParams(location.hash.slice(1)).get("match");
  if (match) {  // a reload: the seat's token is still in this tab's storage
    const saved = JSON.parse(sessionStorage.getItem("boardrules:" + match) || "null");
    await enter(match, saved ? saved.seat : null, saved ? saved.token : null);
  }
  document.body.dataset.ready = "true";
}

start();
