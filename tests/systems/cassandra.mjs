// The DataStax Python driver (Debian's python3-cassandra) against `ringlab place cassandra`:
// Murmur3Token.from_key (cmurmur3, the driver's copy of the server's MurmurHash3 with its signed
// tail bytes, and the MIN -> MAX rule) for tokens, and the driver's own routing, TokenMap with a
// SimpleStrategy keyspace of replication factor 1, for the owner of each key on a token ring.
// The driver routes no empty key (Cassandra refuses an empty partition key); for it the oracle
// applies Murmur3Partitioner.getToken's rule, the minimum token, the one rule not from the driver.
// Tokens are 64-bit: ringlab's output is read as text here, never through a JS number.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { keyBytes, nativeCli, python, random, writeKeys } from "./lib.mjs";

const ORACLE = String.raw`
import json, sys
from cassandra.metadata import Murmur3Token, SimpleStrategy, TokenMap

MIN = -(2 ** 63)
with open(sys.argv[1], "rb") as f:
    keys = f.read().split(b"\n")
with open(sys.argv[2]) as f:
    rings = json.load(f)

class Keyspace:
    replication_strategy = SimpleStrategy({"replication_factor": "1"})

class Metadata:
    keyspaces = {"ks": Keyspace()}

def token(key):
    return Murmur3Token(MIN) if key == b"" else Murmur3Token.from_key(key)

out = sys.stdout
for ring in rings:
    if ring is None:
        for k in keys:
            out.write("%d\n" % token(k).value)
    else:
        owners = {Murmur3Token(int(t)): node for node, t in ring}
        tm = TokenMap(Murmur3Token, owners, sorted(owners), Metadata())
        for k in keys:
            out.write(json.dumps(tm.get_replicas("ks", token(k))[0]) + "\n")
    out.write("=\n")
`;

// A signed 64-bit token from the seeded generator, as decimal text.
function tokenDrawer(seed) {
  const rand = random(seed);
  const u32 = () => BigInt(Math.floor(rand() * 2 ** 32));
  return () => BigInt.asIntN(64, (u32() << 32n) | u32()).toString();
}

function vnodeRing(seed, nodes, perNode, name) {
  const draw = tokenDrawer(seed);
  const taken = new Set();
  const ring = [];
  for (let n = 0; n < nodes; n++)
    for (let v = 0; v < perNode; v++) {
      let t;
      do t = draw();
      while (taken.has(t));
      taken.add(t);
      ring.push([name(n), t]);
    }
  return ring;
}

// `nodetool ring`'s layout for a ring: a header, the ring's last token alone, then one row per
// token in token order; the address column as wide as the longest address (nodetool sizes it).
function nodetoolRing(ring) {
  const sorted = [...ring].sort((a, b) => (BigInt(a[1]) < BigInt(b[1]) ? -1 : 1));
  const width = Math.max(7, ...ring.map(([node]) => node.length)) + 2;
  const pad = (s, n) => s.padEnd(n);
  const lines = ["", "Datacenter: datacenter1", "=========="];
  lines.push(`${pad("Address", width)}${pad("Rack", 12)}Status State   Load            Owns                Token`);
  lines.push(`${" ".repeat(width + 66)}${sorted[sorted.length - 1][1]}`);
  for (const [node, t] of sorted)
    lines.push(`${pad(node, width)}${pad("rack1", 12)}Up     Normal  98.96 KiB       ?                   ${t}`);
  lines.push("", '  Warning: "nodetool ring" is used to output all the tokens of a node.');
  lines.push('  To view status related info of a node use "nodetool status" instead.', "", "");
  return lines.join("\n");
}

// ringlab's results as text: a token's digits, or an owner's JSON string decoded.
function placeText(args, keys, dir) {
  const file = path.join(dir, "keys-cassandra.txt");
  writeKeys(file, keys);
  const r = spawnSync(nativeCli(), ["place", "cassandra", ...args, "--keys", file], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`ringlab place cassandra ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  const lines = r.stdout.split("\n");
  if (lines.pop() !== "") throw new Error("ringlab place cassandra: output does not end with a newline");
  if (lines.length !== keys.length)
    throw new Error(`ringlab place cassandra: ${lines.length} lines for ${keys.length} keys`);
  return lines.map((line, i) => {
    const at = line.lastIndexOf('"result": ');
    const key = JSON.parse(line.slice(0, at).replace(/,\s*$/, "}")).key;
    if (!keyBytes(key).equals(keys[i])) throw new Error(`ringlab place cassandra: line ${i + 1} names another key`);
    const result = line.slice(at + 10, -1);
    return result.startsWith('"') ? JSON.parse(result) : result;
  });
}

// The real answers: one row per configuration, { config, args (place cassandra's flags), keys,
// real }; a --ring row's file is in `dir` (its text is the row's ringText).
export async function real({ keys, dir, seed }) {
  const configs = [
    { name: "token", ring: null },
    // Three nodes, one token each, evenly spaced (the first at the ring's minimum).
    {
      name: "3 nodes, 1 token each",
      ring: [
        ["10.0.0.1", "-9223372036854775808"],
        ["10.0.0.2", "-3074457345618258603"],
        ["10.0.0.3", "3074457345618258602"],
      ],
    },
    // The extremes as tokens: MAX owns everything above the previous token, MIN only itself.
    {
      name: "2 nodes at MIN and MAX",
      ring: [
        ["a", "-9223372036854775808"],
        ["b", "9223372036854775807"],
      ],
    },
    { name: "4 nodes x 16 vnodes", ring: vnodeRing(seed, 4, 16, (n) => `10.0.1.${n + 1}`) },
    { name: "6 nodes x 256 vnodes", ring: vnodeRing(seed + 1, 6, 256, (n) => `node-${n}.dc1.example`) },
  ];
  const keysFile = path.join(dir, "keys-oracle.txt");
  const ringsFile = path.join(dir, "rings.json");
  writeKeys(keysFile, keys);
  writeFileSync(ringsFile, JSON.stringify(configs.map((c) => c.ring)));
  const r = spawnSync(python, ["-c", ORACLE, keysFile, ringsFile], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`python3-cassandra oracle failed (${r.status}): ${r.stderr}`);
  const blocks = r.stdout.split("=\n");
  blocks.pop();
  if (blocks.length !== configs.length) throw new Error(`oracle gave ${blocks.length} answers for ${configs.length}`);

  const rows = [];
  configs.forEach((c, i) => {
    const lines = blocks[i].split("\n");
    lines.pop();
    const answers = c.ring === null ? lines : lines.map((l) => JSON.parse(l));
    if (answers.length !== keys.length) throw new Error(`oracle: ${answers.length} answers for ${keys.length} keys`);
    if (c.ring === null) {
      rows.push({ config: "token (Murmur3Partitioner)", args: [], keys, real: answers });
      return;
    }
    const list = c.ring.map(([node, t]) => `${node}=${t}`).join(",");
    rows.push({ config: `--tokens: ${c.name}`, args: ["--tokens", list], keys, real: answers });
    const ringFile = path.join(dir, `ring-${i}.txt`);
    const ringText = nodetoolRing(c.ring);
    writeFileSync(ringFile, ringText);
    rows.push({
      config: `--ring (nodetool ring): ${c.name}`,
      args: ["--ring", ringFile],
      ringText,
      keys,
      real: answers,
    });
  });
  return rows;
}

export async function compare(ctx) {
  return (await real(ctx)).map((row) => ({ ...row, ringlab: placeText(row.args, row.keys, ctx.dir) }));
}
