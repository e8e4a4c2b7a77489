// Shared by the tests in this folder: paths, the golden files, and independent JavaScript
// implementations of the published functions (oracles that do not go through the module).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const goldenDir = path.join(root, "tests", "golden");
export const distDir = path.join(root, "web", "lib", "dist");
export const cliJs = path.join(distDir, "cli.js");

let cliModule;
/**
 * What the package's bin prints for `args`, as {status, stdout, stderr}, made in this process by
 * the function the bin itself calls: the bin (web/lib/dist/cli.js) awaits runCli(args), writes its
 * `out` to stdout and its `err` to stderr and exits with its exitCode; when runCli rejects it
 * prints `ringlab: MESSAGE` and exits with 1. The texts go through UTF-8 as a pipe carries them.
 * Relative paths in `args` are read from the current folder, as the bin started there reads them.
 * For tests whose subject is a command's output: the bin's own plumbing (argv, stdio, exit
 * status, `npx`) is tested by starting it, in cli.test.mjs.
 */
export async function cliResult(args) {
  cliModule ??= import(pathToFileURL(cliJs).href);
  const { runCli } = await cliModule;
  const piped = (text) => Buffer.from(text, "utf8").toString("utf8");
  try {
    const r = await runCli(args);
    return { status: r.exitCode, stdout: piped(r.out), stderr: piped(r.err) };
  } catch (e) {
    return { status: 1, stdout: "", stderr: piped(`ringlab: ${e instanceof Error ? e.message : String(e)}\n`) };
  }
}

/** A golden .tsv as objects keyed by the header (one header line, tab-separated, LF). */
export function readTsv(name) {
  const text = readFileSync(path.join(goldenDir, name), "utf8");
  const lines = text.replace(/\n$/, "").split("\n");
  const header = lines[0].split("\t");
  return lines.slice(1).map((line) => {
    const fields = line.split("\t");
    if (fields.length !== header.length) throw new Error(`${name}: bad line ${JSON.stringify(line)}`);
    return Object.fromEntries(header.map((h, i) => [h, fields[i]]));
  });
}

/** The experiment cases: {name, experiment, flags: string[], expected: string}. */
export function experimentCases() {
  return readTsv("experiments/cases.tsv").map((c) => ({
    name: c.name,
    experiment: c.experiment,
    flags: c.flags === "" ? [] : c.flags.split(" "),
    expected: readFileSync(path.join(goldenDir, "experiments", `${c.name}.txt`), "utf8"),
  }));
}

/**
 * The options column of a bucket algorithm's vectors (tests/golden/buckets/README.md) as
 * [name, items] pairs: `name=value` items separated by commas; a value's items separated by
 * spaces, PREFIX{A..B} standing for PREFIX followed by each of A .. B ("shard-{1..3}").
 */
function bucketOptionItems(text) {
  return text.split(",").map((kv) => {
    const eq = kv.indexOf("=");
    const items = kv
      .slice(eq + 1)
      .split(" ")
      .flatMap((item) => {
        const m = /^(.*)\{(\d+)\.\.(\d+)\}$/.exec(item);
        if (!m) return [item];
        const [from, to] = [Number(m[2]), Number(m[3])];
        return Array.from({ length: to - from + 1 }, (_, i) => `${m[1]}${from + i}`);
      });
    return [kv.slice(0, eq), items];
  });
}

/**
 * A bucket algorithm's vectors (tests/golden/buckets/NAME.tsv): consecutive rows of the same
 * options and ops as one case, {optionsText, options, flags, ops, inputs (as the file writes
 * them), answers (the last column as the file writes it: a bucket, or a node's name), buckets (the
 * same as numbers)}. In `options` a seed's value is a bigint, the nodes an array of strings, every
 * other option's a number; `flags` are the options as `ringlab bucket` takes them (a list
 * comma-separated).
 */
export function bucketVectorCases(name) {
  const rows = readTsv(`buckets/${name}.tsv`);
  const cases = [];
  for (const { options, ops, input, bucket } of rows) {
    let c = cases.at(-1);
    if (!c || c.optionsText !== options || c.ops !== ops) {
      const items = bucketOptionItems(options);
      const parsed = Object.fromEntries(
        items.map(([k, v]) => [k, k === "nodes" ? v : k === "seed" ? BigInt(v.join()) : Number(v.join())]),
      );
      const flags = items.flatMap(([k, v]) => [`--${k}`, v.join(",")]);
      c = { optionsText: options, options: parsed, flags, ops, inputs: [], answers: [], buckets: [] };
      cases.push(c);
    }
    c.inputs.push(input);
    c.answers.push(bucket);
    c.buckets.push(Number(bucket));
  }
  return cases;
}

const methods = { "ring-vs-mod": "ringVsMod", "vnode-sweep": "vnodeSweep", "hrw-jump": "hrwJump" };

/** A case's CLI flags as the package API's method name and options object. */
export function apiCall(c) {
  const options = {};
  for (let i = 0; i < c.flags.length; i += 2) {
    const key = c.flags[i].replace(/^--/, "");
    const value = c.flags[i + 1];
    options[key] = key === "vnodes" && c.experiment === "vnode-sweep" ? value.split(",").map(Number) : Number(value);
  }
  return { method: methods[c.experiment], options };
}

/** "0075 0073" -> "us" (each field one UTF-16 unit). */
export function stringFromUnits(hex) {
  if (hex === "") return "";
  const units = hex.split(" ").map((h) => parseInt(h, 16));
  let s = "";
  for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode(...units.slice(i, i + 4096));
  return s;
}

/** "75 73" -> Uint8Array [0x75, 0x73]. */
export function bytesFromHex(hex) {
  return hex === "" ? new Uint8Array(0) : Uint8Array.from(hex.split(" "), (h) => parseInt(h, 16));
}

// ---------------------------------------------------------------------------------------------
// Oracles, written from docs/algorithms.md#h32 and docs/algorithms.md#jump, independent of the module.

/** The published h32 over a JS string's UTF-16 units; jump with its 64-bit state as a BigInt. */
export { h32 as h32Reference, jump as jumpReference } from "../../scripts/lib/oracle.mjs";

/** A small deterministic PRNG for the randomized tests (xorshift128+ style on two uint32). */
export function prng(seed) {
  let a = seed >>> 0 || 1;
  let b = (seed * 2654435761) >>> 0 || 2;
  return () => {
    let t = a ^ (a << 11);
    a = b;
    b = (b ^ (b >>> 19) ^ t ^ (t >>> 8)) >>> 0;
    return b;
  };
}

/**
 * A value of tests/bad-input.json: JSON, with the tags for what JSON cannot hold that the table's
 * `about` lists ($number, $bigint, $Uint32Array, $Uint8Array, $repeat, $ring, $term). `api` is the loaded
 * package: { rl } (ringlab's main entry) and { systems } (ringlab/systems), for $ring and $term.
 */
export function decodeTableValue(v, api) {
  if (Array.isArray(v)) return v.map((x) => decodeTableValue(x, api));
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0].startsWith("$")) {
    const x = v[keys[0]];
    switch (keys[0]) {
      case "$number":
        return Number(x);
      case "$bigint":
        return BigInt(x);
      case "$Uint32Array":
        return Uint32Array.from(x);
      case "$Uint8Array":
        return Uint8Array.from(x);
      case "$repeat":
        return x[0].repeat(x[1]);
      case "$ring":
        return api.rl.ring(decodeTableValue(x, api));
      case "$term":
        return api.systems.parseTerm(x);
      case "$file":
        return readFileSync(path.join(root, x), "utf8");
      default:
        throw new Error(`bad-input.json: unknown tag ${keys[0]}`);
    }
  }
  return Object.fromEntries(keys.map((k) => [k, decodeTableValue(v[k], api)]));
}

/**
 * A row's JS call, made: "compare" -> rl.compare, "theory.sdOverMean" -> rl.theory.sdOverMean,
 * "Ring.remove" -> a method of the handle js.on makes (after js.setup, and disposed first when
 * js.dispose says so); module "systems" calls ringlab/systems, module "buckets" ringlab/buckets, module
 * "placers" ringlab/placers, module "plan" ringlab/plan (`api` holds each by its module's name). Returns what the call returns.
 */
export function invokeTableCall(js, api) {
  const on = js.module === undefined ? api.rl : api[js.module];
  const args = decodeTableValue(js.args, api);
  if (js.on) {
    const handle = on[js.on.call](...decodeTableValue(js.on.args, api));
    for (const [method, a] of js.setup ?? []) handle[method](...decodeTableValue(a, api));
    if (js.dispose) handle.dispose();
    return handle[js.call.split(".")[1]](...args);
  }
  const parts = js.call.split(".");
  const owner = parts.length === 2 ? on[parts[0]] : on;
  return owner[parts.at(-1)](...args);
}

/**
 * A catalogue of the widgets (web/widgets/i18n/LANG.ts): its default export, compiled with the
 * project's TypeScript (types dropped) and its JSON imports pointed at the files beside it.
 */
export async function widgetCatalogue(lang) {
  const ts = (await import("typescript")).default;
  const file = path.join(root, "web", "widgets", "i18n", `${lang}.ts`);
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const js = outputText.replace(/from "(\.\/[^"]+\.json)";/g, (_, json) => {
    const at = pathToFileURL(path.join(path.dirname(file), json)).href;
    return `from ${JSON.stringify(at)} with { type: "json" };`;
  });
  return (await import(`data:text/javascript;base64,${Buffer.from(js).toString("base64")}`)).default;
}

/**
 * Random placements for the server seam (ringlab/placers, `ringlab server`): `count` scenarios of
 * each algorithm of `algorithms` (the placers' entries of ringlab/placers' algorithms(), which say
 * what each takes), each with servers of random names, the fields the algorithm takes, its
 * options, random membership operations where it has them, and keys. A scenario is
 * { algorithm, servers: [{ name, weight?, zone?, token? }], options, ops: ["add:n" | "remove:n" |
 * "weight:n=w"], keys }: what placer(algorithm, { servers, ...options }) and its add/remove/reweight
 * take, and what `ringlab server` takes (placerCliArgs).
 */
export function placerScenarios(algorithms, seed, count) {
  const next = prng(seed);
  const pick = (list) => list[next() % list.length];
  const out = [];
  for (const a of algorithms) {
    const takes = new Set(a.options);
    for (let c = 0; c < count; c++) {
      const n = 1 + (next() % 7);
      const bits = takes.has("bits") ? pick([8, 16, 32]) : 32;
      const tokens = new Set();
      const servers = Array.from({ length: n }, (_, i) => {
        const s = { name: pick(["s", "node-", "সার্ভার", "é"]) + i };
        if (takes.has("weight") && next() % 2 === 0) s.weight = pick([0.5, 1, 2, 3.25]);
        if (takes.has("zone") && next() % 2 === 0) s.zone = pick(["z1", "z2", "z3"]);
        if (takes.has("token")) {
          let t;
          do t = next() % 2 ** bits;
          while (tokens.has(t));
          tokens.add(t);
          s.token = t;
        }
        return s;
      });
      // A token ring's or a ring's servers all have their field, or none: `ringlab server` takes a
      // list of one a server.
      for (const field of ["weight", "zone"]) {
        if (servers.some((s) => s[field] !== undefined))
          for (const s of servers) s[field] ??= field === "weight" ? 1 : "z1";
      }
      const options = {};
      if (takes.has("vnodes")) options.vnodes = 1 + (next() % 60);
      if (takes.has("tableSize")) options.tableSize = pick([7, 13, 101, 65537]);
      if (takes.has("epsilon")) options.epsilon = pick([0.1, 0.25, 1]);
      if (takes.has("bits")) options.bits = bits;
      const ops = [];
      const live = servers.map((s) => s.name);
      // Additions need no field but a name (`ringlab server --ops add:NAME`): not a token ring's.
      const canAdd = a.membership.includes("add") && !takes.has("token");
      for (let k = next() % 4; k > 0; k--) {
        const r = next() % 3;
        if (r === 0 && canAdd) {
          const name = `added${k}`;
          ops.push(`add:${name}`);
          live.push(name);
        } else if (r === 1 && a.membership.includes("remove") && live.length > 1) {
          ops.push(`remove:${live.splice(next() % live.length, 1)[0]}`);
        } else if (r === 2 && a.membership.includes("reweight")) {
          ops.push(`weight:${pick(live)}=${pick([0.5, 2, 4])}`);
        }
      }
      const keys = Array.from(
        { length: 20 + (next() % 80) },
        (_, i) => `${pick(["user:", "key", "ব্যবহারকারী:"])}${next() % 100000}-${i}`,
      );
      out.push({ algorithm: a.name, servers, options, ops, keys });
    }
  }
  return out;
}

/** A scenario's `ringlab server` arguments (placerScenarios). */
export function placerCliArgs(s) {
  const args = ["server", s.algorithm, "--servers", s.servers.map((x) => x.name).join(",")];
  const list = (field, flag) => {
    if (s.servers.some((x) => x[field] !== undefined)) args.push(flag, s.servers.map((x) => x[field]).join(","));
  };
  list("weight", "--weights");
  list("zone", "--zones");
  list("token", "--tokens");
  const flags = { vnodes: "--vnodes", tableSize: "--table", epsilon: "--epsilon", bits: "--bits" };
  for (const [k, v] of Object.entries(s.options)) args.push(flags[k], String(v));
  if (s.ops.length > 0) args.push("--ops", s.ops.join(","));
  return [...args, ...s.keys];
}

/** Applies a scenario's operations to a built placer (or anything with its add, remove and reweight). */
export function applyPlacerOps(p, ops) {
  for (const op of ops) {
    const [kind, rest] = [op.slice(0, op.indexOf(":")), op.slice(op.indexOf(":") + 1)];
    if (kind === "add") p.add(rest);
    else if (kind === "remove") p.remove(rest);
    else p.reweight(rest.slice(0, rest.lastIndexOf("=")), Number(rest.slice(rest.lastIndexOf("=") + 1)));
  }
}

/**
 * A scenario's servers by key, one name a key, as the main module's own classes place them: the
 * answers the server seam must give. A catalogue by registry name (a placer without one fails the
 * tests that call this), each through the class of its placement in the main module.
 */
export function referencePlacement(rl, s) {
  const names = s.servers.map((x) => x.name);
  const ringOf = () =>
    rl.ring({
      servers: s.servers.map(({ name, weight, zone }) => ({ name, ...(weight && { weight }), ...(zone && { zone }) })),
      ...(s.options.vnodes !== undefined && { vnodes: s.options.vnodes }),
    });
  const weighted = () => s.servers.map(({ name, weight }) => ({ name, ...(weight && { weight }) }));
  // The handle's answers after the scenario's operations, then the handle disposed.
  const after = (h, place, ops = h) => {
    try {
      applyPlacerOps(ops, s.ops);
      return s.keys.map(place);
    } finally {
      h.dispose();
    }
  };
  const references = {
    "mod-n": () => s.keys.map((k) => names[rl.modN(rl.h32(k), names.length)]),
    ring: () => {
      const ring = ringOf();
      // The seam's reweight is the ring's setWeight.
      const ops = { add: (n) => ring.add(n), remove: (n) => ring.remove(n), reweight: (n, w) => ring.setWeight(n, w) };
      return after(ring, (k) => ring.owner(k), ops);
    },
    rendezvous: () => {
      const h = rl.rendezvous(names);
      return after(h, (k) => h.pick(k));
    },
    "weighted-rendezvous": () => {
      const h = rl.weightedRendezvous(weighted());
      return after(h, (k) => h.pick(k));
    },
    maglev: () => {
      const h = rl.maglev({ backends: weighted(), ...(s.options.tableSize && { tableSize: s.options.tableSize }) });
      return after(h, (k) => h.lookup(k));
    },
    bounded: () => {
      const ring = ringOf();
      try {
        const placed = rl.boundedLoads(ring, rl.h32Many(s.keys), s.options.epsilon);
        return Array.from(placed.servers, (i) => ring.servers[i]);
      } finally {
        ring.dispose();
      }
    },
    "token-ring": () => {
      const h = rl.tokenRing({ bits: s.options.bits });
      for (const x of s.servers) h.add(x.name, x.token);
      return after(h, (k) => h.route(k));
    },
  };
  if (!Object.hasOwn(references, s.algorithm)) throw new Error(`no reference for the placer ${s.algorithm}`);
  return references[s.algorithm]();
}

// JSON text with every integer of more than 15 digits (Cassandra's tokens, Envoy's 64-bit points,
// hash counts up to 2^64) in quotes, so that JSON.parse keeps its digits: a walk that skips strings.
export function quoteLongIntegers(text) {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (/[-0-9]/.test(text[i])) {
      const m = /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(text.slice(i));
      out += /^-?[0-9]{16,}$/.test(m[0]) ? `"${m[0]}"` : m[0];
      i += m[0].length;
    } else {
      out += text[i++];
    }
  }
  return out;
}

// A plan's figures in one form for comparing: every number and BigInt as its decimal text (a
// share's hashes are BigInts in the package and long integers in the JSON).
export function decimalFigures(v) {
  if (typeof v === "bigint" || typeof v === "number") return String(v);
  if (Array.isArray(v)) return v.map(decimalFigures);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decimalFigures(x)]));
  return v;
}
