#!/usr/bin/env node
// Golden files of the cache systems from the real software on this machine, for the C++ (and
// WASM) suites to check ringlab without nginx or libmemcached:
//   tests/golden/systems/nginx.tsv      nginx 1.22 (tests/systems/nginx.mjs's configurations)
//   tests/golden/systems/memcached.tsv  libmemcached 1.1.4 (tests/systems/memcached.mjs's)
//
//   node scripts/gen-golden-systems-cache.mjs [--seed N]
//
// Format, tab-separated, one record a line:
//   # ...                       a comment
//   key  HEX                    the keys in order, hex-encoded (the empty key is an empty field)
//   config  NAME  ARG...        a configuration: `ringlab place SYSTEM ARG...`'s flags
//   result  R1  R2 ...          the real answer for each key in order, "null" for none
// Each config line is followed by its result line.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeKeys, root, withTempDir } from "../tests/systems/lib.mjs";

const args = process.argv.slice(2);
const seedAt = args.indexOf("--seed");
const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : 20261201;

// A few hundred keys of every kind makeKeys has (it cycles through them), the empty key first.
const SYSTEMS = [
  { name: "nginx", keys: 200, what: "nginx 1.22.1 (Debian 12's nginx-light), hash $request_body [consistent]" },
  { name: "memcached", keys: 60, what: "libmemcached 1.1.4 (Debian 12), memcached_server_by_key()" },
];

async function main() {
  const out = path.join(root, "tests", "golden", "systems");
  mkdirSync(out, { recursive: true });
  for (const system of SYSTEMS) {
    const keys = makeKeys(seed, system.keys);
    const mod = await import(`../tests/systems/${system.name}.mjs`);
    const rows = await withTempDir(`golden-${system.name}`, (dir) => mod.real({ keys, dir }));
    const lines = [
      `# ${system.what}: the server for each key under each configuration.`,
      `# Written by scripts/gen-golden-systems-cache.mjs --seed ${seed} from the real software; do not edit.`,
      ...keys.map((k) => `key\t${k.toString("hex")}`),
    ];
    for (const row of rows) {
      if (row.args.some((a) => a.includes("\t") || a.includes("\n")))
        throw new Error(`${row.config}: an argument holds a tab`);
      lines.push(["config", row.config, ...row.args].join("\t"));
      lines.push(["result", ...row.real.map((r) => (r === null ? "null" : r))].join("\t"));
    }
    writeFileSync(path.join(out, `${system.name}.tsv`), `${lines.join("\n")}\n`);
    console.log(`tests/golden/systems/${system.name}.tsv: ${rows.length} configurations x ${keys.length} keys`);
  }
}

main().catch((e) => {
  console.error(e.stack ?? String(e));
  process.exit(1);
});
