#!/usr/bin/env node
// docs/bad-input.md's tables, written from tests/bad-input.json (the one table of bad inputs,
// which the JS API, the Node CLI and the native CLI are tested against), so that the docs say
// exactly what the tests check:
//  - "Every bad input, named": the rows named for a kind of mistake ("NaN", "zero buckets");
//  - "What each function rejects": the rows named "<function>: <mistake>", by function;
//  - the command line's usage errors (rows "usage: ...").
// Each table sits between `<!-- bad-input:NAME -->` and `<!-- /bad-input:NAME -->` in
// docs/bad-input.md; the text around them is the page's own.
//
//   node scripts/docs-bad-input.mjs            rewrite the tables in docs/bad-input.md
//   node scripts/docs-bad-input.mjs --check    exit 1, listing the tables, if any differs
//
// tests/js/docs-bad-input.test.mjs fails when docs/bad-input.md is not what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ---------------------------------------------------------------------------------------------
// A row's call, as JavaScript and as a command line

const identifier = /^[A-Za-z_$][\w$]*$/;

// A list longer than this, of one value repeated, is shown as such (the 101 values of V).
const longList = 10;

/** A JSON value of the table (tagged values included, see its `about`) as JavaScript source. */
function source(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) {
    if (v.length > longList && v.every((x) => x === v[0])) return `Array(${v.length}).fill(${source(v[0])})`;
    return `[${v.map(source).join(", ")}]`;
  }
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v !== "object") return String(v);
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0].startsWith("$")) {
    const x = v[keys[0]];
    switch (keys[0]) {
      case "$number":
        return x;
      case "$bigint":
        return `${x}n`;
      case "$Uint32Array":
        return `Uint32Array.of(${x.join(", ")})`;
      case "$Uint8Array":
        return `Uint8Array.of(${x.join(", ")})`;
      case "$repeat":
        return `${JSON.stringify(x[0])}.repeat(${x[1]})`;
      case "$ring":
        return `rl.ring(${source(x)})`;
      case "$term":
        return `erl.parseTerm(${JSON.stringify(x)})`;
      case "$file":
        return `readFileSync(${JSON.stringify(x)}, "utf8")`;
      default:
        throw new Error(`bad-input.json: unknown tag ${keys[0]}`);
    }
  }
  if (keys.length === 0) return "{}";
  return `{ ${keys.map((k) => `${identifier.test(k) ? k : JSON.stringify(k)}: ${source(v[k])}`).join(", ")} }`;
}

const args = (list) => list.map(source).join(", ");

// What a handle is called in an example, by the function that makes it.
const handleNames = {
  ring: "ring",
  tokenRing: "tokens",
  rendezvous: "hrw",
  weightedRendezvous: "whrw",
  maglev: "maglev",
  malachiRing: "malachi",
  hasher: "hasher",
  placer: "placer",
};

// The API object of each entry point, as the page names it.
const apiNames = { systems: "erl", buckets: "buckets", placers: "placers", plan: "plans", lab: "lab" };

/**
 * The row's JavaScript call: `rl.compare({ keys: -1 })`, `rl.ring({ servers: 3 }).remove("nope")`;
 * `erl` is the `ringlab/systems` API, `buckets` the `ringlab/buckets` one, `placers` the
 * `ringlab/placers` one, `plans` the `ringlab/plan` one and `lab` the `ringlab/lab` one (`const erl
 * = await load()` from it, as the page names them).
 */
export function jsCall(js) {
  const api = apiNames[js.module] ?? "rl";
  if (!js.on) return `${api}.${js.call}(${args(js.args)})`;
  const make = `${api}.${js.on.call}(${args(js.on.args)})`;
  const method = js.call.split(".")[1];
  if (!js.setup && !js.dispose) return `${make}.${method}(${args(js.args)})`;
  const h = handleNames[js.on.call] ?? "h";
  return [
    `const ${h} = ${make}`,
    ...(js.setup ?? []).map(([m, a]) => `${h}.${m}(${args(a)})`),
    ...(js.dispose ? [`${h}.dispose()`] : []),
    `${h}.${method}(${args(js.args)})`,
  ].join("; ");
}

/**
 * The row's command line: `ringlab jump -1 10`, arguments quoted for a POSIX shell where needed;
 * a long comma-separated list of one value repeated is shown as `1,1,…,1`.
 */
export function cliCall(cli) {
  const quote = (a) => (/^[\w.,:=+/@%-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  const shown = (a) => {
    const items = a.split(",");
    if (items.length > longList && items.every((x) => x === items[0])) return `${items[0]},${items[0]},…,${items[0]}`;
    return quote(a);
  };
  return ["ringlab", ...cli.map(shown)].join(" ");
}

// ---------------------------------------------------------------------------------------------
// The tables

/** A table cell: `|` escaped (GitHub ends a cell at one even inside a code span). */
const cell = (text) => text.replace(/\|/g, "\\|");
const code = (text) => cell(`\`${text}\``);
const row = (cells) => `| ${cells.join(" | ")} |`;
const table = (head, rows) => [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");

/** The three tables, as markdown, from the parsed bad-input.json. */
export function renderTables(data) {
  const named = data.rows.filter((r) => !r.name.includes(": "));
  const usage = data.rows.filter((r) => r.name.startsWith("usage: "));
  const byFunction = new Map();
  for (const r of data.rows) {
    if (!r.name.includes(": ") || r.name.startsWith("usage: ")) continue;
    const [fn, ...rest] = r.name.split(": ");
    if (!byFunction.has(fn)) byFunction.set(fn, []);
    byFunction.get(fn).push({ ...r, mistake: rest.join(": ") });
  }
  const example = (r) => (r.js ? code(jsCall(r.js)) : "—");
  const command = (r) => (r.cli ? code(cliCall(r.cli)) : "—");
  // The error's rule, and its parameter when it concerns one: "`between` (servers)".
  const rule = (r) => (r.param ? `${code(r.rule)} (${cell(r.param)})` : code(r.rule));
  return {
    named: table(
      ["input", "JavaScript", "command line", "code", "rule (parameter)", "message"],
      named.map((r) => [cell(r.name), example(r), command(r), code(r.code), rule(r), cell(r.message)]),
    ),
    functions: table(
      ["function", "mistake", "JavaScript", "command line", "code", "rule (parameter)", "message"],
      [...byFunction].flatMap(([fn, rows]) =>
        rows.map((r, i) => [
          i === 0 ? code(fn) : "",
          cell(r.mistake),
          example(r),
          command(r),
          code(r.code),
          rule(r),
          cell(r.message),
        ]),
      ),
    ),
    usage: table(
      ["mistake", "command line", "stderr"],
      usage.map((r) => [cell(r.name.slice("usage: ".length)), command(r), code(`ringlab: ${r.message}`)]),
    ),
  };
}

/** The page's text with each table between its markers replaced; throws for a missing marker. */
export function updateTables(text, data) {
  let out = text;
  for (const [name, body] of Object.entries(renderTables(data))) {
    const open = `<!-- bad-input:${name} -->`;
    const close = `<!-- /bad-input:${name} -->`;
    const a = out.indexOf(open);
    const b = out.indexOf(close);
    if (a < 0 || b < a) throw new Error(`docs/bad-input.md has no ${open} ... ${close}`);
    out = `${out.slice(0, a + open.length)}\n${body}\n${out.slice(b)}`;
  }
  return out;
}

export const docPath = path.join(root, "docs", "bad-input.md");
export const tablePath = path.join(root, "tests", "bad-input.json");

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const text = readFileSync(docPath, "utf8");
  const want = updateTables(text, JSON.parse(readFileSync(tablePath, "utf8")));
  if (check) {
    if (want !== text) {
      console.error("docs/bad-input.md's tables differ from tests/bad-input.json: run node scripts/docs-bad-input.mjs");
      process.exit(1);
    }
  } else if (want !== text) {
    writeFileSync(docPath, want);
    console.log("docs/bad-input.md: tables written from tests/bad-input.json");
  }
}
