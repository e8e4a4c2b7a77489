// The Bengali texts of the chapter's claims (web/widgets/claims/claim-texts.ts) against the core's own
// catalogue: one text for every claim the core computes, each template run on the live values,
// and the Bengali written as the chapter writes it — Bengali digits in numbers, Latin digits only
// inside identifiers and the chapter's letter formulas, no English words but the terms the chapter
// itself keeps — with ringlab's figure saying the same number as the English figure.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { load as loadClaims } from "ringlab/claims";
import { root } from "./helpers.mjs";

// claims.ts and format.ts import only types from elsewhere: each transpiles on its own.
const out = mkdtempSync(path.join(tmpdir(), "ringlab-claims-bn-"));
after(() => rmSync(out, { recursive: true, force: true }));
async function load(rel) {
  const src = readFileSync(path.join(root, "web", "widgets", rel), "utf8");
  const { outputText } = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = path.join(out, `${path.basename(rel, ".ts")}.mjs`);
  writeFileSync(file, outputText);
  return import(pathToFileURL(file).href);
}
const { Fmt } = await load("core/format.ts");
const { bnClaims, scenarios, measurements } = await load("claims/claim-texts.ts");

const catalogue = (await loadClaims()).claims();
// As the widgets format for a Bengali page (bn.ts: numberLocale "bn-BD", Bengali digits).
const f = new Fmt("bn-BD", "beng");
const OUTPUTS = new Set(["ring-vs-mod-output", "vnode-sweep-output", "hrw-jump-output"]);

// The English words the chapter itself keeps in its Bengali prose (and the project's name), and
// the one-letter variables it writes (N, V, K, M, c, m, n, p). Anything else in ASCII letters is
// an English word on a Bengali page.
const KEPT = new Set(
  (
    "key hash hashing ring token virtual node cache hit ratio miss database bucket backend maglev jump " +
    "rendezvous hrw score sd kb byte mod seed lookup binary search table traffic bounded load monotonicity " +
    "hot paper log loop ln ringlab memory n v k m c p"
  ).split(" "),
);
// Identifiers keep Latin digits (S0 … S9, the points S0#0 … S9#0, the harmonic number H_10).
const IDENTIFIER = /\b(?:S\d+(?:#\d+)?|H_(?:\d+|N|n))\b/g;
// The chapter's formulas in letters keep Latin digits, as the chapter writes them.
const FORMULAS = [
  "√((N − 1)/(N·V + 1))",
  "((N − 1)/c² − 1)/N",
  "(N − 1)/N",
  "N/(N − 1)",
  "√(p(1 − p)/K)",
  "√(K·p(1 − p))",
  "⌈(1 + ε)·m/n⌉",
  "N/(N + 1)",
  "1/(N + 1)",
  "N + 1",
  "1/c²",
  "1/N",
];
function withoutCode(text) {
  let t = text.replace(IDENTIFIER, " ");
  for (const formula of FORMULAS) t = t.split(formula).join(" ");
  return t;
}

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";
const toLatin = (s) => s.replace(/[০-৯]/g, (d) => String(BENGALI_DIGITS.indexOf(d)));
/** The numbers a text writes, Bengali or Latin digits, grouping commas dropped: "১,৯৫০" → "1950". */
const numbers = (s) =>
  toLatin(s)
    .replace(/(\d),(?=\d)/g, "$1")
    .match(/\d+(?:\.\d+)?/g) ?? [];

/** Every text a claim shows in Bengali, run on the live values, by field. */
function texts(c) {
  const t = bnClaims[c.id];
  const v = c.ringlab.values;
  return {
    claim: t.claim,
    chapter: t.chapter,
    ringlab: t.ringlab(v, f),
    detail: t.detail(v, f),
    scale: t.scale,
    reason: t.reason,
    scenario: scenarios.bn[c.id] ?? "",
    measured: measurements[c.id]?.(v, f, "bn") ?? "",
  };
}

/** A double's every digit (16.199999999999985): a figure rounded at no claim's digits. */
const FLOAT_ARTIFACT = /\d\.\d{5,}/;

test("every claim of the core's catalogue has a Bengali text, and no text is for a claim it lacks", () => {
  assert.ok(catalogue.length >= 14, `${catalogue.length} claims`);
  assert.deepEqual(Object.keys(bnClaims).sort(), catalogue.map((c) => c.id).sort());
});

test("every template runs on the live values; a published output shows no figure of its own", () => {
  for (const c of catalogue) {
    const t = texts(c);
    for (const [field, text] of Object.entries(t)) {
      assert.equal(typeof text, "string", `${c.id} ${field}`);
      assert.ok(!/undefined|NaN|Infinity|null|\[object/.test(text), `${c.id} ${field}: ${text}`);
    }
    for (const field of ["claim", "scale", "reason"]) assert.match(t[field], /[\u0980-\u09ff]/, `${c.id} ${field}`);
    if (OUTPUTS.has(c.id)) {
      assert.deepEqual([t.chapter, t.ringlab, t.detail], ["", "", ""], c.id);
      continue;
    }
    assert.notEqual(t.chapter, "", `${c.id}: the chapter's figure`);
    assert.notEqual(t.ringlab, "", `${c.id}: ringlab's figure`);
    // A detail exactly where the core writes one.
    assert.equal(t.detail === "", c.ringlab.detail === "", `${c.id} detail: ${JSON.stringify(t.detail)}`);
  }
});

test("a template reads only values the claim has", () => {
  // value() throws on a name the core did not give; a plain v.name would come out "undefined",
  // which the test above rejects. Here: with any one value taken away, the template says so.
  for (const c of catalogue) {
    const t = bnClaims[c.id];
    for (const name of Object.keys(c.ringlab.values)) {
      const fewer = { ...c.ringlab.values };
      delete fewer[name];
      for (const field of ["ringlab", "detail"]) {
        try {
          const text = t[field](fewer, f);
          assert.ok(!/undefined|NaN/.test(text), `${c.id} ${field} without ${name}: ${text}`);
        } catch (e) {
          assert.match(String(e.message), new RegExp(`claim value ${name} missing`), `${c.id} ${field}`);
        }
      }
    }
  }
});

test("Latin digits only inside identifiers and the chapter's formulas; none of them in Bengali digits", () => {
  for (const c of catalogue) {
    for (const [field, text] of Object.entries(texts(c))) {
      const where = `${c.id} ${field}: ${text}`;
      assert.doesNotMatch(withoutCode(text), /[0-9]/, where);
      // S১, k১, H_১০, S০#০: an identifier never takes Bengali digits.
      assert.doesNotMatch(text, /[A-Za-z_#][০-৯]/, where);
      // One number is written in one digit system: no "১/(N + 1)" or "key#1 … key#৪" inside a word.
      for (const word of text.split(/\s+/)) assert.ok(!(/[0-9]/.test(word) && /[০-৯]/.test(word)), where);
    }
  }
});

test("no English word outside the terms the chapter keeps, and the chapter's signs (গুণ, sd/গড়)", () => {
  for (const c of catalogue) {
    for (const [field, text] of Object.entries(texts(c))) {
      const where = `${c.id} ${field}: ${text}`;
      for (const word of withoutCode(text).match(/[A-Za-z]+/g) ?? [])
        assert.ok(KEPT.has(word.toLowerCase()), `${where}: "${word}"`);
      assert.doesNotMatch(text, /×|\bx\b|max\/mean|sd\/mean|sd\/avg/, where);
      // Zero counts are said in words, never "০টি".
      assert.doesNotMatch(text, /(?<![০-৯.,])০টি/, where);
    }
  }
});

test("ringlab's figure in Bengali says the numbers of the English figure", () => {
  for (const c of catalogue) {
    if (OUTPUTS.has(c.id)) continue;
    const bn = texts(c).ringlab;
    const left = numbers(bn);
    const english = numbers(c.ringlab.figure);
    if (c.ringlab.value !== null) assert.ok(english.length > 0, `${c.id}: a numeric figure with no number`);
    for (const n of english) {
      const i = left.indexOf(n);
      if (i >= 0) left.splice(i, 1);
      // A zero count is said as Bengali says it ("একটিও … নয়"), not as a digit.
      else assert.ok(Number(n) === 0 && bn.includes("একটিও"), `${c.id}: ${n} of "${c.ringlab.figure}" not in "${bn}"`);
    }
    // The figure's own number leads: the value the verdict is about is the first one written.
    if (c.ringlab.value !== null && Number(english[0]) !== 0) assert.ok(numbers(bn).includes(english[0]), c.id);
  }
});

test("the chapter's figure in Bengali says the chapter's number", () => {
  for (const c of catalogue) {
    if (OUTPUTS.has(c.id) || c.chapter.value === null) continue;
    const bn = bnClaims[c.id].chapter;
    const shown = numbers(bn).map(Number);
    assert.ok(
      shown.includes(c.chapter.value) || (c.chapter.value === 0 && bn.includes("একটিও")),
      `${c.id}: ${c.chapter.value} not in "${bn}"`,
    );
  }
});

test("a scenario that is a call of the API is a sentence, in English and in Bengali; a command line stays a command", () => {
  const calls = catalogue.filter((c) => !c.ringlab.scenario.startsWith("ringlab "));
  assert.ok(calls.length >= 19, `${calls.length} scenarios that are not command lines`);
  for (const lang of ["en", "bn"]) {
    assert.deepEqual(Object.keys(scenarios[lang]).sort(), calls.map((c) => c.id).sort(), lang);
    for (const c of calls) {
      const s = scenarios[lang][c.id];
      // No function call, no method, no "x|y" alternatives: words a reader of the chapter reads.
      assert.doesNotMatch(s, /[A-Za-z]\(|\.[a-z]+[A-Z(]|\|/, `${lang} ${c.id}: ${s}`);
      assert.match(s, /[.।]$/, `${lang} ${c.id}: a sentence`);
    }
  }
  for (const c of calls) assert.match(scenarios.bn[c.id], /[\u0980-\u09ff]/, c.id);
});

test("a measurement beside a formula: where the chapter's figure is a formula, ringlab's own run, at one decimal", () => {
  const sd = catalogue.find((c) => c.id === "sd-formula-n10");
  // V = 1: the formula's 90 %, the published program's 84.7 % (its own printed table).
  assert.equal(
    measurements["sd-formula-n10"](sd.ringlab.values, f, "bn"),
    "V = ১-এ ৮৪.৭%, V = ১০-এ ২৬.৭%, V = ১০০-এ ৮.৪%, V = ১,০০০-এ ৩.২%",
  );
  assert.equal(
    measurements["sd-formula-n10"](sd.ringlab.values, new Fmt("en-US", "latn"), "en"),
    "V=1 84.7%, V=10 26.7%, V=100 8.4%, V=1000 3.2%",
  );
  const eighty = catalogue.find((c) => c.id === "mod-n-moves-80");
  assert.equal(measurements["mod-n-moves-80"](eighty.ringlab.values, f, "bn"), "৮০.১%");
  for (const id of Object.keys(measurements))
    assert.ok(
      catalogue.some((c) => c.id === id),
      id,
    );
});

test("no Bengali figure shows a double's every digit: each is rounded at its claim's digits", () => {
  for (const c of catalogue) {
    for (const [field, text] of Object.entries(texts(c))) {
      assert.doesNotMatch(toLatin(text), FLOAT_ARTIFACT, `${c.id} ${field}: ${text}`);
    }
  }
  const db = catalogue.find((c) => c.id === "cache-database-load");
  assert.equal(texts(db).detail, "(১ − পরের hit) ÷ (১ − আগের hit) = ৮১% ÷ ৫% = ১৬.২");
});
