// redis-cli 7.0.15's `--cluster rebalance` and `--cluster reshard` against `ringlab plan redis`:
// a few redis-server nodes in cluster mode on 127.0.0.1, reused for every layout. For each
// layout the nodes are reset (CLUSTER RESET HARD: new ids, so the entry node's CLUSTER NODES
// order changes too), given their slots (ADDSLOTSRANGE, uneven and fragmented), met, and once
// every node agrees, the entry node's CLUSTER NODES goes to ringlab and the real redis-cli runs.
// Compared: the moves redis-cli prints (rebalance: "Moving K slots from A to B" per step;
// reshard: its whole "Moving slot S from ID" table) and every master's own slots after the real
// run, against the plan's end (or, where the plan says the run stops half done, against the
// plan's figures for that stop, with redis-cli failing as the warning says). No keys are stored:
// each slot move is then a few commands.
//
//   node tests/systems/redis-plan.mjs [--seed N] [--layouts N]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { nativeCli, random } from "./lib.mjs";
import { startRedis } from "./redis.mjs";

const SLOTS = 16384;
const NODES = 5;
export const DEFAULT_LAYOUTS = 200;

// A connection that sends commands and reads their replies in order (RESP2).
function client(port) {
  const socket = connect({ host: "127.0.0.1", port });
  let buffer = Buffer.alloc(0);
  const waiting = [];
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const r = parse(buffer, 0);
      if (!r) break;
      buffer = buffer.subarray(r.end);
      waiting.shift()(r.value);
    }
  });
  const ready = new Promise((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return {
    async call(...args) {
      await ready;
      const parts = [`*${args.length}\r\n`];
      for (const a of args.map(String)) parts.push(`$${Buffer.byteLength(a)}\r\n${a}\r\n`);
      return new Promise((resolve) => {
        waiting.push(resolve);
        socket.write(parts.join(""));
      });
    },
    close: () => socket.destroy(),
  };
}

function parse(b, at) {
  const nl = b.indexOf("\r\n", at);
  if (nl < 0) return null;
  const head = b.toString("latin1", at + 1, nl);
  const type = String.fromCharCode(b[at]);
  if (type === "+") return { value: head, end: nl + 2 };
  if (type === "-") return { value: new Error(head), end: nl + 2 };
  if (type === ":") return { value: Number(head), end: nl + 2 };
  if (type === "$") {
    const n = Number(head);
    if (n < 0) return { value: null, end: nl + 2 };
    if (b.length < nl + 2 + n + 2) return null;
    return { value: b.toString("utf8", nl + 2, nl + 2 + n), end: nl + 2 + n + 2 };
  }
  if (type === "*") {
    const n = Number(head);
    const out = [];
    let end = nl + 2;
    for (let i = 0; i < n; i++) {
      const r = parse(b, end);
      if (!r) return null;
      out.push(r.value);
      end = r.end;
    }
    return { value: out, end };
  }
  throw new Error(`unexpected reply ${type}${head}`);
}

async function must(c, ...args) {
  const r = await c.call(...args);
  if (r instanceof Error) throw new Error(`${args.join(" ")}: ${r.message}`);
  return r;
}

// A CLUSTER NODES text as {id: {flags, master, link, slots: "a-b,c"}}; `own` is the myself line.
function readNodes(text) {
  const nodes = {};
  let own = null;
  for (const line of text.split("\n")) {
    if (!line) continue;
    const f = line.split(" ");
    nodes[f[0]] = { flags: f[2], link: f[7], slots: slotsText(f.slice(8)) };
    if (f[2].includes("myself")) own = f[0];
  }
  return { nodes, own };
}

// A line's slot fields as rangesText writes them. Redis writes them as ascending ranges of
// plain numbers, which only need joining where one ends next to where the next starts: done
// on the ranges, not on up to 16,384 slots each time the nodes are asked whether they agree.
// Fields of another form (a slot being migrated, "[S->-ID]") or out of order go the long way.
function slotsText(fields) {
  const out = [];
  let last = -1;
  for (const field of fields) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(field);
    if (!m) return slotsTextLong(fields);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > b || a <= last) return slotsTextLong(fields);
    if (out.length && a === last + 1) out[out.length - 1][1] = b;
    else out.push([a, b]);
    last = b;
  }
  return out.map(([a, b]) => (b > a ? `${a}-${b}` : `${a}`)).join(",");
}

function slotsTextLong(fields) {
  const slots = [];
  for (const s of fields) {
    const [a, b = a] = s.split("-").map(Number);
    for (let x = a; x <= b; x++) slots.push(x);
  }
  return rangesText(slots);
}

function rangesText(slots) {
  const s = [...slots].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < s.length;) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
    out.push(j > i ? `${s[i]}-${s[j]}` : `${s[i]}`);
    i = j + 1;
  }
  return out.join(",");
}

// A layout: which master holds each slot. Uneven shares, fragmented into ranges handed out at
// random; some masters get none (empty masters).
function makeLayout(rand, masters, empty) {
  const int = (n) => Math.floor(rand() * n);
  const holders = [...Array(masters).keys()].filter((m) => !empty.includes(m));
  const pieces = holders.length + int(rand() < 0.5 ? 3 : 14);
  const cuts = new Set();
  while (cuts.size < pieces - 1) cuts.add(1 + int(SLOTS - 1));
  const bounds = [0, ...[...cuts].sort((a, b) => a - b), SLOTS];
  const owner = new Array(SLOTS);
  // Every holder gets at least one piece, the rest go at random.
  const order = [...holders, ...Array.from({ length: pieces - holders.length }, () => holders[int(holders.length)])];
  for (let i = order.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (let p = 0; p < pieces; p++) for (let s = bounds[p]; s < bounds[p + 1]; s++) owner[s] = order[p];
  return owner;
}

// A layout near balance: each holder's share off by a few percent, a few small ranges swapped;
// the masters in `small` hold only a few hundred slots each.
function nearLayout(rand, masters, empty, small = []) {
  const int = (n) => Math.floor(rand() * n);
  const holders = [...Array(masters).keys()].filter((m) => !empty.includes(m));
  const owner = new Array(SLOTS);
  const weights = holders.map((h) => (small.includes(h) ? 0.005 + rand() * 0.06 : 1 + (rand() - 0.5) * 0.08));
  const sum = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  holders.forEach((h, i) => {
    const n = i === holders.length - 1 ? SLOTS - at : Math.round((SLOTS * weights[i]) / sum);
    for (let s = at; s < at + n; s++) owner[s] = h;
    at += n;
  });
  for (let k = int(4); k > 0; k--) {
    const a = int(SLOTS - 40);
    const to = holders[int(holders.length)];
    for (let s = a; s < a + 1 + int(40); s++) owner[s] = to;
  }
  return owner;
}

async function startNode(dir) {
  // A node pings each other node at least every half timeout: a short one lets a new layout's
  // slots reach every node in a second or less (the default, 15 s, would take seconds).
  const node = await startRedis(dir, ["--cluster-node-timeout", "1000"]);
  return { ...node, c: client(node.port) };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A node's view of one node (readNodes) as the layout has it: connected, in no handshake or
// failure, holding `slots` (rangesText).
const asLaid = (v, slots) =>
  v !== undefined && v.link === "connected" && !/handshake|fail|noaddr/.test(v.flags) && v.slots === slots;

// Every node of the layout knows the others, connected, and holds the layout's slots in its view.
async function agreed(nodes, expect) {
  for (const n of nodes) {
    const { nodes: view } = readNodes(await must(n.c, "CLUSTER", "NODES"));
    if (Object.keys(view).length !== nodes.length) return false;
    for (const [id, slots] of Object.entries(expect)) if (!asLaid(view[id], slots)) return false;
  }
  return true;
}

// A node's CLUSTER INFO, field by field (its values as text).
async function info(node) {
  const text = await must(node.c, "CLUSTER", "INFO");
  return Object.fromEntries([...text.matchAll(/^(\w+):(\S*)/gm)].map((m) => [m[1], m[2]]));
}

// Every node counts as many known nodes and assigned slots as the layout has (CLUSTER INFO: a few
// hundred bytes, where CLUSTER NODES lists every node's slot ranges). The wait for a layout asks
// this first and reads the whole views only once it holds: asking for those every 50 ms took a
// third of this test's CPU.
async function counted(nodes, slots) {
  for (const n of nodes) {
    const f = await info(n);
    if (Number(f.cluster_known_nodes) !== nodes.length || Number(f.cluster_slots_assigned) !== slots) return false;
  }
  return true;
}

// What each node of a layout that did not settle says: its counts, and its view's lines for any
// node that is not the layout's or not as the layout has it.
async function views(nodes, expect) {
  const out = [];
  for (const n of nodes) {
    const f = await info(n);
    const counts = ["cluster_state", "cluster_known_nodes", "cluster_slots_assigned"].map((k) => `${k}:${f[k]}`);
    out.push(`  node ${n.id} (port ${n.port}): ${counts.join(" ")}`);
    for (const line of (await must(n.c, "CLUSTER", "NODES")).split("\n").filter(Boolean)) {
      const [id, v] = Object.entries(readNodes(line).nodes)[0];
      if (!asLaid(v, expect[id])) out.push(`    ${line.length > 200 ? `${line.slice(0, 200)}...` : line}`);
    }
  }
  return out.join("\n");
}

async function setLayout(nodes, owner, label) {
  for (const n of nodes) await must(n.c, "CLUSTER", "RESET", "HARD");
  const expect = {};
  let assigned = 0;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    n.id = await must(n.c, "CLUSTER", "MYID");
    await must(n.c, "CLUSTER", "SET-CONFIG-EPOCH", i + 1);
    const mine = [];
    for (let s = 0; s < SLOTS; s++) if (owner[s] === i) mine.push(s);
    const pairs = rangesText(mine)
      .split(",")
      .filter(Boolean)
      .flatMap((r) => {
        const [a, b = a] = r.split("-");
        return [a, b];
      });
    if (pairs.length) await must(n.c, "CLUSTER", "ADDSLOTSRANGE", ...pairs);
    expect[n.id] = rangesText(mine);
    assigned += mine.length;
  }
  const meet = async () => {
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++)
        await must(nodes[i].c, "CLUSTER", "MEET", "127.0.0.1", nodes[j].port, nodes[j].bus);
  };
  await meet();
  // A layout agrees within a second here. But a node drops a handshake that has not completed
  // within the node timeout (a second) and never starts it again unless another node tells it of
  // the one it lost: on a machine busy enough to keep a node from answering in time, the layout
  // can stay split for good (three nodes, one stopped for 2.5 s right after the meetings: the
  // other two still did not know it 36 s later; once met again, all three agreed within 2 s). So
  // the nodes meet again every 5 s until they agree, as an operator would (meeting a node it
  // knows, a node starts a handshake that ends on the entry it has).
  const start = Date.now();
  let met = start;
  while (!((await counted(nodes, assigned)) && (await agreed(nodes, expect)))) {
    if (Date.now() - start > 20000)
      throw new Error(`the nodes did not agree on the layout within 20 s:\n${await views(nodes, expect)}`);
    if (Date.now() - met > 5000) {
      console.log(`  redis-plan: ${label}: no agreement after ${Date.now() - start} ms, the nodes meet again`);
      await meet();
      met = Date.now();
    }
    await sleep(50);
  }
}

function ringlabPlan(args) {
  const r = spawnSync(nativeCli(), ["plan", "redis", ...args, "--json"], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`ringlab plan redis ${args.join(" ")}: ${r.stderr}`);
  const lines = r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  return { steps: lines.slice(0, -1), summary: lines.at(-1).summary };
}

// What each master holds in its own view (its myself line), by id.
async function ownSlots(nodes) {
  const out = {};
  for (const n of nodes) {
    const { nodes: view, own } = readNodes(await must(n.c, "CLUSTER", "NODES"));
    out[own] = view[own].flags.includes("slave") ? "" : view[own].slots;
  }
  return out;
}

// The slots each node holds after the first `moved` slots of the plan's steps.
function afterMoves(start, steps, moved = Infinity) {
  const held = Object.fromEntries(Object.entries(start).map(([id, r]) => [id, new Set(expand(r))]));
  let done = 0;
  for (const st of steps)
    for (const s of st.slots) {
      if (done++ >= moved) break;
      held[st.from].delete(s);
      held[st.to].add(s);
    }
  return Object.fromEntries(Object.entries(held).map(([id, set]) => [id, rangesText(set)]));
}

function expand(r) {
  const out = [];
  for (const part of r.split(",").filter(Boolean)) {
    const [a, b = a] = part.split("-").map(Number);
    for (let x = a; x <= b; x++) out.push(x);
  }
  return out;
}

// One layout and one command: what ringlab says and what the real run did, as comparable text.
async function runLayout(rand, nodes, dir, index) {
  const int = (n) => Math.floor(rand() * n);
  const m = 3 + int(NODES - 2);
  const used = nodes.slice(0, m);
  const reshard = rand() < 0.45;
  // Each slot moved costs the real run a few commands on every node: most layouts are near
  // balance (a few hundred slots to move), a few are far from it or have an empty master that
  // takes its share (thousands). Small masters (a few hundred slots) are drained or resharded
  // away, which is where a run can stop half done.
  const empties = rand() < 0.02 ? [int(m)] : [];
  const small = rand() < 0.45 ? [...new Set([int(m), int(m)])].filter((x) => !empties.includes(x)) : [];
  const owner = (reshard || small.length || rand() < 0.97 ? nearLayout : makeLayout)(rand, m, empties, small);
  const t0 = Date.now();
  await setLayout(used, owner, `layout ${index}`);
  if (process.env.RINGLAB_REDIS_TIMES) console.log(`layout ${index}: agreed in ${Date.now() - t0} ms`);
  const entry = used[int(m)];
  const text = await must(entry.c, "CLUSTER", "NODES");
  const file = path.join(dir, `nodes-${index}.txt`);
  writeFileSync(file, text);
  const start = Object.fromEntries(
    used.map((n, i) => [n.id, rangesText(owner.flatMap((o, s) => (o === i ? [s] : [])))]),
  );
  const ids = used.map((n) => n.id);
  const holders = ids.filter((id) => start[id] !== "");
  const args = [];
  const real = ["--cluster", reshard ? "reshard" : "rebalance", `127.0.0.1:${entry.port}`];
  let label;
  if (reshard) {
    const to = ids[int(m)];
    const others = ids.filter((id) => id !== to);
    const kind = int(3);
    let from;
    if (kind === 0) from = [others[int(others.length)]];
    else if (kind === 1 && small.length && !small.includes(ids.indexOf(to))) from = small.map((i) => ids[i]);
    else if (kind === 1 && !from) from = others.filter(() => rand() < 0.6).slice(0, 3);
    if (!from || from.length === 0) from = ["all"];
    const held =
      from[0] === "all" ? SLOTS - expand(start[to]).length : from.reduce((a, id) => a + expand(start[id]).length, 0);
    // Mostly a few hundred slots; now and then more than the sources hold (a shortfall, and a
    // source emptied before the end).
    const slots = held > 0 && held < 1500 && rand() < 0.6 ? held + int(50) : 1 + int(Math.min(250, Math.max(held, 1)));
    args.push("reshard", "--from", from.join(","), "--to", to, "--slots", String(slots));
    real.push("--cluster-from", from.join(","), "--cluster-to", to, "--cluster-slots", String(slots));
    label = `reshard ${from.length === 1 && from[0] === "all" ? "all" : from.length + " source(s)"} -> 1, ${slots} slots`;
  } else {
    args.push("rebalance");
    const weights = [];
    // A drain (weight 0) of a small master, or weights a little off 1 (far off, they would move
    // thousands of slots).
    if (small.length && holders.length > small.length)
      for (const i of small) weights.push(`${ids[i].slice(0, 6 + int(10))}=0`);
    else if (rand() < 0.3)
      for (const id of holders.filter(() => rand() < 0.5))
        weights.push(`${id.slice(0, 8)}=${(0.9 + rand() * 0.2).toFixed(2)}`);
    // redis-cli takes every weight after one --cluster-weight.
    for (const w of weights) args.push("--weight", w);
    if (weights.length) real.push("--cluster-weight", ...weights);
    if (empties.length && rand() < 0.7) (args.push("--use-empty-masters"), real.push("--cluster-use-empty-masters"));
    if (rand() < 0.4) {
      const t = ["0", "1", "1.5", "5", "10", "25"][int(6)];
      (args.push("--threshold", t), real.push("--cluster-threshold", t));
    }
    label = `rebalance ${args.slice(1).join(" ")}`.trim();
  }
  const plan = ringlabPlan([...args.slice(0, 1), "--nodes", file, ...args.slice(1)]);
  const migration = rand() < 0.5 ? "yes" : "no";
  for (const n of used) await must(n.c, "CONFIG", "SET", "cluster-allow-replica-migration", migration);
  const t1 = Date.now();
  const run = spawnSync("redis-cli", [...real, "--cluster-yes"], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (process.env.RINGLAB_REDIS_TIMES)
    console.log(`layout ${index}: redis-cli ${Date.now() - t1} ms, ${plan.summary.moved} slots`);
  // Without its colours (which a terminal would show).
  const stdout = run.stdout.replace(/\x1b\[[0-9;]*m/g, "");
  // redis-cli's own account of its moves, as the plan's steps read.
  let printed;
  if (reshard) {
    printed = [...stdout.matchAll(/^ {4}Moving slot (\d+) from (\w+)$/gm)].map((x) => `${x[2]}:${x[1]}`).join(" ");
  } else {
    const byAddr = Object.fromEntries(used.map((n) => [`127.0.0.1:${n.port}`, n.id]));
    printed = [...stdout.matchAll(/^Moving (\d+) slots from (\S+) to (\S+)$/gm)]
      .map((x) => `${x[1]}:${byAddr[x[2]]}>${byAddr[x[3]]}`)
      .join(" ");
  }
  const stops = plan.summary.stops !== null && migration === "yes";
  // A run that stops prints the steps it began: those before the stop's slot, and the stop's own.
  let begun = 0;
  const started = stops
    ? plan.steps.filter((st) => {
        const before = begun;
        begun += st.slots.length;
        return before < plan.summary.stops.moved;
      })
    : plan.steps;
  const planned = reshard
    ? plan.steps.flatMap((s) => s.slots.map((x) => `${s.from}:${x}`)).join(" ")
    : started.map((s) => `${s.slots.length}:${s.from}>${s.to}`).join(" ");
  const expected = afterMoves(start, plan.steps, stops ? plan.summary.stops.moved : Infinity);
  // Where the plan says the run stops, it stops failing as the warning says; otherwise it ends well.
  const outcome = stops
    ? run.status !== 0 && /ERR Please use SETSLOT only with masters\./.test(stdout + run.stderr)
    : run.status === 0;
  const finalSlots = await ownSlots(used);
  const note = plan.summary.note ? " (no rebalancing needed)" : "";
  if (process.env.RINGLAB_REDIS_TIMES)
    console.log(`layout ${index}: ${label} [${plan.summary.warnings.map((w) => w.kind)}] ${migration}`);
  const kinds = plan.summary.warnings.map((w) => w.kind);
  return {
    label: `${label}${note}${kinds.length ? ` [${kinds.join(", ")}]` : ""}, migration ${migration}`,
    ringlab: { moves: planned, slots: expected, outcome: true },
    real: {
      moves: printed,
      slots: finalSlots,
      outcome,
      ...(outcome ? {} : { status: run.status, tail: (run.stdout + run.stderr).slice(-300) }),
    },
    stops,
    shortfall: kinds.includes("shortfall"),
  };
}

export async function compare({ seed, dir, layouts = Number(process.env.RINGLAB_REDIS_LAYOUTS ?? DEFAULT_LAYOUTS) }) {
  const rand = random(seed ^ 0x5eed);
  // The nodes' configuration files are saved at every slot move: in memory where there is a tmpfs.
  const work = existsSync("/dev/shm") ? mkdtempSync("/dev/shm/ringlab-redis-plan-") : dir;
  const nodes = [];
  const rows = { rebalance: [], reshard: [] };
  let stopped = 0;
  let short = 0;
  try {
    for (let i = 0; i < NODES; i++) nodes.push(await startNode(work));
    for (let i = 0; i < layouts; i++) {
      const r = await runLayout(rand, nodes, dir, i);
      rows[r.label.startsWith("reshard") ? "reshard" : "rebalance"].push(r);
      stopped += r.stops ? 1 : 0;
      short += r.shortfall ? 1 : 0;
    }
  } finally {
    for (const n of nodes) {
      n.c.close();
      await n.server.stop();
    }
    if (work !== dir) rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `  redis-plan: ${layouts} layouts compared, ${stopped} stopped half done as planned, ${short} with a shortfall`,
  );
  return Object.entries(rows).map(([op, list]) => ({
    config: `redis-cli --cluster ${op}, random layouts`,
    unit: "layouts",
    keys: list.map((r) => Buffer.from(r.label)),
    ringlab: list.map((r) => r.ringlab),
    real: list.map((r) => r.real),
  }));
}

// Alone: node tests/systems/redis-plan.mjs [--seed N] [--layouts N]
if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const opt = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
  const seed = opt("--seed", Math.floor(Math.random() * 2 ** 31));
  const dir = mkdtempSync(path.join("/tmp", "ringlab-redis-plan-"));
  console.log(`redis-plan: seed ${seed}`);
  const rows = await compare({ seed, dir, layouts: opt("--layouts", DEFAULT_LAYOUTS) }).finally(() =>
    rmSync(dir, { recursive: true, force: true }),
  );
  let failed = 0;
  for (const row of rows)
    row.keys.forEach((k, i) => {
      if (JSON.stringify(row.ringlab[i]) !== JSON.stringify(row.real[i])) {
        failed++;
        console.log(
          `  differs: ${k}\n    ringlab ${JSON.stringify(row.ringlab[i])}\n    real    ${JSON.stringify(row.real[i])}`,
        );
      }
    });
  console.log(`redis-plan: ${failed} differences`);
  process.exit(failed ? 1 : 0);
}
