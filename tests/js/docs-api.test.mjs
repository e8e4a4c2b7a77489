// docs/api.md's reference names exactly what the package exports: every name each entry point's
// `.d.ts` exports (package.json `exports`, read with the project's own TypeScript) is listed under
// a heading that names that entry point, and every name the reference lists is exported by an
// entry point its heading names. A name added, renamed or removed in web/lib fails here until
// docs/api.md says so.
//
// The reference is the `## Reference` section: `### ` headings name entry points as code spans
// (`ringlab`, `ringlab/systems`, …); a list item's leading code spans, up to the first `:`, are
// the names it documents (`load(options?)` names load).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { root } from "./helpers.mjs";

const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const doc = readFileSync(path.join(root, "docs", "api.md"), "utf8");

/** Entry point ("ringlab", "ringlab/systems", …) → its .d.ts, from package.json's exports. */
const entries = new Map(
  Object.entries(pkg.exports)
    .filter(([, v]) => typeof v === "object" && v.types)
    .map(([k, v]) => [k === "." ? pkg.name : `${pkg.name}/${k.slice(2)}`, path.join(root, v.types)]),
);

/** Entry point → the names its .d.ts exports (types and values alike). */
function exported() {
  const program = ts.createProgram([...entries.values()], { noEmit: true });
  const checker = program.getTypeChecker();
  const out = new Map();
  for (const [entry, file] of entries) {
    const source = program.getSourceFile(file);
    assert.ok(source, `${file} is missing: build the package (node scripts/build-wasm.mjs)`);
    out.set(entry, new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(source)).map((s) => s.name)));
  }
  return out;
}

/** [{heading, entries: string[], names: [{name, line}]}] from the reference section. */
function reference(markdown) {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l === "## Reference");
  assert.ok(start >= 0, "docs/api.md has a ## Reference section");
  const sections = [];
  for (let i = start + 1; i < lines.length && !lines[i].startsWith("## "); i++) {
    const line = lines[i];
    if (line.startsWith("### ")) {
      const named = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      sections.push({ heading: line, entries: named, names: [] });
      continue;
    }
    if (!line.startsWith("- ") || sections.length === 0) continue;
    // The item's names: its code spans up to the first `:` outside one, continuing onto the item's
    // following lines.
    let text = line.slice(2);
    for (let j = i + 1; j < lines.length && lines[j].startsWith("  "); j++) text += " " + lines[j].trim();
    const head = /^((?:`[^`]+`(?:,\s*)?)+):/.exec(text);
    assert.ok(head, `docs/api.md:${i + 1}: a reference item starts with its names and a colon`);
    for (const m of head[1].matchAll(/`([^`]+)`/g)) {
      sections.at(-1).names.push({ name: m[1].replace(/\(.*\)$/, ""), line: i + 1 });
    }
  }
  return sections;
}

test("docs/api.md's reference lists every name each entry point exports, and only those", () => {
  const exports = exported();
  const sections = reference(doc);
  const problems = [];
  for (const s of sections) {
    const unknown = s.entries.filter((e) => !entries.has(e));
    if (unknown.length || s.entries.length === 0)
      problems.push(`${s.heading}: names no entry point of package.json (${unknown.join(", ")})`);
    const seen = new Set();
    for (const { name, line } of s.names) {
      if (seen.has(name)) problems.push(`docs/api.md:${line}: ${name} is listed twice under ${s.heading}`);
      seen.add(name);
      if (!s.entries.some((e) => exports.get(e)?.has(name)))
        problems.push(`docs/api.md:${line}: ${name} is not exported by ${s.entries.join(" or ")}`);
    }
  }
  for (const [entry, names] of exports) {
    const listed = new Set(
      sections.filter((s) => s.entries.includes(entry)).flatMap((s) => s.names.map((n) => n.name)),
    );
    for (const name of names)
      if (!listed.has(name)) problems.push(`${entry} exports ${name}, which docs/api.md does not list`);
  }
  assert.deepEqual(problems, []);
});

test("docs/api.md's reference has a heading for every entry point", () => {
  const named = new Set(reference(doc).flatMap((s) => s.entries));
  assert.deepEqual(
    [...entries.keys()].filter((e) => !named.has(e)),
    [],
  );
});
