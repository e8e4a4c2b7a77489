// The pages say an error in the page's language from its data: its rule's id, parameter and values
// (web/widgets/core/errors.ts and the catalogues' `errors.rules`), never from its English. Every
// rule the core (cpp/include/ringlab/error_rules.def), the package's wrapper and the pages raise
// must be in the Bengali catalogue, and every error of tests/bad-input.json's JavaScript rows must
// read in Bengali, not as what its code means.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { load as loadMain, RinglabError } from "ringlab";
import { load as loadSystems } from "ringlab/systems";
import { load as loadBuckets } from "ringlab/buckets";
import { load as loadPlacers } from "ringlab/placers";
import { load as loadPlans } from "ringlab/plan";
import { load as loadLab } from "ringlab/lab";
import ts from "typescript";
import { distDir, invokeTableCall, root } from "./helpers.mjs";

// Each file below imports only types from elsewhere, or the package ("ringlab", resolved to its
// build): each transpiles on its own.
const out = mkdtempSync(path.join(tmpdir(), "ringlab-errors-"));
after(() => rmSync(out, { recursive: true, force: true }));
let loaded = 0;
async function load(file) {
  const src = readFileSync(file, "utf8");
  const { outputText: js } = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const outputText = js
    .replace(/from "(\.\/[^"]+\.json)";/g, (_, rel) => {
      const at = pathToFileURL(path.join(path.dirname(file), rel)).href;
      return `from ${JSON.stringify(at)} with { type: "json" };`;
    })
    .replace(/from "ringlab";/g, `from ${JSON.stringify(pathToFileURL(path.join(distDir, "index.js")).href)};`);
  const to = path.join(out, `${++loaded}-${path.basename(file, ".ts")}.mjs`);
  writeFileSync(to, outputText);
  return import(pathToFileURL(to).href);
}
const widgets = path.join(root, "web", "widgets");
const { errorText, pageError, PAGE_RULES } = await load(path.join(widgets, "core", "errors.ts"));
const { Fmt } = await load(path.join(widgets, "core", "format.ts"));
const { default: bn } = await load(path.join(widgets, "i18n", "bn.ts"));
const { wrapperRuleIds } = await load(path.join(root, "web", "lib", "src", "core", "errors.ts"));

const table = JSON.parse(readFileSync(path.join(root, "tests", "bad-input.json"), "utf8"));
const f = new Fmt("bn", "beng");
const say = (e) => errorText(bn, f, e);

// The core's rules, from the one list of them.
const coreRules = [
  ...readFileSync(path.join(root, "cpp", "include", "ringlab", "error_rules.def"), "utf8").matchAll(
    /^RINGLAB_RULE\((\w+),/gm,
  ),
].map((m) => m[1]);
// The module's own failures have their code as their rule (a load that fails has rules of its own).
const codeRules = ["internal", "out_of_memory"];

test("the Bengali catalogue words every rule the core, the wrapper and the pages raise, and no other", () => {
  assert.ok(coreRules.length > 150, `${coreRules.length} rules in error_rules.def`);
  const raised = new Set([...coreRules, ...wrapperRuleIds, ...Object.keys(PAGE_RULES), ...codeRules]);
  const worded = new Set(Object.keys(bn.errors.rules));
  assert.deepEqual([...raised].filter((r) => !worded.has(r)).sort(), [], "rules the catalogue lacks");
  assert.deepEqual([...worded].filter((r) => !raised.has(r)).sort(), [], "rules nothing raises");
});

// The table's JavaScript rows, run as tests/js/bad-input-table.test.mjs runs them.
const rl = await loadMain();
const systems = await loadSystems();
const buckets = await loadBuckets();
const placers = await loadPlacers();
const plan = await loadPlans();
const lab = await loadLab();
function thrown(js) {
  try {
    invokeTableCall(js, { rl, systems, buckets, placers, plan, lab });
  } catch (e) {
    return e;
  }
  throw new Error(`${js.call}: no error`);
}

test("every error of the table's JavaScript rows is said in Bengali from its rule, never by its code alone", () => {
  const fallbacks = new Set(Object.values(bn.errors.codes));
  for (const row of table.rows.filter((r) => r.js)) {
    const e = thrown(row.js);
    assert.ok(e instanceof RinglabError, row.name);
    const text = say(e);
    assert.ok(!fallbacks.has(text) || codeRules.includes(e.rule), `${row.name}: said by its code only`);
    assert.ok(!/undefined|NaN(?!\w)/.test(text.replace(/"[^"]*"/g, "")), `${row.name}: ${text}`);
    assert.match(text, /[\u0980-\u09ff]/, `${row.name}: no Bengali in "${text}"`);
    // Not a word of the English message's own wording: the values, not the sentence, cross.
    assert.notEqual(text, e.message, row.name);
  }
});

test("a Bengali error comes from the data: the English message plays no part", () => {
  const e = thrown({ call: "jump", args: [{ $bigint: "1" }, 0] });
  assert.deepEqual([e.code, e.rule, e.param, e.values], ["out_of_range", "between", "buckets", [1, 2147483647, 0]]);
  const text = say(e);
  assert.equal(say({ code: e.code, message: "anything else", rule: e.rule, param: e.param, values: e.values }), text);
  // A message with no data is said by its code.
  assert.equal(say({ code: "out_of_range", message: e.message }), bn.errors.codes.out_of_range);
});

test("the place in the reader's text keeps its line and column, in Bengali digits", () => {
  assert.equal(
    say(thrown({ module: "systems", call: "parseTerm", args: ["{1, 2"] })),
    // What the reader wanted is said from its own rule (termWantCommaOrBrace), not left out.
    "Elixir term হিসেবে পড়া গেল না (কলাম ৬): এখানে ',' বা '}' আশা করা হয়েছিল, কিন্তু term শেষ হওয়ার আগেই লেখা শেষ",
  );
  assert.equal(
    say(thrown({ module: "systems", call: "parseTerm", args: ["[1,\n  abc]"] })),
    "Elixir term হিসেবে পড়া গেল না (লাইন ২, কলাম ৩): abc একটি variable, term নয় (string হলে উদ্ধৃতিচিহ্নে লিখুন)",
  );
  const upstream = thrown({
    module: "systems",
    call: "system",
    args: ["nginx", { upstream: "upstream u {\n  hash $key consistent;\n  server a:0;\n}\n" }],
  });
  assert.equal(upstream.rule, "configAt");
  assert.deepEqual(upstream.values, ["upstream", 3, 10]);
  assert.equal(upstream.inner.rule, "badPort");
  assert.equal(say(upstream), 'upstream ব্লক-এর লাইন ৩, কলাম ১০-এ: upstream-এ "a:0"-এর port ঠিক নয়');
  const entry = thrown({ module: "systems", call: "system", args: ["nginx", { servers: "a:1=0" }] });
  assert.equal(
    say(entry),
    '--servers-এর ১ নম্বর এন্ট্রি ("a:1=0"): weight ১ থেকে ১০,০০,০০০-এর মধ্যে হতে হবে; দেওয়া হয়েছে ০।',
  );
  // English keeps the module's own words.
  assert.equal(errorText({ ...bn, lang: "en" }, new Fmt("en", "latn"), upstream), upstream.message);
});

// The pages' own errors: each rule's English (as the pages have always worded it) and its Bengali.
const PAGE_EXAMPLES = [
  [
    ["token_out_of_range", "tokenOutside", "", ["A", 930, 499]],
    "the token of A 930 is outside the ring's positions 0–499",
    "A-র token ৯৩০ ring-এর অবস্থান ০–৪৯৯-এর বাইরে",
  ],
  [
    ["token_out_of_range", "keyOutside", "", [1200, 999]],
    "the key position 1200 is outside the ring's positions 0–999",
    "key-এর অবস্থান ১,২০০ ring-এর অবস্থান ০–৯৯৯-এর বাইরে",
  ],
  [
    ["out_of_range", "spanRange", "the ring's span", [1]],
    "the ring's span must be a whole number from 2 to 2^32, got 1",
    "ring-এর অবস্থানের সংখ্যা ২ থেকে ২^৩২-এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে ১।",
  ],
  [["duplicate_server", "duplicateNamed", "", ["A"]], 'server "A" is listed twice', 'সার্ভার "A" দুবার আছে'],
  [["unknown_server", "noServerNamed", "", ["Q"]], "no server named Q on the ring", "ring-এ Q নামে কোনো সার্ভার নেই"],
  [
    ["out_of_range", "noServerToScore", "", []],
    "rendezvous needs at least one server to score the key",
    "অন্তত একটি সার্ভার চাই",
  ],
  [
    ["invalid_argument", "notWhole", "seed", ["1.5"]],
    "seed must be a whole number, got 1.5",
    "seed একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে 1.5।",
  ],
  [
    ["invalid_argument", "unreadablePacked", "keys", ["zkeys"]],
    "the link's keys (its zkeys parameter) cannot be read: the link was cut short or changed",
    "link-এর zkeys parameter পড়া যায় না: link-টি কেটে গেছে বা বদলানো হয়েছে",
  ],
  [
    ["load_failed", "keysWorkerFailed", "", ["out of memory"]],
    "the keys' worker failed: out of memory",
    "key বসানোর worker থেমে গেছে: out of memory",
  ],
  [
    ["invalid_argument", "unknownClaim", "", ["nope", "mod-n-six-keys", "ring-moves-21.9"]],
    'unknown claim "nope": use mod-n-six-keys, ring-moves-21.9',
    '"nope" নামে কোনো দাবি নেই; এগুলোর একটি দিন: mod-n-six-keys, ring-moves-21.9',
  ],
];

test("the pages' own errors are data too: English from their rule, Bengali from the catalogue", () => {
  for (const [args, english, bengali] of PAGE_EXAMPLES) {
    const e = pageError(...args);
    assert.ok(e instanceof RinglabError);
    assert.equal(e.message, english);
    assert.equal(say(e), bengali);
  }
  assert.deepEqual(
    PAGE_EXAMPLES.map(([a]) => a[1]).sort(),
    Object.keys(PAGE_RULES).sort(),
    "an example of every rule of the pages",
  );
  // No page throws English of its own: every error a page raises goes through pageError.
  for (const rel of readdirSync(widgets, { recursive: true })) {
    if (!String(rel).endsWith(".ts")) continue;
    const src = readFileSync(path.join(widgets, rel), "utf8");
    if (String(rel).split(path.sep).join("/") === "core/errors.ts") continue;
    assert.doesNotMatch(src, /new RinglabError\(/, `${rel} raises a RinglabError of its own wording`);
  }
});
