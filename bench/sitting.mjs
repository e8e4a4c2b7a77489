// Builds of the main module side by side, in one sitting, on the page's own work: compare at the
// compare page's sizes (its default, 100,000 keys x 10 servers x 100 vnodes, one server added;
// and 100 servers), the experiments at the experiment pages' defaults, and rendezvous over 100
// servers (the batch call compare's rendezvous rows and hrw-jump run). Each variant is a built
// package (web/lib/dist, or a copy of one) and, optionally, which of its .wasm files to load.
// The variants take turns (one process per measurement, rounds interleaved), so a machine that
// gets busier or quieter during the sitting weighs on all of them alike.
//
//   node bench/sitting.mjs [--rounds R] [--reps N] [--clock cpu|wall] LABEL=DIST[:FILE.wasm] ...
//
// Prints, per case, each variant's median with its spread (min-max over every sample of every
// round) and each variant's median over the first's: what docs/build.md and bench/RESULTS.md quote.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const worker = path.join(root, "bench", "wasm.mjs");

const o = { rounds: 3, reps: 5, clock: "cpu", variants: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--rounds") o.rounds = Number(argv[++i]);
  else if (a === "--reps") o.reps = Number(argv[++i]);
  else if (a === "--clock") o.clock = argv[++i];
  else if (/^[^=]+=/.test(a)) {
    const [label, spec] = [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)];
    const [dist, wasm] = spec.split(":");
    o.variants.push({ label, dist: path.resolve(dist), wasm });
  } else {
    console.error(
      `usage: node bench/sitting.mjs [--rounds R] [--reps N] [--clock cpu|wall] LABEL=DIST[:FILE.wasm] ...`,
    );
    process.exit(2);
  }
}
if (o.variants.length === 0) {
  console.error("bench/sitting.mjs: give at least one LABEL=DIST[:FILE.wasm]");
  process.exit(2);
}

const cases = [
  {
    name: "compare, 100,000 keys x 10 servers (the page's default)",
    args: ["compare", "--keys", "100000", "--servers", "10"],
    unit: "ms",
  },
  {
    name: "compare, 100,000 keys x 100 servers",
    args: ["compare", "--keys", "100000", "--servers", "100"],
    unit: "ms",
  },
  {
    name: "compare, 1,000,000 keys x 10 servers",
    args: ["compare", "--keys", "1000000", "--servers", "10"],
    unit: "ms",
  },
  {
    name: "ring-vs-mod, 10,000 keys (its default)",
    args: ["experiment", "ring-vs-mod", "--keys", "10000"],
    unit: "ms",
  },
  {
    name: "vnode-sweep, 100,000 keys (its default)",
    args: ["experiment", "vnode-sweep", "--keys", "100000"],
    unit: "ms",
  },
  { name: "hrw-jump, 10,000 keys (its default)", args: ["experiment", "hrw-jump", "--keys", "10000"], unit: "ms" },
  {
    name: "rendezvous over 100 servers, per key (pickMany)",
    args: ["rendezvous", "--servers", "100", "--pool", "200000"],
    unit: "ns",
  },
];

function measure(c, v) {
  const args = [worker, ...c.args, "--reps", String(o.reps), "--warmup", "1", "--clock", o.clock, "--dist", v.dist];
  if (v.wasm) args.push("--wasm", v.wasm);
  const r = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${c.name} (${v.label}): ${r.stderr}`);
  const j = JSON.parse(r.stdout);
  return { samples: j.ms ?? j.samples, answer: JSON.stringify(j.rows ?? j.text ?? null) };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

console.log(
  `| case | ${o.variants.map((v) => v.label).join(" | ")} | ${o.variants
    .slice(1)
    .map((v) => `${v.label} / ${o.variants[0].label}`)
    .join(" | ")} |`,
);
console.log(
  `|---|${o.variants.map(() => "---|").join("")}${o.variants
    .slice(1)
    .map(() => "---|")
    .join("")}`,
);
for (const c of cases) {
  const samples = o.variants.map(() => []);
  const answers = new Set();
  for (let round = 0; round < o.rounds; round++) {
    // Each round in another order, so no variant always runs first.
    const order = o.variants.map((_, i) => (i + round) % o.variants.length);
    for (const i of order) {
      const m = measure(c, o.variants[i]);
      samples[i].push(...m.samples);
      answers.add(m.answer);
    }
  }
  // Every variant must give the same answer (compare's rows without build times, the experiments' text).
  if (answers.size !== 1) throw new Error(`${c.name}: the variants answered differently`);
  const medians = samples.map(median);
  const cells = samples.map((s, i) => `${fmt(medians[i])} ${c.unit} (${fmt(Math.min(...s))}–${fmt(Math.max(...s))})`);
  const ratios = medians.slice(1).map((m) => `${(m / medians[0]).toFixed(3)}`);
  console.log(`| ${c.name} | ${cells.join(" | ")} | ${ratios.join(" | ")} |`);
}
