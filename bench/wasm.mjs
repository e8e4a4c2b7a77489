// The WebAssembly half of `npm run bench` (scripts/bench.mjs runs it in a fresh Node process per
// measurement and reads one JSON object from its stdout).
//
//   node bench/wasm.mjs experiment ring-vs-mod|vnode-sweep|hrw-jump [--keys N] [--reps R] [--warmup W]
//       time inside rl.ringVsMod() etc. (ms per run), the text of the last run, peak RSS (VmHWM)
//   node bench/wasm.mjs compare [--keys N] [--servers S] [--reps R] [--warmup W]
//       time inside rl.compare() (ms per run) for S servers x 100 vnodes, one server added, the
//       rows of the last run without their build times, peak RSS
//   node bench/wasm.mjs workers compare|ring-vs-mod|vnode-sweep|hrw-jump [--keys N] [--servers S]
//                      [--threads T] [--reps R] [--warmup W]
//       wall time of the run across T worker threads (ringlab/parallel: each worker its own module,
//       started and ended within the timed run), and its answer (compare's rows without build times,
//       or the experiment's text)
//   node bench/wasm.mjs ops [--pool N] [--reps R] [--warmup W]
//       ns per operation through the package's API, single calls and batch calls
//   node bench/wasm.mjs hashring [--pool N] [--reps R] [--warmup W]
//       the npm package `hashring` against ringlab on the same servers and keys
//   node bench/wasm.mjs systems [--pool N] [--reps R] [--warmup W]
//       each real system's placeMany (keys as strings and as bytes) against its npm package
//   node bench/wasm.mjs rendezvous [--servers S] [--pool N] [--reps R] [--warmup W]
//       ns per key of rendezvous over S servers (default 100), the batch call (pickMany)
//   node bench/wasm.mjs profile SYSTEM [--pool N] [--reps R] [--warmup W]
//       where one real system's placeMany(keys) spends its time: shares of a CPU profile
//   node bench/wasm.mjs buckets --scenario NAME:buckets=B[,capacity=C][,removed=R] ... [--pool N]
//                      [--reps R] [--warmup W]
//       ns per input of ringlab/buckets' hasher(NAME, options).bucketMany(inputs, out) after R of
//       its B buckets were removed in a seeded random order (as ringlab_bench buckets does it, on
//       the same inputs: N 64-bit hashes in a BigUint64Array, their low 32 bits in a Uint32Array
//       for a u32 algorithm, N course keys as strings for a text one), with a checksum of the
//       buckets that the native rows must match; a text algorithm also has a row for
//       bucketManyUtf8 on the same keys encoded beforehand
//
// Options: --dist DIR loads the package from DIR (default web/lib/dist); --wasm FILE the main
// module from DIR/wasm/FILE (default: ringlab-simd.wasm where this engine has WebAssembly SIMD128,
// else ringlab.wasm, as load() chooses; every result names it); --clock cpu times with
// this process's CPU time instead of the wall clock (steadier on a busy machine, blind to time
// spent waiting). Every pass walks a pool
// of N distinct course keys in order (default 1,000,000), so no pass repeats a small set of keys
// that the branch predictor or the caches could learn. Warm-up passes run first and are not
// reported.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function parseArgs(argv) {
  const o = {
    positional: [],
    keys: 1_000_000,
    pool: 1_000_000,
    servers: 10,
    reps: 5,
    warmup: 1,
    clock: "wall",
    dist: path.join(root, "web", "lib", "dist"),
    wasm: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) {
      o.positional.push(a);
      continue;
    }
    const v = argv[++i];
    if (v === undefined) throw new Error(`${a} needs a value`);
    if (a === "--dist") o.dist = path.resolve(v);
    else if (a === "--wasm") o.wasm = v;
    else if (a === "--keys") o.keys = Number(v);
    else if (a === "--pool") o.pool = Math.max(1, Number(v));
    else if (a === "--servers") o.servers = Number(v);
    else if (a === "--threads") o.threads = Number(v);
    else if (a === "--reps") o.reps = Math.max(1, Number(v));
    else if (a === "--warmup") o.warmup = Math.max(0, Number(v));
    else if (a === "--clock" && (v === "wall" || v === "cpu")) o.clock = v;
    else if (a === "--scenario") (o.scenarios ??= []).push(v);
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

// Peak resident set size of this process in KiB (Linux), or null.
function peakRssKb() {
  try {
    const m = readFileSync("/proc/self/status", "utf8").match(/^VmHWM:\s+(\d+)/m);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// Milliseconds on the chosen clock.
let now = () => performance.now();
function useClock(clock) {
  if (clock === "cpu") {
    now = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
  }
}

// A sink the optimiser cannot see through.
let sink = 0;

// Times `pass` (performing `ops` operations) after the warm-up: samples in ns per operation.
// Only reading the keys' UTF-16 units in JavaScript (summing them): what any call given JS strings
// must do first, since only JavaScript can read a string's units. The floor of such calls.
function readUnits(o, name, keys) {
  const n = keys.length;
  return timeOp(
    o,
    name,
    n,
    () => {
      let acc = 0;
      for (let i = 0; i < n; i++) {
        const k = keys[i];
        for (let j = 0; j < k.length; j++) acc += k.charCodeAt(j);
      }
      sink ^= acc;
    },
    "a JS loop reading every key's units, nothing else",
  );
}

// The other way to read them, which ringlab/systems takes for chunks of ASCII keys: each chunk's
// keys joined into one string (the engine's copy, not a unit at a time) and its bytes written by
// one TextEncoder.encodeInto, into a buffer as large as the chunk's units.
function readJoined(o, name, keys, chunk = 8192) {
  const n = keys.length;
  const encoder = new TextEncoder();
  const room = new Uint8Array(32 * chunk);
  return timeOp(
    o,
    name,
    n,
    () => {
      let acc = 0;
      for (let start = 0; start < n; start += chunk) {
        let text = "";
        const end = Math.min(n, start + chunk);
        for (let i = start; i < end; i++) text += keys[i];
        acc += encoder.encodeInto(text, room.subarray(0, text.length)).read;
      }
      sink ^= acc;
    },
    "each chunk's keys joined, then one TextEncoder.encodeInto",
  );
}

function timeOp(o, name, ops, pass, note) {
  for (let i = 0; i < o.warmup; i++) pass();
  const samples = [];
  for (let i = 0; i < o.reps; i++) {
    const t0 = now();
    pass();
    samples.push(((now() - t0) * 1e6) / ops);
  }
  return { op: name, unit: "ns/op", samples, ...(note ? { note } : {}) };
}

function timeRun(o, name, run, note) {
  for (let i = 0; i < o.warmup; i++) run();
  const samples = [];
  for (let i = 0; i < o.reps; i++) {
    const t0 = now();
    run();
    samples.push(now() - t0);
  }
  return { op: name, unit: "ms/run", samples, ...(note ? { note } : {}) };
}

// A module of one SIMD128 instruction (v128.const, drop): valid exactly where the engine has SIMD128.
const simd128Probe = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x03, 0x02, 0x01, 0x00, 0x0a,
  0x17, 0x01, 0x15, 0x00, 0xfd, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1a, 0x0b,
]);

// The main module's file: --wasm, else the one load() takes on this engine.
function mainWasm(o) {
  return o.wasm ?? (WebAssembly.validate(simd128Probe) ? "ringlab-simd.wasm" : "ringlab.wasm");
}

async function loadRinglab(o) {
  const { load } = await import(pathToFileURL(path.join(o.dist, "index.js")).href);
  return load({ wasmUrl: pathToFileURL(path.join(o.dist, "wasm", mainWasm(o))) });
}

// ringlab/systems from the same dist, or null when it is not built.
async function loadSystems(o) {
  try {
    const { load } = await import(pathToFileURL(path.join(o.dist, "systems.js")).href);
    return await load();
  } catch {
    return null;
  }
}

// The raw embind module (internal, for the profile rows only), instantiated from the glue as the
// package's loader does it; null when its shape has changed.
async function loadRaw(o) {
  try {
    // Each build of the main module has its own glue beside it (ringlab.js, ringlab-simd.js): a
    // module instantiated with the other build's glue lacks the imports it names.
    const wasm = mainWasm(o);
    const glue = wasm.replace(/\.wasm$/, ".js");
    const factory = (await import(pathToFileURL(path.join(o.dist, "wasm", glue)).href)).default;
    const bytes = readFileSync(path.join(o.dist, "wasm", wasm));
    return await new Promise((resolve, reject) => {
      factory({
        instantiateWasm(imports, receive) {
          WebAssembly.instantiate(bytes, imports).then((r) => receive(r.instance, r.module), reject);
          return {};
        },
      }).then(resolve, reject);
    });
  } catch {
    return null;
  }
}

// The same keys as the native bench (a seed the experiments do not use).
const poolSeed = 20240601;

async function experiment(o) {
  const rl = await loadRinglab(o);
  const name = o.positional[1];
  const runs = {
    "ring-vs-mod": () => rl.ringVsMod({ keys: o.keys }).text,
    "vnode-sweep": () => rl.vnodeSweep({ keys: o.keys }).text,
    "hrw-jump": () => rl.hrwJump({ keys: o.keys }).text,
  };
  const run = runs[name];
  if (!run) throw new Error(`unknown experiment ${name}`);
  let text = "";
  for (let i = 0; i < o.warmup; i++) text = run();
  const ms = [];
  for (let i = 0; i < o.reps; i++) {
    const t0 = now();
    text = run();
    ms.push(now() - t0);
  }
  return { experiment: name, keys: o.keys, ms, peakRssKb: peakRssKb(), text };
}

// Rendezvous alone, the batch call: what compare's rendezvous rows and the hrw-jump experiment run.
async function rendezvous(o) {
  const rl = await loadRinglab(o);
  const keys = rl.keys(poolSeed, o.pool);
  const hrw = rl.rendezvous(o.servers);
  const picks = new Int32Array(keys.length);
  const row = timeOp(o, `rendezvous.pick${o.servers}.batch`, keys.length, () => {
    sink ^= hrw.pickMany(keys, picks)[keys.length - 1];
  });
  hrw.dispose();
  return { rendezvous: true, servers: o.servers, pool: keys.length, ...row };
}

async function compare(o) {
  const rl = await loadRinglab(o);
  const run = () => rl.compare({ servers: o.servers, vnodes: 100, keys: o.keys, change: "add" });
  let rows = [];
  for (let i = 0; i < o.warmup; i++) rows = run();
  const ms = [];
  for (let i = 0; i < o.reps; i++) {
    const t0 = now();
    rows = run();
    ms.push(now() - t0);
  }
  rows = rows.map((r) => ({ ...r, buildMs: 0 }));
  return { compare: true, keys: o.keys, servers: o.servers, ms, peakRssKb: peakRssKb(), rows };
}

// A run across worker threads, timed whole: the workers start, load their modules, place their
// chunks, and end within each timed run, as a page's run does.
async function workers(o) {
  const { compareInWorkers, runInWorkers } = await import(pathToFileURL(path.join(o.dist, "parallel.js")).href);
  const name = o.positional[1];
  const threads = o.threads ?? 1;
  const run =
    name === "compare"
      ? async () =>
          JSON.stringify(
            (await compareInWorkers({ servers: o.servers, vnodes: 100, keys: o.keys, change: "add", threads })).map(
              (r) => ({ ...r, buildMs: 0 }),
            ),
          )
      : async () => (await runInWorkers(name, { keys: o.keys, threads })).text;
  let answer = "";
  for (let i = 0; i < o.warmup; i++) answer = await run();
  const ms = [];
  for (let i = 0; i < o.reps; i++) {
    const t0 = performance.now();
    answer = await run();
    ms.push(performance.now() - t0);
  }
  return { workers: name, keys: o.keys, servers: name === "compare" ? o.servers : null, threads, ms, answer };
}

async function ops(o) {
  const rl = await loadRinglab(o);
  const keys = rl.keys(poolSeed, o.pool);
  const hashes = rl.h32Many(keys);
  const n = keys.length;
  const out = [];

  out.push(
    timeOp(o, "h32.single", n, () => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc ^= rl.h32(keys[i]);
      sink ^= acc;
    }),
  );
  // Batch calls fill a reused output array (`out`): what a caller that repeats them does, and
  // no per-call allocation in the figure. Every batch row below does the same.
  const outU32 = new Uint32Array(n);
  const outI32 = new Int32Array(n);
  out.push(
    timeOp(
      o,
      "h32.batch",
      n,
      () => {
        sink ^= rl.h32Many(keys, outU32)[n - 1];
      },
      "rl.h32Many(keys, out), all keys in one call",
    ),
  );
  // phash2 (ringlab/systems, its own module) of the same keys as Elixir strings: the binary of
  // each key's UTF-8 bytes, hashed as :erlang.phash2 hashes it. The issue's yardstick is the h32
  // batch just above, measured in this same process.
  const systems = await loadSystems(o);
  if (systems) {
    out.push(
      timeOp(o, "phash2.single", n, () => {
        let acc = 0;
        for (let i = 0; i < n; i++) acc ^= systems.phash2(keys[i]);
        sink ^= acc;
      }),
    );
    out.push(
      timeOp(
        o,
        "phash2.batch",
        n,
        () => {
          sink ^= systems.phash2Many(keys, undefined, outU32)[n - 1];
        },
        "systems.phash2Many(keys, undefined, out), all keys in one call",
      ),
    );
    const ring = systems.malachiRing();
    for (let v = 0; v < 256; v++) ring.addVnode(`vnode-${v}`, Math.floor((v * 2 ** 32) / 256) + 12345);
    out.push(
      timeOp(
        o,
        "malachi.route.batch",
        n,
        () => {
          sink ^= ring.routeMany(keys).length;
        },
        "ring.routeMany(keys) on 256 vnodes: phash2, the search, the ids handed out",
      ),
    );
    ring.dispose();
  }
  // The profile of that batch call, in parts.
  // 1. Only reading the keys' UTF-16 units in JavaScript (summing them): what any call taking JS
  //    strings must do first, since only JavaScript can read a string's units. The floor.
  out.push(readUnits(o, "h32.read-js-units", keys));
  // 2. The module's part alone: the same keys already staged in the module's memory, hashed by
  //    the staged call the batch runs (internal entry points).
  const raw = await loadRaw(o);
  if (raw && typeof raw.h32Many === "function" && typeof raw.stageStrings === "function") {
    let units = 0;
    for (const k of keys) units += k.length;
    const at = raw.stageStrings(n, units) >>> 2;
    const words = raw.HEAPU32;
    const u16 = raw.HEAPU16;
    words[at] = 0;
    for (let i = 0, p = 2 * (at + 2 * n + 1), offset = 0; i < n; i++) {
      const k = keys[i];
      for (let j = 0; j < k.length; j++) u16[p++] = k.charCodeAt(j);
      offset += k.length;
      words[at + i + 1] = offset;
    }
    out.push(
      timeOp(
        o,
        "h32.batch.staged",
        n,
        () => {
          raw.h32Many(n);
        },
        "the module's h32 of keys already in its memory",
      ),
    );
    for (let i = 0; i < n; i += 99991)
      if (raw.HEAPU32[at + n + 1 + i] !== hashes[i]) throw new Error("staged h32 differs");
    raw.unstage();
  }
  // 3. Course keys made in the module: the experiments' way, no strings at all.
  if (typeof rl.keyHashes === "function") {
    const made = rl.keyHashes(poolSeed, n);
    for (let i = 0; i < n; i += 99991) if (made[i] !== hashes[i]) throw new Error("keyHashes differs from h32Many");
    out.push(
      timeOp(
        o,
        "h32.keyHashes",
        n,
        () => {
          sink ^= rl.keyHashes(poolSeed, n, outU32)[n - 1];
        },
        "rl.keyHashes(seed, n, out): course keys made and hashed in the module",
      ),
    );
  }

  const ring = rl.ring({ servers: 100, vnodes: 256 });
  // The same ring's footprint inside the module (internal handle; the public API has no such call).
  if (raw && typeof raw.makeRing === "function") {
    try {
      const r = raw.makeRing({ servers: 100, names: undefined, weights: undefined, zones: undefined, vnodes: 256 });
      if (r && typeof r.memoryBytes === "function") {
        out.push({ op: "ring.bytes-per-point", unit: "bytes", samples: [r.memoryBytes() / r.size()] });
      }
      r?.delete?.();
    } catch {}
  }
  {
    out.push(
      timeOp(o, "ring.ownerOfHash.single", n, () => {
        let acc = 0;
        for (let i = 0; i < n; i++) acc += ring.ownerOfHash(hashes[i]).length;
        sink ^= acc;
      }),
    );
    out.push(
      timeOp(
        o,
        "ring.ownerOfHashMany.batch",
        n,
        () => {
          sink ^= ring.ownerOfHashMany(hashes, outU32)[n - 1];
        },
        "ring.ownerOfHashMany(Uint32Array, out), all hashes in one call",
      ),
    );
  }

  out.push(
    timeOp(o, "jump.n1000.single", n, () => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += rl.jump(hashes[i], 1000);
      sink ^= acc;
    }),
  );
  out.push(
    timeOp(
      o,
      "jump.n1000.batch",
      n,
      () => {
        sink ^= rl.jumpMany(hashes, 1000, outI32)[n - 1];
      },
      "rl.jumpMany(Uint32Array, 1000, out)",
    ),
  );

  out.push(
    timeRun(o, "ring.build", () => {
      const r = rl.ring({ servers: 1000, vnodes: 1000 });
      sink ^= r.size;
      r.dispose();
    }),
  );
  if (typeof rl.maglev === "function") {
    out.push(
      timeRun(o, "maglev.build", () => {
        const m = rl.maglev({ backends: 100, tableSize: 65537 });
        sink ^= m.tableSize;
        m.dispose();
      }),
    );
    const m = rl.maglev({ backends: 100, tableSize: 65537 });
    out.push(
      timeOp(o, "maglev.lookupHash.single", n, () => {
        let acc = 0;
        for (let i = 0; i < n; i++) acc += m.lookupHash(hashes[i]);
        sink ^= acc;
      }),
    );
    out.push(
      timeOp(
        o,
        "maglev.lookupHashMany.batch",
        n,
        () => {
          sink ^= m.lookupHashMany(hashes, outU32)[n - 1];
        },
        "maglev.lookupHashMany(Uint32Array, out)",
      ),
    );
    m.dispose();
  }

  {
    const hrw = rl.rendezvous(100);
    // 100 scores per key: a fifth of the pool keeps these passes as long as the others.
    const few = keys.slice(0, Math.max(1, Math.floor(n / 5)));
    const single = timeOp(o, "rendezvous.pick100.single", few.length, () => {
      let acc = 0;
      for (let i = 0; i < few.length; i++) acc += hrw.pickIndex(few[i]);
      sink ^= acc;
    });
    const picks = new Int32Array(few.length);
    const batch = timeOp(
      o,
      "rendezvous.pick100.batch",
      few.length,
      () => {
        sink ^= hrw.pickMany(few, picks)[few.length - 1];
      },
      "hrw.pickMany(keys, out)",
    );
    out.push(single, batch);
    out.push({ op: "rendezvous.per-server.single", unit: "ns/op", samples: single.samples.map((s) => s / 100) });
    out.push({ op: "rendezvous.per-server.batch", unit: "ns/op", samples: batch.samples.map((s) => s / 100) });
    hrw.dispose();
  }

  if (typeof rl.boundedLoads === "function") {
    out.push(
      timeRun(
        o,
        "bounded.place",
        () => {
          sink ^= rl.boundedLoads(ring, hashes, 0.25).longestWalk;
        },
        `rl.boundedLoads(ring, ${n} hashes, 0.25)`,
      ),
    );
  }
  ring.dispose();
  return { pool: n, ops: out };
}

async function hashring(o) {
  const rl = await loadRinglab(o);
  const require = createRequire(path.join(root, "package.json"));
  let HashRing;
  try {
    HashRing = require("hashring");
  } catch {
    return { skipped: "the npm package hashring is not installed (npm install)" };
  }
  const servers = Array.from({ length: 100 }, (_, i) => `S${i}`);
  // hashring's points: 'vnode count' digests per server, 4 points per md5 digest (ketama), so 64
  // gives 256 points a server: the same 25,600 points as ringlab's ring with V = 256.
  const theirs = new HashRing(servers, "md5", { "vnode count": 64 });
  const ours = rl.ring({ servers, vnodes: 256 });
  const keys = rl.keys(poolSeed, o.pool);
  const n = keys.length;
  // hashring.get() costs microseconds: a fifth of the pool keeps its passes short. Its LRU cache
  // (5,000 keys by default) never hits: every pass walks more distinct keys than that, in order.
  // Its own copies of the same keys: hashring's cache makes V8 internalize the strings it is
  // given, which leaves each original as a forwarding "thin" string, slower to read for whoever
  // reads it next. Neither library should run on strings the other has changed.
  const few = rl.keys(poolSeed, Math.max(1, Math.floor(n / 5)));
  const out = [];
  out.push(
    timeOp(o, "hashring.get", few.length, () => {
      let acc = 0;
      for (let i = 0; i < few.length; i++) acc += theirs.get(few[i]).length;
      sink ^= acc;
    }),
  );
  out.push(
    timeOp(o, "ringlab.owner", n, () => {
      let acc = 0;
      for (let i = 0; i < n; i++) acc += ours.owner(keys[i]).length;
      sink ^= acc;
    }),
  );
  const owners = new Uint32Array(n);
  out.push(
    timeOp(o, "ringlab.ownerMany", n, () => {
      sink ^= ours.ownerMany(keys, owners)[n - 1];
    }),
  );
  const ringlabHashes = rl.h32Many(keys);
  out.push(
    timeOp(o, "ringlab.ownerOfHashMany", n, () => {
      sink ^= ours.ownerOfHashMany(ringlabHashes, owners)[n - 1];
    }),
  );
  let version = null;
  try {
    version = require("hashring/package.json").version;
  } catch {}
  const result = {
    pool: n,
    hashringVersion: version,
    hashringPoints: theirs.ring.length,
    ringlabPoints: ours.size,
    ops: out,
  };
  ours.dispose();
  return result;
}

// The real systems' configurations the bench measures (and profiles), one row each.
const benchServers = Array.from({ length: 10 }, (_, i) => `10.0.0.${i + 1}:11211`);
const systemRows = {
  memcached: ["10 servers, consistent_ketama", { servers: benchServers.join(","), mode: "consistent_ketama" }],
  nginx: ["10 servers, hash consistent", { servers: benchServers.join(","), mode: "consistent" }],
  libketama: ["10 servers", { servers: benchServers.map((s) => `${s}=100`).join(",") }],
  redis: ["CLUSTER KEYSLOT", {}],
  kafka: ["100 partitions, murmur2", { partitions: 100 }],
  cassandra: ["the token", {}],
  guava: ["1000 buckets, murmur3_128 input", { buckets: 1000, input: "murmur3_128" }],
  erlang: ["phash2/2 of a binary, range 2^32", { range: 4294967296 }],
  "envoy-ring": ["10 hosts, xxHash", { hosts: benchServers.join(",") }],
  "envoy-maglev": ["10 hosts, table 65537", { hosts: benchServers.join(",") }],
};
const systemRow = (system) => ({ system, config: systemRows[system][0], options: systemRows[system][1] });

// The real systems (ringlab/systems): per system, system(...).placeMany(keys) given the keys as
// JS strings and as bytes, against the npm package people use for it, on the same keys.
async function systems(o) {
  const systemsApi = await loadSystems(o);
  if (!systemsApi) return { skipped: "ringlab/systems is not built" };
  const rl = await loadRinglab(o);
  const require = createRequire(path.join(root, "package.json"));
  const keys = rl.keys(poolSeed, Math.max(1, Math.floor(o.pool / 10)));
  const bytes = keys.map((k) => new TextEncoder().encode(k));
  const n = keys.length;
  const servers = benchServers;
  const optional = (name) => {
    try {
      return require(name);
    } catch {
      return null;
    }
  };
  const HashRing = optional("hashring");
  const clusterKeySlot = optional("cluster-key-slot");
  const kafkajs = optional("kafkajs");
  const gouache = optional("jump-gouache");
  const kafkaPartitioner = kafkajs ? kafkajs.Partitioners.DefaultPartitioner() : null;
  const rows = [
    {
      system: "memcached",
      ...systemRow("memcached"),
      npm: HashRing && {
        name: "hashring",
        make: () => new HashRing(servers, "md5", { "default port": 11211 }),
        run: (h) => {
          let acc = 0;
          for (let i = 0; i < n; i++) acc += h.get(keys[i]).length;
          return acc;
        },
      },
    },
    systemRow("nginx"),
    systemRow("libketama"),
    {
      ...systemRow("redis"),
      npm: clusterKeySlot && {
        name: "cluster-key-slot",
        make: () => clusterKeySlot,
        run: (f) => {
          let acc = 0;
          for (let i = 0; i < n; i++) acc += f(keys[i]);
          return acc;
        },
      },
    },
    {
      ...systemRow("kafka"),
      npm: kafkaPartitioner && {
        name: "kafkajs DefaultPartitioner",
        make: () => kafkaPartitioner,
        run: (p) => {
          let acc = 0;
          const partitionMetadata = Array.from({ length: 100 }, (_, i) => ({ partitionId: i, leader: 0 }));
          for (let i = 0; i < n; i++) acc += p({ topic: "t", partitionMetadata, message: { key: keys[i] } });
          return acc;
        },
      },
    },
    systemRow("cassandra"),
    {
      ...systemRow("guava"),
      npm: gouache && {
        name: "jump-gouache murmurConsistentHash",
        make: () => gouache,
        run: (g) => {
          let acc = 0;
          for (let i = 0; i < n; i++) acc += g.murmurConsistentHash(keys[i], 1000);
          return acc;
        },
      },
    },
    systemRow("erlang"),
    systemRow("envoy-ring"),
    systemRow("envoy-maglev"),
  ];
  const out = [];
  // The floor: only reading the keys' UTF-16 units in JavaScript, what any call given JS strings
  // must do first (only JavaScript can read a string's units).
  out.push(readUnits(o, "floor", keys));
  out.push(readJoined(o, "floor.joined", keys));
  for (const r of rows) {
    const sys = systemsApi.system(r.system, r.options);
    // The typed arrays of one call, filled in again by every pass (as a caller reusing them would).
    const reused = sys.placeMany(keys);
    out.push(
      timeOp(
        o,
        `${r.system}.strings`,
        n,
        () => {
          sink ^= sys.placeMany(keys, reused).server[n - 1];
        },
        r.config,
      ),
    );
    out.push(
      timeOp(
        o,
        `${r.system}.bytes`,
        n,
        () => {
          sink ^= sys.placeMany(bytes).server[n - 1];
        },
        r.config,
      ),
    );
    sys.dispose();
    if (r.npm) {
      const h = r.npm.make();
      out.push(timeOp(o, `${r.system}.npm`, n, () => (sink ^= r.npm.run(h)), r.npm.name));
    }
  }
  return { pool: n, ops: out };
}

// Where the time of one system's placeMany(keys) goes, given JS strings as the bench gives them:
// a CPU profile (the inspector's sampling profiler) of repeated calls, each sample's frame put in
// one of four parts. The shares are of the samples in those parts (idle and the profiler's own
// excluded), so they hold on a busy machine, where the times do not.
async function profile(o) {
  const name = o.positional[1];
  if (!systemRows[name]) throw new Error(`profile: no system ${name}`);
  const systemsApi = await loadSystems(o);
  if (!systemsApi) return { skipped: "ringlab/systems is not built" };
  const rl = await loadRinglab(o);
  const keys = rl.keys(poolSeed, Math.max(1, Math.floor(o.pool / 10)));
  const sys = systemsApi.system(name, systemRows[name][1]);
  const reused = sys.placeMany(keys);
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  for (let i = 0; i < o.warmup; i++) sink ^= sys.placeMany(keys, reused).server[0];
  // At least 20 calls: enough samples for the shares at the default --reps.
  const calls = Math.max(20, o.reps);
  await session.post("Profiler.start");
  for (let i = 0; i < calls; i++) sink ^= sys.placeMany(keys, reused).server[0];
  const { profile: p } = await session.post("Profiler.stop");
  session.disconnect();
  sys.dispose();
  const part = (frame) => {
    if (frame.functionName === "(garbage collector)") return "gc";
    if (frame.functionName === "encodeInto") return "encode";
    if (frame.url.startsWith("wasm://")) return "module";
    if (frame.functionName === "(idle)" || frame.functionName === "(program)" || frame.functionName === "(root)")
      return null;
    return "js";
  };
  const nodes = new Map(p.nodes.map((node) => [node.id, part(node.callFrame)]));
  const time = { encode: 0, gc: 0, js: 0, module: 0 };
  p.samples.forEach((id, i) => {
    const k = nodes.get(id);
    if (k) time[k] += p.timeDeltas[i] ?? 0;
  });
  const total = time.encode + time.gc + time.js + time.module;
  return {
    system: name,
    keys: keys.length,
    calls,
    shares: Object.fromEntries(Object.entries(time).map(([k, v]) => [k, v / total])),
  };
}

// The bucket hashers (ringlab/buckets): each scenario's batch call, on the inputs ringlab_bench
// buckets maps natively (bench/bench.cpp: the same pool, the same removals, the same checksum).

// java.util.SplittableRandom's nextLong (jumpback.hpp's SplitMix64), on BigInts.
function splitMix64(seed) {
  const mask = (1n << 64n) - 1n;
  let state = BigInt(seed);
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  };
}

// "NAME:buckets=B[,capacity=C][,removed=R]", and its id as the native rows name it: NAME.nB, with
// -R when R > 0.
function parseScenario(text) {
  const [algorithm, rest = ""] = text.split(/:(.*)/s);
  const sc = { algorithm, buckets: 0, capacity: undefined, removed: 0 };
  for (const item of rest.split(",").filter(Boolean)) {
    const [key, value] = item.split("=");
    if (!["buckets", "capacity", "removed"].includes(key)) throw new Error(`--scenario ${text}: no such field ${key}`);
    sc[key] = Number(value);
  }
  if (!(sc.buckets >= 1 && sc.removed >= 0 && sc.removed < sc.buckets))
    throw new Error(`--scenario ${text}: needs buckets >= 1 and 0 <= removed < buckets`);
  sc.id = `${algorithm}.n${sc.buckets}${sc.removed > 0 ? `-${sc.removed}` : ""}`;
  return sc;
}

// The first R of 0 .. B - 1 shuffled: Fisher-Yates from the top, j = SplitMix64(seed) mod (i + 1).
function removalOrder(sc) {
  const order = Array.from({ length: sc.buckets }, (_, i) => i);
  const next = splitMix64(20250101);
  for (let i = order.length - 1; i >= 1; i--) {
    const j = Number(next() % BigInt(i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, sc.removed);
}

// FNV-1a's step over each bucket as one 32-bit word.
function bucketChecksum(out) {
  let h = 2166136261;
  for (let i = 0; i < out.length; i++) h = Math.imul(h ^ out[i], 16777619);
  return h >>> 0;
}

async function buckets(o) {
  const scenarios = (o.scenarios ?? []).map(parseScenario);
  if (scenarios.length === 0) throw new Error("buckets: no --scenario given");
  const { load } = await import(pathToFileURL(path.join(o.dist, "buckets.js")).href);
  const api = await load();
  const inputKind = Object.fromEntries(api.algorithms().map((a) => [a.name, a.input]));
  const n = o.pool;
  const u64 = new BigUint64Array(n);
  const next = splitMix64(20240601);
  for (let i = 0; i < n; i++) u64[i] = next();
  const u32 = new Uint32Array(n);
  for (let i = 0; i < n; i++) u32[i] = Number(u64[i] & 0xffffffffn);
  let keys = null;
  const out = new Uint32Array(n);
  const rows = [];
  for (const sc of scenarios) {
    const kind = inputKind[sc.algorithm];
    if (kind === "text" && !keys) keys = (await loadRinglab(o)).keys(poolSeed, n);
    const inputs = kind === "text" ? keys : kind === "u32" ? u32 : u64;
    // B buckets, or B named nodes for an algorithm built from nodes.
    const fromNodes = api
      .algorithms()
      .find((a) => a.name === sc.algorithm)
      ?.options.includes("nodes");
    const options = fromNodes
      ? { nodes: Array.from({ length: sc.buckets }, (_, i) => `node-${i}`) }
      : { buckets: sc.buckets };
    if (sc.capacity !== undefined) options.capacity = sc.capacity;
    const hasher = api.hasher(sc.algorithm, options);
    for (const b of removalOrder(sc)) hasher.remove(b);
    // An algorithm that answers names fills an array of names, reused as `out` is: its names are
    // read back to their places for the checksum, after the timing.
    const names = fromNodes ? new Array(n) : undefined;
    const what = fromNodes
      ? "hasher.bucketMany(keys, names): JS strings in, the nodes' names out into a reused array"
      : kind === "text"
        ? "hasher.bucketMany(keys, out): JS strings, their UTF-8 and xxh32 included"
        : `hasher.bucketMany(${kind === "u32" ? "Uint32Array" : "BigUint64Array"}, out)`;
    const row = timeOp(
      o,
      `${sc.id}.batch`,
      n,
      fromNodes
        ? () => {
            sink ^= hasher.bucketMany(inputs, names).length;
          }
        : () => {
            sink ^= hasher.bucketMany(inputs, out)[n - 1];
          },
      what,
    );
    if (fromNodes) {
      const place = new Map(options.nodes.map((name, i) => [name, i]));
      for (let i = 0; i < n; i++) out[i] = place.get(names[i]);
    }
    rows.push({
      ...row,
      scenario: sc.id,
      algorithm: sc.algorithm,
      way: kind === "text" ? "batch-keys" : "batch",
      checksum: bucketChecksum(out),
    });
    if (kind === "text") {
      // The same keys already UTF-8 (bucketManyUtf8): the encoding is the caller's, done once
      // here, outside the timing, as a row that maps given hashes takes its hashes given. The
      // answers are places for every algorithm, names' included.
      const encoder = new TextEncoder();
      const parts = keys.map((k) => encoder.encode(k));
      const offsets = new Uint32Array(n + 1);
      for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + parts[i].length;
      const bytes = new Uint8Array(offsets[n]);
      for (let i = 0; i < n; i++) bytes.set(parts[i], offsets[i]);
      const utf8 = timeOp(
        o,
        `${sc.id}.batch-utf8`,
        n,
        () => {
          sink ^= hasher.bucketManyUtf8(bytes, offsets, out)[n - 1];
        },
        "hasher.bucketManyUtf8(bytes, offsets, out): the keys' UTF-8 given, copied in and hashed",
      );
      rows.push({
        ...utf8,
        scenario: sc.id,
        algorithm: sc.algorithm,
        way: "batch-utf8",
        checksum: bucketChecksum(out),
      });
    }
    hasher.dispose();
  }
  return { pool: n, ops: rows };
}

const o = parseArgs(process.argv.slice(2));
useClock(o.clock);
const modes = { experiment, compare, workers, ops, hashring, systems, rendezvous, profile, buckets };
const mode = modes[o.positional[0]];
if (!mode) {
  console.error(
    "usage: node bench/wasm.mjs experiment NAME | compare | workers NAME | ops | hashring | systems | rendezvous | profile SYSTEM | buckets --scenario S ... [--keys N] [--servers S] [--threads T] [--pool N] [--reps R] [--warmup W] [--dist DIR]",
  );
  process.exit(2);
}
const result = await mode(o);
result.sink = sink;
result.clock = o.clock;
result.wasm = mainWasm(o);
process.stdout.write(JSON.stringify(result) + "\n");
