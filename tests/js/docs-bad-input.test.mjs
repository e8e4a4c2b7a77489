// docs/bad-input.md's tables say exactly what tests/bad-input.json says: they are what
// scripts/docs-bad-input.mjs writes from it (run it after changing the table), and each
// JavaScript call they show, run as written, throws the error its row names.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { load, RinglabError } from "ringlab";
import { load as loadSystems } from "ringlab/systems";
import { load as loadBuckets } from "ringlab/buckets";
import { load as loadPlacers } from "ringlab/placers";
import { load as loadPlans } from "ringlab/plan";
import { load as loadLab } from "ringlab/lab";
import { docPath, jsCall, tablePath, updateTables } from "../../scripts/docs-bad-input.mjs";

const data = JSON.parse(readFileSync(tablePath, "utf8"));
const doc = readFileSync(docPath, "utf8");

test("docs/bad-input.md's tables are the ones written from tests/bad-input.json", () => {
  assert.ok(
    updateTables(doc, data) === doc,
    "docs/bad-input.md differs from tests/bad-input.json: run node scripts/docs-bad-input.mjs",
  );
});

test("every row's code, rule, parameter and message are in docs/bad-input.md", () => {
  const cell = (text) => text.replace(/\|/g, "\\|");
  const rule = (row) => (row.param ? `\`${row.rule}\` (${cell(row.param)})` : `\`${row.rule}\``);
  const missing = data.rows
    .map((row) =>
      row.code === null
        ? `\`ringlab: ${cell(row.message)}\``
        : `\`${row.code}\` | ${rule(row)} | ${cell(row.message)} |`,
    )
    .filter((shown) => !doc.includes(shown));
  assert.deepEqual(missing, []);
});

test("each JavaScript call docs/bad-input.md shows, run as shown, throws its row's error", async () => {
  const rl = await load();
  const erl = await loadSystems();
  const buckets = await loadBuckets();
  const placers = await loadPlacers();
  const plans = await loadPlans();
  // A path the page shows is the repository's.
  const fromRoot = (file, encoding) => readFileSync(new URL(`../../${file}`, import.meta.url), encoding);
  const lab = await loadLab();
  const wrong = [];
  for (const row of data.rows.filter((r) => r.js)) {
    const code = jsCall(row.js);
    let got = "no error";
    try {
      new Function("rl", "erl", "buckets", "placers", "plans", "lab", "readFileSync", code)(
        rl,
        erl,
        buckets,
        placers,
        plans,
        lab,
        fromRoot,
      );
    } catch (e) {
      got = e instanceof RinglabError ? `${e.code} ${e.rule} (${e.param}): ${e.message}` : `${e?.name}: ${e?.message}`;
    }
    if (got !== `${row.code} ${row.rule} (${row.param}): ${row.message}`) wrong.push(`${code} -> ${got}`);
  }
  assert.deepEqual(wrong, []);
});
