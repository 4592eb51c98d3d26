// The page: draws what the worker's engine says and sends back what the person clicks.
// Nothing here knows a rule: the moves, their labels, the refusals and the result all come
// from boardrules, running in worker.js.
const worker = new Worker("worker.js", { type: "module" });
const pending = new Map();
let nextId = 0;
// What the page received and measured, for the browser test and tools/browser_figures.py.
window.__page = {
  ready: false, error: null, timings: null, resources: [], replies: [], moveMs: [], record: null,
};

function call(name, args) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, call: name, args });
  });
}

worker.onmessage = (event) => {
  const data = event.data;
  if (data.ready !== undefined) {
    const status = document.getElementById("status");
    if (data.ready) {
      window.__page.timings = data.timings;
      window.__page.resources = data.resources;
      window.__page.ready = true;
      const t = data.timings;
      document.getElementById("timings").textContent =
        `Python ${t.python} (${t.platform}) ready in ${(t.total / 1000).toFixed(1)} s: ` +
        `runtime ${(t.runtime / 1000).toFixed(1)} s, wheels ${(t.wheels / 1000).toFixed(1)} s, ` +
        `import ${(t.import / 1000).toFixed(1)} s.`;
      status.textContent = "Ready: choose a game.";
      status.dataset.ready = "true";
      document.getElementById("new-game").disabled = false;
    } else {
      window.__page.error = data.error;
      status.textContent = "Python did not start: " + data.error;
    }
    return;
  }
  const waiting = pending.get(data.id);
  pending.delete(data.id);
  if (data.ok) {
    waiting.resolve(data);
  } else {
    window.__page.error = data.error;
    waiting.reject(new Error(data.error));
  }
};

function render(doc) {
  window.__page.replies.push(doc);
  const status = document.getElementById("status");
  status.dataset.over = String(doc.over);
  if (doc.over) {
    const won = doc.result.winners.includes(doc.human);
    status.textContent = (won ? "You win. " : "You lose. ") + doc.result.sentence;
  } else {
    status.textContent = doc.to_move === doc.human ? "Your move" : "Waiting";
  }
  const box = document.getElementById("moves");
  box.replaceChildren();
  for (const move of doc.moves) {
    const button = document.createElement("button");
    button.className = move.legal ? "legal" : "illegal";
    button.textContent = move.label;
    button.title = move.notation;
    button.dataset.action = JSON.stringify(move.action);
    button.addEventListener("click", () => play(move.action));
    box.appendChild(button);
  }
  document.getElementById("asked").textContent = doc.turn.asked;
  document.getElementById("table").textContent = doc.text;
  const log = document.getElementById("log");
  log.replaceChildren(...doc.log.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  enable();
}

// Which header buttons work now, from the last reply (all off while the worker is busy).
function enable(busy = false) {
  const doc = window.__page.replies.at(-1);
  const on = {
    "new-game": window.__page.ready,
    undo: Boolean(doc && doc.can_undo),
    redo: Boolean(doc && doc.can_redo),
    save: Boolean(doc && doc.actions > 0),
  };
  for (const [id, enabled] of Object.entries(on)) {
    document.getElementById(id).disabled = busy || !enabled;
  }
  for (const button of document.querySelectorAll("#moves button")) button.disabled = busy;
}

function busy(on) {
  enable(on);
}

async function play(action) {
  busy(true);
  try {
    const reply = await call("play", { action });
    const message = document.getElementById("message");
    if (reply.result.refused) {
      message.textContent = reply.result.refused.sentence;
      message.dataset.rule = reply.result.refused.rule;
    } else {
      message.textContent = "";
      message.dataset.rule = "";
      window.__page.moveMs.push(reply.ms);
    }
    render(reply.result);
  } finally {
    busy(false);
  }
}

async function again(name) {
  busy(true);
  try {
    const reply = await call(name, {});
    document.getElementById("message").textContent = "";
    render(reply.result);
  } finally {
    busy(false);
  }
}

async function newGame() {
  busy(true);
  try {
    const reply = await call("new_game", {
      game: document.getElementById("game").value,
      opponent: document.getElementById("opponent").value,
      seed: Number(document.getElementById("seed").value),
      lang: document.getElementById("lang").value,
    });
    document.getElementById("message").textContent = "";
    window.__page.record = null;
    render(reply.result);
  } finally {
    busy(false);
  }
}

async function save() {
  const reply = await call("record", {});
  window.__page.record = reply.result;
  const link = document.getElementById("download");
  const blob = new Blob([reply.result.record], { type: "application/json" });
  link.href = URL.createObjectURL(blob);
  link.download = "record.json";
  link.hidden = false;
}

window.__page.call = call;  // for the browser test: the worker's functions, directly
document.getElementById("new-game").addEventListener("click", newGame);
document.getElementById("save").addEventListener("click", save);
document.getElementById("undo").addEventListener("click", () => again("undo"));
document.getElementById("redo").addEventListener("click", () => again("redo"));
// A language chosen during a game applies at once: the worker's table is told, and redrawn.
document.getElementById("lang").addEventListener("change", async () => {
  if (!window.__page.replies.length) return;
  busy(true);
  try {
    const reply = await call("set_lang", { lang: document.getElementById("lang").value });
    document.getElementById("message").textContent = "";
    render(reply.result);
  } finally {
    busy(false);
  }
});
