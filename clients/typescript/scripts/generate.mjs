// The build's first step: the server's OpenAPI document (printed by boardrules itself, from
// its routes and every game's JSON Schemas) and the TypeScript types generated from it.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot, python } from "./python.mjs";

const document = execFileSync(python(), ["-m", "boardrules.server.document"], {
  encoding: "utf-8",
  maxBuffer: 64 * 1024 * 1024,
});
writeFileSync(join(packageRoot, "openapi.json"), document);
mkdirSync(join(packageRoot, "src", "generated"), { recursive: true });
execFileSync(
  join(packageRoot, "node_modules", ".bin", "openapi-typescript"),
  ["openapi.json", "--output", "src/generated/api.ts", "--alphabetize"],
  { cwd: packageRoot, stdio: ["ignore", "ignore", "inherit"] },
);
console.log("generated src/generated/api.ts from the OpenAPI document of boardrules serve");
