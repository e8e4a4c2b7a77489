// redis-server 7.0 against `ringlab place redis`: CLUSTER KEYSLOT for every key, sent as one
// pipelined batch of RESP commands (keys are bytes, so the commands are built here), on servers
// started in cluster mode (KEYSLOT needs `cluster-enabled yes`; no slots need be assigned).
// The slot -> master split is what `redis-cli --cluster create` prints for N empty nodes
// ("Master[i] -> Slots a - b"); it is answered "no", so the nodes stay as they were.
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { place, freePort, onFreePorts, startServer } from "./lib.mjs";

// Masters of the redis-cli splits compared: 16384 / N exact and not.
const MASTERS = [3, 4, 6, 7, 10, 16];

function command(args) {
  const parts = [Buffer.from(`*${args.length}\r\n`)];
  for (const a of args) {
    const b = Buffer.isBuffer(a) ? a : Buffer.from(a);
    parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from("\r\n"));
  }
  return Buffer.concat(parts);
}

// Every key's CLUSTER KEYSLOT over one connection: all commands written at once, the integer
// replies read in order.
function keySlots(port, keys) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const slots = [];
    let pending = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      pending += chunk.toString("latin1");
      let nl;
      while ((nl = pending.indexOf("\r\n")) >= 0) {
        const reply = pending.slice(0, nl);
        pending = pending.slice(nl + 2);
        if (reply[0] !== ":") {
          socket.destroy();
          return reject(new Error(`CLUSTER KEYSLOT: ${reply}`));
        }
        slots.push(Number(reply.slice(1)));
      }
      if (slots.length === keys.length) {
        socket.end();
        resolve(slots);
      }
    });
    socket.write(Buffer.concat(keys.map((k) => command(["CLUSTER", "KEYSLOT", k]))));
  });
}

// A redis-server in cluster mode on free ports of 127.0.0.1, its files in `dir`, with `extra`
// arguments: { port, bus, server }.
export function startRedis(dir, extra = []) {
  return onFreePorts(async () => {
    const port = await freePort();
    // The cluster bus port too (by default port + 10000, which another program may hold).
    let bus;
    do bus = await freePort();
    while (bus === port);
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes"];
    args.push("--cluster-port", String(bus));
    args.push("--cluster-config-file", `nodes-${port}.conf`, "--save", "", "--appendonly", "no", "--dir", dir);
    args.push(...extra);
    const server = await startServer("redis-server", args, {
      cwd: dir,
      ready: async () =>
        spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout.trim() === "PONG",
    });
    return { port, bus, server };
  });
}

// redis-cli's split for the first n nodes: [first, last] per master.
function createSplit(ports) {
  const r = spawnSync(
    "redis-cli",
    ["--cluster", "create", ...ports.map((p) => `127.0.0.1:${p}`), "--cluster-replicas", "0"],
    {
      input: "no\n",
      encoding: "utf8",
    },
  );
  const ranges = [];
  for (const m of r.stdout.matchAll(/Master\[(\d+)\] -> Slots (\d+) - (\d+)/g))
    ranges[Number(m[1])] = [Number(m[2]), Number(m[3])];
  if (ranges.length !== ports.length) throw new Error(`redis-cli --cluster create printed:\n${r.stdout}${r.stderr}`);
  return ranges;
}

// CRC16/XMODEM, only to pick keys: one key per slot, "{N}" for the first N that lands there, so
// that every slot (each range's ends included) is compared; the answers are still the server's.
function crc16(bytes) {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
function keyPerSlot() {
  const keys = new Array(16384);
  let left = 16384;
  for (let n = 0; left > 0; n++) {
    const key = Buffer.from(`{${n}}`);
    const slot = crc16(Buffer.from(String(n))) & 0x3fff;
    if (keys[slot] === undefined) ((keys[slot] = key), left--);
  }
  return keys;
}

// The real answers: one row per configuration, { config, args (place redis's flags), keys, real }.
export async function real({ keys, dir }) {
  const nodes = [];
  try {
    for (let i = 0; i < Math.max(...MASTERS); i++) nodes.push(await startRedis(dir));
    const slots = await keySlots(nodes[0].port, keys);
    const slotKeys = keyPerSlot();
    const slotReal = await keySlots(nodes[0].port, slotKeys);
    const rows = [
      { config: "CLUSTER KEYSLOT", args: [], keys, real: slots },
      { config: "CLUSTER KEYSLOT, a key per slot", args: [], keys: slotKeys, real: slotReal },
    ];
    for (const n of MASTERS) {
      const ranges = createSplit(nodes.slice(0, n).map((s) => s.port));
      const nodeOf = (slot) => ({ slot, node: ranges.findIndex(([a, b]) => slot >= a && slot <= b) });
      const args = ["--nodes", String(n)];
      rows.push({ config: `--nodes ${n} (redis-cli --cluster create)`, args, keys, real: slots.map(nodeOf) });
      rows.push({ config: `--nodes ${n}, a key per slot`, args, keys: slotKeys, real: slotReal.map(nodeOf) });
    }
    return rows;
  } finally {
    for (const { server } of nodes) await server.stop();
  }
}

export async function compare(ctx) {
  return (await real(ctx)).map((row) => ({ ...row, ringlab: place("redis", row.args, row.keys, ctx.dir) }));
}
