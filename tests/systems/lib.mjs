// What every comparison with a real system shares: the keys, running `ringlab place`, starting
// and stopping a server, and the report line. Each system has a module here exporting
// `compare(ctx)` (see compare.mjs), which returns one row per configuration.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "..", "..");

// Debian's Python: the modules the packages install are its (a python3 earlier on PATH, such as
// a pyenv shim, may not see them).
export const python = "/usr/bin/python3";

// mulberry32: a small seeded generator, so that a seed gives the same keys everywhere.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = ["user", "session", "cart", "topic", "orders", "images", "ключ", "キー", "কী", "😀", "naïve"];

// `count` keys as Buffers, none holding a newline (a --keys file splits on \n): the empty key,
// ASCII, Unicode text, bytes >= 0x80 that are not UTF-8, long keys, and Redis-style {tag} keys.
// Every kind is at least a tenth of them.
export function makeKeys(seed, count = 10000) {
  const rand = random(seed);
  const int = (n) => Math.floor(rand() * n);
  const keys = [Buffer.alloc(0)];
  const kinds = [
    () => Buffer.from(`${words[int(6)]}:${int(1e6)}`),
    () => Buffer.from(`${words[int(words.length)]}-${int(1e4)}-${words[int(words.length)]}`),
    () => Buffer.from(Array.from({ length: 1 + int(24) }, () => 1 + int(255)).map((b) => (b === 10 ? 11 : b))),
    () => Buffer.from("k".repeat(200 + int(3800)) + int(1e9)),
    () => {
      const tag = ["", "user1", "{", "}", "a{b}", words[int(words.length)]][int(6)];
      return Buffer.from(["{", tag, "}", `:${int(1e5)}`, "{x}"].slice(0, 3 + int(3)).join(""));
    },
    () => Buffer.from(String(int(2 ** 31)) + (rand() < 0.5 ? "" : String(int(1e9)))),
  ];
  while (keys.length < count) keys.push(kinds[keys.length % kinds.length]());
  return keys;
}

// The keys as a --keys file: one a line, the last followed by no newline (a final newline
// would start no key; an empty last key would be lost).
export function writeKeys(file, keys) {
  const parts = [];
  keys.forEach((k, i) => {
    if (i > 0) parts.push(Buffer.from("\n"));
    parts.push(k);
  });
  writeFileSync(file, Buffer.concat(parts));
}

// A JSON string from `place` back to the key's bytes: lone surrogates U+DC80..U+DCFF are the
// bytes that were not UTF-8 (surrogateescape).
export function keyBytes(text) {
  // Most keys are UTF-8, and their text is the key: only a text holding a code unit of the
  // escaped range needs the walk below (which tells an escaped byte from half of a pair).
  if (!/[\udc80-\udcff]/.test(text)) return Buffer.from(text, "utf8");
  const parts = [];
  let run = "";
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    // A low surrogate that ends a pair is half of a real character (U+103C8A is D8CF DC8A).
    const paired = i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff;
    if (u >= 0xdc80 && u <= 0xdcff && !paired) {
      parts.push(Buffer.from(run, "utf8"), Buffer.from([u - 0xdc00]));
      run = "";
    } else run += text[i];
  }
  parts.push(Buffer.from(run, "utf8"));
  return Buffer.concat(parts);
}

export function nativeCli() {
  const cli = process.env.RINGLAB_CLI ?? path.join(root, "build", "ringlab");
  if (!existsSync(cli)) throw new Error(`${cli} not found: build it (cmake --build --preset native)`);
  return cli;
}

// Which key list each --keys file holds: a file is written again only for another list (a
// system's configurations share their keys: memcached's 250 of them read the same 10,000).
const keysIn = new Map();

// Lines already checked to name their key, by key list: line i's bytes up to and including its
// `, "result": `, from the first output read in full. Every configuration of a system places the
// same keys, and the CLI writes a key the same way each time: a later line whose opening bytes
// are those names the same key, so only its result needs decoding. That skips turning megabytes
// of echoed keys (up to 4,000 bytes each) into text and back to bytes, once per configuration.
const checkedLines = new WeakMap();
const RESULT = Buffer.from(', "result": ');

// `ringlab place SYSTEM ...args --keys FILE` on the native CLI: the result of each key, in order.
// Checks that every line names its key, byte for byte.
export function place(system, args, keys, dir) {
  const file = path.join(dir, `keys-${system}.txt`);
  if (keysIn.get(file) !== keys) {
    writeKeys(file, keys);
    keysIn.set(file, keys);
  }
  // The output (megabytes: each line echoes its key) goes to a file in the run's folder and is
  // read in one go, which costs less CPU time than through a pipe in 64 KB pieces. (Not /dev/shm,
  // which a container may keep to 64 MB.)
  const outFile = path.join(dir, `ringlab-place-${process.pid}.out`);
  let out;
  try {
    const fd = openSync(outFile, "w");
    let r;
    try {
      r = spawnSync(nativeCli(), ["place", system, ...args, "--keys", file], { stdio: ["ignore", fd, "pipe"] });
    } finally {
      closeSync(fd);
    }
    if (r.status !== 0) throw new Error(`ringlab place ${system} ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
    out = readFileSync(outFile);
  } finally {
    rmSync(outFile, { force: true });
  }
  if (out.length > 0 && out[out.length - 1] !== 0x0a)
    throw new Error(`ringlab place ${system}: output does not end with a newline`);
  const known = checkedLines.get(keys);
  const heads = known ?? [];
  const results = [];
  let at = 0;
  for (let i = 0; at < out.length; i++) {
    const nl = out.indexOf(0x0a, at);
    if (i >= keys.length) {
      results.push(undefined); // counted below
      at = nl + 1;
      continue;
    }
    const head = known?.[i];
    // The JSON text after the checked head is the result, then the closing brace (a line that
    // reads otherwise is read in full below).
    let fast = false;
    if (head && at + head.length < nl && out[nl - 1] === 0x7d) {
      if (out.compare(head, 0, head.length, at, at + head.length) === 0) {
        try {
          results.push(JSON.parse(out.toString("utf8", at + head.length, nl - 1)));
          fast = true;
        } catch {}
      }
    }
    if (!fast) {
      const line = out.toString("utf8", at, nl);
      const o = JSON.parse(line);
      if (!keyBytes(o.key).equals(keys[i])) throw new Error(`ringlab place ${system}: line ${i + 1} names another key`);
      results.push(o.result);
      // The key is a JSON string, where `, "` cannot appear (a quote in it is escaped): the first
      // `, "result": ` ends it.
      if (!known) {
        const end = out.indexOf(RESULT, at);
        heads.push(end >= 0 && end < nl ? Buffer.from(out.subarray(at, end + RESULT.length)) : null);
      }
    }
    at = nl + 1;
  }
  if (results.length !== keys.length)
    throw new Error(`ringlab place ${system}: ${results.length} lines for ${keys.length} keys`);
  if (!known) checkedLines.set(keys, heads);
  return results;
}

// A free TCP port on 127.0.0.1, above 20000.
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen({ host: "127.0.0.1", port: 0 }, () => {
      const { port } = s.address();
      s.close(() => (port > 20000 ? resolve(port) : freePort().then(resolve, reject)));
    });
  });
}

// A port freePort() found free can be taken by another program before a server binds it (the other
// test stages start servers too). `start()` picks its ports with freePort() and starts the server;
// when it fails saying an address is in use, it is called again, so on new ports, at most `tries`
// times in all. Any other failure is thrown at once.
export async function onFreePorts(start, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (e) {
      if (attempt >= tries || !/address already in use|EADDRINUSE/i.test(String(e?.message))) throw e;
    }
  }
}

// Starts a server and resolves once `ready()` does; stop() kills it by its PID and waits. A server
// that says why it stopped in a file of its own rather than on its output (nginx's error log,
// nutcracker's log) names it as `log`: a failure to start then shows the file too.
export async function startServer(cmd, args, { ready, cwd, log, timeoutMs = 15000 }) {
  const child = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const said = () => output + (log && existsSync(log) ? `\n${path.basename(log)}:\n${readFileSync(log, "utf8")}` : "");
  let exited = null;
  // "close": the child has exited and its output is all read.
  const closed = new Promise((resolve) =>
    child.on("close", (code, signal) => {
      exited = code ?? signal;
      resolve(false);
    }),
  );
  const stop = () =>
    new Promise((resolve) => {
      if (exited !== null) return resolve();
      closed.then(() => resolve());
      process.kill(child.pid, "SIGTERM");
      setTimeout(() => exited === null && process.kill(child.pid, "SIGKILL"), 5000).unref();
    });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Whether it exited is asked after ready() too: a server that could not bind its port exits,
    // and what answered in its place is the program that holds the port.
    const ok = await Promise.race([ready().catch(() => false), closed]);
    if (exited !== null) throw new Error(`${cmd} exited (${exited}) before it was ready:\n${said()}`);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${cmd} was not ready within ${timeoutMs} ms:\n${said()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { pid: child.pid, stop, output: () => output };
}

// A scratch folder, removed by the callback's end whatever happens.
export async function withTempDir(prefix, fn) {
  const dir = mkdtempSync(path.join(tmpdir(), `ringlab-${prefix}-`));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Differences between two arrays of answers, and the first few, for the report.
export function differences(keys, ours, theirs) {
  const diffs = [];
  for (let i = 0; i < keys.length; i++) {
    // The same value has the same JSON: most answers are one string, number or null on both sides.
    if (ours[i] === theirs[i]) continue;
    if (JSON.stringify(ours[i]) !== JSON.stringify(theirs[i])) diffs.push(i);
  }
  return {
    count: diffs.length,
    examples: diffs.slice(0, 3).map((i) => ({ key: keys[i].toString("hex"), ringlab: ours[i], real: theirs[i] })),
  };
}

export function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}
