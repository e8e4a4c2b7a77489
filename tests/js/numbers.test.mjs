// The widgets' one reader of numbers (web/widgets/core/numbers.ts): Bengali digits (০–৯) and Latin
// ones (0–9) read as the same numbers, in every codec of a widget's attributes (core/params.ts).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { root } from "./helpers.mjs";

// numbers.ts imports nothing, params.ts only numbers.ts: each transpiles on its own.
const out = mkdtempSync(path.join(tmpdir(), "ringlab-numbers-"));
after(() => rmSync(out, { recursive: true, force: true }));
function transpile(rel) {
  const src = readFileSync(path.join(root, "web", "widgets", rel), "utf8");
  const { outputText } = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = path.join(out, `${path.basename(rel, ".ts")}.js`);
  writeFileSync(file, outputText.replace(/from "\.\/numbers"/g, 'from "./numbers.js"'));
  return file;
}
transpile("core/numbers.ts");
const numbers = await import(pathToFileURL(path.join(out, "numbers.js")).href);
const params = await import(pathToFileURL(transpile("core/params.ts")).href);

test("either digit set reads as the same number", () => {
  assert.equal(numbers.readNumber("১২"), 12);
  assert.equal(numbers.readNumber(" ৫ "), 5);
  assert.equal(numbers.readNumber("০.২৫"), 0.25);
  assert.equal(numbers.readNumber("12"), 12);
  assert.ok(Number.isNaN(numbers.readNumber("")));
  assert.ok(Number.isNaN(numbers.readNumber("১২ক")));
  assert.deepEqual(numbers.readNumbers("৫, ২০"), [5, 20]);
  assert.deepEqual(numbers.readNumbers("5,২০,"), [5, 20]);
  assert.equal(numbers.isCount("১২"), true);
  assert.equal(numbers.isCount("S12"), false);
  assert.equal(numbers.fieldDigits("5, 20", "bn"), "৫, ২০");
  assert.equal(numbers.fieldDigits("৫, ২০", "en"), "5, 20");
});

test("every numeric codec of the widgets' attributes reads Bengali digits", () => {
  assert.deepEqual(params.nums([]).parse("৫, ২০"), [5, 20]);
  assert.equal(params.nums([]).format(params.nums([]).parse("৫, ২০")), "5,20");
  assert.equal(params.num(0).parse("১২"), 12);
  assert.equal(params.moduleNum().parse("১২"), 12);
  assert.equal(params.stepIndex().parse("৩"), 3);
  assert.equal(params.parseFraction("৯৫%"), 0.95);
  assert.deepEqual(params.placed([]).parse("A:১০/৯৩০"), [{ name: "A", tokens: [10, 930] }]);
});
