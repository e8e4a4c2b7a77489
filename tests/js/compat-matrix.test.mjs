// The compatibility matrix in docs/systems.md and tests/golden/systems/compat.json is what a run of
// tests/systems/compat.mjs gives now: the npm packages and the real software (redis-server,
// librdkafka, Guava on the JDK, libmemcached) rerun on the same keys, and the table and the JSON
// compared as text. A difference means a package, the real software or the keys changed: rerun
// `node tests/systems/compat.mjs --write` and read what moved.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { root } from "./helpers.mjs";

const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
const cli = process.env.RINGLAB_CLI ?? path.join(root, process.env.RINGLAB_BUILD_DIR ?? "build", "ringlab");

// What the comparison runs, and the Debian package each comes from (scripts/setup.mjs installs
// them in `npm test`).
function missing() {
  const needs = [
    ["redis-server", () => has("redis-server") && has("redis-cli")],
    ["gcc", () => has("gcc") && has("pkg-config")],
    ["libmemcached-dev", () => existsSync("/usr/include/libmemcached/memcached.h")],
    ["librdkafka-dev", () => existsSync("/usr/include/librdkafka/rdkafka.h")],
    ["libguava-java", () => existsSync("/usr/share/java/guava.jar")],
    ["default-jdk-headless", () => has("javac") && has("java")],
  ];
  return needs.filter(([, present]) => !present()).map(([pkg]) => pkg);
}

test(
  "docs/systems.md's compatibility matrix and compat.json are what the comparison gives now",
  { timeout: 120000 },
  async (t) => {
    const absent = missing();
    if (absent.length) return t.skip(`the real software is not installed (Debian: ${absent.join(", ")})`);
    // libketama's rows go through the native CLI's `place libketama`.
    if (!existsSync(cli)) return t.skip(`no native CLI at ${path.relative(root, cli)} (cmake --build build)`);
    process.env.RINGLAB_CLI = cli;
    const compat = await import("../systems/compat.mjs");
    const m = await compat.matrix({ seed: compat.SEED });
    assert.ok(m.rows.length >= 20, `${m.rows.length} rows`);
    for (const pkg of ["hashring", "cluster-key-slot", "kafkajs", "jump-gouache"])
      assert.ok(
        m.rows.some((r) => r.package.startsWith(`${pkg} `)),
        `no row for ${pkg}`,
      );
    for (const r of m.rows) {
      assert.ok(r.keys >= 10000, `${r.call}: ${r.keys} keys`);
      assert.equal(r.compared + r.notExpressible + r.refused, r.keys, r.call);
      assert.equal(r.example === null, r.agree === r.compared, `${r.call}: an example exactly where keys differ`);
    }
    const doc = readFileSync(compat.DOC, "utf8");
    assert.equal(
      compat.docTable(doc),
      compat.markdown(m),
      "docs/systems.md's table (node tests/systems/compat.mjs --write)",
    );
    assert.equal(
      readFileSync(compat.JSON_FILE, "utf8"),
      compat.json(m),
      "compat.json (node tests/systems/compat.mjs --write)",
    );
  },
);
