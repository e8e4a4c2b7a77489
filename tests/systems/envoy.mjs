// Envoy against `ringlab place envoy-ring` and `place envoy-maglev`. Debian has no Envoy, so no
// row here runs Envoy itself. Two kinds of row, each saying which it is in its name:
//   - "upstream ...": the ring or Maglev table written in Envoy's own unit tests
//     (ring_hash_lb_test.cc, maglev_lb_test.cc), and each key's request hash from Debian's
//     python3-xxhash (XXH64, seed 0, what a header hash policy computes); the lookup (first
//     entry >= hash, wrapping; table[hash % M]) is a line of Python. This checks ringlab's
//     tables and its hash of the key against Envoy's tests and libxxhash.
//   - "model ...": larger configurations (Envoy's default sizes, weights, IPv6, hostnames,
//     MURMUR_HASH_2) built by a separate Python model of Envoy's build loops over
//     python3-xxhash, and over libstdc++'s own std::_Hash_bytes for MURMUR_HASH_2 (a small C++
//     program compiled here). An independent implementation from the same definition, not Envoy.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { place, python, writeKeys } from "./lib.mjs";

// argv: CONFIG_JSON KEYS_FILE [MURMUR_HELPER]. stdout: the host of each key, one a line.
const MODEL = String.raw`
import bisect, json, math, subprocess, sys
import xxhash

cfg = json.load(open(sys.argv[1]))
keys = open(sys.argv[2], 'rb').read().split(b'\n')
hashes = [xxhash.xxh64_intdigest(k, 0) for k in keys]

def murmur(points):
    out = subprocess.run([sys.argv[3]], input=b'\n'.join(p.hex().encode() for p in points) + b'\n',
                         capture_output=True, check=True).stdout.split()
    return [int(v) for v in out]

def normalized(hosts):
    total = sum(h[2] for h in hosts)
    return [h[2] * 1.0 / total for h in hosts]

def ring(cfg):
    hosts = cfg['hosts']  # [written, hashed key, weight]
    w = normalized(hosts)
    lo = min(w)
    scale = min(math.ceil(lo * cfg['min']) / lo, float(cfg['max']))
    points, owners = [], []
    cur = target = 0.0
    for (written, key, _), wi in zip(hosts, w):
        target += scale * wi
        i = 0
        while cur < target:
            points.append(key.encode() + b'_' + str(i).encode())
            owners.append(written)
            i += 1
            cur += 1
    hs = murmur(points) if cfg['hash'] == 'murmur2' else [xxhash.xxh64_intdigest(p, 0) for p in points]
    return sorted(zip(hs, owners), key=lambda e: e[0])

def maglev(cfg):
    hosts = cfg['hosts']
    m = cfg['table']
    w = normalized(hosts)
    top = max(w)
    entries = sorted(([key.encode(), written, xxhash.xxh64_intdigest(key.encode(), 0) % m,
                       xxhash.xxh64_intdigest(key.encode(), 1) % (m - 1) + 1, 0, wi, 0.0]
                      for (written, key, _), wi in zip(hosts, w)), key=lambda e: e[0])
    table = [None] * m
    filled, iteration = 0, 1
    while filled < m:
        for e in entries:
            if filled >= m:
                break
            if iteration * e[5] < e[6]:
                continue
            e[6] += top
            c = (e[2] + e[3] * e[4]) % m
            while table[c] is not None:
                e[4] += 1
                c = (e[2] + e[3] * e[4]) % m
            table[c] = e[1]
            e[4] += 1
            filled += 1
        iteration += 1
    return table

if cfg['kind'] in ('ring', 'given-ring'):
    r = ring(cfg) if cfg['kind'] == 'ring' else [(int(h), o) for h, o in cfg['ring']]
    his = [e[0] for e in r]
    out = []
    for h in hashes:
        i = bisect.bisect_left(his, h)
        out.append(r[i if i < len(r) else 0][1])
else:
    t = maglev(cfg) if cfg['kind'] == 'maglev' else cfg['table']
    out = [t[h % len(t)] for h in hashes]
sys.stdout.write('\n'.join(out) + '\n')
`;

// Reads hex lines, prints libstdc++'s std::_Hash_bytes of each with std::hash's seed.
const MURMUR = String.raw`
#include <bits/hash_bytes.h>
#include <cstdio>
#include <iostream>
#include <string>
int main() {
  std::string hex;
  while (std::getline(std::cin, hex)) {
    std::string bytes;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) bytes.push_back((char) std::stoi(hex.substr(i, 2), nullptr, 16));
    std::printf("%zu\n", std::_Hash_bytes(bytes.data(), bytes.size(), 0xc70f6907UL));
  }
}
`;

const local = (p) => `127.0.0.1:${p}`;
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// Envoy's unit-test tables, host by port.
const UPSTREAM = [
  {
    config: "upstream ring :90..:95, min 12 + python3-xxhash",
    system: "envoy-ring",
    args: ["--hosts", range(90, 95).map(local).join(","), "--min-ring", "12"],
    ring: [
      ["833437586790550860", 94],
      ["928266305478181108", 92],
      ["1033482794131418490", 90],
      ["3551244743356806947", 95],
      ["3851675632748031481", 93],
      ["5583722120771150861", 91],
      ["6311230543546372928", 91],
      ["7700377290971790572", 93],
      ["13144177310400110813", 95],
      ["13444792449719432967", 92],
      ["15516499411664133160", 94],
      ["16117243373044804889", 90],
    ],
  },
  {
    config: "upstream ring murmur2 :80..:85, min 12 + py-xxhash",
    system: "envoy-ring",
    args: ["--hosts", range(80, 85).map(local).join(","), "--min-ring", "12", "--hash", "murmur2"],
    ring: [
      ["1358027074129602068", 85],
      ["4361834613929391114", 83],
      ["7224494972555149682", 84],
      ["7701421856454313576", 81],
      ["8649315368077433379", 82],
      ["8739448859063030639", 84],
      ["9887544217113020895", 81],
      ["10150910876324007731", 82],
      ["15168472011420622455", 83],
      ["15427156902705414897", 80],
      ["16375050414328759093", 85],
      ["17613279263364193813", 80],
    ],
  },
  {
    config: "upstream ring :80,:81, min 3 + python3-xxhash",
    system: "envoy-ring",
    args: ["--hosts", [80, 81].map(local).join(","), "--min-ring", "3"],
    ring: [
      ["5454692015285649509", 80],
      ["7859399908942313493", 81],
      ["13838424394637650569", 80],
      ["16064866803292627174", 81],
    ],
  },
  {
    config: "upstream ring weights 1/2/3, min=max=6 + py-xxhash",
    system: "envoy-ring",
    args: ["--hosts", "127.0.0.1:90,127.0.0.1:91=2,127.0.0.1:92=3", "--min-ring", "6", "--max-ring", "6"],
    ring: [
      ["928266305478181108", 92],
      ["4443673547860492590", 92],
      ["5583722120771150861", 91],
      ["6311230543546372928", 91],
      ["13444792449719432967", 92],
      ["16117243373044804889", 90],
    ],
  },
  {
    config: "upstream maglev :90..:95, M 7 + python3-xxhash",
    system: "envoy-maglev",
    args: ["--hosts", range(90, 95).map(local).join(","), "--table", "7"],
    table: [92, 94, 90, 91, 95, 90, 93],
  },
  {
    config: "upstream maglev hostnames, M 7 + python3-xxhash",
    system: "envoy-maglev",
    args: ["--hosts", range(90, 95).join(","), "--table", "7", "--use-hostname"],
    table: [92, 95, 90, 93, 94, 91, 90],
    names: true,
  },
  {
    config: "upstream maglev weights 1/2, M 17 + python3-xxhash",
    system: "envoy-maglev",
    args: ["--hosts", "127.0.0.1:90,127.0.0.1:91=2", "--table", "17"],
    table: [1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1].map((i) => 90 + i),
  },
];

// Configurations the model builds: [config, system, args, model config].
function modelRows() {
  const hosts = (list) => list.map(([written, key, w]) => [written, key ?? written, w ?? 1]);
  const six = hosts(range(90, 95).map((p) => [local(p)]));
  const weighted = hosts([
    ["10.0.0.1:8080", null, 1],
    ["10.0.0.2:8080", null, 3],
    ["10.0.0.3:8080", null, 7],
    ["10.0.0.4:8081", null, 2],
    ["10.0.0.5:8080", null, 100],
  ]);
  const v6 = hosts([
    ["[0:0::1]:443", "[::1]:443", 1],
    ["[2001:DB8::0:1]:443", "[2001:db8::1]:443", 2],
    ["[::ffff:10.1.2.3]:443", null, 1],
    ["10.1.2.4:443", null, 1],
  ]);
  const names = hosts(
    ["api-0", "api-1", "api-2", "api-3", "api-4", "api-5", "api-6"].map((n, i) => [n, n, 1 + (i % 3)]),
  );
  const list = (h) => h.map(([w, , wt]) => (wt === 1 ? w : `${w}=${wt}`)).join(",");
  return [
    [
      "model ring :90..:95, Envoy's default sizes",
      "envoy-ring",
      ["--hosts", list(six)],
      { kind: "ring", hosts: six, min: 1024, max: 8388608, hash: "xxhash" },
    ],
    [
      "model ring weights 1/3/7/2/100, min 4096",
      "envoy-ring",
      ["--hosts", list(weighted), "--min-ring", "4096"],
      { kind: "ring", hosts: weighted, min: 4096, max: 8388608, hash: "xxhash" },
    ],
    [
      "model ring weights 1/3/7/2/100, min = max = 1000",
      "envoy-ring",
      ["--hosts", list(weighted), "--min-ring", "1000", "--max-ring", "1000"],
      { kind: "ring", hosts: weighted, min: 1000, max: 1000, hash: "xxhash" },
    ],
    [
      "model ring IPv6, written unlike Envoy prints it",
      "envoy-ring",
      ["--hosts", list(v6)],
      { kind: "ring", hosts: v6, min: 1024, max: 8388608, hash: "xxhash" },
    ],
    [
      "model ring hostnames, weights 1..3",
      "envoy-ring",
      ["--hosts", list(names), "--use-hostname"],
      { kind: "ring", hosts: names, min: 1024, max: 8388608, hash: "xxhash" },
    ],
    [
      "model ring murmur2 (libstdc++ _Hash_bytes), weights",
      "envoy-ring",
      ["--hosts", list(weighted), "--hash", "murmur2", "--min-ring", "2048"],
      { kind: "ring", hosts: weighted, min: 2048, max: 8388608, hash: "murmur2" },
    ],
    [
      "model maglev :90..:95, M 65537 (Envoy's default)",
      "envoy-maglev",
      ["--hosts", list(six)],
      { kind: "maglev", hosts: six, table: 65537 },
    ],
    [
      "model maglev weights 1/3/7/2/100, M 65537",
      "envoy-maglev",
      ["--hosts", list(weighted)],
      { kind: "maglev", hosts: weighted, table: 65537 },
    ],
    [
      "model maglev IPv6, M 251",
      "envoy-maglev",
      ["--hosts", list(v6), "--table", "251"],
      { kind: "maglev", hosts: v6, table: 251 },
    ],
    [
      "model maglev hostnames, weights 1..3, M 5000011",
      "envoy-maglev",
      ["--hosts", list(names), "--use-hostname", "--table", "5000011"],
      { kind: "maglev", hosts: names, table: 5000011 },
    ],
  ];
}

// The answers of the model and of python3-xxhash over the upstream tables: one row per
// configuration, { config, system, args, keys, real }.
export async function real({ keys, dir }) {
  const check = spawnSync(python, ["-c", "import xxhash"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`python3-xxhash is missing (${python}): ${check.stderr}`);
  const helper = path.join(dir, "hash_bytes");
  writeFileSync(`${helper}.cpp`, MURMUR);
  const cc = spawnSync("g++", ["-O1", "-o", helper, `${helper}.cpp`], { encoding: "utf8" });
  if (cc.status !== 0) throw new Error(`cannot build the std::_Hash_bytes helper:\n${cc.stderr}`);
  const model = path.join(dir, "model.py");
  writeFileSync(model, MODEL);
  const keysFile = path.join(dir, "keys-model.txt");
  writeKeys(keysFile, keys);
  const run = (cfg) => {
    const file = path.join(dir, "config.json");
    writeFileSync(file, JSON.stringify(cfg));
    const r = spawnSync(python, [model, file, keysFile, helper], { encoding: "utf8", maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`the Envoy model failed (${r.status}): ${r.stderr}`);
    const out = r.stdout.split("\n");
    out.pop();
    if (out.length !== keys.length) throw new Error(`model: ${out.length} answers for ${keys.length} keys`);
    return out;
  };
  const rows = [];
  for (const u of UPSTREAM) {
    const name = (p) => (u.names ? String(p) : local(p));
    const cfg = u.ring
      ? { kind: "given-ring", ring: u.ring.map(([h, p]) => [h, name(p)]) }
      : { kind: "given-maglev", table: u.table.map(name) };
    rows.push({ config: u.config, system: u.system, args: u.args, keys, real: run(cfg) });
  }
  for (const [config, system, args, cfg] of modelRows()) rows.push({ config, system, args, keys, real: run(cfg) });
  return rows;
}

export async function compare(ctx) {
  return (await real(ctx)).map((row) => ({ ...row, ringlab: place(row.system, row.args, row.keys, ctx.dir) }));
}
