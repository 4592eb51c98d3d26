// A real `boardrules serve` on a free 127.0.0.1 port for the tests, over a SQLite file in a
// temporary folder; it can be restarted on the same port and file.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package's folder (this file runs from dist-test/test/). */
const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

/** Which Python runs boardrules: $BOARDRULES_PYTHON, else the repository's .venv, else
 * python3 (the same choice as scripts/python.mjs). */
export function python(): string {
  if (process.env.BOARDRULES_PYTHON) return process.env.BOARDRULES_PYTHON;
  const venv = join(packageRoot, "..", "..", ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export class Served {
  readonly folder = mkdtempSync(join(tmpdir(), "boardrules-ts-"));
  port = 0;
  process: ChildProcess | undefined;
  log = "";

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.port === 0) this.port = await freePort();
    const child = spawn(python(), [
      "-c", "from boardrules.cli import main; main()", "serve", "--port", String(this.port),
      "--db", join(this.folder, "matches.sqlite3"), "--bot-workers", "1",
      "--bot-seconds", "0.2", "--log-level", "warning",
    ], { stdio: ["ignore", "pipe", "pipe"] });
    this.process = child;
    child.stdout?.on("data", (chunk: Buffer) => { this.log += chunk.toString(); });
    child.stderr?.on("data", (chunk: Buffer) => { this.log += chunk.toString(); });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`boardrules serve exited:\n${this.log}`);
      try {
        const response = await fetch(`${this.url}/api/games`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`boardrules serve did not start:\n${this.log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGTERM, and wait for the exit (the server closes WebSockets with 1012). */
  async stop(): Promise<void> {
    const child = this.process;
    if (child === undefined || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
