// Determinism across builds: the native binary's `ringlab digest` and the WebAssembly module's
// placementDigest() (and its Node CLI) agree line by line, for the default seed and keys and for
// another seed — every algorithm's placements of the same keys are the same in both.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load } from "ringlab";
import { cliJs, root } from "./helpers.mjs";

const native = path.join(root, "build", "ringlab");
const noNative = existsSync(native)
  ? false
  : `no native build at ${path.relative(root, native)} (run npm test or cmake --build build)`;

// h32, then each algorithm's parts in the registry's order, then the three experiments.
const parts = [
  "h32",
  ...(await load()).algorithms().flatMap((a) => a.digest),
  "ring-vs-mod",
  "vnode-sweep",
  "hrw-jump",
];

function lines(d) {
  return [...d.parts.map((p) => `${p.name} ${p.digest}`), `all ${d.all}`];
}

function runNative(args) {
  const r = spawnSync(native, ["digest", ...args], { encoding: "utf8" });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.replace(/\n$/, "").split("\n");
}

test("placementDigest(): every algorithm once, 32-bit digests", async () => {
  const rl = await load();
  const d = rl.placementDigest();
  assert.deepEqual(
    d.parts.map((p) => p.name),
    parts,
  );
  for (const p of [...d.parts, { name: "all", digest: d.all }]) {
    assert.ok(Number.isInteger(p.digest) && p.digest >= 0 && p.digest <= 0xffffffff, `${p.name}: ${p.digest}`);
  }
  assert.deepEqual(rl.placementDigest({ seed: 16, keys: 100000 }), d, "the defaults are seed 16, 100,000 keys");
  assert.deepEqual(rl.placementDigest(), d, "the same twice");
  const other = rl.placementDigest({ seed: 17 });
  for (let i = 0; i < parts.length; i++) assert.notEqual(other.parts[i].digest, d.parts[i].digest, parts[i]);
  assert.throws(() => rl.placementDigest({ keys: 10_000_001 }), { code: "limit_exceeded" });
  assert.throws(() => rl.placementDigest({ keys: -1 }), { code: "out_of_range" });
  assert.throws(() => rl.placementDigest({ seed: 0.5 }), { code: "invalid_argument" });
  assert.throws(() => rl.placementDigest({ seed: 2 ** 53 }), { code: "invalid_argument" });
  assert.throws(() => rl.placementDigest({ key: 1 }), { code: "invalid_argument" });
});

for (const args of [[], ["--seed", "-7", "--keys", "25000"], ["--keys", "0"]]) {
  test(`native \`ringlab digest ${args.join(" ")}\` equals WebAssembly, line by line`, { skip: noNative }, async () => {
    const rl = await load();
    const opts = {};
    for (let i = 0; i < args.length; i += 2) opts[args[i].slice(2)] = Number(args[i + 1]);
    const wasm = lines(rl.placementDigest(opts));
    const nat = runNative(args);
    assert.equal(nat.length, parts.length + 1);
    for (let i = 0; i < nat.length; i++) assert.equal(wasm[i], nat[i], `line ${i + 1} (${nat[i].split(" ")[0]})`);
    // The WebAssembly module's Node CLI prints the same.
    const cli = spawnSync(process.execPath, [cliJs, "digest", ...args], { encoding: "utf8" });
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(cli.stdout, nat.join("\n") + "\n");
  });
}

// `--newer`: the newer bucket hashers' parts after the chapter's, `all` over every line. The Node
// CLI's module has them (as it has `compare --newer`); the main module does not.
// Their names, as `ringlab digest --help` lists them from the registry.
const help = spawnSync(process.execPath, [cliJs, "digest", "--help"], { encoding: "utf8" }).stdout;
const newer = help
  .slice(help.indexOf("--newer's names:") + "--newer's names:".length)
  .split(",")
  .map((s) => s.trim());
for (const args of [
  ["--newer", "all"],
  // Three of them, not in the registry's order: the lines come in the list's.
  ["--seed", "-7", "--newer", [newer.at(-1), newer[0], newer[3]].join(","), "--keys", "25000"],
  ["--newer", "memento", "--keys", "0"],
]) {
  test(`native \`ringlab digest ${args.join(" ")}\` equals the Node CLI's`, { skip: noNative }, () => {
    const nat = runNative(args);
    const list = args[args.indexOf("--newer") + 1];
    const names = list === "all" ? newer : list.split(",");
    assert.equal(nat.length, parts.length + names.length + 1);
    // The chapter's lines are those without --newer; `all` is not.
    const chapter = runNative(
      args.filter((_, i) => i !== args.indexOf("--newer") && i !== args.indexOf("--newer") + 1),
    );
    assert.deepEqual(nat.slice(0, parts.length), chapter.slice(0, parts.length));
    assert.deepEqual(
      nat.slice(parts.length, -1).map((l) => l.split(" ")[0]),
      names,
    );
    assert.notEqual(nat.at(-1), chapter.at(-1));
    const cli = spawnSync(process.execPath, [cliJs, "digest", ...args], { encoding: "utf8" });
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(cli.stdout, nat.join("\n") + "\n");
  });
}
