#!/usr/bin/env node
// Regenerates tests/golden/erlang/elixir.tsv: Elixir term text and what the real Elixir makes of
// it, so that the C++ and WASM suites check ringlab's Elixir reader without Elixir installed.
//
//   node scripts/gen-golden-elixir.mjs        (needs elixir: npm run setup installs it)
//
// Every verdict comes from Elixir (1.14 on OTP 25) through tests/erlang/elixir_oracle.exs;
// nothing here asks ringlab. The texts are tests/erlang/elixir_terms.mjs's forms users type
// (but those ringlab refuses on purpose), its malformed texts, and random Elixir text with a
// fixed seed, so running it twice gives identical files.
//
//   elixir.tsv   kind, text, phash2(Value, 2^32) as Elixir computes it, or "error" when Elixir
//                refuses the text (ringlab must refuse it too)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "../tests/erlang/erl.mjs";
import {
  FORMS,
  MALFORMED,
  REFUSED_ON_PURPOSE,
  elixirTermText,
  requireElixir,
  runElixir,
} from "../tests/erlang/elixir_terms.mjs";
import { makeRandom } from "../tests/erlang/terms.mjs";

const version = requireElixir();
if (!version.startsWith("1.14.")) throw new Error(`the golden file is Elixir 1.14's; this elixir is ${version}`);

const fits = (t) => !/[\t\n\r\0]/.test(t);
const onPurpose = new Set(REFUSED_ON_PURPOSE);
const rows = [
  ...FORMS.filter((t) => fits(t) && !onPurpose.has(t)).map((text) => ({ kind: "form", text })),
  ...MALFORMED.filter(fits).map((text) => ({ kind: "malformed", text })),
];
const r = makeRandom(20261201);
for (let made = 0; made < 400;) {
  const text = elixirTermText(r);
  if (!fits(text) || text.length > 300) continue;
  rows.push({ kind: "typed", text });
  made++;
}

const answers = runElixir(rows.map((row) => row.text));
const tsv = ["kind\ttext\tphash2"];
rows.forEach((row, i) => {
  const [status, hash] = answers[i].split("\t");
  if (row.kind === "form" && status !== "ok") throw new Error(`Elixir does not read the form ${row.text}`);
  if (row.kind === "malformed" && status === "ok") throw new Error(`Elixir reads the malformed ${row.text}`);
  tsv.push([row.kind, row.text, status === "ok" ? hash : "error"].join("\t"));
});

const outDir = path.join(root, "tests", "golden", "erlang");
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, "elixir.tsv"), tsv.join("\n") + "\n");
const refused = tsv.filter((l) => l.endsWith("\terror")).length;
console.log(`tests/golden/erlang/elixir.tsv: ${rows.length} texts, ${refused} refused by Elixir (Elixir ${version})`);
