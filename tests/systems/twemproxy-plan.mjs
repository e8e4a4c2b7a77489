// nutcracker 0.5.0's ejection against `ringlab plan twemproxy --mark-down S` (and its removal
// against `--remove S`): four real memcached on free ports of 127.0.0.1, started here and stopped
// by PID, behind one nutcracker per pool (auto_eject_hosts: true, server_failure_limit: 1).
//
// For each pool (ketama or modula, a hash, three or four servers with random weights and names,
// random per seed; the `random` distribution places no key twice alike, so it has no plan to
// check) every key is set through nutcracker and read back from each memcached directly: where
// each key lives before. Then the plan's server S is made to fail as it fails in production: its
// memcached is stopped by its PID and requests are sent through nutcracker until it answers them
// all without an error (S ejected); the live memcached are flushed, every key is set again, and
// read back: where each key lives after. The plan (`--json --keys`, on the very YAML nutcracker
// read) must give every key the same server before and after, and so the same split of moved and
// unmoved keys, key for key. For the removal, nutcracker is started again with S's line deleted
// from the YAML. A few hundred keys a pool: seconds in all.
import { spawnSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { keyBytes, nativeCli, random, writeKeys } from "./lib.mjs";
import { flush, realPlacement, setAll, startMemcached, startNutcracker, untilEjected } from "./twemproxy.mjs";

const HASHES = ["one_at_a_time", "md5", "crc32a", "fnv1a_64", "fnv1_32", "hsieh", "murmur", "jenkins"];
const KEYS = 600;
// Pools: ejection for each distribution twice, removal once each.
const CASES = [
  ["ketama", "eject"],
  ["modula", "eject"],
  ["ketama", "eject"],
  ["modula", "eject"],
  ["ketama", "remove"],
  ["modula", "remove"],
];

// `ringlab plan twemproxy --conf FILE CHANGE --keys FILE --json`: each key's server before and
// after, and whether it moves, as "BEFORE -> AFTER" (with " moves").
function planned(conf, change, keysFile, keys) {
  const args = ["plan", "twemproxy", "--conf", conf, ...change, "--keys", keysFile, "--json"];
  const r = spawnSync(nativeCli(), args, { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`ringlab ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  const { summary } = JSON.parse(r.stdout.trim().split("\n").pop());
  if (summary.keys.length !== keys.length) throw new Error(`the plan gives ${summary.keys.length} keys`);
  return summary.keys.map((k, i) => {
    if (!keyBytes(k.key).equals(keys[i])) throw new Error(`the plan's key ${i + 1} is another key`);
    if (k.moves !== (k.before !== k.after)) throw new Error(`the plan's key ${i + 1} moves, yet keeps its server`);
    return `${k.before} -> ${k.after}${k.moves ? " moves" : ""}`;
  });
}

const where = (v) => (Array.isArray(v) ? v.join("+") : (v ?? "nowhere"));

export async function compare({ keys: all, dir, seed }) {
  // memcached's text protocol: 1 to 250 bytes, no white space or control characters.
  const keys = all.filter((k) => k.length >= 1 && k.length <= 250 && !k.some((b) => b <= 0x20 || b === 0x7f));
  keys.length = Math.min(keys.length, KEYS);
  const keysFile = path.join(dir, "keys-twemproxy-plan.txt");
  writeKeys(keysFile, keys);
  const rand = random(seed ^ 0x7e3);
  const int = (n) => Math.floor(rand() * n);
  const m = [];
  for (let i = 0; i < 4; i++) m.push({ host: "127.0.0.1" }); // on free ports (startMemcached sets them)
  const running = [];
  const rows = [];
  try {
    for (let i = 0; i < m.length; i++) running[i] = await startMemcached(m[i]);
    for (const [distribution, form] of CASES) {
      // Three or four of the memcached, in a random order, each with a weight and sometimes a name.
      const order = m.map((_, i) => i).sort(() => rand() - 0.5);
      const servers = order.slice(0, 3 + int(2)).map((i, j) => {
        const name = int(3) === 0 ? `s${j}-${int(100)}` : "";
        const line = `${m[i].host}:${m[i].port}:${1 + int(5)}${name ? " " + name : ""}`;
        return { ...m[i], at: i, line, name: name || `${m[i].host}:${m[i].port}` };
      });
      const hash = HASHES[int(HASHES.length)];
      const victim = servers[int(servers.length)];
      const config = { distribution, hash, servers, eject: true };
      await Promise.all(servers.map(flush));
      let { port, proxy } = await startNutcracker(dir, config);
      // The plan reads the very YAML nutcracker was started with (kept before a removal rewrites it).
      const planConf = path.join(dir, "nutcracker-plan.yml");
      copyFileSync(path.join(dir, "nutcracker.yml"), planConf);
      let change;
      let before;
      let after;
      try {
        await setAll(port, keys);
        before = await realPlacement(servers, keys);
        if (form === "eject") {
          change = ["--mark-down", victim.name];
          await running[victim.at].stop();
          victim.stopped = true;
          await untilEjected(port, keys);
          const live = servers.filter((s) => !s.stopped);
          await Promise.all(live.map(flush));
          await setAll(port, keys);
          after = await realPlacement(servers, keys);
        }
      } finally {
        await proxy.stop();
      }
      if (form === "remove") {
        change = ["--remove", victim.name];
        const kept = { ...config, servers: servers.filter((s) => s !== victim) };
        await Promise.all(servers.map(flush));
        ({ port, proxy } = await startNutcracker(dir, kept));
        try {
          await setAll(port, keys);
          after = await realPlacement(servers, keys);
        } finally {
          await proxy.stop();
        }
      }
      if (victim.stopped) {
        running[victim.at] = await startMemcached(m[victim.at]);
        victim.stopped = false;
      }
      const ours = planned(planConf, change, keysFile, keys);
      const real = keys.map((_, i) => {
        const b = where(before[i]);
        const a = where(after[i]);
        return `${b} -> ${a}${b !== a ? " moves" : ""}`;
      });
      const moved = real.filter((r) => r.endsWith(" moves")).length;
      const label = [distribution, hash, `${servers.length} servers`, `${form === "eject" ? "eject" : "remove"} 1`];
      rows.push({ config: `${label.join(" ")}: ${moved} move`, keys, ringlab: ours, real });
    }
  } finally {
    for (const r of running) await r?.stop();
  }
  return rows;
}
