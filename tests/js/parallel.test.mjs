// A comparison or an experiment in parts and across workers: rl.comparisonRun and rl.experimentRun
// on several module instances, any cut of the chunks, give rl.compare's rows and the experiments'
// results byte for byte; compareInWorkers and runInWorkers (ringlab/parallel) do so on 1, 2 and 3
// worker threads, report progress, reject bad input with the module's own error, and stop every
// worker on abort.
import assert from "node:assert/strict";
import test from "node:test";
import { load, RinglabError } from "ringlab";
import { compareInWorkers, runInWorkers } from "ringlab/parallel";

const rl = await load();
// Three independent instances, as three workers would have.
const instances = [rl, await load({ wasmUrl: new URL("../../web/lib/dist/wasm/ringlab.wasm", import.meta.url) })];
instances.push(await load({ wasmUrl: new URL("../../web/lib/dist/wasm/ringlab.wasm", import.meta.url) }));

// The rows without their build times (wall clock).
const text = (rows) => JSON.stringify(rows.map(({ buildMs, ...r }) => r));

const scenarios = [
  { servers: 12, vnodes: 160, keys: 120000, change: "remove:S5" },
  { servers: 10, keys: 200003, change: "add" },
  { servers: ["a", { name: "b", weight: 2 }, "c", "d"], keys: 150000, change: "weight:c=3" },
  { servers: 7, keys: 131072, change: "fail:S6" },
  { servers: 3, keys: 1, change: "add:Z" },
  { servers: 5, keys: 0 },
];

// A deterministic shuffle (no Math.random in a test).
function shuffled(values, seed) {
  const out = [...values];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

test("comparisonRun: any cut of the chunks over three modules gives compare()'s rows", () => {
  for (const [n, sc] of scenarios.entries()) {
    const expected = text(rl.compare(sc));
    const runs = instances.map((m) => m.comparisonRun(sc));
    try {
      const chunks = runs[0].chunks;
      assert.equal(chunks, Math.ceil((sc.keys ?? 20000) / 65536));
      const tallies = runs.map((r) => r.tally());
      for (const [i, c] of shuffled([...Array(chunks).keys()], n + 1).entries()) {
        const w = i % runs.length;
        tallies[w] = runs[w].place(c, c + 1, tallies[w]);
      }
      for (let c = 0; c < chunks; c++) tallies[2] = runs[2].placeBounded(c, c + 1, tallies[2]);
      const sum = runs[2].tally();
      for (const t of tallies) t.forEach((v, i) => (sum[i] += v));
      assert.equal(text(runs[2].rows(sum)), expected, `scenario ${n}`);
    } finally {
      for (const r of runs) r.dispose();
    }
  }
});

test("comparisonRun: a range, an order or a tally that is not the run's is a named error; the heap comes back", () => {
  const before = rl.memory().heapUsed;
  const run = rl.comparisonRun({ servers: 5, keys: 200000 });
  const t = run.tally();
  const error = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof RinglabError);
      return `${e.code}: ${e.message}`;
    }
    return "no error";
  };
  assert.equal(run.chunks, 4);
  assert.equal(
    error(() => run.place(3, 5, t)),
    "invalid_argument: chunks 3 .. 5 are not a range of the run's 4 chunks",
  );
  assert.equal(
    error(() => run.place(-1, 1, t)),
    "invalid_argument: a chunk's number must be a whole number from 0, got -1",
  );
  assert.equal(
    error(() => run.place(0.5, 1, t)),
    "invalid_argument: a chunk's number must be a whole number from 0, got 0.5",
  );
  assert.equal(
    error(() => run.place(0, "1", t)),
    "invalid_type: end must be a number, got string",
  );
  assert.match(
    error(() => run.place(0, 1, new Float64Array(3))),
    /^invalid_argument: a tally of 3 counts is not this run's \(\d+\)$/,
  );
  assert.equal(
    error(() => run.place(0, 1, [0, 0])),
    "invalid_type: tally must be a Float64Array, got an array",
  );
  const bad = run.tally();
  bad[1] = Number.NaN;
  assert.equal(
    error(() => run.rows(bad)),
    "invalid_argument: a tally's count must be a whole number from 0, got NaN",
  );
  bad[1] = -2;
  assert.equal(
    error(() => run.place(0, 1, bad)),
    "invalid_argument: a tally's count must be a whole number from 0, got -2",
  );
  assert.equal(
    error(() => run.placeBounded(1, 2, t)),
    "invalid_argument: bounded loads places its chunks in order: the next is chunk 0, not 1",
  );
  // The tally given is not changed: each call returns a new one.
  const placed = run.place(0, 1, t);
  assert.ok(t.every((v) => v === 0) && placed.some((v) => v > 0));
  run.dispose();
  assert.equal(
    error(() => run.place(0, 1, t)),
    "disposed: this comparison run was disposed",
  );
  for (let i = 0; i < 20; i++) {
    const r = rl.comparisonRun({ servers: 50, keys: 70000, change: "remove:S3" });
    r.rows(r.placeBounded(0, r.chunks, r.place(0, r.chunks, r.tally())));
    error(() => r.placeBounded(1, 2, r.tally()));
    r.dispose();
  }
  assert.equal(rl.memory().heapUsed, before);
});

test("compareInWorkers: 1, 2 and 3 worker threads give compare()'s rows, with progress to the end", async () => {
  for (const sc of scenarios.slice(0, 3)) {
    const expected = text(rl.compare(sc));
    for (const threads of [1, 2, 3]) {
      const seen = [];
      const rows = await compareInWorkers(
        { ...sc, threads },
        { onProgress: (done, total) => seen.push([done, total]) },
      );
      assert.equal(text(rows), expected, `${JSON.stringify(sc)} on ${threads} workers`);
      const total = 2 * Math.ceil(sc.keys / 65536);
      assert.deepEqual(seen[0], [0, total]);
      assert.deepEqual(seen.at(-1), [total, total]);
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i][0] > seen[i - 1][0]);
    }
  }
});

// Workers started and ended, counted around the package's own worker script, and the messages
// sent to them.
async function countingSpawn() {
  const { Worker } = await import("node:worker_threads");
  const counts = { started: 0, ended: 0 };
  const sentTo = [];
  const spawn = () => {
    counts.started++;
    const w = new Worker(new URL("../../web/lib/dist/parallel-worker.js", import.meta.url));
    const sent = [];
    sentTo.push(sent);
    return {
      postMessage: (m) => (sent.push(m), w.postMessage(m)),
      listen(receive, fail) {
        w.on("message", receive);
        w.on("error", fail);
      },
      terminate: () => {
        counts.ended++;
        void w.terminate();
      },
    };
  };
  return { counts, spawn, sentTo };
}

test("compareInWorkers: the first worker compiles the module, the others are handed it", async () => {
  const { counts, spawn, sentTo } = await countingSpawn();
  const rl = await load();
  const scenario = { servers: 7, vnodes: 20, keys: 300_000, change: "add" };
  const strip = (rs) => JSON.stringify(rs.map(({ buildMs, ...r }) => r));
  assert.equal(strip(await compareInWorkers({ ...scenario, threads: 3 }, { spawn })), strip(rl.compare(scenario)));
  assert.equal(counts.started, 3);
  const starts = sentTo.map((sent) => sent.find((m) => m.op === "start"));
  assert.equal(starts[0].wasm, undefined);
  for (const s of starts.slice(1)) assert.ok(s.wasm instanceof WebAssembly.Module);
});

test("compareInWorkers: a bad scenario is the module's own error, before a second worker starts", async () => {
  for (const bad of [{ servers: 0 }, { keys: 1e9 }, { change: "remove:nobody" }, { threads: 0 }, { servers: [] }]) {
    let expected;
    try {
      rl.compare(bad);
    } catch (e) {
      expected = e;
    }
    assert.ok(expected instanceof RinglabError, JSON.stringify(bad));
    const { counts, spawn } = await countingSpawn();
    await assert.rejects(compareInWorkers({ ...bad }, { spawn }), (e) => {
      assert.ok(e instanceof RinglabError);
      assert.equal(e.code, expected.code);
      assert.equal(e.message, expected.message);
      return true;
    });
    assert.deepEqual(counts, { started: 1, ended: 1 });
  }
  await assert.rejects(compareInWorkers({}, { workers: 2 }), {
    name: "RinglabError",
    code: "invalid_argument",
    message: 'unknown compareInWorkers() option "workers"',
  });
  await assert.rejects(compareInWorkers({}, { onProgress: 1 }), { code: "invalid_type" });
});

test("compareInWorkers: abort stops every worker and rejects with the signal's reason", async () => {
  const { counts, spawn } = await countingSpawn();
  const ac = new AbortController();
  let progressed = 0;
  const run = compareInWorkers(
    { servers: 100, keys: 20_000_000, threads: 2 },
    {
      spawn,
      signal: ac.signal,
      onProgress: (done) => {
        progressed = done;
        if (done > 0) ac.abort(new Error("enough"));
      },
    },
  );
  await assert.rejects(run, { message: "enough" });
  assert.ok(progressed > 0 && progressed < 2 * Math.ceil(20_000_000 / 65536));
  assert.equal(counts.ended, counts.started);
  // An aborted signal starts nothing.
  const gone = await countingSpawn();
  await assert.rejects(compareInWorkers({}, { spawn: gone.spawn, signal: AbortSignal.abort() }), {
    name: "AbortError",
  });
  assert.deepEqual(gone.counts, { started: 0, ended: 0 });
});

const experiments = [
  ["ring-vs-mod", "ringVsMod", { keys: 300001, servers: 9, vnodes: 40 }],
  ["vnode-sweep", "vnodeSweep", { keys: 200000, servers: 7 }],
  // 1000 x (9000 + 8000 + 1) points: more than 2^24 together, so two steps of rings.
  ["vnode-sweep", "vnodeSweep", { keys: 100000, servers: 1000, vnodes: [9000, 8000, 1] }],
  ["hrw-jump", "hrwJump", { keys: 140000, servers: 12, remove: 3, buckets: 11 }],
];

// Each experiment's result in this process, and the work its onProgress counts in all: computed
// once for the two tests below that compare with it (the third experiment alone builds rings of 17
// million points; onProgress only watches the run, the result is the same without it).
const answers = new Map();
function answer(n) {
  if (!answers.has(n)) {
    const [, method, options] = experiments[n];
    let total;
    const result = rl[method]({ ...options, onProgress: (done, all) => (total = all) });
    answers.set(n, { result, total });
  }
  return answers.get(n);
}

test("experimentRun: any cut of every step's chunks over three modules gives the experiment's result", () => {
  for (const [n, [name, , options]] of experiments.entries()) {
    const expected = answer(n).result;
    const runs = instances.map((m) => m.experimentRun(name, options));
    try {
      const tallies = runs.map((r) => r.tally());
      for (let step = 0; step < runs[0].steps; step++)
        for (const [i, c] of shuffled([...Array(runs[0].chunks).keys()], n + step + 1).entries()) {
          const w = i % runs.length;
          tallies[w] = runs[w].place(step, c, c + 1, tallies[w]);
        }
      const sum = runs[0].tally();
      for (const t of tallies) t.forEach((v, i) => (sum[i] += v));
      assert.deepEqual(runs[1].result(sum), expected, `${name} ${JSON.stringify(options)}`);
    } finally {
      for (const r of runs) r.dispose();
    }
  }
  assert.throws(() => rl.experimentRun("sweep"), {
    name: "RinglabError",
    code: "invalid_argument",
    message: 'experiment must be ring-vs-mod, vnode-sweep or hrw-jump, got "sweep"',
  });
  assert.throws(() => rl.experimentRun("hrw-jump", { onProgress: () => {} }), { code: "invalid_argument" });
  const run = rl.experimentRun("ring-vs-mod", { keys: 100000 });
  assert.throws(() => run.place(1, 0, 1, run.tally()), {
    code: "invalid_argument",
    message: "step 1 is not one of the run's 1 steps",
  });
  assert.equal(run.work(0, 0, run.chunks), 100000);
  run.dispose();
});

test("runInWorkers: 1, 2 and 3 worker threads give each experiment's result, with its progress", async () => {
  for (const [n, [name, , options]] of experiments.entries()) {
    const { result: expected, total } = answer(n);
    for (const threads of [1, 2, 3]) {
      const seen = [];
      const result = await runInWorkers(name, { ...options, threads }, { onProgress: (d, t) => seen.push([d, t]) });
      assert.deepEqual(result, expected, `${name} on ${threads} workers`);
      assert.deepEqual(seen[0], [0, total]);
      assert.deepEqual(seen.at(-1), [total, total]);
    }
  }
  for (const [name, method, bad] of [
    ["ring-vs-mod", "ringVsMod", { servers: 0 }],
    ["vnode-sweep", "vnodeSweep", { vnodes: [] }],
    ["hrw-jump", "hrwJump", { remove: 99 }],
    ["hrw-jump", "hrwJump", { threads: 257 }],
  ]) {
    let expected;
    try {
      rl[method](bad);
    } catch (e) {
      expected = e;
    }
    assert.ok(expected instanceof RinglabError, `${name} ${JSON.stringify(bad)}`);
    await assert.rejects(runInWorkers(name, bad), {
      name: "RinglabError",
      code: expected.code,
      message: expected.message,
    });
  }
});
