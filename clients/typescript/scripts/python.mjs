// Which Python runs boardrules: $BOARDRULES_PYTHON, else the repository's .venv, else python3.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const packageRoot = resolve(here, "..");

export function python() {
  if (process.env.BOARDRULES_PYTHON) return process.env.BOARDRULES_PYTHON;
  const venv = join(packageRoot, "..", "..", ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}
