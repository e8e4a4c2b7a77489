// twemproxy (Debian's nutcracker 0.5.0, /usr/sbin/nutcracker) against `ringlab place twemproxy`:
// four real memcached 1.6.18 on loopback, two on free ports of 127.0.0.1 and two on port 11211
// of 127.0.0.11 and 127.0.0.12 (a server's name leaves out port 11211, so the names nutcracker
// hashes differ), all started here and stopped by PID; one nutcracker per configuration in front
// of them, restarted with each configuration's YAML while the memcached keep running.
//
// Each key is set through nutcracker (one connection, every command pipelined at once), then
// each memcached is asked directly, with a pipelined get per key, which keys it holds: the
// server that holds a key is where nutcracker sent it. memcached's text protocol takes keys of 1
// to 250 bytes without white space or control characters, so the keys are those of the shared
// list that fit, bytes >= 0x80 included (the signed-char hashes read them sign-extended).
//
// Every distribution with a per-key placement (ketama, modula) × every hash, the server lists
// taking turns (weights, names, port 11211), hash_tag "{}" on every other configuration. Then
// ejection: with auto_eject_hosts, server_failure_limit 1 and a retry timeout of ten minutes,
// one memcached is stopped by its PID, requests are sent until nutcracker has ejected it (it
// answers them without SERVER_ERROR), and the keys' new placement is compared with ringlab's
// with that server in --ejected. Half the configurations reach ringlab as flags, half as the
// very YAML file nutcracker was started with (--conf).
import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { freePort, onFreePorts, place, startServer } from "./lib.mjs";

const NUTCRACKER = "/usr/sbin/nutcracker";
const MEMCACHED = "/usr/bin/memcached";
const HASHES = [
  "one_at_a_time",
  "md5",
  "crc16",
  "crc32",
  "crc32a",
  "fnv1_64",
  "fnv1a_64",
  "fnv1_32",
  "fnv1a_32",
  "hsieh",
  "murmur",
  "jenkins",
];
const KEYS = 2500;

// Sends `payload` on one connection to host:port and reads until `done(buffer)` is true. With
// `idleMs`, a connection that stays silent that long is given up (a readiness probe on a port
// another program holds).
export function exchange(host, port, payload, done, idleMs = 0) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let buffer = Buffer.alloc(0);
    socket.on("error", reject);
    if (idleMs) socket.setTimeout(idleMs, () => socket.destroy(new Error(`${host}:${port} did not answer`)));
    socket.on("connect", () => socket.write(payload));
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (done(buffer)) {
        socket.destroy();
        resolve(buffer.toString("latin1"));
      }
    });
    socket.on("close", () => reject(new Error(`${host}:${port} closed before answering`)));
  });
}

// How many times `line` ends a line in the buffer, counted from its latin1 text.
function countLines(buffer, line) {
  const text = buffer.toString("latin1");
  let n = 0;
  for (let at = text.indexOf(line); at >= 0; at = text.indexOf(line, at + 1)) n++;
  return n;
}

// Sets every key through nutcracker; every reply must be STORED.
export async function setAll(port, keys) {
  const parts = [];
  for (const k of keys) parts.push(Buffer.from("set "), k, Buffer.from(" 0 0 1\r\nx\r\n"));
  const text = await exchange("127.0.0.1", port, Buffer.concat(parts), (b) => {
    const lines = countLines(b, "\r\n");
    return lines >= keys.length;
  });
  const replies = text.split("\r\n").slice(0, keys.length);
  const bad = replies.filter((r) => r !== "STORED");
  if (bad.length > 0) throw new Error(`nutcracker did not store ${bad.length} keys: ${bad[0]}`);
}

// Whether the memcached at host:port holds each key: a pipelined get per key, each answered
// "VALUE ... END" or "END".
export async function holds(host, port, keys) {
  const parts = [];
  for (const k of keys) parts.push(Buffer.from("get "), k, Buffer.from("\r\n"));
  const text = await exchange(host, port, Buffer.concat(parts), (b) => countLines(b, "END\r\n") >= keys.length);
  const out = [];
  let value = false;
  for (const line of text.split("\r\n")) {
    if (out.length === keys.length) break;
    if (line.startsWith("VALUE ")) value = true;
    else if (line === "END") {
      out.push(value);
      value = false;
    }
  }
  return out;
}

export function flush(server) {
  return exchange(server.host, server.port, Buffer.from("flush_all\r\n"), (b) => b.includes("OK\r\n"));
}

// A memcached on server.host:server.port. Without a port, on one freePort() finds (another if that
// one was taken first), which it then sets as server.port.
export async function startMemcached(server) {
  if (server.port === undefined)
    return onFreePorts(async () => {
      const port = await freePort();
      const running = await startMemcached({ host: server.host, port });
      server.port = port;
      return running;
    });
  const args = ["-l", server.host, "-p", String(server.port), "-U", "0", "-m", "64", "-t", "1"];
  // root may run memcached only with -u.
  if (process.getuid?.() === 0) args.push("-u", "root");
  return startServer(MEMCACHED, args, {
    ready: () => exchange(server.host, server.port, Buffer.from("version\r\n"), (b) => b.includes("\r\n"), 2000),
  });
}

// A pool's YAML, as nutcracker reads it.
export function yaml(port, config) {
  const lines = [
    "# written by tests/systems/twemproxy.mjs",
    "pool:",
    `  listen: 127.0.0.1:${port}`,
    `  hash: ${config.hash}`,
    `  distribution: ${config.distribution}`,
    // A server's answer may be slow on a busy machine (the full tier runs this beside the browser
    // tests): a generous timeout, so that a slow answer is not a failed set. A stopped server
    // refuses the connection at once, so ejection does not wait for it.
    "  timeout: 60000",
    `  auto_eject_hosts: ${config.eject ? "true" : "false"}`,
  ];
  if (config.eject) lines.push("  server_failure_limit: 1", "  server_retry_timeout: 600000");
  if (config.hashTag) lines.push(`  hash_tag: "${config.hashTag}"`);
  lines.push("  servers:");
  for (const s of config.servers) lines.push(`   - ${s.line}`);
  return lines.join("\n") + "\n";
}

export function startNutcracker(dir, config) {
  const file = path.join(dir, "nutcracker.yml");
  const log = path.join(dir, "nutcracker.log");
  return onFreePorts(async () => {
    const port = await freePort();
    writeFileSync(file, yaml(port, config));
    writeFileSync(log, "");
    const proxy = await startServer(NUTCRACKER, ["-c", file, "-o", log, "-s", String(await freePort()), "-v", "4"], {
      log,
      ready: () =>
        exchange("127.0.0.1", port, Buffer.from("version\r\n"), (b) => b.includes("\r\n"), 2000).then(() => true),
    });
    return { port, proxy };
  });
}

// Gets of every key through nutcracker until none is answered with an error: the first that
// reaches the stopped server fails, and with server_failure_limit 1 that ejects it.
export async function untilEjected(port, keys) {
  const probe = [];
  for (const k of keys) probe.push(Buffer.from("get "), k, Buffer.from("\r\n"));
  for (let tries = 0; ; tries++) {
    const text = await exchange("127.0.0.1", port, Buffer.concat(probe), (b) => {
      const t = b.toString("latin1");
      return (t.match(/(END|SERVER_ERROR[^\r]*|ERROR)\r\n/g) ?? []).length >= keys.length;
    });
    if (!text.includes("ERROR")) return;
    if (tries === 20) throw new Error("nutcracker did not eject the stopped memcached");
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Which server (by the name ringlab reports) holds each key, from the memcached themselves.
export async function realPlacement(servers, keys) {
  const held = await Promise.all(servers.map((s) => (s.stopped ? keys.map(() => false) : holds(s.host, s.port, keys))));
  return keys.map((_, i) => {
    const at = servers.filter((_, j) => held[j][i]);
    return at.length === 1 ? at[0].name : at.length === 0 ? null : at.map((s) => s.name);
  });
}

// The server lists: each entry a memcached (index into the four) with its weight and name.
function serverLists(m) {
  // nutcracker's name: the given one, else host:port, else host alone for port 11211.
  const entry = (i, weight = 1, name = "") => {
    const s = m[i];
    const line = `${s.host}:${s.port}:${weight}${name ? " " + name : ""}`;
    const real = name || (s.port === 11211 ? s.host : `${s.host}:${s.port}`);
    return { ...s, line, name: real };
  };
  return [
    [entry(0), entry(1), entry(2), entry(3)],
    [entry(0, 3), entry(1, 1), entry(2, 2), entry(3, 5)],
    [entry(0, 1, "alpha"), entry(1, 2, "b"), entry(2, 1, "server-three"), entry(3, 1, "d4")],
    [entry(2, 7), entry(0, 1), entry(3, 100)],
    [entry(1, 1, "x"), entry(3, 2)],
  ];
}

export async function compare({ keys: all, dir }) {
  // memcached's text protocol: 1 to 250 bytes, no white space or control characters.
  const keys = all.filter((k) => k.length >= 1 && k.length <= 250 && !k.some((b) => b <= 0x20 || b === 0x7f));
  keys.length = Math.min(keys.length, KEYS);
  if (keys.length < 2000) throw new Error(`only ${keys.length} keys fit memcached's protocol`);
  // The first two on free ports (startMemcached sets them).
  const m = [
    { host: "127.0.0.1" },
    { host: "127.0.0.1" },
    { host: "127.0.0.11", port: 11211 },
    { host: "127.0.0.12", port: 11211 },
  ];
  const running = [];
  const rows = [];
  try {
    for (const s of m) running[m.indexOf(s)] = await startMemcached(s);
    const lists = serverLists(m);
    const configs = [];
    for (const distribution of ["ketama", "modula"])
      for (const hash of HASHES) {
        const n = configs.length;
        configs.push({
          distribution,
          hash,
          servers: lists[n % lists.length],
          hashTag: n % 2 ? "{}" : "",
          asFlags: n % 4 < 2,
        });
      }
    for (const config of configs) rows.push(await run(dir, config, keys, m));
    // Ejection, last: it stops a memcached (the third of the list with weights).
    for (const distribution of ["ketama", "modula"]) {
      const config = {
        distribution,
        hash: "fnv1a_64",
        servers: lists[1],
        eject: true,
        asFlags: distribution === "ketama",
      };
      const victim = config.servers[2];
      const at = m.findIndex((s) => s.host === victim.host && s.port === victim.port);
      await running[at].stop();
      victim.stopped = true;
      rows.push(await run(dir, config, keys, m, victim));
      running[at] = await startMemcached(m[at]);
      victim.stopped = false;
    }
  } finally {
    for (const r of running) await r?.stop();
  }
  return rows;
}

async function run(dir, config, keys, m, ejected) {
  await Promise.all(m.filter((s) => !(ejected && s.port === ejected.port && s.host === ejected.host)).map(flush));
  const { port, proxy } = await startNutcracker(dir, config);
  try {
    if (ejected) await untilEjected(port, keys);
    await setAll(port, keys);
    const real = await realPlacement(config.servers, keys);
    // Every other configuration as flags, the rest as nutcracker's own YAML file.
    const args = config.asFlags
      ? ["--servers", config.servers.map((s) => s.line).join(","), "--distribution", config.distribution]
      : ["--conf", path.join(dir, "nutcracker.yml")];
    if (config.asFlags) args.push("--hash", config.hash);
    if (config.asFlags && config.hashTag) args.push("--hash-tag", config.hashTag);
    if (ejected) args.push("--ejected", ejected.name);
    const ours = place("twemproxy", args, keys, dir);
    const label = [
      config.distribution,
      config.hash,
      `${config.servers.length} servers`,
      config.hashTag ? "hash_tag" : "",
      ejected ? `${ejected.name} ejected` : "",
      config.asFlags ? "" : "conf",
    ];
    return { config: label.filter(Boolean).join(" "), keys, ringlab: ours, real };
  } finally {
    await proxy.stop();
  }
}
