// ringlab/buckets' lookup traces (hasher.trace): for every bucket algorithm of the registry, on
// its vectors' options and membership changes and on random inputs, the steps through the package
// are the native CLI's (`ringlab bucket ... --trace`) and the Node CLI's, and end in bucket()'s
// answer; the step kinds are the core's, as the package's BucketStepKind spells them.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { load, RinglabError } from "ringlab/buckets";
import { bucketVectorCases, cliJs, prng, root } from "./helpers.mjs";

const buckets = await load();
const { runCli } = await import(pathToFileURL(cliJs).href);
const native = path.join(root, process.env.RINGLAB_BUILD_DIR ?? "build", "ringlab");
const hasNative = existsSync(native);

/** The steps as `ringlab bucket --trace` prints them. */
const text = (steps) => steps.map((s) => `${s.kind} bucket=${s.bucket} bound=${s.bound} value=${s.value}\n`).join("");

/** Each algorithm's first vector cases (options, ops) with its inputs and some random ones. */
function cases() {
  const random = prng(0x7ace);
  const out = [];
  for (const a of buckets.algorithms()) {
    for (const c of bucketVectorCases(a.name).slice(0, 4)) {
      const extra = Array.from({ length: 8 }, () => {
        const v = (BigInt(random()) << 32n) | BigInt(random());
        return a.input === "text" ? `key${v}` : a.input === "u32" ? String(v & 0xffffffffn) : String(v);
      });
      out.push({ algorithm: a, c, inputs: [...c.inputs.slice(0, 8), ...extra] });
    }
  }
  return out;
}

function built(name, c) {
  const h = buckets.hasher(name, c.options);
  for (const op of c.ops === "" ? [] : c.ops.split(",")) {
    if (op === "add") h.add();
    else h.remove(Number(op.slice("remove:".length)));
  }
  return h;
}

const inputOf = (kind, text) => (kind === "text" ? text : kind === "u64" ? BigInt(text) : Number(text));

function cliArgs(name, c, inputs) {
  return ["bucket", name, ...c.flags, ...(c.ops === "" ? [] : ["--ops", c.ops]), "--trace", "--", ...inputs];
}

// The place an answer stands for, as a trace's steps name it: the bucket itself, or for an
// algorithm that answers names, the node's place in the list it was built from.
const placeOf = (algorithm, c, answer) => (algorithm.answers === "name" ? c.options.nodes.indexOf(answer) : answer);

test("every algorithm's trace through the package ends in its bucket, as the registry says it traces", () => {
  for (const { algorithm, c, inputs } of cases()) {
    const h = built(algorithm.name, c);
    assert.equal(h.traces, algorithm.traces);
    for (const input of inputs) {
      const steps = h.trace(inputOf(algorithm.input, input));
      const label = `${algorithm.name} ${c.optionsText} ${c.ops} ${input}`;
      assert.ok(steps.length >= 1 && steps.length <= 4096, label);
      assert.deepEqual(
        steps.at(-1),
        {
          kind: "answer",
          bucket: placeOf(algorithm, c, h.bucket(inputOf(algorithm.input, input))),
          bound: h.size,
          value: 0n,
        },
        label,
      );
      for (const s of steps) {
        assert.ok(buckets.stepKinds().includes(s.kind), label);
        assert.equal(typeof s.value, "bigint", label);
      }
      if (!algorithm.traces) assert.equal(steps.length, 1, label);
    }
    h.dispose();
  }
});

test("the package's traces are the Node CLI's, step for step", async () => {
  for (const { algorithm, c, inputs } of cases()) {
    const h = built(algorithm.name, c);
    const want = inputs.map((i) => text(h.trace(inputOf(algorithm.input, i)))).join("\n");
    h.dispose();
    const r = await runCli(cliArgs(algorithm.name, c, inputs));
    assert.deepEqual([r.exitCode, r.out, r.err], [0, want, ""], `${algorithm.name} ${c.optionsText} ${c.ops}`);
  }
});

test("the package's traces are the native CLI's, step for step", { skip: !hasNative && "no native build" }, () => {
  for (const { algorithm, c, inputs } of cases()) {
    const h = built(algorithm.name, c);
    const want = inputs.map((i) => text(h.trace(inputOf(algorithm.input, i)))).join("\n");
    h.dispose();
    const r = spawnSync(native, cliArgs(algorithm.name, c, inputs), { encoding: "utf8" });
    assert.deepEqual([r.status, r.stdout, r.stderr], [0, want, ""], `${algorithm.name} ${c.optionsText} ${c.ops}`);
  }
});

test("a trace's input is checked as bucket()'s", () => {
  const dx = buckets.hasher("dx", { buckets: 3 });
  const error = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof RinglabError);
      return [e.code, e.rule, e.message];
    }
    assert.fail("no error");
  };
  assert.deepEqual(
    error(() => dx.trace(4294967296)),
    error(() => dx.bucket(4294967296)),
  );
  assert.deepEqual(
    error(() => dx.trace(-1)),
    error(() => dx.bucket(-1)),
  );
  const memento = buckets.hasher("memento", { buckets: 3 });
  assert.deepEqual(
    error(() => memento.trace("")),
    error(() => memento.bucket("")),
  );
  assert.throws(() => memento.trace(1), { code: "invalid_type" });
  dx.dispose();
  memento.dispose();
});

test("Memento's trace after removals: the key on removed bucket 9 is hashed again among the 7 left", () => {
  const m = buckets.hasher("memento", { buckets: 10 });
  for (const b of [3, 7, 9]) m.remove(b);
  const steps = m.trace("key5");
  assert.deepEqual(
    steps.filter((s) => s.kind === "removed"),
    [{ kind: "removed", bucket: 9, bound: 7, value: 0n }],
  );
  assert.equal(steps.at(-1).bucket, 2);
  m.dispose();
});

test("the step kinds are the core's, in its order, and BucketStepKind spells each", () => {
  const kinds = buckets.stepKinds();
  assert.ok(Object.isFrozen(kinds));
  assert.equal(kinds.at(-1), "answer");
  const types = readFileSync(path.join(root, "web", "lib", "src", "buckets", "types.ts"), "utf8");
  const union = types.match(/export type BucketStepKind =([^;]*);/)[1];
  assert.deepEqual(
    [...union.matchAll(/"([a-z]+)"/g)].map((m) => m[1]),
    [...kinds],
  );
});
