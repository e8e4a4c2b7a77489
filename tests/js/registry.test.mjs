// The registry of placement algorithms as the package carries it: web/lib/src/main/algorithms.ts
// and web/lib/src/buckets/algorithms.ts are what scripts/gen-algorithms.mjs writes from `ringlab
// algorithms --json` (natively and from the Node CLI, on ringlab-cli.wasm); rl.algorithms() is the
// registry's entries the main module runs, entry for entry, frozen, in both entries that make the
// API, and ringlab/buckets' algorithms() its bucket hashers. compare's rows and the digest's parts
// are the registry's, and every catalogue of the widgets names each algorithm of the registry,
// and no other.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load } from "ringlab";
import { load as loadBuckets } from "ringlab/buckets";
import { load as loadSingle } from "ringlab/single";
import {
  bucketModulePath,
  isBucketEntry,
  isMainEntry,
  mainEntryOf,
  modulePath,
  moduleTexts,
  placerModulePath,
  nativeCli,
  registryJson,
} from "../../scripts/gen-algorithms.mjs";
import { cliJs, root, widgetCatalogue } from "./helpers.mjs";

const fix = "the package's copies of the registry differ from the core's: run node scripts/gen-algorithms.mjs";
const written = {
  main: readFileSync(modulePath, "utf8"),
  buckets: readFileSync(bucketModulePath, "utf8"),
  placers: readFileSync(placerModulePath, "utf8"),
};
const registry = JSON.parse(registryJson([process.execPath, cliJs]));

test("the generated module is what gen-algorithms.mjs --check accepts from the native CLI", (t) => {
  if (!existsSync(nativeCli)) return t.skip(`no native CLI at ${path.relative(root, nativeCli)} (cmake --build build)`);
  const r = spawnSync(process.execPath, [path.join(root, "scripts", "gen-algorithms.mjs"), "--check"], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr || fix);
  assert.equal(
    registryJson(),
    registryJson([process.execPath, cliJs]),
    "the native and the Node CLI print one registry",
  );
});

test("the generated modules are what the Node CLI's registry gives", async () => {
  const want = await moduleTexts(JSON.stringify(registry));
  assert.ok(want.main === written.main && want.buckets === written.buckets && want.placers === written.placers, fix);
});

test("every entry of the registry is the main module's, a bucket hasher, or both", () => {
  const neither = registry.filter((a) => !isMainEntry(a) && !isBucketEntry(a)).map((a) => a.name);
  assert.deepEqual(neither, []);
  // compare and the digest are the main module's: an entry that joins them has its parameters.
  const outside = registry.filter((a) => !isMainEntry(a) && (a.compare || a.digest.length > 0)).map((a) => a.name);
  assert.deepEqual(outside, []);
});

test("ringlab/buckets' algorithms() are the registry's bucket hashers, in its order", async () => {
  const buckets = await loadBuckets();
  assert.deepEqual(
    buckets.algorithms().map((a) => [a.name, a.input, a.answers, [...a.options], a.traces]),
    registry
      .filter(isBucketEntry)
      .map((a) => [a.name, a.input, a.answers ?? "bucket", a.options.map((o) => o.name), a.traces]),
  );
});

test("rl.algorithms() is the registry's entries the main module runs, frozen, the same array on every call, in both API entries", async () => {
  for (const rl of [await load(), await loadSingle()]) {
    const algorithms = rl.algorithms();
    assert.deepEqual(algorithms, registry.filter(isMainEntry).map(mainEntryOf));
    assert.equal(rl.algorithms(), algorithms);
    assert.ok(Object.isFrozen(algorithms));
    for (const a of algorithms) {
      assert.ok(Object.isFrozen(a) && Object.isFrozen(a.params) && Object.isFrozen(a.membership), a.name);
      for (const p of a.params) assert.ok(Object.isFrozen(p), `${a.name} ${p.name}`);
    }
    // A module's code is strict: writing to a frozen object throws.
    assert.throws(() => {
      algorithms[0].name = "renamed";
    }, TypeError);
  }
});

test("compare's rows are the registry's algorithms with a row in compare", async () => {
  const rl = await load();
  const rows = rl.compare({ keys: 1000 }).map((r) => r.algorithm);
  const compared = registry.filter((a) => a.compare).map((a) => a.name);
  assert.deepEqual([...rows].sort(), [...compared].sort());
});

test("the placement digest's parts after h32 are the registry's, in its order", async () => {
  const rl = await load();
  const names = rl.placementDigest({ keys: 100 }).parts.map((p) => p.name);
  const parts = registry.flatMap((a) => a.digest);
  assert.equal(names[0], "h32");
  assert.deepEqual(names.slice(1, 1 + parts.length), parts);
});

test("every catalogue of the widgets spells each algorithm of the registry, and no other", async () => {
  const langs = readdirSync(path.join(root, "web", "widgets", "i18n"))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => f.replace(/\.ts$/, ""));
  assert.ok(langs.includes("en") && langs.includes("bn"), langs.join(", "));
  for (const lang of langs) {
    const { algorithms } = await widgetCatalogue(lang);
    assert.deepEqual(Object.keys(algorithms).sort(), registry.map((a) => a.name).sort(), lang);
    for (const [name, text] of Object.entries(algorithms))
      assert.ok(typeof text === "string" && text.trim() !== "", `${lang}: ${name}`);
  }
});
