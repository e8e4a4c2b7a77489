// ringlab/placers: one handle for every placer of the server seam, held to the registry (its
// algorithms and their options, membership and traits), to the main module's own classes
// (rl.ring, rl.maglev, ...) and to `ringlab server` (the WASM CLI, and the native one when built)
// on random servers, options, membership operations and keys; its traces to `ringlab server
// --trace`; its errors to the command line's; its types' refusals and its lifetime.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { load as loadMain, RinglabError } from "ringlab";
import { load, RinglabError as PlacersError } from "ringlab/placers";
import { registryJson } from "../../scripts/gen-algorithms.mjs";
import { applyPlacerOps, cliJs, placerCliArgs, placerScenarios, referencePlacement, root } from "./helpers.mjs";

const rl = await loadMain();
const placers = await load();
const registry = JSON.parse(registryJson([process.execPath, cliJs]));
const { runCli } = await import(pathToFileURL(cliJs).href);
const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const scenarios = placerScenarios(placers.algorithms(), 2026, 6);

/** A scenario's placer, built and with its operations applied. */
function built(s) {
  const p = placers.placer(s.algorithm, { servers: s.servers, ...s.options });
  applyPlacerOps(p, s.ops);
  return p;
}

test("algorithms() are the registry's placers, in its order, with their rows, membership and traits", () => {
  const placerEntries = registry.filter((a) => a.placer !== null);
  assert.ok(placerEntries.length >= 7, `${placerEntries.length} placers`);
  assert.deepEqual(
    placers
      .algorithms()
      .map((a) => [a.name, [...a.options], [...a.membership], a.removal, a.weights, a.zones, a.traces, a.preference]),
    placerEntries.map((a) => [
      a.name,
      [...a.placer.options.map((o) => o.name), ...(a.zones ? ["zone"] : [])],
      a.membership,
      a.removal,
      a.weights,
      a.zones,
      a.placer.traces,
      a.placer.preference,
    ]),
  );
  assert.ok(placers.algorithms().every((a) => Object.isFrozen(a) && Object.isFrozen(a.options)));
  assert.deepEqual(placers.stepKinds(), ["hash", "search", "owner", "score", "slot", "full", "answer"]);
});

test("every placer answers what the main module's class answers, after random membership operations", () => {
  assert.ok(scenarios.some((s) => s.ops.length > 0));
  for (const s of scenarios) {
    const want = referencePlacement(rl, s);
    const p = built(s);
    const servers = p.servers();
    const many = p.placeMany(s.keys);
    assert.ok(many instanceof Uint32Array && many.length === s.keys.length);
    assert.deepEqual(
      Array.from(many, (i) => servers[i]),
      want,
      `${s.algorithm} ${JSON.stringify(s.servers)} ${JSON.stringify(s.options)} ${s.ops}`,
    );
    // A key alone: its server, by place and by name (bounded loads' batch of one aside, whose
    // capacity is for one key: its first choice).
    if (s.algorithm !== "bounded") {
      for (const [i, k] of s.keys.entries()) assert.deepEqual(p.place(k), { index: many[i], server: want[i] }, k);
    }
    assert.equal(p.size, servers.length);
    p.dispose();
  }
});

test("every placer answers what `ringlab server` prints, on the WASM CLI and the native one", async () => {
  const hasNative = existsSync(native);
  for (const s of scenarios) {
    const p = built(s);
    const servers = p.servers();
    const want = Array.from(p.placeMany(s.keys), (i) => `${servers[i]}\n`).join("");
    const args = placerCliArgs(s);
    const r = await runCli(args);
    assert.deepEqual([r.exitCode, r.err, r.out], [0, "", want], args.join(" "));
    if (hasNative) {
      const n = spawnSync(native, args, { encoding: "utf8" });
      assert.deepEqual([n.status, n.stderr, n.stdout], [0, "", want], args.join(" "));
    }
    p.dispose();
  }
});

test("a trace is `ringlab server --trace`'s: its steps' kinds, fields and servers, the answer last", async () => {
  // The fields as `ringlab server --trace` prints each kind's (placers.hpp).
  const text = (p, servers, s) => {
    const name = (i) => (i === 0xffffffff ? "none" : servers[i]);
    const fields = {
      hash: [["value", s.value]],
      search: [
        ["lo", s.lo],
        ["hi", s.hi],
        ["point", s.point],
        ["token", s.value],
        ["right", s.right ? "yes" : "no"],
      ],
      owner: [
        ["point", s.point],
        ["token", s.value],
        ["server", name(s.server)],
      ],
      score: [
        ["server", name(s.server)],
        ["value", s.value],
        ...(p.algorithm === "weighted-rendezvous" ? [["weighted", s.score]] : []),
      ],
      slot: [
        ["slot", s.point],
        ["of", s.hi],
        ["server", name(s.server)],
      ],
      full: [
        ["point", s.point],
        ["server", name(s.server)],
        ["load", s.value],
        ["capacity", s.hi],
      ],
      answer: [["server", name(s.server)]],
    }[s.kind];
    return [s.kind, ...fields.map(([k, v]) => `${k}=${v}`)].join(" ");
  };
  const kinds = new Set();
  const shown = (p, servers, traces) =>
    traces.map((steps) => steps.map((st) => text(p, servers, st) + "\n").join("")).join("\n");
  // Bounded loads with room for two keys a server on one point each: k4's walk passes a full
  // server (docs/algorithms.md#server-placers), so every kind of step is among these.
  const walks = {
    algorithm: "bounded",
    servers: [{ name: "a" }, { name: "b" }, { name: "c" }],
    options: { vnodes: 1, epsilon: 0.01 },
    ops: [],
    keys: ["k1", "k2", "k3", "k4"],
  };
  for (const s of [...scenarios.filter((_, i) => i % 2 === 0), walks]) {
    const p = built(s);
    const servers = p.servers();
    const keys = s.keys.slice(0, 12);
    // The batch: each key's steps within it, ending in placeMany's answer (bounded loads' walks
    // past full servers are the batch's).
    const traces = p.traceMany(keys);
    assert.deepEqual(
      traces.map((steps) => steps.at(-1).server),
      Array.from(p.placeMany(keys)),
    );
    for (const steps of traces) {
      assert.equal(steps.at(-1).kind, "answer");
      if (p.traces) assert.ok(steps.length > 1, `${s.algorithm}: more than the answer`);
      for (const st of steps) kinds.add(st.kind);
    }
    const batch = await runCli([...placerCliArgs({ ...s, keys: [] }), "--trace", ...keys]);
    assert.deepEqual([batch.err, batch.out], ["", shown(p, servers, traces)], `${s.algorithm} --trace`);
    // A key alone: its trace is `--trace` of that key, and ends in place()'s answer.
    for (const k of keys.slice(0, 3)) {
      const steps = p.trace(k);
      assert.equal(steps.at(-1).server, p.place(k).index);
      const r = await runCli([...placerCliArgs({ ...s, keys: [] }), "--trace", k]);
      assert.deepEqual([r.err, r.out], ["", shown(p, servers, [steps])], `${s.algorithm} ${k}`);
    }
    p.dispose();
  }
  assert.deepEqual([...kinds].sort(), [...placers.stepKinds()].sort(), "every kind of step is seen");
});

test("weighted rendezvous scores with Math.log's bits: the package, the WASM CLI and the native CLI trace alike", async () => {
  // −w / ln(u) with u = score / 2^32 (docs/algorithms.md). key31890-0 is a key whose weighted score
  // a C library's log put a last bit apart between the native build and the WebAssembly one.
  const servers = [
    { name: "node-0", weight: 2 },
    { name: "s1", weight: 0.5 },
    { name: "s2", weight: 1.25 },
  ];
  const keys = ["key31890-0", ...Array.from({ length: 600 }, (_, i) => `key${i * 53}-${i % 7}`)];
  const p = placers.placer("weighted-rendezvous", { servers });
  const traces = p.traceMany(keys);
  let scored = 0;
  for (const steps of traces) {
    for (const st of steps.filter((x) => x.kind === "score")) {
      const w = servers[st.server].weight;
      assert.equal(st.score, st.value === 0n ? 0 : -w / Math.log(Number(st.value) / 4294967296), `${st.value}`);
      scored++;
    }
  }
  assert.equal(scored, keys.length * servers.length);
  const shown = traces
    .map((steps) =>
      steps
        .map((st) =>
          st.kind === "score"
            ? `score server=${servers[st.server].name} value=${st.value} weighted=${st.score}\n`
            : `answer server=${servers[st.server].name}\n`,
        )
        .join(""),
    )
    .join("\n");
  const args = [
    "server",
    "weighted-rendezvous",
    "--servers",
    servers.map((x) => x.name).join(","),
    "--weights",
    servers.map((x) => x.weight).join(","),
    "--trace",
    ...keys,
  ];
  const r = await runCli(args);
  assert.deepEqual([r.exitCode, r.err, r.out], [0, "", shown], "the WASM CLI");
  if (existsSync(native)) {
    const n = spawnSync(native, args, { encoding: "utf8" });
    assert.deepEqual([n.status, n.stderr, n.stdout], [0, "", shown], "the native CLI");
  }
  p.dispose();
});

test("a preference list is `ringlab server --preference N`'s, on the WASM CLI and the native one", async () => {
  const hasNative = existsSync(native);
  const listing = placers.algorithms().filter((a) => a.preference);
  assert.ok(listing.length >= 4, `${listing.length} placers with a preference list`);
  for (const s of scenarios.filter((x) => listing.some((a) => a.name === x.algorithm))) {
    const p = built(s);
    const servers = p.servers();
    for (const n of new Set([1, Math.min(2, p.size), p.size])) {
      const many = p.preferenceMany(s.keys, n);
      assert.ok(many instanceof Uint32Array && many.length === s.keys.length * n);
      const lists = s.keys.map((_, i) => Array.from(many.subarray(i * n, (i + 1) * n), (j) => servers[j]));
      for (const [i, k] of s.keys.entries()) {
        assert.deepEqual(p.preference(k, n), lists[i], k);
        assert.equal(lists[i][0], p.place(k).server, k);
        assert.equal(new Set(lists[i]).size, n, k);
      }
      const args = [...placerCliArgs({ ...s, keys: [] }), "--preference", String(n), ...s.keys];
      const want = lists.map((l) => `${l.join(",")}\n`).join("");
      const r = await runCli(args);
      assert.deepEqual([r.exitCode, r.err, r.out], [0, "", want], args.join(" "));
      if (hasNative) {
        const c = spawnSync(native, args, { encoding: "utf8" });
        assert.deepEqual([c.status, c.stderr, c.stdout], [0, "", want], args.join(" "));
      }
      const out = new Uint32Array(s.keys.length * n);
      assert.equal(p.preferenceMany(s.keys, n, out), out);
      assert.deepEqual(out, many);
    }
    p.dispose();
  }
});

test("membership follows the registry: a placer without an operation refuses it, as the command line does", () => {
  for (const a of placers.algorithms()) {
    const s = placerScenarios([a], 7, 1)[0];
    const p = built(s);
    for (const op of ["add", "remove", "reweight"]) {
      if (a.membership.includes(op)) continue;
      assert.throws(
        () => p[op](...(op === "reweight" ? [s.servers[0].name, 2] : [s.servers[0].name])),
        (e) => e instanceof RinglabError && e.code === "invalid_argument" && e.rule === "noMembership",
        `${a.name} ${op}`,
      );
    }
    p.dispose();
  }
  // A ring's servers change and the numbering follows the list.
  const ring = placers.placer("ring", { servers: ["a", "b", "c"], vnodes: 10 });
  ring.remove("a");
  ring.add({ name: "d", weight: 2, zone: "z" });
  ring.reweight("b", 3);
  assert.deepEqual(ring.servers(), ["b", "c", "d"]);
  ring.dispose();
});

test("errors are RinglabErrors with the command line's code and message", async () => {
  assert.equal(PlacersError, RinglabError);
  const cases = [
    [
      ["jump", { servers: ["a"] }],
      ["server", "jump", "--servers", "a", "k"],
    ],
    [
      ["maglev", { servers: ["a", "b"], tableSize: 8 }],
      ["server", "maglev", "--servers", "a,b", "--table", "8", "k"],
    ],
    [
      ["rendezvous", { servers: ["a", "a"] }],
      ["server", "rendezvous", "--servers", "a,a", "k"],
    ],
    [
      ["bounded", { servers: ["a"] }],
      ["server", "bounded", "--servers", "a", "k"],
    ],
  ];
  for (const [[name, options], cli] of cases) {
    let e;
    try {
      placers.placer(name, options);
    } catch (x) {
      e = x;
    }
    assert.ok(e instanceof RinglabError, name);
    const r = await runCli(cli);
    assert.deepEqual([r.exitCode, r.code, r.rule], [2, e.code, e.rule], name);
    assert.ok(r.err.endsWith(`${e.message.slice(e.message.indexOf(" "))}\n`), `${r.err} / ${e.message}`);
  }
  // What the wrapper refuses before the core: a type, an unknown key.
  assert.throws(
    () => placers.placer("ring", { servers: "a" }),
    (e) => e.code === "invalid_type",
  );
  assert.throws(
    () => placers.placer("ring", { servers: [1] }),
    (e) => e.code === "invalid_type",
  );
  assert.throws(
    () => placers.placer("ring", { servers: ["a"], vnode: 3 }),
    (e) => e.rule === "unknownOption",
  );
  assert.throws(
    () => placers.placer("ring", { servers: [{ name: "a", wieght: 2 }] }),
    (e) => e.rule === "unknownOption",
  );
  const ring = placers.placer("ring", { servers: ["a"] });
  assert.throws(
    () => ring.place(42),
    (e) => e.code === "invalid_type",
  );
  assert.throws(
    () => ring.placeMany(["a", 1]),
    (e) => e.code === "invalid_type",
  );
  assert.throws(
    () => ring.placeMany(["a"], new Uint32Array(2)),
    (e) => e.code === "invalid_type",
  );
  // The module keeps working after each.
  assert.equal(ring.place("k").server, "a");
  ring.dispose();
});

test("placeMany fills `out` when given; a disposed placer refuses every call", () => {
  const p = placers.placer("maglev", { servers: ["a", "b", "c"], tableSize: 13 });
  const keys = ["k1", "k2", "k3", "k4"];
  const out = new Uint32Array(keys.length);
  assert.equal(p.placeMany(keys, out), out);
  assert.deepEqual(out, p.placeMany(keys));
  p.dispose();
  assert.ok(p.disposed);
  assert.throws(
    () => p.place("k"),
    (e) => e instanceof RinglabError && e.code === "disposed",
  );
  p.dispose(); // twice is harmless
});
