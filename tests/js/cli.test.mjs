// The Node CLI (the package's bin): golden experiment output byte for byte, h32 of non-ASCII
// arguments as UTF-16 units, one-line errors with exit status 2, `npx --no-install ringlab`
// from the repository root (how the parity check runs it), before and after the first build,
// and — when a native build exists — the same stdout, stderr and status as the native binary for
// every argument list here.
//
// A command's output is made in this process by runCli, the function the bin calls (helpers.mjs
// cliResult), once per argument list: starting Node and compiling the CLI's module for each of
// about a hundred lists cost most of this file's CPU time and checked nothing more. The bin itself
// is started where the process is the subject (argv's decoding, npx) and for a sample of the lists,
// whose status, stdout and stderr must be runCli's.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { load } from "ringlab";
import { cliJs, cliResult, experimentCases, root } from "./helpers.mjs";

function run(args, opts = {}) {
  const r = spawnSync(process.execPath, [cliJs, ...args], { cwd: root, encoding: "utf8", ...opts });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// What the bin prints for an argument list ({status, stdout, stderr}), made once however many
// tests read it: a command's output depends on its arguments alone (and on files, which these
// lists do not name), so a second run of the same list would check nothing the first did not.
const ran = new Map();
function runOnce(args) {
  const key = JSON.stringify(args);
  if (!ran.has(key)) ran.set(key, cliResult(args));
  return ran.get(key);
}

const subset = experimentCases().filter((c) => /default|parity|undefined|nan|tie|collision|rounds/.test(c.name));

test("run <experiment> prints the golden bytes", async () => {
  assert.ok(subset.length >= 12);
  for (const c of subset) {
    const r = await runOnce(["run", c.experiment, ...c.flags]);
    assert.equal(r.stderr, "", c.name);
    assert.equal(r.status, 0, c.name);
    assert.equal(r.stdout, c.expected, `${c.name} (${c.flags.join(" ")})`);
  }
});

test("h32 hashes each argument as the JS string's UTF-16 units", () => {
  const r = run(["h32", "ব্যবহারকারী:৪২", "user:42", "", "😀", "S0#0"]);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, "1770631165\n599759890\n2872998923\n1787143206\n3947687215\n");
});

test("jump KEY BUCKETS takes any uint64 key", async () => {
  assert.equal((await cliResult(["jump", "0", "1"])).stdout, "0\n");
  assert.equal((await cliResult(["jump", "599759890", "10"])).stdout, "9\n");
  const r = await cliResult(["jump", "18446744073709551615", "2147483647"]);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^\d+\n$/);
});

test("compare --json: the published scenario, and the same numbers as rl.compare()", async () => {
  const args = ["compare", "--servers", "10", "--vnodes", "100", "--keys", "100000", "--change", "add", "--json"];
  const r = await cliResult(args);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, "");
  const rows = JSON.parse(r.stdout);
  const by = Object.fromEntries(rows.map((row) => [row.algorithm, row]));
  const rl = await load();
  // A row for each algorithm the registry gives one (in the same order as rl.compare()'s: below).
  const compared = rl.algorithms().filter((a) => a.compare);
  assert.deepEqual(Object.keys(by).sort(), compared.map((a) => a.name).sort());
  // The new server takes about 1/11 of the keys, and nothing else moves: every row but mod-N's (it
  // renumbers the servers) and Maglev's (its table moves a few keys between the old servers too).
  const good = compared.filter((a) => a.removal !== "renumber" && a.name !== "maglev").map((a) => a.name);
  assert.ok(good.length > 0);
  for (const a of good) {
    assert.ok(Math.abs(by[a].moved - 1 / 11) < 0.02, `${a} moved ${by[a].moved}`);
    assert.equal(by[a].movedBetweenOld, 0, a);
  }
  assert.ok(Math.abs(by["mod-n"].moved - 10 / 11) < 0.005, `mod-N moved ${by["mod-n"].moved}`);
  // Removing a server: ring and rendezvous move no key that did not have to, mod-N nearly all.
  const removal = await cliResult([
    "compare",
    "--servers",
    "12",
    "--vnodes",
    "160",
    "--keys",
    "120000",
    "--change",
    "remove:S5",
    "--json",
  ]);
  assert.equal(removal.status, 0, removal.stderr);
  const removed = Object.fromEntries(JSON.parse(removal.stdout).map((row) => [row.algorithm, row]));
  assert.equal(removed.ring.movedNeedlessly, 0);
  assert.equal(removed.rendezvous.movedNeedlessly, 0);
  assert.ok(removed["mod-n"].movedNeedlessly > 0.8, `mod-N ${removed["mod-n"].movedNeedlessly}`);
  assert.ok(removed.maglev.movedNeedlessly < 0.01, `Maglev ${removed.maglev.movedNeedlessly}`);
  const api = rl.compare({ servers: 10, vnodes: 100, keys: 100000, change: "add" });
  const strip = (list) => list.map(({ buildMs, ...rest }) => rest);
  assert.deepEqual(strip(rows), strip(api));
  // The table form, and a change jump cannot express.
  const table = await cliResult(["compare", "--keys", "5000", "--change", "remove:S4"]);
  assert.equal(table.status, 0, table.stderr);
  assert.match(table.stdout, /^algorithm +moved +to new +between +needless +max\/mean/);
  assert.match(table.stdout, /\njump +not supported: jump can only remove the last bucket\n/);
});

// Argument lists whose result (stdout, stderr, status) must be the native binary's.
const argLists = [
  ["--help"],
  ["run", "--help"],
  ["run", "hrw-jump", "-h"],
  ["compare", "--help"],
  ["h32", "--help"],
  ["h32", "-h"],
  ["h32", "a", "--help"],
  ["place", "--help"],
  ["place", "nginx", "--help"],
  ["phash2", "-h"],
  ["claims", "--help"],
  ["bucket", "--help"],
  ["bucket", "jump", "-h"],
  [],
  ["bogus"],
  ["run"],
  ["run", "nope"],
  ["run", "ring-vs-mod", "--bogus", "1"],
  ["run", "ring-vs-mod", "--servers"],
  ["run", "ring-vs-mod", "--servers", "0"],
  ["run", "ring-vs-mod", "--servers", "1.5"],
  ["run", "ring-vs-mod", "--keys", "-1"],
  ["run", "ring-vs-mod", "--seed", "9007199254740992"],
  ["run", "ring-vs-mod", "--keys", "1e3", "--servers", "+3"],
  ["run", "ring-vs-mod", "--keys", "50", "--keys", "60"],
  ["run", "vnode-sweep", "--vnodes", "1,,2"],
  ["run", "vnode-sweep", "--vnodes", "0"],
  ["run", "vnode-sweep", "--servers", "3", "--keys", "800"],
  ["run", "hrw-jump", "--remove", "5"],
  ["run", "hrw-jump", "--buckets", "0"],
  ["run", "hrw-jump", "--keys", "10", "extra"],
  ["h32"],
  ["jump", "1"],
  ["jump", "-1", "10"],
  ["jump", "18446744073709551616", "10"],
  ["jump", "5", "0"],
  ["compare", "--change", "bogus"],
  ["compare", "--change", "remove"],
  ["compare", "--change", "remove:nope", "--keys", "10"],
  ["compare", "--change", "weight:S1=abc"],
  ["compare", "--table", "4"],
  ["compare", "--keys", "100000001"],
  ["compare", "--threads", "0"],
  ["run", "hrw-jump", "--threads", "257"],
  ["compare", "--epsilon", "0", "--keys", "10"],
  ["compare", "--servers", "0"],
  ["bucket"],
  ["bucket", "nope", "1"],
  ["bucket", "jump", "--buckets", "10", "--ops", "remove:9,add", "42", "0x2a"],
  ["bucket", "mod-n", "--buckets", "7", "--ops", "add", "5"],
  ["lab", "--help"],
  ["lab", "--buckets", "12", "--keys-per-bucket", "6", "--seed", "5"],
  ["lab", "--buckets", "12", "--keys-per-bucket", "6", "--json"],
  ["lab", "--buckets", "12", "--keys-per-bucket", "6", "--csv"],
  ["lab", "--buckets", "0"],
  ["lab", "--json", "--csv"],
  ["lab", "--claims", "--csv"],
  ["lab", "--claims", "--seed", "3"],
  ["lab", "--claims", "--json"],
  ["claims"],
  ["claims", "--json"],
  ["claims", "--csv"],
  ["claims", "extra"],
];

test("errors: one line on stderr, nothing on stdout, exit status 2", async () => {
  for (const args of argLists) {
    const r = await runOnce(args);
    if (r.status === 0) continue;
    assert.equal(r.status, 2, args.join(" "));
    assert.equal(r.stdout, "", args.join(" "));
    assert.match(r.stderr, /^ringlab: [^\n]+\n$/, args.join(" "));
  }
  assert.equal(
    (await runOnce(["run", "ring-vs-mod", "--servers", "0"])).stderr,
    "ringlab: --servers must be between 1 and 100000, got 0\n",
  );
  assert.equal(
    (await runOnce(["run", "ring-vs-mod", "--bogus", "1"])).stderr,
    "ringlab: unknown flag --bogus for ring-vs-mod (see ringlab --help)\n",
  );
  assert.equal((await runOnce(["--help"])).status, 0);
  assert.match((await runOnce(["--help"])).stdout, /ringlab compare \[flags\] \[--json\]/);
});

test("the bin prints what runCli returns, with its exit status (a sample of the lists)", async () => {
  // Every eighth list, a rejected value and a golden experiment run: help, usage errors, rejected
  // values and output on stdout, each through the bin's own argv, stdio and exit status.
  const sample = [
    ...argLists.filter((args, i) => i % 8 === 0),
    ["run", "ring-vs-mod", "--servers", "0"],
    ["run", subset[0].experiment, ...subset[0].flags],
  ];
  let failed = 0;
  for (const args of sample) {
    const r = run(args);
    if (r.status !== 0) failed++;
    assert.deepEqual(r, await runOnce(args), args.join(" "));
  }
  assert.ok(failed >= 3 && failed < sample.length, `${failed} of ${sample.length} sampled lists fail`);
});

const native = ["build/ringlab", "build/native/ringlab", "build/cpp/ringlab"]
  .map((p) => path.join(root, p))
  .find(existsSync);

test(
  "the same stdout, stderr and exit status as the native binary",
  { skip: native ? false : "no native build (build/ringlab)" },
  async () => {
    const lists = [
      ...argLists,
      ...subset.slice(0, 6).map((c) => ["run", c.experiment, ...c.flags]),
      ["h32", "user:42", "ব্যবহারকারী:৪২"],
    ];
    for (const args of lists) {
      const n = spawnSync(native, args, { encoding: "utf8" });
      const w = await runOnce(args);
      assert.deepEqual(w, { status: n.status, stdout: n.stdout, stderr: n.stderr }, args.join(" "));
    }
  },
);

test("lab --times: the same tables as without, then a table of times, one row an algorithm", async () => {
  const args = ["lab", "--buckets", "7", "--keys-per-bucket", "3", "--seed", "4"];
  const plain = await cliResult(args);
  const timed = await cliResult([...args, "--times"]);
  assert.equal(timed.status, 0, timed.stderr);
  assert.ok(timed.stdout.startsWith(plain.stdout));
  const rest = timed.stdout
    .slice(plain.stdout.length)
    .split("\n")
    .filter((l) => l !== "");
  assert.match(rest[0], /^times \(wall clock/);
  assert.deepEqual(rest[1].trim().split(/\s+/), ["algorithm", "InitMs", "Keys", "HashNsPerKey", "MapNsPerKey"]);
  // One row for each algorithm of the balance table; no time is asserted, only each cell's shape.
  const algorithms = plain.stdout
    .split("\n\n")[1]
    .split("\n")
    .slice(3)
    .filter((l) => l !== "");
  assert.equal(rest.length - 2, algorithms.length);
  for (const line of rest.slice(2)) {
    const cells = line.trim().split(/\s{2,}/);
    assert.equal(cells.length, 5, line);
    assert.match(cells[1], /^\d+\.\d{3}$/, line);
    assert.equal(cells[2], "21", line);
    assert.match(cells[3], /^(\d+\.\d|-)$/, line);
    assert.match(cells[4], /^\d+\.\d$/, line);
  }
  const json = await cliResult(["lab", "--buckets", "7", "--keys-per-bucket", "3", "--json", "--times"]);
  const rows = json.stdout
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => JSON.parse(l));
  for (const row of rows) {
    assert.deepEqual(Object.keys(row.times), ["initMs", "keys", "hashNsPerKey", "mapNsPerKey"]);
    assert.equal(typeof row.times.mapNsPerKey, "number");
    assert.equal(typeof row.bytes, "number");
  }
});

test(
  "phash2 and place malachi: the Node CLI (its own module) prints what the native CLI prints",
  { skip: native ? false : "no native build (build/ringlab)" },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ringlab-cli-"));
    try {
      const keys = path.join(dir, "keys.txt");
      // Bytes that are not UTF-8 in a key file are refused by both, with the same message.
      writeFileSync(keys, Buffer.concat([Buffer.from("topic-a\n\nκλειδί\n"), Buffer.from("{:range, 7}")]));
      const bad = path.join(dir, "bad.txt");
      writeFileSync(bad, Buffer.from([0x61, 0xff, 0x0a]));
      const lists = [
        ["phash2", '"topic-a"', "42", "{:range, 7}", "-0.0", "%{a: 1}"],
        ["phash2", "--range", "4294967296", "--syntax", "erlang", "<<1,2,255>>", "'quoted atom'", "[1 | 2]"],
        ["place", "malachi", "--bits", "16", "--vnodes", ":a=1000,{:b, 2}=40000", "topic-a", "x", ""],
        ["place", "malachi", "--vnodes", '"a"=1,"b"=3000000000', "--keys", keys],
        ["place", "malachi", "--vnodes", ":a=1,:b=2", "--syntax", "elixir", "--keys", keys],
        ["place", "malachi", "--vnodes", ":a=1", "--keys", bad],
        ["place", "malachi", "--bits", "8", "--vnodes", ":a=10,:b=20,:c=200", "--boundaries"],
        ["place", "malachi", "--vnodes", ":a=1", "--keys", path.join(dir, "missing.txt")],
      ];
      for (const args of lists) {
        const n = spawnSync(native, args, { encoding: "utf8" });
        assert.deepEqual(
          await cliResult(args),
          { status: n.status, stdout: n.stdout, stderr: n.stderr },
          args.join(" "),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test("npx --no-install ringlab works from the repository root, even with an empty npm cache", () => {
  // npm (>= 7) runs the bin of the package in the current folder: it links the folder into its
  // npx cache, without the registry. A fresh cache proves nothing else is needed.
  const cache = mkdtempSync(path.join(tmpdir(), "ringlab-npx-"));
  try {
    const c = subset[0];
    const env = {
      ...process.env,
      npm_config_cache: cache,
      npm_config_offline: "true",
      npm_config_update_notifier: "false",
    };
    const r = spawnSync("npx", ["--no-install", "ringlab", "run", c.experiment, ...c.flags], {
      cwd: root,
      encoding: "utf8",
      env,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, c.expected);
    const cmp = spawnSync("npx", ["--no-install", "ringlab", "compare", "--keys", "1000", "--json"], {
      cwd: root,
      encoding: "utf8",
      env,
    });
    assert.equal(cmp.status, 0, cmp.stderr);
    assert.equal(JSON.parse(cmp.stdout).length, 6);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test("npx ringlab before the first build says so, and works once the package is built", () => {
  // A copy of the package as a fresh checkout has it: package.json and the bin, nothing built.
  // npm keeps the npx cache entry its first run made; the bin, a file of the repository, is linked
  // in that entry from the start, so the same cache serves the command once web/lib/dist exists.
  const dir = mkdtempSync(path.join(tmpdir(), "ringlab-unbuilt-"));
  const cache = mkdtempSync(path.join(tmpdir(), "ringlab-npx-"));
  try {
    mkdirSync(path.join(dir, "web", "lib", "bin"), { recursive: true });
    copyFileSync(path.join(root, "package.json"), path.join(dir, "package.json"));
    copyFileSync(path.join(root, "web", "lib", "bin", "ringlab.js"), path.join(dir, "web", "lib", "bin", "ringlab.js"));
    const env = {
      ...process.env,
      npm_config_cache: cache,
      npm_config_offline: "true",
      npm_config_update_notifier: "false",
    };
    const npx = (args) => spawnSync("npx", ["--no-install", "ringlab", ...args], { cwd: dir, encoding: "utf8", env });
    const c = subset[0];
    const before = npx(["run", c.experiment, ...c.flags]);
    assert.equal(before.status, 1, before.stderr);
    assert.equal(before.stdout, "");
    assert.equal(
      before.stderr,
      "ringlab: this copy of ringlab is not built (web/lib/dist/cli.js is missing): " +
        "run `npm run build:wasm` (or `npm start`, or `npm test`) in its folder first\n",
    );
    // Built: this tree's package, linked in place of a build of the copy.
    symlinkSync(path.join(root, "web", "lib", "dist"), path.join(dir, "web", "lib", "dist"), "dir");
    const after = npx(["run", c.experiment, ...c.flags]);
    assert.equal(after.status, 0, after.stderr);
    assert.equal(after.stdout, c.expected);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
});

test("the systems' configuration files (--upstream, --server-file, --ring, --endpoints): the Node CLI reads each as the native CLI does", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ringlab-cli-"));
  try {
    const file = (name, text) => {
      const p = path.join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const upstream = file(
      "upstream.conf",
      "upstream app {\n  hash $request_uri consistent;\n  server 10.0.0.1:80 weight=2;\n  server 10.0.0.2:80;\n}\n",
    );
    const serverFile = file("servers.txt", "10.0.0.1:11211\t100\n10.0.0.2:11211\t200\n");
    const ring = file(
      "ring.txt",
      "Address   Rack   Status State   Load     Owns    Token\n10.0.0.1  rack1  Up     Normal  1.2 MiB  50.00%  -1\n10.0.0.2  rack1  Up     Normal  1.1 MiB  50.00%  4611686018427387904\n",
    );
    const endpoints = file("endpoints.txt", "10.0.0.1:443=2\n10.0.0.2:443\n");
    const lists = [
      ["place", "nginx", "--upstream", upstream, "user:1", "user:2", "café"],
      ["place", "libketama", "--server-file", serverFile, "user:1", "user:2"],
      ["place", "cassandra", "--ring", ring, "user:1", "user:2"],
      ["place", "envoy-ring", "--endpoints", endpoints, "user:1", "user:2"],
      ["place", "envoy-maglev", "--endpoints", endpoints, "user:1"],
      ["place", "nginx", "--upstream", path.join(dir, "missing.conf"), "user:1"],
    ];
    for (const args of lists) {
      const w = await cliResult(args);
      if (args.some((a) => a.includes("missing"))) {
        assert.equal(w.status, 2, args.join(" "));
        assert.match(w.stderr, /cannot read --upstream file/);
      } else assert.equal(w.status, 0, `${args.join(" ")}: ${w.stderr}`);
      if (native) {
        const n = spawnSync(native, args, { encoding: "utf8" });
        assert.deepEqual(w, { status: n.status, stdout: n.stdout, stderr: n.stderr }, args.join(" "));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
