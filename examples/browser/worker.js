// The engine's thread: Pyodide (from the npm package, served from this folder) runs
// boardrules here, so the page never freezes while an agent thinks. Nothing is fetched from
// anywhere but this folder: the runtime from node_modules/pyodide/, the wheels from wheels/.
//
// Messages in:  {id, call, args}  (call: a function of table.py, args: its JSON arguments)
// Messages out: {id, ok: true, result} | {id, ok: false, error}, and once {ready, timings}.
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);

async function start() {
  const timings = {};
  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: new URL("node_modules/pyodide/", here).href,
    // No package comes from Pyodide's CDN: the wheels are installed below from local files.
    packages: [],
    fullStdLib: false,
  });
  timings.runtime = performance.now() - t0;
  const manifest = await (await fetch(new URL("wheels/manifest.json", here))).json();
  for (const name of manifest.wheels) {
    const response = await fetch(new URL("wheels/" + name, here));
    if (!response.ok) throw new Error("wheels/" + name + ": HTTP " + response.status);
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel");
  }
  timings.wheels = performance.now() - t0 - timings.runtime;
  const glue = await (await fetch(new URL("table.py", here))).text();
  pyodide.FS.writeFile("/home/pyodide/page_table.py", glue);
  const t1 = performance.now();
  const module = pyodide.pyimport("page_table");
  timings.import = performance.now() - t1;
  timings.total = performance.now() - t0;
  timings.python = pyodide.runPython("import sys; sys.version.split()[0]");
  timings.platform = pyodide.runPython("import sys; sys.platform");
  return { module, timings };
}

const ready = start();
ready.then(
  ({ timings }) => postMessage({
    ready: true,
    timings,
    // Every URL this worker fetched, to show they are all this folder's.
    resources: performance.getEntriesByType("resource").map((entry) => entry.name),
  }),
  (error) => postMessage({ ready: false, error: String(error) }),
);

onmessage = async (event) => {
  const { id, call, args } = event.data;
  try {
    const { module } = await ready;
    const t0 = performance.now();
    const result = JSON.parse(module[call](JSON.stringify(args ?? {})));
    postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (error) {
    postMessage({ id, ok: false, error: String(error) });
  }
};
