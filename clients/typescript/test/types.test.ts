// The documented json-schema-to-typescript command, run on every game's API schema: it must
// write every document's type, fixed-length arrays as tuples, never an empty type or never[].
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { compile } from "json-schema-to-typescript";
import { Served } from "./server.js";

const served = new Served();
before(async () => { await served.start(); });
after(async () => { await served.remove(); });

const TUPLES: Record<string, RegExp[]> = {
  semya: [/hands: \[string\[\], string\[\]\]/, /trumps\?: \[Trump, Trump\]/],
  kuhn: [/cards: \[Card \| null, Card \| null\]/],
  orbita: [/current\?: \[number, number, number, number\]/],
  lyceum: [],
};

for (const game of ["kuhn", "lyceum", "orbita", "semya"]) {
  test(`json-schema-to-typescript writes ${game}'s documents with tuples`, async () => {
    const schema = await fetch(`${served.url}/api/games/${game}/schema/api`)
      .then((r) => r.json());
    writeFileSync(join(served.folder, `${game}-api.json`), JSON.stringify(schema));
    const ts = await compile(schema, `${game}-api`, { bannerComment: "" });
    const root = new RegExp(`export type \\w+ServerDocuments =[\\s\\S]*Payload`);
    assert.match(ts, root);
    for (const name of ["Payload", "Update", "CreateRequest", "ActionRequest", "Refusal",
      "Content"]) {
      assert.match(ts, new RegExp(`export (interface|type) ${name}\\b`), name);
    }
    assert.doesNotMatch(ts, /never\[\]/);
    for (const tuple of TUPLES[game] ?? []) assert.match(ts, tuple);
  });
}
