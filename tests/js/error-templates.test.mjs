// The pages say a module error in the page's language by reading its English message back into a
// rule and parameters (web/widgets/core/errors.ts). Every message tests/bad-input.json expects, on
// every surface, is checked here against those templates, so that a rewording in the core fails
// this test instead of quietly leaving a Bengali page with only what the error's code means.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { root } from "./helpers.mjs";

// errors.ts, format.ts and bn.ts import only types from elsewhere: each transpiles on its own.
const out = mkdtempSync(path.join(tmpdir(), "ringlab-errors-"));
after(() => rmSync(out, { recursive: true, force: true }));
async function load(rel) {
  const src = readFileSync(path.join(root, "web", "widgets", rel), "utf8");
  const { outputText: js } = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  // bn.ts takes its words from terms.bn.json: imported here from where it lies.
  const outputText = js.replace(/from "(\.\/[^"]+\.json)";/g, (_, rel2) => {
    const at = pathToFileURL(path.join(root, "web", "widgets", path.dirname(rel), rel2)).href;
    return `from ${JSON.stringify(at)} with { type: "json" };`;
  });
  const file = path.join(out, `${path.basename(rel, ".ts")}.mjs`);
  writeFileSync(file, outputText);
  return import(pathToFileURL(file).href);
}
const { errorDetails, errorText } = await load("core/errors.ts");
const { Fmt } = await load("core/format.ts");
const { default: bn } = await load("i18n/bn.ts");

const table = JSON.parse(readFileSync(path.join(root, "tests", "bad-input.json"), "utf8"));

// The messages no template reads, and why: the command line's own usage errors (no code, never on
// a page), the command line's argument-numbered forms ("TERM 1: …", "key 1 …", "--vnodes entry 2
// must be …"), and the JavaScript API's messages about its callers' types, handles and options —
// a page makes those calls itself with values it checked, so the reader never meets them. They are
// said by their code. The list is exact: a message that stops matching is a new row here.
const KNOWN_UNMATCHED = [
  "invalid_argument | out must hold one value per key: length 3, got 2",
  'invalid_argument | unknown option "vnode" for ring (known: servers, vnodes)',
  "disposed | this ring was disposed",
  "invalid_argument | tokens must be sorted ascending",
  "invalid_argument | the two placements must place the same keys",
  "invalid_argument | load statistics need at least one server",
  "invalid_argument | TERM 1: invalid Elixir term: expected a term, got end of text at column 4",
  "invalid_argument | TERM 3: invalid Elixir term: variables are not terms (abc) at column 1",
  "invalid_argument | key 1: invalid Erlang term: expected a term, got end of text at column 4",
  'invalid_argument | unknown system "nope": use nginx, memcached, libketama, redis, kafka, cassandra, guava, erlang, envoy-ring, envoy-maglev',
  'invalid_argument | unknown option "parts" for system("kafka") (known: partitions, partitioner)',
  'invalid_argument | system("kafka") needs partitions N',
  "disposed | this kafka system was disposed",
  'invalid_argument | unknown option "syntx" for parseTerm options (known: syntax)',
  'invalid_argument | unknown option "bits" for malachiRing options (known: ringBits)',
  "disposed | this Malachi ring was disposed",
  "null | missing command (see ringlab --help)",
  'null | unknown command "bogus" (see ringlab --help)',
  "null | run needs an experiment: ring-vs-mod, vnode-sweep or hrw-jump",
  'null | unknown experiment "nope": use ring-vs-mod, vnode-sweep or hrw-jump',
  "null | unknown flag --bogus for ring-vs-mod (see ringlab --help)",
  "null | unknown flag --remove for ring-vs-mod (see ringlab --help)",
  "null | --servers needs a value",
  'null | unexpected argument "extra" (flags are --name value)',
  "null | unknown flag --bogus for compare (see ringlab --help)",
  "null | unknown flag --vnodes for digest (see ringlab --help)",
  "null | h32 needs at least one KEY",
  "null | jump needs KEY and BUCKETS",
  "null | --range needs a value",
  "null | phash2 needs at least one TERM",
  "null | unknown flag --bits for phash2 (see ringlab --help)",
  "null | place needs a system: malachi, nginx, memcached, libketama, redis, kafka, cassandra, guava, erlang, envoy-ring, envoy-maglev",
  'null | unknown system "ring" for place: use malachi, nginx, memcached, libketama, redis, kafka, cassandra, guava, erlang, envoy-ring, envoy-maglev',
  "null | place malachi needs --vnodes ID=TOKEN,ID=TOKEN,...",
  "null | --vnodes needs a value",
  "null | place envoy-maglev needs --hosts ADDR[=W],... or --endpoints FILE",
  "null | place kafka needs --partitions N",
  "null | place guava needs --buckets N",
  "null | place cassandra takes --tokens or --ring, not both",
  'null | cannot read --keys file "/nonexistent/ringlab-keys.txt"',
  "null | place malachi takes --keys FILE or KEY..., not both",
  "null | place malachi needs keys: --keys FILE or KEY...",
  "null | --boundaries takes no keys",
  "null | unknown flag --range for place malachi (see ringlab --help)",
];

const rows = table.rows.map((r) => ({ ...r, key: `${r.code} | ${r.message}` }));

test("every message of tests/bad-input.json is read back by a template, but the exact known list", () => {
  const unmatched = [...new Set(rows.filter((r) => !errorDetails(r.code ?? "", r.message)).map((r) => r.key))];
  assert.deepEqual(unmatched.sort(), [...KNOWN_UNMATCHED].sort());
});

test("a message read back is said in Bengali, never by its code's meaning alone", () => {
  const f = new Fmt("bn", "beng");
  const fallbacks = new Set(Object.values(bn.errors.codes));
  for (const r of rows) {
    if (!r.code || !errorDetails(r.code, r.message)) continue;
    const text = errorText(bn, f, { code: r.code, message: r.message });
    assert.equal(typeof text, "string", r.key);
    assert.ok(!fallbacks.has(text), `${r.key}: said by its code only`);
    assert.ok(!/undefined|NaN(?!\w)/.test(text.replace(/"[^"]*"/g, "")), `${r.key}: ${text}`);
    assert.match(text, /[\u0980-\u09ff]/, `${r.key}: no Bengali in "${text}"`);
  }
});

test("the place in the reader's text keeps its line and column, in Bengali digits", () => {
  const f = new Fmt("bn", "beng");
  const say = (code, message) => errorText(bn, f, { code, message });
  assert.equal(
    say("invalid_argument", "invalid Elixir term: expected a term, got end of text at column 4"),
    "Elixir term হিসেবে পড়া গেল না (কলাম ৪): term শেষ হওয়ার আগেই লেখা শেষ",
  );
  assert.equal(
    say("invalid_argument", "invalid Elixir term: variables are not terms (abc) at line 2, column 13"),
    "Elixir term হিসেবে পড়া গেল না (লাইন ২, কলাম ১৩): abc একটি variable, term নয় (string হলে উদ্ধৃতিচিহ্নে লিখুন)",
  );
  assert.equal(
    say("invalid_argument", 'ring line 5, column 72: token must be a signed 64-bit integer, got "x"'),
    'ring-এর লাইন ৫, কলাম ৭২-এ: token "x" হতে পারে না',
  );
  assert.equal(
    say("invalid_argument", "server string column 7: empty entry (libmemcached would read it as localhost)"),
    "server string-এর কলাম ৭-এ: এই মান গ্রহণযোগ্য নয়।",
  );
  assert.equal(
    say("out_of_range", '--servers entry 1 ("a:1=0"): weight must be between 1 and 1000000, got 0'),
    '--servers-এর ১ নম্বর এন্ট্রি ("a:1=0"): weight ১ থেকে ১০,০০,০০০-এর মধ্যে হতে হবে; দেওয়া হয়েছে ০।',
  );
  // English keeps the module's own words.
  const en = { ...bn, lang: "en" };
  const m = 'upstream line 3, column 9: invalid port in upstream "a:0"';
  assert.equal(errorText(en, new Fmt("en", "latn"), { code: "invalid_argument", message: m }), m);
});

// The pages raise a few errors of their own (about the hand-drawn rings). Each is listed here with
// an example of its message and the Bengali it must read as; the list is exact: a new
// `new RinglabError(` under web/widgets without a row here fails.
const WIDGET_MESSAGES = [
  [
    "steps/token-ring.ts",
    "token_out_of_range",
    "the token of A 930 is outside the ring's positions 0–499",
    "A-র token ৯৩০ ring-এর অবস্থান ০–৪৯৯-এর বাইরে",
  ],
  [
    "steps/token-ring.ts",
    "token_out_of_range",
    "the key position 1200 is outside the ring's positions 0–999",
    "key-এর অবস্থান ১,২০০ ring-এর অবস্থান ০–৯৯৯-এর বাইরে",
  ],
  [
    "steps/token-ring.ts",
    "out_of_range",
    "the ring's span must be a whole number from 2 to 2^32, got 1",
    "ring-এর অবস্থানের সংখ্যা ২ থেকে ২^৩২-এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে; দেওয়া হয়েছে ১।",
  ],
  ["steps/token-ring.ts", "duplicate_server", 'server "A" is listed twice', 'সার্ভার "A" দুবার আছে'],
  ["steps/membership.ts", "unknown_server", "no server named Q on the ring", "ring-এ Q নামে কোনো সার্ভার নেই"],
  [
    "elements/rendezvous-stepper.ts",
    "out_of_range",
    "rendezvous needs at least one server to score the key",
    "অন্তত একটি সার্ভার চাই",
  ],
  [
    "elements/claim.ts",
    "invalid_argument",
    'unknown claim "nope": use mod-n-six-keys, ring-moves-21.9',
    '"nope" নামে কোনো দাবি নেই; এগুলোর একটি দিন: mod-n-six-keys, ring-moves-21.9',
  ],
];

test("the pages' own error messages are read back and said in Bengali with their server, token and range", async () => {
  const { readdirSync } = await import("node:fs");
  const dir = path.join(root, "web", "widgets");
  const raised = {};
  for (const rel of readdirSync(dir, { recursive: true })) {
    if (!String(rel).endsWith(".ts")) continue;
    const n = (readFileSync(path.join(dir, rel), "utf8").match(/new RinglabError\(/g) ?? []).length;
    if (n) raised[String(rel).split(path.sep).join("/")] = n;
  }
  // token-ring.ts raises two messages, one of them with two wordings (a server's token, the key's position).
  const listed = {};
  for (const [file] of WIDGET_MESSAGES) listed[file] = (listed[file] ?? 0) + 1;
  listed["steps/token-ring.ts"] -= 1;
  assert.deepEqual(raised, listed);
  const f = new Fmt("bn", "beng");
  for (const [, code, message, bengali] of WIDGET_MESSAGES) {
    assert.ok(errorDetails(code, message), `${code} | ${message}: no template`);
    assert.equal(errorText(bn, f, { code, message }), bengali);
  }
});
