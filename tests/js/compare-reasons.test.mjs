// Why a row of compare is not supported, as data: every code the core gives (rl.compare's rows and
// ringlab/lab's compareNewer rows, on the scenarios that reach each reason) is the package's typed
// union, is the same code `ringlab compare --json` prints, and has its words in both of the pages'
// catalogues, which format a reason by its code: in English the core's own text, in Bengali no
// English phrase.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { load } from "ringlab";
import { load as loadLab } from "ringlab/lab";
import { cliJs, distDir, widgetCatalogue } from "./helpers.mjs";

const { runCli } = await import(pathToFileURL(cliJs).href);
const rl = await load();
const lab = await loadLab();
const en = await widgetCatalogue("en");
const bn = await widgetCatalogue("bn");

// Weights that differ (before or after the change), a server other than the last removed or
// failed, and changes every row answers.
const scenarios = [
  { keys: 300, change: "add" },
  { keys: 300, change: "remove:S9" },
  { keys: 300, change: "remove:S3" },
  { keys: 300, change: "fail:S0" },
  { keys: 300, servers: 4, change: "weight:S1=2" },
  { keys: 300, servers: [{ name: "a", weight: 2 }, "b", "c"], change: "add" },
];

// Each scenario's rows, the chapter's and the newer ones, and whether each is a newer row.
const rowsOf = (scenario) => [
  ...rl.compare(scenario).map((row) => ({ row, newer: false })),
  ...lab.compareNewer(scenario).map((row) => ({ row, newer: true })),
];

// The union the package's types declare.
function declaredCodes() {
  const dts = readFileSync(path.join(distDir, "main", "types.d.ts"), "utf8");
  const m = /export type ComparisonReasonCode = ([^;]+);/.exec(dts);
  assert.ok(m, "ComparisonReasonCode in main/types.d.ts");
  return new Set([...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]));
}

test("every code the core gives is declared, and a row has one exactly when it is unsupported", () => {
  const given = new Set();
  for (const scenario of scenarios) {
    for (const { row } of rowsOf(scenario)) {
      assert.equal(row.supported, !("reasonCode" in row), row.algorithm);
      assert.equal("reason" in row, "reasonCode" in row, row.algorithm);
      if (!row.supported) given.add(row.reasonCode);
    }
  }
  assert.deepEqual([...given].sort(), [...declaredCodes()].sort());
});

test("both catalogues word every code: the English as the core's reason, the Bengali in Bengali", () => {
  const codes = declaredCodes();
  for (const t of [en, bn]) assert.deepEqual(Object.keys(t.compare.reasonByCode).sort(), [...codes].sort(), t.lang);
  assert.equal("reasons" in en.compare, false, "no table of English texts");
  for (const scenario of scenarios) {
    for (const { row, newer } of rowsOf(scenario)) {
      if (row.supported) continue;
      // The core names a newer row's algorithm by its registry name, a chapter's row by the
      // chapter's spelling, which is the catalogue's.
      const subject = newer ? row.algorithm : en.algorithms[row.algorithm];
      assert.equal(en.compare.reasonByCode[row.reasonCode](subject), row.reason, row.algorithm);
      const said = bn.compare.reasonByCode[row.reasonCode](bn.algorithms[row.algorithm]);
      assert.match(said, /[\u0980-\u09ff]/, said);
      assert.doesNotMatch(said, /has no weights|can only remove/, said);
    }
  }
});

test("`ringlab compare --json` prints the same code after the English reason", async () => {
  for (const flags of [
    ["--keys", "300", "--change", "remove:S3"],
    ["--keys", "300", "--servers", "4", "--change", "weight:S1=2"],
  ]) {
    const r = await runCli(["compare", ...flags, "--newer", "all", "--json"]);
    assert.equal(r.exitCode, 0, r.err);
    const json = JSON.parse(r.out);
    const scenario = { keys: 300, ...(flags.includes("--servers") ? { servers: 4 } : {}), change: flags.at(-1) };
    const rows = rowsOf(scenario).map((x) => x.row);
    assert.deepEqual(
      json.map((j) => [j.algorithm, j.reason, j.reasonCode]),
      rows.map((row) => [row.algorithm, row.reason, row.reasonCode]),
    );
    // The code follows the reason, the last field of an unsupported row.
    for (const line of r.out.split("\n").filter((l) => l.includes('"supported":false')))
      assert.match(line, /"supported":false,"reason":"[^"]+","reasonCode":"[a-z_]+"\}/);
  }
});
