// docs/experiments.md's defaults are the core's: the experiments table's "flags (defaults)"
// column and the compare paragraph's --epsilon and --table defaults must equal rl.defaults(),
// which the core defines once (params.hpp). A default changed in the core and not in the page
// fails here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load } from "ringlab";
import { root } from "./helpers.mjs";

const doc = readFileSync(path.join(root, "docs", "experiments.md"), "utf8");
const rl = await load();
const defaults = rl.defaults();
const methods = { "ring-vs-mod": "ringVsMod", "vnode-sweep": "vnodeSweep", "hrw-jump": "hrwJump" };

test("docs/experiments.md's experiments table lists the core's defaults, every flag of each", () => {
  const rows = [...doc.matchAll(/^\| `(ring-vs-mod|vnode-sweep|hrw-jump)` \| `([^`]*)` \|/gm)];
  assert.deepEqual(rows.map((r) => r[1]).sort(), Object.keys(methods).sort(), "one row per experiment");
  for (const [, name, flags] of rows) {
    const words = flags.split(" ");
    const shown = {};
    for (let i = 0; i < words.length; i += 2) {
      const key = words[i].replace(/^--/, "");
      shown[key] = words[i + 1].includes(",") ? words[i + 1].split(",").map(Number) : Number(words[i + 1]);
    }
    const want = { ...defaults[methods[name]] };
    // vnode-sweep's default is a list; a one-element list would be written without a comma.
    if (Array.isArray(want.vnodes) && !Array.isArray(shown.vnodes)) shown.vnodes = [shown.vnodes];
    assert.deepEqual(shown, want, name);
  }
});

test("docs/experiments.md's compare paragraph gives the core's --epsilon and --table defaults", () => {
  const epsilon = doc.match(/`--epsilon E`\s+\(bounded loads, default ([0-9.]+)\)/);
  const table = doc.match(/`--table M` \(Maglev, a prime, default ([0-9]+)\)/);
  assert.ok(epsilon && table, "the paragraph names both defaults");
  assert.equal(Number(epsilon[1]), defaults.compare.epsilon);
  assert.equal(Number(table[1]), defaults.compare.tableSize);
});
