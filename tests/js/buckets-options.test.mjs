// The package's types of the bucket algorithms, web/lib/src/buckets/options.ts (BucketAlgorithms:
// each algorithm's input kind and options, as TypeScript checks a call, derived from the registry's
// generated data), held to the registry as `ringlab algorithms --json` prints it: every bucket
// algorithm and no other, its input kind, its options by name, and an option required exactly
// when its row has no default.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { cliJs, root } from "./helpers.mjs";

const optionsTs = path.join(root, "web", "lib", "src", "buckets", "options.ts");
const program = ts.createProgram([optionsTs], {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  types: [],
});
const checker = program.getTypeChecker();
const source = program.getSourceFile(optionsTs);

/** The interface BucketAlgorithms as data: {name: {input, options: {name: required}}}. */
function typescriptList() {
  const decl = source.statements.find(
    (s) => (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === "BucketAlgorithms",
  );
  assert.ok(decl, "options.ts declares BucketAlgorithms");
  const out = {};
  for (const algorithm of checker.getPropertiesOfType(checker.getTypeAtLocation(decl.name))) {
    const type = checker.getTypeOfSymbolAtLocation(algorithm, decl);
    const input = checker.getTypeOfSymbolAtLocation(checker.getPropertyOfType(type, "input"), decl);
    assert.ok(input.isStringLiteral(), `${algorithm.name}: input is one literal`);
    const answers = checker.getTypeOfSymbolAtLocation(checker.getPropertyOfType(type, "answers"), decl);
    assert.ok(answers.isStringLiteral(), `${algorithm.name}: answers is one literal`);
    const options = checker.getTypeOfSymbolAtLocation(checker.getPropertyOfType(type, "options"), decl);
    out[algorithm.name] = {
      input: input.value,
      answers: answers.value,
      options: Object.fromEntries(
        checker.getPropertiesOfType(options).map((o) => [o.name, (o.flags & ts.SymbolFlags.Optional) === 0]),
      ),
    };
  }
  return out;
}

/** The registry's bucket algorithms in the same shape. */
function registryList(json) {
  const out = {};
  for (const a of JSON.parse(json).filter((x) => x.family === "buckets")) {
    out[a.name] = {
      input: a.input,
      answers: a.answers ?? "bucket",
      options: Object.fromEntries(a.options.map((o) => [o.name, !("default" in o)])),
    };
  }
  return out;
}

test("options.ts's BucketAlgorithms is the registry's buckets family, option by option", async () => {
  const { runCli } = await import(pathToFileURL(cliJs).href);
  const registry = registryList((await runCli(["algorithms", "--json"])).out);
  assert.ok(Object.keys(registry).length >= 2);
  assert.deepEqual(typescriptList(), registry);
});

const native = path.join(root, process.env.RINGLAB_BUILD_DIR ?? "build", "ringlab");
test("the native CLI's registry says the same", { skip: !existsSync(native) && "no native build" }, () => {
  const r = spawnSync(native, ["algorithms", "--json"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(typescriptList(), registryList(r.stdout));
});

test("a call TypeScript accepts is one the registry accepts, and the reverse", () => {
  // The types reject what the registry rejects: a name that is no bucket algorithm, an option it
  // does not take, a required option left out, an input of the wrong kind.
  const file = path.join(root, "build-wasm", "buckets-types-check.ts");
  const text = `import { load } from "ringlab/buckets";
const b = await load();
const jump = b.hasher("jump", { buckets: 10 });
const bucket: number = jump.bucket(42n) + jump.bucket(42) + jump.bucketMany(new BigUint64Array(2))[0]!;
const mod = b.hasher("mod-n", { buckets: 7 });
mod.bucket(5);
// @ts-expect-error: not a bucket algorithm
b.hasher("ring", { buckets: 3 });
// @ts-expect-error: jump takes no capacity
b.hasher("jump", { buckets: 3, capacity: 8 });
// @ts-expect-error: jump needs buckets
b.hasher("jump", {});
// @ts-expect-error: mod-n's input is a number
mod.bucket(5n);
// An algorithm that answers names: a string, and strings from a batch, into no buffer.
const mp = b.hasher("multiprobe", { nodes: ["a", "b"], probes: 5 });
const node: string = mp.bucket("user:42");
const nodes: string[] = mp.bucketMany(["user:42", "x"]);
// @ts-expect-error: its answer is a name, not a number
const wrong: number = mp.bucket("user:42");
// @ts-expect-error: multiprobe needs its nodes
b.hasher("multiprobe", {});
// @ts-expect-error: its answers are no Uint32Array's to fill
mp.bucketMany(["x"], new Uint32Array(1));
// @ts-expect-error: a key is text
mp.bucket(42n);
export { bucket, node, nodes, wrong };
`;
  const host = ts.createCompilerHost({});
  const original = host.readFile;
  host.readFile = (f) => (path.resolve(f) === file ? text : original(f));
  host.fileExists = (
    (exists) => (f) =>
      path.resolve(f) === file || exists(f)
  )(host.fileExists);
  const check = ts.createProgram(
    [file],
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.esnext.disposable.d.ts"],
      types: [],
    },
    host,
  );
  const diagnostics = ts.getPreEmitDiagnostics(check);
  assert.equal(diagnostics.length, 0, ts.formatDiagnostics(diagnostics, host));
});
