// "Share and export" on the cluster page (#/cluster): a link keeps a long key list (packed into
// the address, or left out with the page saying so and the key file offered, never the example
// keys in silence); "copy link" copies it and says so; each key's answer and the keys a change
// moves download as CSV (RFC 4180) and JSON and copy as a table to paste, made from the module's
// answers; the `ringlab place` command shown, run by the command line, gives the answers the page
// shows; and "make it the cluster" can be undone, by Undo and by the browser's Back.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { evaluateOne, rendered, root, screenshot, usePlayground } from "./helpers.mjs";
import { load } from "../../web/lib/dist/systems.js";

const env = usePlayground();
const rl = await load();
const work = mkdtempSync(path.join(tmpdir(), "ringlab-share-"));
after(() => rmSync(work, { recursive: true, force: true }));

const NGINX = { servers: ["10.0.0.1:80=2", "10.0.0.2:80", "10.0.0.3:80"], mode: "consistent" };
const MANY = Array.from({ length: 10000 }, (_, i) => `user:${i + 1}`);
/** Keys a CSV must quote, and the empty key (nginx answers it with null: round-robin). */
const AWKWARD = ["a,b", 'say "hi"', "café", "ঢাকা", " lead", "tab\there", "", "=1+2", "{user1000}.following", "x'y"];

/** RFC 4180, strictly: quoted fields with "" for a quote, fields separated by `sep`, lines by CRLF. */
function parseDelimited(text, sep = ",") {
  const rows = [];
  let i = 0;
  assert.ok(text.endsWith("\r\n"), "every line ends CRLF");
  while (i < text.length) {
    const row = [];
    for (;;) {
      let cell = "";
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          assert.ok(q >= 0, "a quoted field is closed");
          cell += text.slice(i, q);
          i = q + 1;
          if (text[i] === '"') {
            cell += '"';
            i++;
          } else break;
        }
      } else {
        const ends = [text.indexOf(sep, i), text.indexOf("\r\n", i)].filter((x) => x >= 0);
        const end = Math.min(...ends);
        cell = text.slice(i, end);
        assert.ok(!cell.includes('"'), `a bare field holds no quote: ${cell}`);
        i = end;
      }
      row.push(cell);
      if (text.startsWith(sep, i)) i += sep.length;
      else if (text.startsWith("\r\n", i)) {
        i += 2;
        break;
      } else assert.fail(`a field ends at a separator or a line's end (at ${i})`);
    }
    rows.push(row);
  }
  return rows;
}

/** The system's answers in Node, as the command line writes them (a server's name, Redis's {slot, node}, a number). */
function nodeAnswers(name, options, keys) {
  const sys = rl.system(name, options);
  try {
    const names = sys.servers().map((s) => s.name);
    const many = sys.placeMany(keys);
    return keys.map((_, i) => {
      if (many.slot) return names.length ? { slot: many.slot[i], node: many.server[i] } : many.slot[i];
      if (names.length) return many.server[i] < 0 ? null : names[many.server[i]];
      const v = (many.partition ?? many.token ?? many.bucket ?? many.hash)[i];
      return typeof v === "bigint" ? v : Number(v);
    });
  } finally {
    sys.dispose();
  }
}

/** A download started by clicking `testid`: its suggested name and its text. */
async function downloaded(page, host, testid) {
  const [d] = await Promise.all([page.waitForEvent("download"), host.locator(`[data-testid="${testid}"]`).click()]);
  // Read as a stream: the browser may be another process's (scripts/e2e.mjs shares one), whose
  // download folder this process cannot see.
  const chunks = [];
  for await (const chunk of await d.createReadStream()) chunks.push(chunk);
  return { name: d.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
}

const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());
const grantClipboard = (page) =>
  page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
const status = (host) => host.locator('[data-testid="share-status"]');
const stateOf = (host) => evaluateOne(host, (el) => el.state);
const hashParams = (href) => new URLSearchParams(new URL(href).hash.replace(/^#\/[^?]*\??/, ""));

/** The native CLI when built (here or in the main tree), else the package's Node CLI. */
function ringlabCommand() {
  for (const native of [path.join(root, "build", "ringlab"), path.resolve(root, "..", "main", "build", "ringlab")])
    if (existsSync(native)) return [native];
  return [process.execPath, path.join(root, "web", "lib", "dist", "cli.js")];
}

/** Runs the shown shell text in a folder of its own (the key file beside it), `ringlab` the CLI. */
function runShown(text, files = {}) {
  const dir = mkdtempSync(path.join(work, "cmd-"));
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  const cli = ringlabCommand()
    .map((w) => `'${w}'`)
    .join(" ");
  const r = spawnSync("bash", ["-c", `ringlab() { ${cli} "$@"; }\n${text}`], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  assert.equal(r.status, 0, `${text}\n${r.stderr}`);
  // Cassandra's tokens are 64-bit: read them as text.
  return r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l.replace(/("result": )(-?\d{16,})/, '$1"$2"')));
}

describe("Your cluster: share and export", () => {
  test("a link with 10,000 keys opens with them (packed in the address); copy link copies it and says so", async () => {
    const { page, host } = await env.open("#/cluster");
    await grantClipboard(page);
    await rendered(host, () => host.locator('[data-testid="many-keys"]').click());
    // The address carries the keys packed, not as text, and not the example keys' absence.
    await page.waitForFunction(() => location.hash.includes("zkeys="));
    const q = hashParams(page.url());
    assert.equal(q.has("keys"), false);
    assert.ok(page.url().length < 100_000, `the address is ${page.url().length} characters`);
    // Copy link: the address, confirmed in a status line screen readers announce.
    await host.locator('[data-testid="copy-link"]').click();
    await status(host).filter({ hasText: "Link copied." }).waitFor();
    assert.equal(await status(host).getAttribute("aria-live"), "polite");
    const link = await clipboard(page);
    assert.equal(link, page.url());
    await page.assertClean();
    await page.close();
    // The link followed: a new widget built from its address, with the 10,000 keys, placed.
    const { page: other, host: host2 } = await env.open(link.slice(link.indexOf("#")));
    assert.equal((await stateOf(host2)).keys, MANY.join("\n"));
    assert.equal(Number(await host2.locator('[data-testid="moves-summary"]').getAttribute("data-keys")), 10000);
    assert.equal(await host2.locator('[data-testid="keys-left-out"]').count(), 0);
    await other.assertClean();
    await other.close();
  });

  test("keys too many for a link: the page says they are left out and offers the key file", async () => {
    const { page, host } = await env.open("#/cluster?system=kafka");
    await grantClipboard(page);
    // 20,000 keys that do not compress (xorshift hex): far more than 100,000 characters packed.
    let x = 0x2545f491;
    const keys = Array.from({ length: 20000 }, () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return `k${(x >>> 0).toString(16)}${((x * 2654435761) >>> 0).toString(16)}`;
    });
    await rendered(host, () => evaluateOne(host, (el, text) => el.setKeys(text), keys.join("\n")));
    const note = host.locator('[data-testid="keys-left-out"]');
    await note.waitFor();
    assert.match(await note.textContent(), /leaves out the 20,000 keys/);
    const file = await downloaded(page, host, "link-key-file");
    assert.equal(file.name, "keys.txt");
    assert.equal(file.text, `${keys.join("\n")}\n`);
    // The address holds no keys at all; copying the link says they are not in it.
    await page.waitForFunction(() => location.hash.includes("system=kafka"));
    const q = hashParams(page.url());
    assert.equal(q.has("keys") || q.has("zkeys"), false);
    await host.locator('[data-testid="copy-link"]').click();
    await status(host).filter({ hasText: "without the keys" }).waitFor();
    await page.assertClean();
    await page.close();
  });

  test("a link whose packed keys cannot be read says so instead of showing the example keys", async () => {
    const page = await env.home();
    const { host } = await env.visit(page, "#/cluster?zkeys=not-deflate-data", undefined, { allowError: true });
    assert.equal(await host.locator('[data-testid="widget"]').getAttribute("data-error"), "invalid_argument");
    assert.match(await host.locator('[data-testid="error"]').textContent(), /keys .*cannot be read/);
    await page.close();
  });

  test("downloads and the copied table are the module's answers, quoted as RFC 4180 quotes them", async () => {
    const { page, host } = await env.open(`#/cluster?keys=${encodeURIComponent(AWKWARD.join("\n"))}`);
    await grantClipboard(page);
    const want = nodeAnswers("nginx", NGINX, AWKWARD);
    assert.equal(want[AWKWARD.indexOf("")], null);
    // Each key's answer, as CSV: a header, then each key with its server (empty: none).
    const answersCsv = await downloaded(page, host, "answers-csv");
    assert.equal(answersCsv.name, "answers.csv");
    assert.match(answersCsv.text, /^key,server\r\n"a,b",/);
    assert.match(answersCsv.text, /\r\n"say ""hi""",/);
    assert.deepEqual(parseDelimited(answersCsv.text), [
      ["key", "server"],
      ...AWKWARD.map((k, i) => [k, want[i] ?? ""]),
    ]);
    const answersJson = await downloaded(page, host, "answers-json");
    assert.deepEqual(
      JSON.parse(answersJson.text),
      AWKWARD.map((key, i) => ({ key, server: want[i] })),
    );
    // The table copied: tab-separated, the same rows.
    await host.locator('[data-testid="answers-copy"]').click();
    await status(host).filter({ hasText: "Table copied" }).waitFor();
    assert.deepEqual(parseDelimited(await clipboard(page), "\t"), parseDelimited(answersCsv.text));
    // The keys the default change (a fourth server) moves: diff's, from and to.
    const a = rl.system("nginx", NGINX);
    const b = a.edit({ add: "10.0.0.4:80", weight: 1 });
    const names = [a.servers().map((s) => s.name), b.servers().map((s) => s.name)];
    const moves = a.diff(b, AWKWARD).moves.map((m) => [m.key, names[0][m.from.server], names[1][m.to.server]]);
    a.dispose();
    b.dispose();
    assert.ok(moves.length > 0);
    const movesCsv = await downloaded(page, host, "moves-csv");
    assert.equal(movesCsv.name, "moves.csv");
    assert.deepEqual(parseDelimited(movesCsv.text), [["key", "from", "to"], ...moves]);
    const movesJson = await downloaded(page, host, "moves-json");
    assert.deepEqual(
      JSON.parse(movesJson.text),
      moves.map(([key, from, to]) => ({ key, from, to })),
    );
    await host.locator('[data-testid="moves-copy"]').click();
    await status(host)
      .filter({ hasText: `Table copied: ${moves.length} ` })
      .waitFor();
    assert.deepEqual(parseDelimited(await clipboard(page), "\t"), parseDelimited(movesCsv.text));
    await page.assertClean();
    await page.close();
  });

  // The shown command, run: the answers the page shows, for every way of giving a configuration.
  const UPSTREAM =
    "upstream backend {\n    hash $request_uri consistent;\n    server 10.0.0.1:80 weight=2;\n    server 10.0.0.2:80;\n    server 10.0.0.3:80 down;\n}";
  const RING =
    "Address   Rack   Status State   Load     Owns    Token\n10.0.0.1  rack1  Up     Normal  1.2 MiB  33.33%  -6148914691236517206\n10.0.0.2  rack1  Up     Normal  1.1 MiB  33.33%  -1\n10.0.0.3  rack1  Up     Normal  1.3 MiB  33.33%  6148914691236517204";
  const cases = [
    [
      "nginx, a list with a server down",
      "#/cluster?servers=" + encodeURIComponent("a:80=2\nb:80 down\nc:80"),
      "nginx",
      { servers: ["a:80=2", "b:80", "c:80"], down: ["b:80"], mode: "consistent" },
    ],
    [
      "nginx, an upstream block",
      `#/cluster?format=text&config=${encodeURIComponent(UPSTREAM)}`,
      "nginx",
      { upstream: UPSTREAM },
    ],
    [
      "libmemcached, its server string, sorted hosts and a key hash",
      `#/cluster?system=memcached&format=text&config=${encodeURIComponent("10.0.0.3:11212 2,10.0.0.1:11211")}&options=${encodeURIComponent("mode=consistent_ketama&hash=fnv1a_32&sortHosts=1")}`,
      "memcached",
      { serverString: "10.0.0.3:11212 2,10.0.0.1:11211", mode: "consistent_ketama", hash: "fnv1a_32", sortHosts: true },
    ],
    [
      "libketama",
      "#/cluster?system=libketama",
      "libketama",
      { servers: ["10.0.0.1:11211=100", "10.0.0.2:11211=100", "10.0.0.3:11211=200"] },
    ],
    ["Redis Cluster", `#/cluster?system=redis&options=${encodeURIComponent("nodes=5")}`, "redis", { nodes: 5 }],
    [
      "Kafka",
      `#/cluster?system=kafka&options=${encodeURIComponent("partitions=12&partitioner=fnv1a")}`,
      "kafka",
      { partitions: 12, partitioner: "fnv1a" },
    ],
    [
      "Cassandra's nodetool ring",
      `#/cluster?system=cassandra&format=text&config=${encodeURIComponent(RING)}`,
      "cassandra",
      { ring: RING },
    ],
    [
      "Cassandra's tokens as a list",
      "#/cluster?system=cassandra",
      "cassandra",
      { tokens: ["10.0.0.1=-6148914691236517206", "10.0.0.2=-1", "10.0.0.3=6148914691236517204"] },
    ],
    [
      "Guava",
      `#/cluster?system=guava&options=${encodeURIComponent("buckets=20")}`,
      "guava",
      { buckets: 20, input: "auto" },
    ],
    [
      "Erlang",
      `#/cluster?system=erlang&options=${encodeURIComponent("range=1000&term=charlist")}`,
      "erlang",
      { range: 1000, term: "charlist" },
    ],
    [
      "Envoy ring_hash",
      `#/cluster?system=envoy-ring&options=${encodeURIComponent("hash=murmur2&minRing=2048&maxRing=4096&useHostname=1")}`,
      "envoy-ring",
      {
        hosts: ["10.0.0.1:443=2", "10.0.0.2:443", "10.0.0.3:443"],
        hash: "murmur2",
        minRingSize: 2048,
        maxRingSize: 4096,
        useHostname: true,
      },
    ],
    [
      "Envoy Maglev",
      `#/cluster?system=envoy-maglev&options=${encodeURIComponent("table=251")}`,
      "envoy-maglev",
      { hosts: ["10.0.0.1:443=2", "10.0.0.2:443", "10.0.0.3:443"], tableSize: 251 },
    ],
  ];
  test("the ringlab place command shown gives the answers the page shows, for every system", async () => {
    // One page; each system a fresh widget on it (visit).
    const page = await env.home();
    for (const [what, hash, system, options] of cases) {
      const keys = system === "memcached" ? AWKWARD.filter((k) => k !== "") : AWKWARD;
      const { host } = await env.visit(page, `${hash}&keys=${encodeURIComponent(keys.join("\n"))}`);
      const text = await host.locator('[data-testid="command"]').textContent();
      assert.match(text, new RegExp(`^(cat > [^\\n]+\\n[^]*\\n)?ringlab place ${system} `, "m"), what);
      const out = runShown(text);
      const page_ = JSON.parse((await downloaded(page, host, "answers-json")).text);
      const column = Object.keys(page_[0]).filter((k) => k !== "key");
      const pageAnswers = page_.map((r) =>
        column.length === 2
          ? { slot: r.slot, node: r.master }
          : typeof r[column[0]] === "number"
            ? r[column[0]]
            : r[column[0]],
      );
      assert.deepEqual(
        out.map((l) => l.key),
        keys,
        what,
      );
      const cli = out.map((l) =>
        typeof l.result === "string" && /^-?\d+$/.test(l.result) ? Number(l.result) : l.result,
      );
      assert.deepEqual(cli, pageAnswers, `${what}: ${text}`);
      // And the module's, in Node, for the same configuration.
      const node = nodeAnswers(system, options, keys).map((v) => (typeof v === "bigint" ? Number(v) : v));
      assert.deepEqual(pageAnswers, node, what);
      // The servers as the page's table shows them (the English page writes a server as named).
      if (typeof node.find((v) => v !== null) === "string") {
        const shown = await evaluateOne(host.locator('[data-testid="keys-table"]'), (t) =>
          [...t.querySelectorAll("tbody tr")].map((tr) => tr.children[2].textContent.trim()),
        );
        assert.deepEqual(
          shown,
          node.map((v) => v ?? "—"),
          what,
        );
      }
      await page.assertClean();
    }
    await page.close();
  });

  test("many keys: the command reads keys.txt, which the page offers; its answers are the page's", async () => {
    const { page, host } = await env.open("#/cluster?system=memcached");
    await rendered(host, () => host.locator('[data-testid="many-keys"]').click());
    const text = await host.locator('[data-testid="command"]').textContent();
    assert.match(text, /--keys keys\.txt$/);
    const file = await downloaded(page, host, "command-key-file");
    assert.equal(file.text, `${MANY.join("\n")}\n`);
    const out = runShown(text, { "keys.txt": file.text });
    const want = nodeAnswers(
      "memcached",
      { servers: ["10.0.0.1:11211=2", "10.0.0.2:11211", "10.0.0.3:11212"], mode: "behavior_ketama_weighted" },
      MANY,
    );
    assert.deepEqual(
      out.map((l) => l.result),
      want,
    );
    const page_ = JSON.parse((await downloaded(page, host, "answers-json")).text);
    assert.deepEqual(
      page_.map((r) => r.server),
      want,
    );
    await page.assertClean();
    await page.close();
  });

  test("make it the cluster: Undo puts the cluster back, and so does the browser's Back", async () => {
    const { page, host } = await env.open("#/cluster?system=envoy-maglev");
    const before = await evaluateOne(host, (el) => el.getAttribute("servers"));
    assert.equal(before, null);
    const start = page.url();
    await rendered(host, () => host.locator('[data-testid="apply"]').click());
    assert.equal((await stateOf(host)).servers, "10.0.0.1:443=2\n10.0.0.2:443\n10.0.0.3:443\n10.0.0.4:443");
    await host.locator('[data-testid="undo"]').filter({ hasText: "The cluster is now the changed one." }).waitFor();
    // The focus is on Undo: Enter undoes.
    assert.equal(await evaluateOne(host, (el) => el.shadowRoot.activeElement?.dataset.testid), "undo-button");
    await rendered(host, () => page.keyboard.press("Enter"));
    assert.equal(await evaluateOne(host, (el) => el.getAttribute("servers")), null);
    assert.match(await host.locator('[data-testid="undone"]').textContent(), /as it was before the change/);
    assert.equal(await host.locator('[data-testid="undo-button"]').count(), 0);
    assert.equal(page.url(), start);
    // Again, and Back: the address before it, and the cluster before it.
    await rendered(host, () => host.locator('[data-testid="apply"]').click());
    await page.waitForFunction(() => location.hash.includes("servers="));
    const made = page.url();
    await rendered(host, () => page.goBack());
    assert.equal(page.url(), start);
    assert.equal(await evaluateOne(host, (el) => el.getAttribute("servers")), null);
    assert.equal(await host.locator('[data-testid="undo-button"]').count(), 0);
    await rendered(host, () => page.goForward());
    assert.equal(page.url(), made);
    assert.match((await stateOf(host)).servers, /10\.0\.0\.4:443/);
    await page.assertClean();
    await page.close();
  });

  test("at 390 px and in Bengali: every button reached by the keyboard, labels in Bengali digits", async () => {
    for (const [width, lang] of [
      [1280, "en"],
      [390, "en"],
      [1280, "bn"],
      [390, "bn"],
    ]) {
      const { page, host } = await env.open(`#/cluster${lang === "bn" ? "?lang=bn" : ""}`, { width, height: 900 });
      await grantClipboard(page);
      const share = host.locator('[data-testid="share"]');
      await share.scrollIntoViewIfNeeded();
      // Keyboard: focus the copy link button, Enter copies and the status says so.
      await host.locator('[data-testid="copy-link"]').focus();
      await page.keyboard.press("Enter");
      await status(host)
        .filter({ hasText: lang === "bn" ? "লিংক কপি হয়েছে" : "Link copied" })
        .waitFor();
      // Tab walks the share part's buttons in order.
      const order = [];
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press("Tab");
        order.push(await evaluateOne(host, (el) => el.shadowRoot.activeElement?.dataset.testid ?? ""));
      }
      assert.deepEqual(order.slice(0, 6), [
        "answers-csv",
        "answers-json",
        "answers-copy",
        "moves-csv",
        "moves-json",
        "moves-copy",
      ]);
      const label = await host.locator('[data-testid="share-answers"] .share-label').textContent();
      if (lang === "bn") assert.match(label, /১২টি key/);
      else assert.match(label, /12 keys/);
      // Nothing wider than the window.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `the page is ${wide} px wide at ${width} px`);
      await screenshot(page, `cluster-share-${lang}-${width}.png`, { fullPage: true });
      await page.assertClean();
      await page.close();
    }
  });
});
