// ringlab/plan's rings.change(): the ring and table systems' plans as typed values, held to
// `ringlab plan SYSTEM … --json` of the native CLI (build/ringlab) and of the Node CLI, field for
// field, on random configurations of each of the six systems (weights, server lists and the
// systems' own files, every change, keys): each step's arcs, each server's hashes before and
// after, the necessary and collateral shares, the miss rate, the keys, the warnings. Its options
// are ringlab/systems' system() options, and its errors the command line's.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { RinglabError } from "ringlab";
import { load } from "ringlab/plan";
import { load as loadSystems } from "ringlab/systems";
import { cliJs, decimalFigures, prng, quoteLongIntegers, root } from "./helpers.mjs";

const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const hasNative = existsSync(native);
const plans = await load();
const systems = await loadSystems();
const { runCli } = await import(pathToFileURL(cliJs).href);
const tmp = mkdtempSync(path.join(tmpdir(), "ringlab-plan-rings-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));

// The command line's message in the package's words: a flag's parameter spelled as the option.
const messageOf = (err) => err.replace(/^ringlab: /, "").trimEnd();

// `ringlab plan SYSTEM --json` as a Plan's fields: the steps (a table's "entries" are the
// package's arcs), the summary, its `space` and `servers` as the plan's `ring`.
function fromJson(out) {
  const lines = out
    .trim()
    .split("\n")
    .map((l) => JSON.parse(quoteLongIntegers(l)));
  const { summary } = lines.pop();
  const { space } = summary;
  return decimalFigures({
    system: summary.system,
    tool: summary.tool,
    operation: summary.operation,
    exactness: summary.exactness,
    steps: lines.map((s) => ({
      from: s.from,
      to: s.to,
      kind: s.kind,
      arcs: s.arcs ?? s.entries,
      hashes: s.hashes,
      percent: s.percent,
    })),
    moved: summary.moved,
    nodes: summary.nodes,
    warnings: summary.warnings,
    note: summary.note,
    stops: summary.stops,
    alternatives: summary.alternatives,
    keys: summary.keys,
    hashSpace: null,
    ranges: null,
    bytes: null,
    ring: {
      hashes: space.hashes,
      kind: space.kind,
      bits: space.bits,
      ...(space.period === undefined ? {} : { period: space.period }),
      size: space.size,
      moved: space.moved,
      necessary: space.necessary,
      collateral: space.collateral,
      fraction: space.fraction,
      missRate: space.missRate,
      servers: summary.servers,
    },
  });
}

// A Plan as plain data, to compare with the command line's.
function plain(p) {
  const hashes = (h) => ({ hashes: h.hashes, percent: h.percent });
  return decimalFigures({
    system: p.system,
    tool: p.tool,
    operation: p.operation,
    exactness: p.exactness,
    steps: p.steps.map((s) => ({
      from: s.from,
      to: s.to,
      kind: s.kind,
      arcs: s.arcs.map((a) => ({ ...a })),
      hashes: s.hashes,
      percent: s.percent,
    })),
    moved: p.moved,
    nodes: p.nodes.map((n) => ({ node: n.node, before: { ...n.before }, after: { ...n.after } })),
    warnings: p.warnings.map((w) => ({ ...w })),
    note: p.note,
    stops: p.stops,
    alternatives: [...p.alternatives],
    keys: p.keys.map((k) => ({ ...k })),
    hashSpace: p.hashSpace,
    ranges: p.ranges,
    bytes: p.bytes,
    ring: {
      ...p.ring,
      moved: hashes(p.ring.moved),
      necessary: hashes(p.ring.necessary),
      collateral: hashes(p.ring.collateral),
      servers: p.ring.servers.map((s) => ({ server: s.server, before: hashes(s.before), after: hashes(s.after) })),
    },
  });
}

// `place SYSTEM`'s flags for a system's options, from ringlab/systems' option table (a file
// option's text written to a file, as the command line reads it).
function flagsOf(system, options, c) {
  const table = systems.options(system);
  const flags = [];
  for (const [name, value] of Object.entries(options)) {
    const o = table.find((x) => x.name === name);
    if (o.type === "flag") {
      if (value) flags.push(o.flag);
    } else if (o.type === "file") {
      const file = path.join(tmp, `${system}-${c}-${name}.txt`);
      writeFileSync(file, value);
      flags.push(o.flag, file);
    } else {
      flags.push(o.flag, Array.isArray(value) ? value.join(",") : String(value));
    }
  }
  return flags;
}

// The change as the command line's flags.
function changeFlags(change) {
  if ("add" in change)
    return ["--add", change.add, ...(change.weight === undefined ? [] : ["--weight", `${change.weight}`])];
  if ("remove" in change) return ["--remove", change.remove];
  if ("down" in change) return ["--mark-down", change.down];
  return ["--reweight", change.reweight, "--weight", `${change.weight}`];
}

const MEMCACHED_MODES = ["modula", "consistent", "consistent_ketama", "consistent_weighted", "consistent_ketama_spy"];
const MEMCACHED_HASHES = ["default", "md5", "crc", "fnv1a_32", "murmur", "jenkins"];
const TWEMPROXY_HASHES = ["one_at_a_time", "md5", "crc32a", "fnv1a_64", "murmur", "jenkins", "hsieh"];

// A random configuration of one of the six systems (`c % 6`), as system() options, and a change:
// the servers' names (as the plan names them), a fresh server's entry, whether it marks down.
function scenario(next, c) {
  const n = 2 + (next() % 4);
  const ips = Array.from({ length: n }, (_, i) => `10.${c % 250}.0.${i + 1}`);
  const w = (max) => 1 + (next() % max);
  const pick = (list) => list[next() % list.length];
  const file = next() % 3 === 0;
  let system;
  let options;
  let names;
  let fresh;
  let down = true;
  switch (c % 6) {
    case 0:
      system = "memcached";
      options = file
        ? { serverString: ips.map((ip) => `${ip}:11211 ${w(3)}`).join(","), mode: pick(MEMCACHED_MODES) }
        : { servers: ips.map((ip) => `${ip}=${w(3)}`), mode: pick(MEMCACHED_MODES), hash: pick(MEMCACHED_HASHES) };
      names = ips.map((ip) => `${ip}:11211`);
      fresh = "10.9.9.9";
      down = false;
      break;
    case 1:
      system = "libketama";
      options = file
        ? { serverFile: ips.map((ip) => `${ip}:11211\t${w(900)}`).join("\n") + "\n" }
        : { servers: ips.map((ip) => `${ip}:11211=${w(900)}`) };
      names = ips.map((ip) => `${ip}:11211`);
      fresh = "10.9.9.9:11211";
      down = false;
      break;
    case 2: {
      system = "twemproxy";
      const distribution = pick(["ketama", "modula"]);
      const hash = pick(TWEMPROXY_HASHES);
      const lines = ips.map((ip) => `${ip}:11211:${w(3)}`);
      options = file
        ? {
            conf: [
              "alpha:",
              "  listen: 127.0.0.1:22121",
              `  hash: ${hash}`,
              `  distribution: ${distribution}`,
              "  auto_eject_hosts: true",
              "  servers:",
              ...lines.map((l) => `   - ${l}`),
              "",
            ].join("\n"),
          }
        : { servers: lines, distribution, hash, ...(next() % 2 ? { hashTag: "{}" } : {}) };
      names = ips;
      fresh = "10.9.9.9:11211:2";
      break;
    }
    case 3: {
      system = "nginx";
      const mode = pick(["consistent", "hash"]);
      const lines = ips.map((ip) => `${ip}:80=${w(3)}`);
      options = file
        ? {
            upstream: [
              "upstream backend {",
              `    hash $request_uri${mode === "consistent" ? " consistent" : ""};`,
              ...ips.map(
                (ip, i) => `    server ${ip}:80${lines[i].endsWith("=1") ? "" : ` weight=${lines[i].split("=")[1]}`};`,
              ),
              "}",
              "",
            ].join("\n"),
          }
        : { servers: lines, mode };
      names = ips.map((ip) => `${ip}:80`);
      fresh = "10.9.9.9:80";
      break;
    }
    case 4:
      system = "envoy-ring";
      options = {
        hosts: ips.map((ip) => `${ip}:80=${w(4)}`),
        ...(next() % 2 ? { minRingSize: pick([64, 1024, 4096]) } : {}),
        ...(next() % 3 === 0 ? { hash: "murmur2" } : {}),
      };
      names = ips.map((ip) => `${ip}:80`);
      fresh = "10.9.9.9:80";
      break;
    default:
      system = "envoy-maglev";
      options = { hosts: ips.map((ip) => `${ip}:80=${w(4)}`), tableSize: pick([7, 1009, 65537]) };
      names = ips.map((ip) => `${ip}:80`);
      fresh = "10.9.9.9:80";
  }
  const kind = next() % (down ? 4 : 3);
  const name = pick(names);
  let change;
  if (kind === 0) change = next() % 2 ? { add: fresh, weight: w(3) } : { add: fresh };
  else if (kind === 1 || (kind === 3 && n === 2)) change = { remove: name };
  else if (kind === 2) change = { reweight: name, weight: w(3) };
  else change = { down: name };
  return { system, options, change };
}

test("rings.change is `ringlab plan SYSTEM --json`'s, native and Node CLI alike, for every ring system", async () => {
  const next = prng(20261205);
  const seen = new Map();
  for (let c = 0; c < 60; c++) {
    const { system, options, change } = scenario(next, c);
    const keys = Array.from({ length: next() % 6 }, (_, i) => `user:${next() % 100000}:${i}`);
    const args = ["plan", system, ...flagsOf(system, options, c), ...changeFlags(change), "--json", ...keys];
    const what = args.join(" ");
    let plan;
    let error;
    try {
      plan = plans.rings.change({ system, options, change, ...(keys.length || next() % 2 ? { keys } : {}) });
    } catch (e) {
      error = e;
    }
    const node = await runCli(args);
    if (hasNative) {
      const a = spawnSync(native, args, { cwd: root, encoding: "utf8" });
      assert.deepEqual([a.status, a.stdout, a.stderr], [node.exitCode, node.out, node.err], what);
    }
    if (error !== undefined) {
      assert.ok(error instanceof RinglabError, `${what}: ${error}`);
      assert.deepEqual([node.exitCode, node.code, node.rule], [2, error.code, error.rule], `${what}: ${node.err}`);
      const words = messageOf(node.err);
      assert.equal(
        node.param && words.startsWith(`${node.param} `) ? error.param + words.slice(node.param.length) : words,
        error.message,
        what,
      );
      continue;
    }
    assert.deepEqual([node.exitCode, node.err], [0, ""], what);
    assert.deepEqual(plain(plan), fromJson(node.out), what);
    // Each step's units are its arcs' places among the plan's changed arcs, in hash order: all of
    // them, once each.
    const units = plan.steps.flatMap((s) => Array.from(s.units)).sort((a, b) => a - b);
    assert.deepEqual(
      units,
      Array.from({ length: plan.moved }, (_, i) => i),
      what,
    );
    assert.ok(plan.steps.every((s) => s.units.length === s.arcs.length && typeof s.hashes === "bigint"));
    assert.equal(typeof plan.ring.size, "bigint");
    assert.equal(plan.ring.size, 2n ** BigInt(plan.ring.bits));
    const kind = Object.keys(change).find((k) => k !== "weight");
    seen.set(`${system} ${kind}`, (seen.get(`${system} ${kind}`) ?? 0) + 1);
  }
  // Every system planned, and every change that system has, at least once.
  for (const system of ["memcached", "libketama", "twemproxy", "nginx", "envoy-ring", "envoy-maglev"])
    for (const kind of [
      "add",
      "remove",
      "reweight",
      ...(system === "memcached" || system === "libketama" ? [] : ["down"]),
    ])
      assert.ok(seen.get(`${system} ${kind}`) > 0, `no ${system} ${kind} planned`);
});

test("rings.change takes system()'s options: the same servers planned from a list and from a file", () => {
  const change = { remove: "10.0.0.2:11211" };
  const fromList = plans.rings.change({
    system: "libketama",
    options: { servers: ["10.0.0.1:11211=600", "10.0.0.2:11211=300", "10.0.0.3:11211=300"] },
    change,
    keys: ["user:1", "user:2"],
  });
  const fromFile = plans.rings.change({
    system: "libketama",
    options: { serverFile: "10.0.0.1:11211\t600\n10.0.0.2:11211\t300\n10.0.0.3:11211\t300\n" },
    change,
    keys: ["user:1", "user:2"],
  });
  assert.deepEqual(plain(fromList), plain(fromFile));
  // The keys on the removed server move, and only they.
  for (const k of fromList.keys) assert.equal(k.moves, k.before === "10.0.0.2:11211");
  // A ring plan's steps and summary: no Redis, Kafka or Cassandra parts.
  assert.equal(fromList.hashSpace, null);
  assert.equal(fromList.ranges, null);
  assert.equal(fromList.ring.kind, "ring");
  assert.equal(fromList.ring.period, undefined);
  const maglev = plans.rings.change({
    system: "envoy-maglev",
    options: { hosts: "10.0.0.1:80,10.0.0.2:80", tableSize: 7 },
    change: { add: "10.0.0.3:80" },
  });
  assert.equal(maglev.ring.kind, "table");
  assert.equal(maglev.ring.period, 7);
  assert.equal(maglev.ring.size, 2n ** 64n);
});

test("rings.change's errors are the command line's: code, rule and message", async () => {
  const cases = [
    [
      { system: "memcached", options: { servers: "a,b", mode: "consistent" }, change: { down: "a:11211" } },
      ["plan", "memcached", "--servers", "a,b", "--mode", "consistent", "--mark-down", "a:11211"],
    ],
    [
      { system: "nginx", options: { servers: "a:80,b:80", down: "a:80" }, change: { down: "a:80" } },
      ["plan", "nginx", "--servers", "a:80,b:80", "--down", "a:80", "--mark-down", "a:80"],
    ],
    [
      {
        system: "twemproxy",
        options: { servers: "a:1:3000000,b:1:2000000", distribution: "modula" },
        change: { remove: "b:1" },
      },
      ["plan", "twemproxy", "--servers", "a:1:3000000,b:1:2000000", "--distribution", "modula", "--remove", "b:1"],
    ],
    [
      { system: "twemproxy", options: { servers: "a:1:1,b:1:1" }, change: { down: "c" } },
      ["plan", "twemproxy", "--servers", "a:1:1,b:1:1", "--mark-down", "c"],
    ],
    [
      { system: "twemproxy", options: { servers: "a:1:1,b:1:1", ejected: "a:1" }, change: { down: "a:1" } },
      ["plan", "twemproxy", "--servers", "a:1:1,b:1:1", "--ejected", "a:1", "--mark-down", "a:1"],
    ],
    [
      { system: "libketama", options: { servers: "a:1=1,b:1=1" }, change: { remove: "c:1" } },
      ["plan", "libketama", "--servers", "a:1=1,b:1=1", "--remove", "c:1"],
    ],
    [
      {
        system: "envoy-ring",
        options: { hosts: "10.0.0.1:80,10.0.0.2:80" },
        change: { add: "10.0.0.3:80", weight: 0 },
      },
      ["plan", "envoy-ring", "--hosts", "10.0.0.1:80,10.0.0.2:80", "--add", "10.0.0.3:80", "--weight", "0"],
    ],
    [
      {
        system: "envoy-maglev",
        options: { hosts: "10.0.0.1:80,10.0.0.2:80", tableSize: 8 },
        change: { remove: "10.0.0.1:80" },
      },
      ["plan", "envoy-maglev", "--hosts", "10.0.0.1:80,10.0.0.2:80", "--table", "8", "--remove", "10.0.0.1:80"],
    ],
    [
      { system: "memcached", options: { servers: "a,b" }, change: { add: "c", weight: 1.5 } },
      ["plan", "memcached", "--servers", "a,b", "--add", "c", "--weight", "1.5"],
    ],
  ];
  for (const [options, cli] of cases) {
    let e;
    try {
      plans.rings.change(options);
    } catch (x) {
      e = x;
    }
    assert.ok(e instanceof RinglabError, cli.join(" "));
    const r = await runCli(cli);
    assert.deepEqual([r.exitCode, r.code, r.rule], [2, e.code, e.rule], `${cli.join(" ")}: ${r.err}`);
    // The same words but for the parameter's spelling (--table on the command line, tableSize here).
    const cli_ = messageOf(r.err);
    const words = r.param && cli_.startsWith(`${r.param} `) ? e.param + cli_.slice(r.param.length) : cli_;
    assert.equal(words, e.message, cli.join(" "));
  }
  // What the wrapper refuses before the core: the JavaScript types, a system with no ring plan,
  // a change that is not one, and `up`, which no plan takes.
  const good = { system: "memcached", options: { servers: "a,b" } };
  assert.throws(() => plans.rings.change({ ...good, change: { up: "a:11211" } }), {
    code: "invalid_argument",
    rule: "planChange",
    message: "a plan's change must be add, remove, down or reweight, got up",
  });
  assert.throws(() => plans.rings.change({ ...good, system: "redis", change: { remove: "a" } }), {
    code: "invalid_argument",
    rule: "noSuchSystem",
  });
  assert.throws(() => plans.rings.change({ ...good, change: { remove: "a", add: "b" } }), { rule: "oneChange" });
  assert.throws(() => plans.rings.change({ ...good, change: { reweight: "a:11211" } }), { rule: "needs" });
  assert.throws(() => plans.rings.change({ ...good, change: { remove: "a", weight: 2 } }), {
    rule: "unknownChangeOption",
  });
  assert.throws(() => plans.rings.change({ ...good, options: { servers: 7 }, change: { remove: "a" } }), {
    code: "invalid_type",
  });
  assert.throws(() => plans.rings.change({ ...good, options: { vnodes: 7 }, change: { remove: "a" } }), {
    rule: "unknownOption",
  });
  assert.throws(() => plans.rings.change({ ...good, change: { remove: "a:11211" }, keys: [1] }), {
    code: "invalid_type",
  });
  assert.throws(() => plans.rings.change({ ...good, change: { remove: "a:11211" }, every: true }), {
    rule: "unknownOption",
  });
});
