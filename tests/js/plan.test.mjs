// ringlab/plan: the migration plans as typed values, held to `ringlab plan --json` (the WASM CLI)
// on random clusters and options, field for field: the steps and their units, every node's share
// before and after, the warnings, the stop point and the alternatives; its errors to the command
// line's; its module apart from every other entry's.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { RinglabError } from "ringlab";
import { load, RinglabError as PlanError } from "ringlab/plan";
import { cliJs, decimalFigures, prng, quoteLongIntegers, root } from "./helpers.mjs";

const plans = await load();
const { runCli } = await import(pathToFileURL(cliJs).href);
const tmp = mkdtempSync(path.join(tmpdir(), "ringlab-plan-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));

const SLOTS = 16384;
// The command line's message in the package's words: the parameter spelled without its flag's
// dashes (--to on the command line, to here).
const messageOf = (err) =>
  err
    .replace(/^ringlab: /, "")
    .replace(/(^|\s)--([a-z]+)\b/g, "$1$2")
    .trimEnd();
const idOf = (i) => String.fromCharCode(97 + i).repeat(2) + `${i}`.repeat(38);

// A random cluster as CLUSTER NODES text: 2 to 6 masters holding runs of slots (a fragmented
// layout where the runs are many), some masters empty, a replica, the line marked myself anywhere.
function cluster(next) {
  const masters = 2 + (next() % 5);
  const empty = new Set(Array.from({ length: masters }, (_, i) => i).filter((i) => i > 0 && next() % 4 === 0));
  const holders = Array.from({ length: masters }, (_, i) => i).filter((i) => !empty.has(i));
  const cuts = new Set([0]);
  const runs = holders.length + (next() % 12);
  while (cuts.size < runs) cuts.add(1 + (next() % (SLOTS - 1)));
  const starts = [...cuts].sort((a, b) => a - b);
  const slots = Array.from({ length: masters }, () => []);
  starts.forEach((s, i) => {
    const end = (starts[i + 1] ?? SLOTS) - 1;
    slots[i < holders.length ? holders[i] : holders[next() % holders.length]].push(s === end ? `${s}` : `${s}-${end}`);
  });
  const lines = Array.from(
    { length: masters },
    (_, i) =>
      `${idOf(i)} 127.0.0.1:${7000 + i}@${17000 + i} master - 0 1700000000000 ${i + 1} connected` +
      (slots[i].length ? ` ${slots[i].join(" ")}` : ""),
  );
  lines.push(
    `${idOf(masters)} 127.0.0.1:${7000 + masters}@${17000 + masters} slave ${idOf(0)} 0 1700000000000 1 connected`,
  );
  const me = next() % masters;
  lines[me] = lines[me].replace(" master ", " myself,master ");
  for (let i = lines.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [lines[i], lines[j]] = [lines[j], lines[i]];
  }
  return { text: `${lines.join("\n")}\n`, masters, empty, slots };
}

// `ringlab plan --json`'s lines as Plans (one a summary line: `plan kafka --partitioner all`
// prints three): each step's units under the plan's unit's name, numbered (slots) or named (keys,
// ranges).
function fromJson(out) {
  const plans = [];
  let steps = [];
  const stepOf = (s) => ({
    from: s.from,
    to: s.to,
    units: Array.from(s.slots ?? []),
    names: s.keys ?? s.ranges ?? [],
    bytes: s.bytes ?? null,
  });
  for (const line of out
    .trim()
    .split("\n")
    .map((l) => JSON.parse(quoteLongIntegers(l)))) {
    if (line.summary === undefined) {
      steps.push(line);
      continue;
    }
    const summary = line.summary;
    plans.push({
      system: summary.system,
      tool: summary.tool,
      operation: summary.operation,
      exactness: summary.exactness,
      steps: steps.map(stepOf),
      moved: summary.moved,
      nodes: summary.nodes,
      warnings: summary.warnings,
      note: summary.note,
      stops: summary.stops,
      alternatives: summary.alternatives.map((a) => ({
        label: a.label,
        exactness: a.exactness,
        steps: a.steps.map(stepOf),
        nodes: a.nodes,
      })),
      keys: summary.keys ?? [],
      hashSpace:
        summary.space === undefined
          ? null
          : {
              hashes: summary.space.hashes,
              exactness: summary.space.exactness,
              size: summary.space.size,
              moved: summary.space.moved,
              fraction: summary.space.fraction,
              percent: summary.space.percent,
            },
      ranges: summary.ranges === undefined ? null : summary.ranges.map((r) => ({ ...r, bytes: r.bytes ?? null })),
      bytes: summary.bytes ?? null,
    });
    steps = [];
  }
  return decimalFigures(plans);
}

// A Plan as plain data, to compare with the command line's.
function plain(p) {
  const steps = (list) =>
    list.map((s) => ({ from: s.from, to: s.to, units: Array.from(s.units), names: [...s.names], bytes: s.bytes }));
  const nodes = (list) => list.map((n) => ({ node: n.node, before: { ...n.before }, after: { ...n.after } }));
  return decimalFigures({
    system: p.system,
    tool: p.tool,
    operation: p.operation,
    exactness: p.exactness,
    steps: steps(p.steps),
    moved: p.moved,
    nodes: nodes(p.nodes),
    warnings: p.warnings.map((w) => ({ ...w })),
    note: p.note,
    stops: p.stops === null ? null : { moved: p.stops.moved, nodes: nodes(p.stops.nodes) },
    alternatives: p.alternatives.map((a) => ({
      label: a.label,
      exactness: a.exactness,
      steps: steps(a.steps),
      nodes: nodes(a.nodes),
    })),
    keys: p.keys.map((k) => ({ ...k })),
    hashSpace: p.hashSpace === null ? null : { ...p.hashSpace },
    ranges: p.ranges === null ? null : p.ranges.map((r) => ({ ...r, before: [...r.before], after: [...r.after] })),
    bytes: p.bytes === null ? null : { ...p.bytes },
  });
}

// The package's answer and the command line's, for the same cluster and options: equal plans, or
// the same error (code, rule and message).
async function same(call, args, what) {
  let plan;
  let error;
  try {
    plan = call();
  } catch (e) {
    error = e;
  }
  const r = await runCli([...args, "--json"]);
  if (error !== undefined) {
    assert.ok(error instanceof RinglabError, `${what}: ${error}`);
    assert.deepEqual([r.exitCode, r.code, r.rule], [2, error.code, error.rule], `${what}: ${r.err}`);
    return "error";
  }
  assert.deepEqual([r.exitCode, r.err], [0, ""], what);
  assert.deepEqual([plain(plan)], fromJson(r.out), what);
  assert.equal(plan.space, SLOTS);
  assert.equal(plan.unit, "slots");
  assert.ok(plan.steps.every((s) => s.units instanceof Uint32Array));
  return plan.steps.length > 0 ? "moves" : "none";
}

test("rebalance is `ringlab plan redis rebalance`'s on random clusters, weights and thresholds", async () => {
  const next = prng(2026);
  const seen = new Set();
  for (let c = 0; c < 40; c++) {
    const { text, masters } = cluster(next);
    const file = path.join(tmp, `rebalance-${c}.txt`);
    writeFileSync(file, text);
    const options = { nodes: text };
    const args = ["plan", "redis", "rebalance", "--nodes", file];
    if (next() % 2 === 0) {
      const weights = {};
      for (let i = 0; i < masters; i++) {
        if (next() % 3 === 0) {
          const w = [0, 0.5, 2, 3][next() % 4];
          weights[idOf(i).slice(0, 8 + (next() % 32))] = w;
        }
      }
      options.weights = weights;
      for (const [id, w] of Object.entries(weights)) args.push("--weight", `${id}=${w}`);
    }
    if (next() % 3 === 0) {
      options.useEmptyMasters = true;
      args.push("--use-empty-masters");
    }
    if (next() % 4 === 0) {
      options.threshold = [0, 1, 10][next() % 3];
      args.push("--threshold", String(options.threshold));
    }
    seen.add(await same(() => plans.redis.rebalance(options), args, `rebalance ${c}: ${args.join(" ")}`));
  }
  assert.ok(seen.has("moves"), [...seen].join());
});

test("reshard is `ringlab plan redis reshard`'s, shortfall and all", async () => {
  const next = prng(7);
  let shortfalls = 0;
  for (let c = 0; c < 40; c++) {
    const { text, masters } = cluster(next);
    const file = path.join(tmp, `reshard-${c}.txt`);
    writeFileSync(file, text);
    const to = idOf(next() % masters);
    const all = next() % 2 === 0;
    const from = all
      ? "all"
      : [...new Set(Array.from({ length: 1 + (next() % 2) }, () => idOf(next() % masters)))].filter((id) => id !== to);
    if (from.length === 0) continue;
    const slots = [1, 11, 100, 1000, 5000][next() % 5];
    const args = ["plan", "redis", "reshard", "--nodes", file, "--from", all ? "all" : from.join(","), "--to", to];
    args.push("--slots", String(slots));
    const kind = await same(() => plans.redis.reshard({ nodes: text, from, to, slots }), args, `reshard ${c}`);
    if (kind !== "error") {
      const p = plans.redis.reshard({ nodes: text, from, to, slots });
      if (p.warnings.some((w) => w.kind === "shortfall")) shortfalls++;
      assert.ok(p.moved <= slots);
    }
  }
  assert.ok(shortfalls > 0, "no random reshard fell short");
  // 11 slots from three masters of 5461, 5462 and 5461 slots: redis-cli moves 4 + 3 + 3.
  const text = readFileSync(path.join(root, "docs", "examples", "cluster-nodes.txt"), "utf8");
  const p = plans.redis.reshard({ nodes: text, from: "all", to: "d4".repeat(20), slots: 11 });
  assert.equal(p.moved, 10);
  assert.deepEqual(
    p.warnings.map((w) => w.kind),
    ["shortfall"],
  );
});

// A master's runs of slots, from the ranges the generator wrote for it (in any order, adjacent
// ones one run).
function runsOf(ranges) {
  const held = new Uint8Array(SLOTS);
  for (const r of ranges) {
    const [a, b = a] = r.split("-").map(Number);
    held.fill(1, a, b + 1);
  }
  const runs = [];
  for (let u = 0; u < SLOTS; u++) {
    if (!held[u]) continue;
    if (runs.length && runs[runs.length - 1][1] === u - 1) runs[runs.length - 1][1] = u;
    else runs.push([u, u]);
  }
  return runs;
}

test("redis.nodes is the cluster the plans read: the text's slots, each master's share before", async () => {
  const next = prng(4242);
  let read = 0;
  for (let c = 0; c < 30; c++) {
    const { text, masters, slots } = cluster(next);
    const file = path.join(tmp, `nodes-${c}.txt`);
    writeFileSync(file, text);
    const r = await runCli(["plan", "redis", "rebalance", "--nodes", file, "--use-empty-masters", "--json"]);
    let nodes;
    try {
      nodes = plans.redis.nodes(text);
    } catch (e) {
      // The generator's seventh node has an id that is no hex ("gg…"): refused by both alike.
      assert.ok(e instanceof PlanError, String(e));
      assert.deepEqual([r.exitCode, r.code, r.rule], [2, e.code, e.rule], r.err);
      assert.equal(messageOf(r.err), e.message);
      continue;
    }
    read++;
    const lines = text.trimEnd().split("\n");
    // redis-cli's order: the line marked myself first, then the others as listed.
    const me = lines.findIndex((l) => l.includes(" myself,"));
    const order = [me, ...lines.keys()].filter((l, i) => i === 0 || l !== me);
    assert.deepEqual(
      nodes.map((n) => n.line),
      order.map((l) => l + 1),
      `cluster ${c}`,
    );
    for (const n of nodes) {
      const line = lines[n.line - 1].split(" ");
      assert.deepEqual([n.id, n.address], [line[0], line[1]]);
      assert.equal(n.myself, n.line - 1 === me);
      const i = Number(n.address.split(":")[1].split("@")[0]) - 7000;
      if (i === masters) {
        // The generator's one replica follows the first master.
        assert.deepEqual([n.role, n.master, n.slots, n.slotCount], ["replica", idOf(0), [], 0]);
        continue;
      }
      const runs = runsOf(slots[i]);
      assert.deepEqual([n.role, n.master, n.slots], ["master", null, runs], `cluster ${c}, node ${n.id}`);
      assert.equal(
        n.slotCount,
        runs.reduce((sum, [a, b]) => sum + b - a + 1, 0),
      );
    }
    // Each master's share before, as the command line's plan reports it.
    assert.deepEqual([r.exitCode, r.err], [0, ""]);
    const [cli] = fromJson(r.out);
    assert.deepEqual(
      nodes
        .filter((n) => n.role === "master")
        .map((n) => ({ node: n.id, count: String(n.slotCount), ranges: String(n.slots.length) })),
      cli.nodes.map((n) => ({ node: n.node, count: n.before.count, ranges: n.before.ranges })),
      `cluster ${c}`,
    );
  }
  assert.ok(read > 20, `only ${read} clusters read`);
});

test("redis.nodes refuses a malformed CLUSTER NODES text as `ringlab plan redis` does, line and column", async () => {
  const next = prng(99);
  // Each damage is a mistake redis-cli refuses or would misread.
  const damages = [
    (l) => l.split(" ").slice(0, 7).join(" "),
    (l) => l.replace(/ connected/, " connected 16384"),
    (l) => l.replace(/ connected/, " connected [5->-" + "e".repeat(40) + "]"),
    (l) => l.replace(/ connected/, " connected 9-3"),
    (l) => l.replace(/^\S+/, "xyz"),
    (l) => l.replace(/ (myself,)?(master|slave) /, " $1$2,fail "),
    (l) => l.replace(/ myself,/, " "),
    (l) => l.replace(/ connected.*$/, " connected"),
  ];
  let refused = 0;
  for (let c = 0; c < 40; c++) {
    const { text } = cluster(next);
    const lines = text.trimEnd().split("\n");
    const at = next() % lines.length;
    lines[at] = damages[next() % damages.length](lines[at]);
    const bad = `${lines.join("\n")}\n`;
    const file = path.join(tmp, `bad-nodes-${c}.txt`);
    writeFileSync(file, bad);
    let error;
    try {
      plans.redis.nodes(bad);
    } catch (e) {
      error = e;
    }
    const r = await runCli(["plan", "redis", "rebalance", "--nodes", file, "--use-empty-masters", "--json"]);
    if (error === undefined) continue;
    refused++;
    assert.ok(error instanceof PlanError, String(error));
    assert.deepEqual([r.exitCode, r.code, r.rule], [2, error.code, error.rule], `${bad}: ${r.err}`);
    assert.equal(messageOf(r.err), error.message, bad);
  }
  assert.ok(refused > 20, `only ${refused} damaged texts refused`);
  assert.throws(
    () => plans.redis.nodes(42),
    (e) => e instanceof PlanError && e.code === "invalid_type",
  );
});

test("kafka.partitions is `ringlab plan kafka`'s on random keys, partition changes and partitioners", async () => {
  const next = prng(11);
  const alphabet = ["a", "b", "z", "0", "9", "-", ":", "é", "সা", "😀"];
  let moving = 0;
  for (let c = 0; c < 30; c++) {
    const before = 1 + (next() % 50);
    const after = before + [0, 1, before, next() % 1000][next() % 4];
    const partitions = `${before}:${after}`;
    const partitioner = [undefined, "murmur2", "consistent", "fnv1a", "all"][next() % 5];
    const keys = Array.from({ length: next() % 40 }, () =>
      Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]).join(""),
    );
    const options = { partitions, ...(partitioner && { partitioner }), ...(keys.length && { keys }) };
    const got = plans.kafka.partitions(options);
    const args = ["plan", "kafka", "--partitions", partitions, ...(partitioner ? ["--partitioner", partitioner] : [])];
    // Keys through a file: a key may begin with "-", which the command line would read as a flag.
    const file = path.join(tmp, `kafka-${c}.txt`);
    writeFileSync(file, keys.join("\n"));
    const r = await runCli([...args, "--json", ...(keys.length ? ["--keys", file] : [])]);
    assert.deepEqual([r.exitCode, r.err], [0, ""], args.join(" "));
    assert.deepEqual(got.map(plain), fromJson(r.out), `${args.join(" ")} ${keys.join(" ")}`);
    assert.equal(got.length, partitioner === "all" ? 3 : 1);
    for (const p of got) {
      assert.equal(p.moved, p.keys.filter((k) => k.moves).length);
      assert.ok(p.hashSpace !== null && p.hashSpace.moved <= p.hashSpace.size);
      moving += p.moved;
    }
  }
  assert.ok(moving > 0);
  // 6 to 12 partitions keeps about half of murmur2's hashes: exactly 2^30 + 2 of its 2^31.
  const [half] = plans.kafka.partitions({ partitions: "6:12" });
  assert.deepEqual([half.hashSpace.size, half.hashSpace.moved], [2n ** 31n, 2n ** 30n - 2n]);
  // Its errors are the command line's.
  for (const [options, cli] of [
    [{ partitions: "12:6" }, ["--partitions", "12:6"]],
    [{ partitions: "6" }, ["--partitions", "6"]],
    [{ partitions: "0:3" }, ["--partitions", "0:3"]],
    [{ partitions: "3:4", partitioner: "crc" }, ["--partitions", "3:4", "--partitioner", "crc"]],
  ]) {
    let e;
    try {
      plans.kafka.partitions(options);
    } catch (x) {
      e = x;
    }
    assert.ok(e instanceof RinglabError, cli.join(" "));
    const r = await runCli(["plan", "kafka", ...cli]);
    assert.deepEqual([r.exitCode, r.code, r.rule], [2, e.code, e.rule], cli.join(" "));
    assert.equal(messageOf(r.err), e.message, cli.join(" "));
  }
  assert.throws(() => plans.kafka.partitions({ partitions: 6 }), { code: "invalid_type" });
  assert.throws(() => plans.kafka.partitions({ partitions: "1:2", keys: "k" }), { code: "invalid_type" });
});

// A random Cassandra ring as `TOKEN NODE DC RACK` lines: 3 to 8 nodes in one or two data centres
// and two racks each, 1 to 8 tokens each; and random sizes for some of its ranges.
function cassandraRing(next) {
  const dcs = 1 + (next() % 2);
  const count = 3 + (next() % 6);
  const taken = new Set();
  const lines = [];
  const nodes = [];
  for (let n = 0; n < count; n++) {
    const node = `10.0.${n % dcs}.${n + 1}`;
    const place = [`dc${(n % dcs) + 1}`, `r${next() % 2}`];
    nodes.push({ node, dc: place[0], rack: place[1] });
    for (let v = 0; v <= next() % 8; v++) {
      let t;
      do t = (BigInt(next()) << 32n) | BigInt(next());
      while (taken.has(t));
      taken.add(t);
      lines.push(`${BigInt.asIntN(64, t)} ${node} ${place.join(" ")}`);
    }
  }
  return { text: `${lines.join("\n")}\n`, nodes, dcs, tokens: [...taken].map((t) => BigInt.asIntN(64, t)) };
}

test("cassandra.change is `ringlab plan cassandra`'s on random rings, changes, keys and sizes", async () => {
  const next = prng(29);
  let streamed = 0n;
  for (let c = 0; c < 40; c++) {
    const ring = cassandraRing(next);
    const ringFile = path.join(tmp, `cassandra-ring-${c}.txt`);
    writeFileSync(ringFile, ring.text);
    const strategy = ring.dcs === 1 ? `simple:${1 + (next() % 2)}` : `nts:dc1=${1 + (next() % 2)},dc2=1`;
    const kind = ["join", "leave", "remove"][next() % 3];
    const subject = ring.nodes[next() % ring.nodes.length];
    const keys = Array.from({ length: next() % 5 }, (_, i) => `key${c}-${i}`);
    // Sizes for every other range of the ring's, so some ranges are split or left out.
    const sorted = [...ring.tokens].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const sizes = sorted
      .map((t, i) => `${sorted[(i + sorted.length - 1) % sorted.length]} ${t} ${next() % 100000}`)
      .filter((_, i) => i % 2 === 0 || sorted.length === 1)
      .join("\n");
    const sizesFile = path.join(tmp, `cassandra-sizes-${c}.txt`);
    writeFileSync(sizesFile, sizes);
    const withSizes = next() % 2 === 0;
    const everyRange = next() % 3 === 0;
    const options = { ring: ring.text, strategy, keys, everyRange, ...(withSizes && { sizes }) };
    const args = ["plan", "cassandra", "--ring", ringFile, "--strategy", strategy];
    if (kind === "join") {
      const tokens = [BigInt.asIntN(64, (BigInt(next()) << 32n) | BigInt(next())), BigInt(next())];
      options.join = { node: "10.9.9.9", tokens, dc: subject.dc, rack: subject.rack };
      args.push("--join", "10.9.9.9", "--tokens", tokens.join(","), "--dc", subject.dc, "--rack", subject.rack);
    } else {
      options[kind] = subject.node;
      args.push(`--${kind}`, subject.node);
    }
    if (everyRange) args.push("--every-range");
    if (withSizes) args.push("--sizes", sizesFile);
    let plan;
    let error;
    try {
      plan = plans.cassandra.change(options);
    } catch (e) {
      error = e;
    }
    const r = await runCli([...args, "--json", ...keys]);
    if (error !== undefined) {
      // An impossible replication factor, for one: the same error.
      assert.ok(error instanceof RinglabError, `${args.join(" ")}: ${error}`);
      assert.deepEqual([r.exitCode, r.code, r.rule], [2, error.code, error.rule], args.join(" "));
      assert.equal(messageOf(r.err), error.message, args.join(" "));
      continue;
    }
    assert.deepEqual([r.exitCode, r.err], [0, ""], args.join(" "));
    assert.deepEqual([plain(plan)], fromJson(r.out), args.join(" "));
    assert.equal(typeof plan.hashSpace.size, "bigint");
    assert.equal(plan.hashSpace.size, 2n ** 64n - 1n);
    assert.ok(plan.ranges.every((range) => typeof range.start === "bigint"));
    assert.ok(plan.keys.every((k) => typeof k.token === "bigint"));
    assert.equal(plan.bytes === null, !withSizes);
    // The page makes one plan with every range: it is the plan without, the unchanged ranges added
    // in their places, and nothing else differs.
    const other = plain(plans.cassandra.change({ ...options, everyRange: !everyRange }));
    const [all, changed] = everyRange ? [plain(plan), other] : [other, plain(plan)];
    assert.deepEqual(
      all.ranges.filter((range) => range.changes),
      changed.ranges,
      args.join(" "),
    );
    assert.deepEqual({ ...all, ranges: null }, { ...changed, ranges: null }, args.join(" "));
    if (withSizes) {
      assert.equal(
        plan.bytes.streamed,
        plan.steps.reduce((sum, s) => sum + s.bytes, 0n),
      );
      streamed += plan.bytes.streamed;
    }
  }
  assert.ok(streamed > 0n);
  // Its errors are the command line's, the options named as the package names them.
  const ringText = readFileSync(path.join(root, "docs", "examples", "cassandra-ring.txt"), "utf8");
  const ringFile = path.join(root, "docs", "examples", "cassandra-ring.txt");
  const overlapping = path.join(tmp, "overlapping-sizes.txt");
  writeFileSync(overlapping, "0 100 5\n50 200 7\n");
  for (const [options, cli] of [
    [{ strategy: "network:3", leave: "10.0.0.1" }, ["--strategy", "network:3", "--leave", "10.0.0.1"]],
    [{ strategy: "simple:9", leave: "10.0.0.1" }, ["--strategy", "simple:9", "--leave", "10.0.0.1"]],
    [{ strategy: "simple:1", leave: "10.9.9.9" }, ["--strategy", "simple:1", "--leave", "10.9.9.9"]],
    [
      { strategy: "simple:1", join: { node: "x", tokens: ["1", "zz"], rack: "rack1" } },
      ["--strategy", "simple:1", "--join", "x", "--tokens", "1,zz", "--rack", "rack1"],
    ],
    [
      { strategy: "simple:1", join: { node: "x", tokens: [5n] } },
      ["--strategy", "simple:1", "--join", "x", "--tokens", "5"],
    ],
    [
      { strategy: "simple:1", leave: "10.0.0.1", sizes: "0 100 5\n50 200 7\n" },
      ["--strategy", "simple:1", "--leave", "10.0.0.1", "--sizes", overlapping],
    ],
  ]) {
    let e;
    try {
      plans.cassandra.change({ ring: ringText, ...options });
    } catch (x) {
      e = x;
    }
    assert.ok(e instanceof RinglabError, cli.join(" "));
    const r = await runCli(["plan", "cassandra", "--ring", ringFile, ...cli]);
    assert.deepEqual([r.exitCode, r.code, r.rule], [2, e.code, e.rule], `${cli.join(" ")}: ${r.err}`);
    assert.equal(messageOf(r.err), e.message, cli.join(" "));
    assert.equal(r.param, e.param === "" ? "" : `--${e.param}`, cli.join(" "));
  }
  assert.throws(() => plans.cassandra.change({ ring: ringText, strategy: "simple:1" }), {
    code: "invalid_argument",
    rule: "cassandraOneChange",
  });
  assert.throws(
    () => plans.cassandra.change({ ring: ringText, strategy: "simple:1", join: { node: "x", tokens: [] } }),
    {
      code: "invalid_argument",
      rule: "cassandraNoTokens",
    },
  );
  assert.throws(
    () => plans.cassandra.change({ ring: ringText, strategy: "simple:1", join: { node: "x", tokens: [1] } }),
    {
      code: "invalid_type",
    },
  );
  assert.throws(() => plans.cassandra.change({ ring: ringText, strategy: 1, leave: "a" }), { code: "invalid_type" });
});

test("errors are RinglabErrors with the command line's code, rule and message", async () => {
  assert.equal(PlanError, RinglabError);
  const good = readFileSync(path.join(root, "docs", "examples", "cluster-nodes.txt"), "utf8");
  const file = path.join(root, "docs", "examples", "cluster-nodes.txt");
  const cases = [
    [
      () => plans.redis.reshard({ nodes: good, from: "all", to: "ff", slots: 10 }),
      ["plan", "redis", "reshard", "--nodes", file, "--from", "all", "--to", "ff", "--slots", "10"],
    ],
    [
      () => plans.redis.reshard({ nodes: good, from: "all", to: "a1".repeat(20), slots: 0 }),
      ["plan", "redis", "reshard", "--nodes", file, "--from", "all", "--to", "a1".repeat(20), "--slots", "0"],
    ],
    [
      () => plans.redis.rebalance({ nodes: good, weights: { ff: 2 } }),
      ["plan", "redis", "rebalance", "--nodes", file, "--weight", "ff=2"],
    ],
    [
      () => plans.redis.rebalance({ nodes: good, threshold: -1 }),
      ["plan", "redis", "rebalance", "--nodes", file, "--threshold", "-1"],
    ],
  ];
  for (const [call, cli] of cases) {
    let e;
    try {
      call();
    } catch (x) {
      e = x;
    }
    assert.ok(e instanceof RinglabError, cli.join(" "));
    const r = await runCli(cli);
    assert.deepEqual([r.exitCode, r.code, r.rule], [2, e.code, e.rule], `${cli.join(" ")}: ${r.err}`);
    // The same words but for the parameter's spelling (--to on the command line, to here).
    assert.equal(messageOf(r.err), e.message, cli.join(" "));
  }
  // A malformed CLUSTER NODES line, with its line and column.
  assert.throws(() => plans.redis.rebalance({ nodes: "x y\n" }), { code: "invalid_argument", rule: "configAt" });
  // What the wrapper refuses before the core: a type, an unknown key.
  assert.throws(() => plans.redis.rebalance({ nodes: 7 }), { code: "invalid_type" });
  assert.throws(() => plans.redis.reshard({ nodes: good, from: "b2", to: "a1", slots: 1 }), { code: "invalid_type" });
  assert.throws(() => plans.redis.rebalance({ nodes: good, weight: {} }), {
    code: "invalid_argument",
    rule: "unknownOption",
  });
  assert.throws(() => plans.redis.rebalance({ nodes: good, weights: { a1: "2" } }), { code: "invalid_type" });
});

test("the plans module is ringlab/plan's alone: no other entry point loads it", () => {
  const distDir = path.join(root, "web", "lib", "dist");
  for (const entry of ["index.js", "systems.js", "claims.js", "buckets.js", "placers.js"]) {
    assert.doesNotMatch(readFileSync(path.join(distDir, entry), "utf8"), /ringlab-plan/, entry);
  }
  assert.match(readFileSync(path.join(distDir, "plan.js"), "utf8"), /ringlab-plan\.wasm/);
  const before = plans.memory().heapUsed;
  for (let i = 0; i < 20; i++)
    plans.redis.rebalance({ nodes: readFileSync(path.join(root, "docs", "examples", "cluster-nodes.txt"), "utf8") });
  assert.ok(plans.memory().heapUsed <= before + 4096, `${before} -> ${plans.memory().heapUsed}`);
});
