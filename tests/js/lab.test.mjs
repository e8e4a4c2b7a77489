// ringlab/lab: `ringlab lab` as typed values, held to `ringlab lab --json` and `--csv` (the WASM
// CLI, and the native CLI when it is built) for several parameter sets, row for row and figure for
// figure; its parameters to the core's table; its errors to the command line's; its progress; and
// the same runs in a Node worker, with cancel. The papers' claims, to `ringlab lab --claims --json`,
// on this thread and in the worker.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { claimsInWorker, load, RinglabError, runInWorker } from "ringlab/lab";
import { RinglabError as MainError } from "ringlab";
import { load as loadBuckets } from "ringlab/buckets";
import { cliJs, root } from "./helpers.mjs";

const lab = await load();
const { runCli } = await import(pathToFileURL(cliJs).href);
const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const hasNative = existsSync(native);

// Small runs, so the suite stays quick: every algorithm runs in full at these sizes.
const cases = [
  { buckets: 10, keysPerBucket: 10, seed: 1 },
  { buckets: 37, keysPerBucket: 3, seed: -7 },
  { buckets: 100, keysPerBucket: 5, seed: 2654435769 },
];
const cliArgs = (o) => [
  "lab",
  "--buckets",
  `${o.buckets}`,
  "--keys-per-bucket",
  `${o.keysPerBucket}`,
  "--seed",
  `${o.seed}`,
];

async function cliOut(args) {
  const r = await runCli(args);
  assert.equal(r.exitCode, 0, r.err);
  if (hasNative) {
    const n = spawnSync(native, args, { encoding: "utf8" });
    assert.equal(n.status, 0, n.stderr);
    assert.equal(n.stdout, r.out, "the native CLI and the WASM CLI print the same bytes");
  }
  return r.out;
}

// A line of `ringlab lab --json` in the package's shape: the work's kinds as a list, monotonicity's
// names in camel case, what a skipped row leaves out as null or empty.
function typedRow(j) {
  const { lookups, ...kinds } = j.work;
  const camel = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k[0].toLowerCase() + k.slice(1), v]));
  return {
    algorithm: j.algorithm,
    seam: j.seam,
    input: j.input,
    removal: j.removal,
    skipped: j.skipped,
    workLookups: lookups,
    work: Object.entries(kinds).map(([kind, perLookup]) => ({ kind, perLookup })),
    bytes: j.bytes,
    bytesPerBucket: j.bytesPerBucket,
    balance: j.balance ?? null,
    monotonicity: (j.monotonicity ?? []).map(camel),
    histories: j.histories ?? [],
  };
}
// The module's row without the work's totals, which the JSON does not print.
const withoutTotals = (row) => ({ ...row, work: row.work.map(({ kind, perLookup }) => ({ kind, perLookup })) });

for (const c of cases) {
  test(`run(${JSON.stringify(c)}) gives ringlab lab --json's figures, and --csv's bytes`, async () => {
    const r = lab.run(c);
    const [head, ...lines] = (await cliOut([...cliArgs(c), "--json"]))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      { buckets: r.buckets, keysPerBucket: r.keysPerBucket, seed: r.seed, keys: r.keys, distinctKeys: r.distinctKeys },
      head,
    );
    assert.equal(r.rows.length, lines.length);
    assert.ok(r.rows.length > 10, "both seams' algorithms");
    for (const [i, row] of r.rows.entries()) {
      assert.deepEqual(withoutTotals(row), typedRow(lines[i]), row.algorithm);
      // Each total is what its mean per lookup was rounded from.
      for (const w of row.work) assert.ok(Math.abs(w.total / row.workLookups - w.perLookup) <= 0.0005, w.kind);
    }
    assert.equal(r.csv, await cliOut([...cliArgs(c), "--csv"]));
  });
}

test("params() is the core's table, as ringlab lab --help states it; left out, a parameter takes its default", async () => {
  const params = lab.params();
  assert.deepEqual(
    params.map((p) => p.name),
    ["buckets", "keysPerBucket", "seed"],
  );
  const help = (await runCli(["lab", "--help"])).out;
  const [buckets, perBucket, seed] = params;
  assert.deepEqual([buckets.min, buckets.max, perBucket.min, perBucket.max], [1, 1000000, 1, 100]);
  for (const p of params) assert.ok(help.includes(`${p.defaultValue}`), `${p.name}'s default in --help`);
  assert.equal(seed.min, -Number.MAX_SAFE_INTEGER);
  assert.equal(seed.max, Number.MAX_SAFE_INTEGER);
  // The defaults' keys count, without running the default lab: keysPerBucket and seed left out.
  const r = lab.run({ buckets: 3 });
  assert.equal(r.keysPerBucket, perBucket.defaultValue);
  assert.equal(r.seed, seed.defaultValue);
  assert.deepEqual(r, lab.run({ buckets: 3, keysPerBucket: perBucket.defaultValue, seed: seed.defaultValue }));
  // Keys per bucket's bound, and its value left out: the table's 100 up to 10^5 buckets, then the
  // most of 10^7 keys the buckets allow.
  assert.deepEqual(
    [1, 100000, 100001, 333333, 1000000].map((n) => lab.maxKeysPerBucket(n)),
    [100, 100, 99, 30, 10],
  );
  assert.throws(() => lab.maxKeysPerBucket(1000001), { code: "out_of_range", param: "buckets" });
  assert.throws(() => lab.maxKeysPerBucket("10"), { code: "invalid_type", param: "buckets" });
});

test("bad parameters give the command line's errors, as RinglabError", async () => {
  for (const [options, flag, value, more = []] of [
    [{ buckets: 0 }, "--buckets", "0"],
    [{ buckets: 1000001 }, "--buckets", "1000001"],
    [{ keysPerBucket: 101 }, "--keys-per-bucket", "101"],
    // At 10^6 buckets, 10^7 keys allow 10 a bucket.
    [{ buckets: 1000000, keysPerBucket: 11 }, "--keys-per-bucket", "11", ["--buckets", "1000000"]],
    [{ buckets: 2.5 }, "--buckets", "2.5"],
    [{ seed: 2 ** 53 }, "--seed", `${2 ** 53}`],
  ]) {
    const cli = await runCli(["lab", ...more, flag, value]);
    assert.equal(cli.exitCode, 2);
    assert.throws(
      () => lab.run(options),
      (e) => {
        assert.ok(e instanceof RinglabError && e instanceof MainError, "one RinglabError class for every entry");
        assert.deepEqual([e.code, e.rule], [cli.code, cli.rule]);
        // The same message, the parameter named as the command line spells it.
        const spelled = e.message.replace(/^keysPerBucket /, "--keys-per-bucket ").replace(/^(buckets|seed) /, "--$1 ");
        assert.equal(`ringlab: ${spelled}\n`, cli.err);
        return true;
      },
      JSON.stringify(options),
    );
  }
  assert.throws(() => lab.run({ buckets: "10" }), { code: "invalid_type", param: "buckets" });
  assert.throws(() => lab.run({ bucket: 10 }), { code: "invalid_argument", rule: "unknownOption" });
  assert.throws(() => lab.run({ buckets: 3 }, { onProgress: 1 }), { code: "invalid_type", param: "onProgress" });
});

test("onProgress: once a row, as each row completes", () => {
  const seen = [];
  const r = lab.run(cases[0], { onProgress: (p) => seen.push(p) });
  assert.deepEqual(
    seen.map((p) => [p.complete, p.rows]),
    r.rows.map((_, i) => [i + 1, r.rows.length]),
  );
  assert.deepEqual(seen.map((p) => p.algorithm).sort(), r.rows.map((row) => row.algorithm).sort());
});

test("runInWorker: the same results in a Node worker, progress by run, each result as it comes", async () => {
  const progress = [];
  const results = [];
  const out = await runInWorker(cases.slice(0, 2), {
    onProgress: (run, p) => progress.push([run, p.complete]),
    onResult: (run, result) => results.push([run, result]),
  });
  assert.deepEqual(
    out,
    cases.slice(0, 2).map((c) => lab.run(c)),
  );
  assert.deepEqual(
    results,
    out.map((r, i) => [i, r]),
  );
  const rows = out[0].rows.length;
  assert.equal(progress.length, 2 * rows);
  assert.deepEqual(progress.at(-1), [1, rows]);
});

test("runInWorker: a bad run rejects with the module's error; cancel terminates the worker", async () => {
  await assert.rejects(runInWorker([{ buckets: 0 }]), (e) => {
    assert.ok(e instanceof RinglabError);
    assert.equal(e.code, "out_of_range");
    assert.equal(e.message, "buckets must be between 1 and 1000000, got 0");
    return true;
  });
  const stop = new AbortController();
  let terminated = false;
  const spawnDefault = async () => {
    // The package's own worker, through the same script the default spawns.
    const { Worker } = await import("node:worker_threads");
    const w = new Worker(new URL("../../web/lib/dist/lab-worker.js", import.meta.url));
    return {
      postMessage: (m) => w.postMessage(m),
      listen(receive, fail) {
        w.on("message", receive);
        w.on("error", fail);
      },
      terminate: () => {
        terminated = true;
        void w.terminate();
      },
    };
  };
  // A run long enough that the first row's progress comes well before its end.
  const run = runInWorker([{ buckets: 20000, keysPerBucket: 100 }], {
    spawn: spawnDefault,
    signal: stop.signal,
    onProgress: () => stop.abort(new Error("cancelled")),
  });
  await assert.rejects(run, { message: "cancelled" });
  assert.ok(terminated);
});

// `ringlab lab --claims --json`'s lines, as objects: what claims() gives, field for field.
async function cliClaims(args) {
  return (await cliOut(["lab", "--claims", ...args, "--json"]))
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l));
}

test("claims() gives ringlab lab --claims --json's lines, field for field, at the default seed and another", async () => {
  const claims = lab.claims();
  assert.deepEqual(claims, await cliClaims([]));
  // One claim a paper: six bucket hashers of the registry, each once.
  const registry = (await loadBuckets()).algorithms().map((a) => a.name);
  const names = claims.map((c) => c.algorithm);
  assert.equal(new Set(names).size, 6);
  for (const n of names) assert.ok(registry.includes(n), `${n} is a bucket hasher of the registry`);
  assert.deepEqual(lab.claims({ seed: lab.params()[2].defaultValue }), claims);
  // Every figure printed is one of its values as printed: the values are the figures' numbers.
  for (const c of claims) {
    assert.ok(Object.keys(c.values).length > 0, c.algorithm);
    assert.ok(Object.isFrozen(c) && Object.isFrozen(c.values));
    assert.equal(typeof c.holds, "boolean");
  }
  assert.equal(claims.find((c) => c.algorithm === "multiprobe").values.ratio.toFixed(3), claims[2].ringlab);
  assert.equal(`${claims.find((c) => c.algorithm === "dx").values.share.toFixed(2)} %`, claims[5].ringlab);
  assert.deepEqual(lab.claims({ seed: -7 }), await cliClaims(["--seed", "-7"]));
});

test("claims(): bad options give the command line's errors, as RinglabError", async () => {
  const cli = await runCli(["lab", "--claims", "--seed", `${2 ** 53}`]);
  assert.equal(cli.exitCode, 2);
  assert.throws(
    () => lab.claims({ seed: 2 ** 53 }),
    (e) => {
      assert.ok(e instanceof RinglabError);
      assert.deepEqual([e.code, e.rule, e.param], [cli.code, cli.rule, "seed"]);
      assert.equal(`ringlab: ${e.message.replace(/^seed /, "--seed ")}\n`, cli.err);
      return true;
    },
  );
  assert.throws(() => lab.claims({ seed: "16" }), { code: "invalid_type", param: "seed" });
  assert.throws(() => lab.claims({ buckets: 10 }), { code: "invalid_argument", rule: "unknownOption" });
  assert.throws(() => lab.claims(7), { code: "invalid_type" });
});

test("claimsInWorker: the same claims in a Node worker; a bad seed rejects with the module's error", async () => {
  assert.deepEqual(await claimsInWorker({ seed: 3 }), lab.claims({ seed: 3 }));
  await assert.rejects(claimsInWorker({ seed: 0.5 }), (e) => {
    assert.ok(e instanceof RinglabError);
    assert.equal(e.code, "invalid_argument");
    assert.equal(e.message, "seed must be a safe integer, got 0.5");
    return true;
  });
  await assert.rejects(claimsInWorker({}, { bogus: 1 }), { code: "invalid_argument" });
  const stop = new AbortController();
  stop.abort(new Error("cancelled"));
  await assert.rejects(claimsInWorker({}, { signal: stop.signal }), { message: "cancelled" });
});
