// The API explorer: reads /openapi.json and makes a form per operation. No framework and no
// network beyond this server, so it works offline.
const root = document.getElementById("operations");

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function exampleOf(media) {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first?.value;
}

function operationForm(path, method, operation) {
  const box = element("details");
  const title = element("summary", {},
    element("span", { class: `method ${method.toUpperCase()}` }, method.toUpperCase()),
    element("code", {}, path), ` — ${operation.summary} (${operation.operationId})`);
  box.append(title);
  if (operation.description) box.append(element("p", {}, operation.description));
  const inputs = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "header") continue;
    const input = element("input", { type: "text", name: parameter.name });
    if (parameter.example !== undefined) input.value = String(parameter.example);
    inputs[parameter.name] = { parameter, input };
    box.append(element("label", {}, `${parameter.name} (${parameter.in}) `, input));
  }
  let body = null;
  const media = operation.requestBody?.content?.["application/json"];
  if (media) {
    body = element("textarea", { name: "body" });
    const example = exampleOf(media);
    body.value = example === undefined ? "{}" : JSON.stringify(example, null, 2);
    box.append(element("label", {}, "Body (JSON)", body));
  }
  const send = element("button", { type: "button" }, "Send");
  const status = element("p", { class: "status" });
  const output = element("pre");
  box.append(send, status, output);
  send.addEventListener("click", async () => {
    let url = path;
    const query = new URLSearchParams();
    for (const { parameter, input } of Object.values(inputs)) {
      if (parameter.in === "path") url = url.replace(`{${parameter.name}}`,
        encodeURIComponent(input.value));
      else if (input.value !== "") query.set(parameter.name, input.value);
    }
    if ([...query].length) url += `?${query}`;
    const headers = {};
    const token = document.getElementById("token").value.trim();
    if (token && operation.security) headers.authorization = `Bearer ${token}`;
    const init = { method: method.toUpperCase(), headers };
    if (body) {
      headers["content-type"] = "application/json";
      init.body = body.value;
    }
    status.textContent = "…";
    const response = await fetch(url, init);
    const text = await response.text();
    status.textContent = `${response.status} ${response.statusText}`;
    try {
      output.textContent = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      output.textContent = text.slice(0, 4000);
    }
  });
  return box;
}

async function main() {
  const document_ = await fetch("/openapi.json").then((r) => r.json());
  root.textContent = "";
  const byTag = new Map();
  for (const [path, methods] of Object.entries(document_.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? "other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push(operationForm(path, method, operation));
    }
  }
  for (const tag of document_.tags ?? []) {
    const forms = byTag.get(tag.name);
    if (!forms) continue;
    root.append(element("h2", {}, `${tag.name} — ${tag.description ?? ""}`), ...forms);
  }
  const sockets = document.getElementById("sockets");
  for (const [path, socket] of Object.entries(document_["x-websockets"] ?? {})) {
    sockets.append(element("p", {}, element("code", {}, path), ` — ${socket.summary}. `,
      socket.description));
  }
}

main().catch((error) => { root.textContent = `Could not read /openapi.json: ${error}`; });
