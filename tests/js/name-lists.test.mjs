// No list of algorithm names outside the registry. The core's registry of placement algorithms
// (cpp/src/core/algorithms.cpp) is the one list; everything else reads it: rl.algorithms() and
// its generated module in the package, `ringlab algorithms --json`, ringlab::algorithms() in C++.
// This test scans the sources for a list written out anyway: three or more of the registry's names
// as the items of one list.
//
// What counts as a list, in the code of every scanned file:
// - quoted names ("ring", 'jump', `maglev`) that are a list's items: three or more distinct ones
//   directly inside one pair of brackets (an array, an argument list, an initializer list), or on
//   one line (a union type). A quoted name just before a colon is a key, and one just after a
//   colon a value: an object keyed by name is a catalogue of per-algorithm content, not a list
//   (tests/js/registry.test.mjs holds each catalogue's keys equal to the registry's names);
// - in one string, three or more names in a row separated by commas, "or" or "and" ("mod-n, ring,
//   rendezvous or ideal"): a list written as text;
// - in C++, the constants of an enum or an array named after the algorithms (kRing, kModN, ...):
//   three or more in one pair of brackets or on one line;
// and in comments, three or more quoted names on one line. Prose that names algorithms in words
// is not a list.
//
// Not scanned, each for its reason:
// - the registry itself: cpp/include/ringlab/algorithms.hpp, cpp/src/core/algorithms.cpp;
// - web/lib/src/main/algorithms.ts, web/lib/src/buckets/algorithms.ts and
//   web/lib/src/placers/algorithms.ts: written from the registry by scripts/gen-algorithms.mjs
//   (tests/js/registry.test.mjs fails when they differ);
// - README.md and docs/*.md: documentation, whose examples run as tests
//   (tests/js/docs-examples.test.mjs), so a list there is checked against what the code prints;
// - data files (.json, .tsv, .txt: golden vectors and expected outputs, tests/bad-input.json's
//   rows, fuzz corpora, the Bengali terms): data, not lists, and only the source extensions below
//   are read.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { registryJson } from "../../scripts/gen-algorithms.mjs";
import { cliJs, root } from "./helpers.mjs";

// Every name of the registry (the main module's algorithms and the bucket hashers), as the Node
// CLI prints it.
const names = JSON.parse(registryJson([process.execPath, cliJs])).map((a) => a.name);

/** The sources scanned: what git knows under these folders (tracked, or new and not ignored). */
const SCANNED = ["cpp", "web", "tests", "bench", "scripts"];
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs|cpp|hpp|cc|h|def|html)$/;
const CPP = /\.(cpp|hpp|cc|h|def)$/;
const EXEMPT = new Set([
  "cpp/include/ringlab/algorithms.hpp",
  "cpp/src/core/algorithms.cpp",
  "web/lib/src/main/algorithms.ts",
  "web/lib/src/buckets/algorithms.ts",
  "web/lib/src/placers/algorithms.ts",
]);

/** What separates the words of a list written in a string: a comma, "or", "and". */
const SEPARATOR = /,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+/;

/** kRing, kModN, kWeightedRendezvous: a C++ constant named after an algorithm. */
const constantOf = (name) => `k${name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;

/**
 * The lists of three or more of `names` in `text` (a source file; `cpp` for C++'s constants), each
 * as { line, names } (1-based line; the names in the order written).
 */
export function listsOfNames(text, names, { cpp = false } = {}) {
  const known = new Set(names);
  const constants = new Map(names.map((n) => [constantOf(n), n]));
  const found = [];
  const report = (line, items) => {
    const distinct = [...new Set(items)];
    if (distinct.length >= 3) found.push({ line, names: distinct });
    return distinct.length >= 3;
  };
  // The list items: each name with its line and the brackets it is directly in (a comment's
  // quoted names are in brackets of their own, never reported as such).
  const items = [];
  let groupCount = 1;
  const open = [{ id: 0, line: 1 }]; // the brackets open in the code
  const listed = new Set(); // the brackets reported as a list
  let line = 1;
  let i = 0;
  const lastCode = () => {
    for (let j = i - 1; j >= 0; j--) if (!/\s/.test(text[j])) return text[j];
    return "";
  };
  while (i < text.length) {
    const c = text[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      // A comment: its quoted names, line by line.
      const end = text[i + 1] === "/" ? text.indexOf("\n", i) : text.indexOf("*/", i + 2);
      const body = text.slice(i, end < 0 ? text.length : end);
      const group = -groupCount++;
      body.split("\n").forEach((l, k) => {
        for (const m of l.matchAll(/(["`])([\w-]+)\1/g))
          if (known.has(m[2])) items.push({ name: m[2], line: line + k, group });
      });
      line += body.split("\n").length - 1;
      i += body.length;
    } else if (c === '"' || c === "'" || c === "`") {
      // A string (to its closing quote, or to the line's end for a quote that is an apostrophe in
      // something not parsed here).
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      const value = text.slice(i + 1, j);
      let k = j + 1;
      while (k < text.length && /[ \t]/.test(text[k])) k++;
      if (known.has(value) && lastCode() !== ":" && text[k] !== ":")
        items.push({ name: value, line, group: open.at(-1).id });
      // Words in a row: "mod-n, ring, rendezvous or ideal".
      let run = [];
      for (const w of value.split(SEPARATOR)) {
        if (known.has(w)) run.push(w);
        else run = (report(line, run), []);
      }
      report(line, run);
      i = j + 1;
    } else if ("([{".includes(c)) {
      open.push({ id: groupCount++, line });
      i++;
    } else if (")]}".includes(c)) {
      if (open.length > 1) {
        const g = open.pop();
        if (
          report(
            g.line,
            items.filter((x) => x.group === g.id).map((x) => x.name),
          )
        )
          listed.add(g.id);
      }
      i++;
    } else if (cpp && /[A-Za-z_]/.test(c) && !/\w/.test(text[i - 1] ?? "")) {
      const word = /^\w+/.exec(text.slice(i, i + 64))[0];
      const name = constants.get(word);
      if (name) items.push({ name, line, group: open.at(-1).id });
      i += word.length;
    } else i++;
  }
  // A line's items, but those of a list its brackets make.
  const byLine = new Map();
  for (const x of items) if (!listed.has(x.group)) byLine.set(x.line, [...(byLine.get(x.line) ?? []), x.name]);
  for (const [at, onLine] of byLine) report(at, onLine);
  return found.sort((x, y) => x.line - y.line);
}

function sourceFiles() {
  const r = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", ...SCANNED], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  assert.equal(r.status, 0, r.stderr);
  return [...new Set(r.stdout.split("\0"))].filter((f) => f && SOURCE.test(f) && !EXEMPT.has(f));
}

test("no source outside the registry writes out a list of algorithm names", () => {
  const files = sourceFiles();
  assert.ok(files.length > 100, `${files.length} files`);
  const lists = [];
  for (const f of files) {
    let text;
    try {
      text = readFileSync(path.join(root, f), "utf8");
    } catch {
      continue; // deleted, not yet committed
    }
    for (const l of listsOfNames(text, names, { cpp: CPP.test(f) }))
      lists.push(`${f}:${l.line}: ${l.names.join(", ")}`);
  }
  assert.deepEqual(lists, [], "read these from the registry (rl.algorithms(), ringlab algorithms --json)");
});

// The samples are made from the registry's names, so that this file holds no list itself.
const [a, b, c, d] = names;
const q = (n) => JSON.stringify(n);

test("the scan finds a list: an array, a union type, an argument list, a list in a string or a comment", () => {
  const lists = (text, cpp = false) => listsOfNames(text, names, { cpp }).map((l) => [l.line, ...l.names]);
  assert.deepEqual(lists(`const xs = [${q(a)}, ${q(b)}, ${q(c)}];`), [[1, a, b, c]]);
  assert.deepEqual(lists(`const xs = [\n  ${q(a)},\n  ${q(b)},\n  'x',\n  \`${c}\`,\n];`), [[1, a, b, c]]);
  assert.deepEqual(lists(`type T = ${q(a)} | ${q(b)} | ${q(c)};`), [[1, a, b, c]]);
  assert.deepEqual(lists(`x as Record<${q(a)} | ${q(b)} | ${q(c)} | "ideal", string>`), [[1, a, b, c]]);
  assert.deepEqual(lists(`if (x === ${q(a)} || x === ${q(b)} || x === ${q(c)}) f();`), [[1, a, b, c]]);
  assert.deepEqual(lists(`f(\n  ${q(a)},\n  ${q(b)},\n  ${q(c)},\n);`), [[1, a, b, c]]);
  assert.deepEqual(lists(`const t = "${a}, ${b}, ${c} or ideal";`), [[1, a, b, c]]);
  assert.deepEqual(lists(`int x;\n// the rows: ${q(a)}, ${q(b)}, ${q(c)}\n`, true), [[2, a, b, c]]);
  assert.deepEqual(lists(`for (const char* n : {${q(a)}, ${q(b)}, ${q(c)}}) {}`, true), [[1, a, b, c]]);
  const constants = [a, b, c].map(constantOf).join(", ");
  assert.deepEqual(lists(`enum Row : std::size_t {\n  ${constants},\n  kRows\n};`, true), [[1, a, b, c]]);
});

test("the scan leaves catalogues, tables of one name per entry, two names and prose alone", () => {
  const lists = (text, cpp = false) => listsOfNames(text, names, { cpp });
  // A catalogue keyed by name, its values spelled as the names are.
  assert.deepEqual(lists(`const t = { ${q(a)}: ${q(a)}, ${q(b)}: ${q(b)},\n  ${q(c)}: ${q(c)} };`), []);
  assert.deepEqual(lists(`const t = {\n  ${q(a)}: "A",\n  ${q(b)}: "B",\n  ${q(c)}: "C",\n};`), []);
  // A table whose entries each name one.
  assert.deepEqual(lists(`[{ id: ${q(a)} }, { id: ${q(b)} }, { id: ${q(c)} }]`), []);
  assert.deepEqual(lists(`check(${q(a)});\ncheck(${q(b)});\ncheck(${q(c)});`), []);
  // Two names, or names on lines of their own outside any list.
  assert.deepEqual(lists(`if (x === ${q(a)} || x === ${q(b)}) f();`), []);
  assert.deepEqual(lists(`const x = ${q(a)};\nconst y = ${q(b)};\nconst z = ${q(c)};`), []);
  // Words: prose in a comment, and names inside longer words.
  assert.deepEqual(lists(`// ${a}, ${b} and ${c} place keys\n`), []);
  assert.deepEqual(lists(`const s = "${a}-x, ${b}-y, ${c}-z";`), []);
  // C++ constants named otherwise (kRingParams), or outside C++.
  assert.deepEqual(lists([a, b, c].map((n) => `${constantOf(n)}Params`).join(", "), true), []);
  assert.deepEqual(lists([a, b, c].map(constantOf).join(", "), false), []);
});
