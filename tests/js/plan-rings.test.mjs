// `ringlab plan SYSTEM` for the ring and table systems: the native CLI and the WASM CLI print the
// same bytes, text and --json, on random servers, weights, changes and keys; and each --json
// plan's counts add up (the steps' hashes to the moved share, every server's share before and
// after to the whole space, the necessary and collateral shares to the moved one).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { cliJs, prng, root } from "./helpers.mjs";

const native = path.join(process.env.RINGLAB_BUILD_DIR ?? path.join(root, "build"), "ringlab");
const hasNative = existsSync(native);
const { runCli } = await import(pathToFileURL(cliJs).href);

// A random configuration of one system as `place` takes it, and a change to it.
function scenario(next, c) {
  const n = 2 + (next() % 4);
  const ips = Array.from({ length: n }, (_, i) => `10.${c % 250}.0.${i + 1}`);
  const w = (max) => 1 + (next() % max);
  const change = (names, fresh, down) => {
    const kind = next() % (down ? 4 : 3);
    const name = names[next() % names.length];
    if (kind === 0) return ["--add", fresh, "--weight", `${w(3)}`];
    if (kind === 1 || (kind === 3 && n === 2)) return ["--remove", name];
    if (kind === 2) return ["--reweight", name, "--weight", `${w(3)}`];
    return ["--mark-down", name];
  };
  switch (c % 6) {
    case 0: {
      const mode = ["consistent", "consistent_ketama", "consistent_weighted", "modula"][next() % 4];
      const servers = ips.map((ip) => `${ip}=${w(3)}`).join(",");
      return [
        "memcached",
        "--servers",
        servers,
        "--mode",
        mode,
        ...change(
          ips.map((ip) => `${ip}:11211`),
          "10.9.9.9",
          false,
        ),
      ];
    }
    case 1: {
      const servers = ips.map((ip) => `${ip}:11211=${w(900)}`).join(",");
      return [
        "libketama",
        "--servers",
        servers,
        ...change(
          ips.map((ip) => `${ip}:11211`),
          "10.9.9.9:11211",
          false,
        ),
      ];
    }
    case 2: {
      const servers = ips.map((ip) => `${ip}:11211:${w(3)}`).join(",");
      const distribution = next() % 2 ? "ketama" : "modula";
      return [
        "twemproxy",
        "--servers",
        servers,
        "--distribution",
        distribution,
        ...change(ips, "10.9.9.9:11211:1", true),
      ];
    }
    case 3: {
      const servers = ips.map((ip) => `${ip}:80=${w(3)}`).join(",");
      const mode = next() % 2 ? "consistent" : "hash";
      return [
        "nginx",
        "--servers",
        servers,
        "--mode",
        mode,
        ...change(
          ips.map((ip) => `${ip}:80`),
          "10.9.9.9:80",
          true,
        ),
      ];
    }
    case 4: {
      const hosts = ips.map((ip) => `${ip}:80=${w(4)}`).join(",");
      return [
        "envoy-ring",
        "--hosts",
        hosts,
        ...change(
          ips.map((ip) => `${ip}:80`),
          "10.9.9.9:80",
          true,
        ),
      ];
    }
    default: {
      const hosts = ips.map((ip) => `${ip}:80=${w(4)}`).join(",");
      const table = ["7", "1009", "65537"][next() % 3];
      return [
        "envoy-maglev",
        "--hosts",
        hosts,
        "--table",
        table,
        ...change(
          ips.map((ip) => `${ip}:80`),
          "10.9.9.9:80",
          true,
        ),
      ];
    }
  }
}

test("the native and WASM CLIs print the same ring plans", { skip: !hasNative && "no native build" }, async () => {
  const next = prng(20261204);
  for (let c = 0; c < 36; c++) {
    const keys = Array.from({ length: 1 + (next() % 5) }, (_, i) => `user:${next() % 100000}:${i}`);
    const args = ["plan", ...scenario(next, c), ...keys];
    for (const extra of [[], ["--json"], ["--every-arc"]]) {
      const all = [...args, ...extra];
      const a = spawnSync(native, all, { cwd: root, encoding: "utf8" });
      const b = await runCli(all);
      assert.deepEqual([a.status, a.stdout, a.stderr], [b.exitCode, b.out, b.err], all.join(" "));
      assert.equal(a.status, 0, `${all.join(" ")}: ${a.stderr}`);
      if (extra[0] !== "--json") continue;
      const lines = a.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l.replace(/: (\d{16,})/g, ': "$1"')));
      const { summary } = lines.pop();
      const big = (v) => BigInt(v);
      const moved = lines.reduce((s, step) => s + big(step.hashes), 0n);
      assert.equal(moved, big(summary.space.moved.hashes), all.join(" "));
      assert.equal(big(summary.space.necessary.hashes) + big(summary.space.collateral.hashes), moved);
      const size = big(summary.space.size);
      assert.equal(
        summary.servers.reduce((s, x) => s + big(x.before.hashes), 0n),
        size,
      );
      assert.equal(
        summary.servers.reduce((s, x) => s + big(x.after.hashes), 0n),
        size,
      );
      for (const step of lines) {
        const arcs = step.arcs ?? step.entries;
        assert.equal(
          arcs.reduce((s, x) => s + big(x.hashes), 0n),
          big(step.hashes),
        );
      }
      assert.equal(summary.keys.length, keys.length);
    }
  }
});
