#!/usr/bin/env node
// tests/golden/systems/envoy.tsv, for the C++ (and WASM) suites to check Envoy's balancers
// without python3-xxhash or a compiler: Debian has no Envoy, so the file holds what
// tests/systems/envoy.mjs compares against (see there):
//   - XXH64 of each key with seeds 0 and 1, from python3-xxhash (libxxhash 0.8.1);
//   - libstdc++'s std::_Hash_bytes of each key with std::hash's seed, from a program compiled
//     here against Debian's libstdc++ (Envoy's MURMUR_HASH_2);
//   - each configuration's host for each key: the tables of Envoy's unit tests looked up with
//     python3-xxhash's hash of the key, and the Python model's larger configurations.
//
//   node scripts/gen-golden-systems-envoy.mjs [--seed N]
//
// Format, tab-separated, one record a line:
//   # ...                     a comment
//   key  HEX                  the key table, hex-encoded (the empty key is an empty field); the
//                             n-th key line is key n, from 0
//   xxh64  I  SEED  VALUE     XXH64(key I, SEED), decimal
//   murmur  I  VALUE          std::_Hash_bytes(key I, 0xc70f6907), decimal
//   place  SYSTEM  ARG...     a configuration: `ringlab place SYSTEM ARG...`'s flags
//   pick  I  HOST             the host of key I under the configuration above
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { real } from "../tests/systems/envoy.mjs";
import { makeKeys, python, root, withTempDir, writeKeys } from "../tests/systems/lib.mjs";

const argv = process.argv.slice(2);
const seedAt = argv.indexOf("--seed");
const seed = seedAt >= 0 ? Number(argv[seedAt + 1]) : 20261201;

const KEYS = 300; // keys hashed
const PICKS = 100; // keys placed per configuration

const HASHES = String.raw`
import sys, xxhash
for k in open(sys.argv[1], 'rb').read().split(b'\n'):
    print(xxhash.xxh64_intdigest(k, 0), xxhash.xxh64_intdigest(k, 1))
`;

async function main() {
  const keys = makeKeys(seed, KEYS);
  const lines = [
    "# Envoy's ring_hash and maglev (no Envoy in Debian): XXH64 from python3-xxhash, std::_Hash_bytes from",
    "# Debian's libstdc++, and hosts from Envoy's unit-test tables and the Python model of tests/systems/envoy.mjs.",
    `# Written by scripts/gen-golden-systems-envoy.mjs --seed ${seed}; do not edit.`,
    ...keys.map((k) => `key\t${k.toString("hex")}`),
  ];
  await withTempDir("golden-envoy", async (dir) => {
    const keysFile = path.join(dir, "keys.txt");
    writeKeys(keysFile, keys);
    const script = path.join(dir, "hashes.py");
    writeFileSync(script, HASHES);
    const h = spawnSync(python, [script, keysFile], { encoding: "utf8", maxBuffer: 1 << 26 });
    if (h.status !== 0) throw new Error(`python3-xxhash failed: ${h.stderr}`);
    const pairs = h.stdout.trim().split("\n");
    if (pairs.length !== keys.length) throw new Error(`python3-xxhash: ${pairs.length} lines for ${keys.length} keys`);
    pairs.forEach((p, i) => {
      const [s0, s1] = p.split(" ");
      lines.push(`xxh64\t${i}\t0\t${s0}`, `xxh64\t${i}\t1\t${s1}`);
    });
    const rows = await real({ keys, dir });
    // real() built the std::_Hash_bytes helper in dir: it reads hex lines.
    const m = spawnSync(path.join(dir, "hash_bytes"), {
      input: `${keys.map((k) => k.toString("hex")).join("\n")}\n`,
      encoding: "utf8",
      maxBuffer: 1 << 26,
    });
    if (m.status !== 0) throw new Error(`std::_Hash_bytes helper failed: ${m.stderr}`);
    const murmurs = m.stdout.trim().split("\n");
    if (murmurs.length !== keys.length) throw new Error(`helper: ${murmurs.length} lines for ${keys.length} keys`);
    murmurs.forEach((v, i) => lines.push(`murmur\t${i}\t${v}`));
    for (const row of rows) {
      if (row.args.some((a) => a.includes("\t"))) throw new Error(`${row.config}: an argument holds a tab`);
      lines.push(`# ${row.config}`, ["place", row.system, ...row.args].join("\t"));
      const step = keys.length / PICKS;
      for (let j = 0; j < PICKS; j++) {
        const i = Math.floor(j * step);
        lines.push(`pick\t${i}\t${row.real[i]}`);
      }
    }
    console.log(`tests/golden/systems/envoy.tsv: ${keys.length} keys, ${rows.length} configurations`);
  });
  const out = path.join(root, "tests", "golden", "systems");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "envoy.tsv"), `${lines.join("\n")}\n`);
}

main().catch((e) => {
  console.error(e.stack ?? String(e));
  process.exit(1);
});
