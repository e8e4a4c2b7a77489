// The "Your cluster" page (#/cluster) in headless Chromium under a strict Content-Security-Policy:
// each key's server is what `ringlab/systems` places in Node for the same configuration (nginx,
// libmemcached, Kafka, Redis, Cassandra's nodetool text, Envoy Maglev); adding a server, removing
// one and marking one down move exactly the keys `diff` moves in Node; a rejected configuration
// shows the module's error beside the input that caused it; the address reproduces the view; 10,000
// keys are placed and capped in the table; the Bengali page leaves no English words outside code;
// and the compatibility matrix shown is compat.json's, fetched (with the systems module) only by
// a page that shows the widget.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import { box, evaluateOne, newPage, root, rendered, screenshot, settled, usePlayground, visit } from "./helpers.mjs";
import { load } from "../../web/lib/dist/systems.js";

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";

// Pages a test closes on the playground are kept for the next open() or home(), which reaches its
// widget by the hash (a new widget, built from the address) rather than loading the playground
// again; the one test about what a load fetches loads a page of its own.
const env = usePlayground({ headers: { "content-security-policy": CSP } });
const { open, home } = env;
let rl;

before(async () => {
  rl = await load();
});

/** The page's key table: [line, key, answer] per row. */
const keyRows = (host) =>
  evaluateOne(host.locator('[data-testid="keys-table"]'), (t) =>
    [...t.querySelectorAll("tbody tr")].map((tr) => {
      const cells = [...tr.children].map((c) => (c.textContent ?? "").trim());
      const err = tr.querySelector("[data-code]");
      return err ? [cells[0], cells[1], `error:${err.dataset.code}`] : cells;
    }),
  );

/** A typed answer as the English page writes it: a server's name, Redis's slot and master, a number. */
function shownOf(sys) {
  const names = sys.servers().map((s) => s.name);
  return (p) => {
    if (p.slot !== undefined) return names.length ? `slot ${p.slot} · master ${p.server}` : String(p.slot);
    if (names.length) return p.server < 0 ? "—" : names[p.server];
    return String(p.partition ?? p.token ?? p.bucket ?? p.hash);
  };
}

/** The answer of one key as the page writes it. */
function shown(name, options, key) {
  const sys = rl.system(name, options);
  try {
    return shownOf(sys)(sys.place(key));
  } finally {
    sys.dispose();
  }
}

/** The rows the page should show for these keys on this configuration, placed in Node. */
function expectedRows(name, options, keys) {
  const sys = rl.system(name, options);
  try {
    const many = sys.placeMany(keys);
    const write = shownOf(sys);
    const fields = Object.keys(many);
    return keys.map((k, i) => [
      String(i + 1),
      k === "" ? '""' : k,
      write(Object.fromEntries(fields.map((f) => [f, many[f][i]]))),
    ]);
  } finally {
    sys.dispose();
  }
}

function diffInNode(name, before, after, keys) {
  const a = rl.system(name, before);
  const b = rl.system(name, after);
  try {
    return a.diff(b, keys);
  } finally {
    a.dispose();
    b.dispose();
  }
}

const nodeError = (name, options) => {
  try {
    rl.system(name, options).dispose();
  } catch (e) {
    return e;
  }
  assert.fail(`system(${name}) accepted ${JSON.stringify(options)}`);
};

const stateOf = (host) => evaluateOne(host, (el) => el.state);

const DEFAULT_KEYS = [
  "user:1",
  "user:2",
  "user:3",
  "user:42",
  "session:9f2c",
  "cart:1001",
  "{user1000}.following",
  "{user1000}.followers",
  "photo/2024/cat.jpg",
  "café",
  "ঢাকা",
  "12345",
];
const NGINX = { servers: ["10.0.0.1:80=2", "10.0.0.2:80", "10.0.0.3:80"], mode: "consistent" };

const movedSummary = async (host) => {
  const p = host.locator('[data-testid="moves-summary"]');
  return { moved: Number(await p.getAttribute("data-moved")), keys: Number(await p.getAttribute("data-keys")) };
};
const movedKeys = (host) =>
  evaluateOne(host.locator('[data-testid="moved-table"]'), (t) =>
    [...t.querySelectorAll("tbody tr")].map((tr) => tr.children[0].textContent.trim()),
  );

describe("Your cluster", () => {
  test("first load: nginx's example upstream places every key as ringlab/systems does in Node", async () => {
    const { page, host } = await open("#/cluster");
    assert.deepEqual(await stateOf(host).then((s) => s.system), "nginx");
    assert.deepEqual(await keyRows(host), expectedRows("nginx", NGINX, DEFAULT_KEYS));
    // The load chart and its table: one bar per server, the counts from the same answers.
    const counts = await evaluateOne(host.locator('[data-testid="load-chart-table"]'), (t) =>
      [...t.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent.trim())),
    );
    const answers = expectedRows("nginx", NGINX, DEFAULT_KEYS).map((r) => r[2]);
    assert.deepEqual(
      counts.map((r) => [r[0], r[1]]),
      ["10.0.0.1:80", "10.0.0.2:80", "10.0.0.3:80"].map((s) => [s, String(answers.filter((a) => a === s).length)]),
    );
    // The default change adds a fourth server: the moves are diff's.
    const d = diffInNode("nginx", NGINX, { ...NGINX, servers: [...NGINX.servers, "10.0.0.4:80"] }, DEFAULT_KEYS);
    assert.deepEqual(await movedSummary(host), { moved: d.moved, keys: DEFAULT_KEYS.length });
    assert.deepEqual(
      await movedKeys(host),
      d.moves.map((m) => m.key),
    );
    // nginx has no npm package in the matrix: the page says so.
    assert.equal(await host.locator('[data-testid="compat-none"]').count(), 1);
    await screenshot(page, "cluster-1280.png", { fullPage: true });
    await page.assertClean();
    await page.close();
  });

  test("other systems and configurations, as the URL gives them, place keys as Node does", async () => {
    const keys = ["a", "b", "user:1", "{tag}x", "{tag}y", "", "日本", "x".repeat(300)];
    const k = encodeURIComponent(keys.join("\n"));
    const cases = [
      [
        "system=memcached&servers=" +
          encodeURIComponent("10.0.0.1:11211=2\n10.0.0.2\n10.0.0.3:11212") +
          "&options=mode%3Dconsistent_ketama%26hash%3Dmd5",
        "memcached",
        { servers: ["10.0.0.1:11211=2", "10.0.0.2", "10.0.0.3:11212"], mode: "consistent_ketama", hash: "md5" },
      ],
      ["system=kafka&options=partitions%3D12%26partitioner%3Dfnv1a", "kafka", { partitions: 12, partitioner: "fnv1a" }],
      ["system=redis&options=nodes%3D5", "redis", { nodes: 5 }],
      ["system=envoy-maglev&options=table%3D251", "envoy-maglev", null],
      [
        "system=cassandra&format=text&config=" +
          encodeURIComponent(
            "10.0.0.1 rack1 Up Normal 1 KB 50% -100\n10.0.0.2 rack1 Up Normal 1 KB 50% 4611686018427387904",
          ),
        "cassandra",
        { ring: "10.0.0.1 rack1 Up Normal 1 KB 50% -100\n10.0.0.2 rack1 Up Normal 1 KB 50% 4611686018427387904" },
      ],
    ];
    const page = await home();
    for (const [query, name, options] of cases) {
      const { host } = await visit(page, `#/cluster?${query}&keys=${k}`);
      // Envoy Maglev: the same hosts and table, whichever spelling the package gives the option.
      let opts = options;
      if (name === "envoy-maglev") {
        const hosts = ["10.0.0.1:443=2", "10.0.0.2:443", "10.0.0.3:443"];
        try {
          rl.system(name, { hosts, table: 251 }).dispose();
          opts = { hosts, table: 251 };
        } catch {
          opts = { hosts, tableSize: 251 };
        }
      }
      assert.deepEqual(await keyRows(host), expectedRows(name, opts, keys), query);
      // Cassandra's ring is drawn with the course's ring diagram: one point per token.
      if (name === "cassandra") assert.equal(await host.locator('[data-testid="ring"] circle.point').count(), 2);
      await page.assertClean(query);
    }
    await page.close();
  });

  test("add, remove and mark down: the moved count and keys are diff's; apply; the URL reproduces the view", async () => {
    const { page, host } = await open("#/cluster");
    const target = host.locator('[data-testid="change-target"]');
    // Add 10.0.0.9:80 with weight 3 (the weight a field of its own, as the module's edit takes it).
    await rendered(host, async () => {
      await target.fill("10.0.0.9:80");
      await target.press("Enter");
    });
    await rendered(host, async () => {
      await host.locator('[data-testid="change-weight"]').fill("3");
      await host.locator('[data-testid="change-weight"]').press("Enter");
    });
    let d = diffInNode("nginx", NGINX, { ...NGINX, servers: [...NGINX.servers, "10.0.0.9:80=3"] }, DEFAULT_KEYS);
    assert.deepEqual(await movedSummary(host), { moved: d.moved, keys: DEFAULT_KEYS.length });
    assert.ok(d.moved > 0);
    assert.deepEqual(
      await movedKeys(host),
      d.moves.map((m) => m.key),
    );
    assert.match(await host.locator('[data-testid="moves-summary"]').textContent(), /^Adding 10\.0\.0\.9:80 moves /);
    // Every flow ends at the new server, and the flows add up to the moved count.
    const flows = await host
      .locator('[data-testid="flow-row"]')
      .evaluateAll((rs) => rs.map((r) => [...r.children].map((c) => c.textContent.replace("→", "").trim())));
    assert.ok(flows.every((f) => f[1] === "10.0.0.9:80"));
    assert.equal(
      flows.reduce((n, f) => n + Number(f[2]), 0),
      d.moved,
    );

    // Remove 10.0.0.1:80.
    await rendered(host, () => host.locator('[data-testid="change-kind"]').selectOption("remove"));
    await rendered(host, () => host.locator('[data-testid="change-target"]').selectOption("10.0.0.1:80"));
    d = diffInNode("nginx", NGINX, { ...NGINX, servers: ["10.0.0.2:80", "10.0.0.3:80"] }, DEFAULT_KEYS);
    assert.deepEqual(await movedSummary(host), { moved: d.moved, keys: DEFAULT_KEYS.length });
    assert.deepEqual(
      await movedKeys(host),
      d.moves.map((m) => m.key),
    );

    // Mark 10.0.0.2:80 down (nginx `down`), then make it the cluster.
    await rendered(host, () => host.locator('[data-testid="change-kind"]').selectOption("down"));
    await rendered(host, () => host.locator('[data-testid="change-target"]').selectOption("10.0.0.2:80"));
    d = diffInNode("nginx", NGINX, { ...NGINX, down: ["10.0.0.2:80"] }, DEFAULT_KEYS);
    assert.deepEqual(await movedSummary(host), { moved: d.moved, keys: DEFAULT_KEYS.length });
    assert.ok(d.moved > 0 && d.moves.every((m) => m.from.server === 1)); // 10.0.0.2:80, the second server
    await rendered(host, () => host.locator('[data-testid="apply"]').click());
    assert.equal((await stateOf(host)).servers, "10.0.0.1:80=2\n10.0.0.2:80 down\n10.0.0.3:80");
    assert.deepEqual(await keyRows(host), expectedRows("nginx", { ...NGINX, down: ["10.0.0.2:80"] }, DEFAULT_KEYS));

    // Keys typed, mode switched: the address carries all of it and a fresh page draws the same.
    const keys = ["alpha", "beta", "", "gamma delta", "{x}1"];
    await rendered(host, () => host.locator('[data-testid="keys"]').fill(keys.join("\n")));
    await rendered(host, () => host.locator('[data-testid="field-mode"]').selectOption("hash"));
    const config = { servers: NGINX.servers, down: ["10.0.0.2:80"], mode: "hash" };
    const rows = await keyRows(host);
    assert.deepEqual(rows, expectedRows("nginx", config, keys));
    assert.equal(rows[2][2], "—", "the empty key: nginx's round-robin decides");
    const link = page.url();
    const q = new URLSearchParams(link.slice(link.indexOf("?") + 1));
    assert.equal(q.get("servers"), "10.0.0.1:80=2\n10.0.0.2:80 down\n10.0.0.3:80");
    assert.equal(q.get("keys"), keys.join("\n"));
    assert.equal(q.get("options"), "mode=hash");
    const moved = await movedSummary(host);
    await page.assertClean();
    await page.close();
    const again = await open(link.slice(link.indexOf("#")));
    assert.deepEqual(await keyRows(again.host), rows);
    assert.deepEqual(await movedSummary(again.host), moved);
    assert.equal(await again.host.locator('[data-testid="field-mode"]').inputValue(), "hash");
    await again.page.assertClean();
    await again.page.close();
  });

  test("errors appear beside the input that caused them, with the module's own message", async () => {
    const { page, host } = await open("#/cluster");
    const servers = host.locator('[data-testid="servers"]');
    // Weight 0.
    await rendered(host, () => servers.fill("10.0.0.1:80=0\n10.0.0.2:80"));
    let e = nodeError("nginx", { servers: ["10.0.0.1:80=0", "10.0.0.2:80"], mode: "consistent" });
    let shownError = host.locator('[data-testid="servers-error"] [data-testid="config-error-text"]');
    assert.equal(await shownError.getAttribute("data-code"), e.code);
    // The list's entry is said by its line, the module's words after it.
    assert.equal(
      await host.locator('[data-testid="config-error-text-message"]').textContent(),
      `line 1: ${e.message.slice(e.message.indexOf("): ") + 3)}`,
    );
    assert.equal(await servers.getAttribute("aria-invalid"), "true");
    assert.equal(await box(host).getAttribute("data-error"), null, "the widget itself shows no error");
    // A duplicate server.
    await rendered(host, () => servers.fill("10.0.0.1:80\n10.0.0.2:80\n10.0.0.1:80"));
    e = nodeError("nginx", { servers: ["10.0.0.1:80", "10.0.0.2:80", "10.0.0.1:80"], mode: "consistent" });
    assert.equal(e.code, "duplicate_server");
    assert.equal(await shownError.getAttribute("data-code"), "duplicate_server");
    assert.equal(await host.locator('[data-testid="config-error-text-message"]').textContent(), e.message);
    // Back to a good list: the error is gone and the keys are placed again.
    await rendered(host, () => servers.fill("10.0.0.1:80\n10.0.0.2:80"));
    assert.equal(await host.locator('[data-testid="config-error-text"]').count(), 0);
    assert.equal(await servers.getAttribute("aria-invalid"), null);
    // Adding a server already there: the error beside the change, the cluster still shown.
    const target = host.locator('[data-testid="change-target"]');
    await rendered(host, async () => {
      await target.fill("10.0.0.2:80");
      await target.press("Enter");
    });
    assert.equal(await host.locator('[data-testid="change-error-text"]').getAttribute("data-code"), "duplicate_server");
    assert.equal((await keyRows(host)).length, DEFAULT_KEYS.length);
    await page.assertClean();
    await page.close();

    // Kafka with 0 partitions: beside the partitions field.
    const kafka = await open("#/cluster?system=kafka&options=partitions%3D0");
    e = nodeError("kafka", { partitions: 0 });
    shownError = kafka.host.locator('[data-testid="partitions-error"] [data-testid="config-error-text"]');
    assert.equal(await shownError.getAttribute("data-code"), e.code);
    assert.equal(await kafka.host.locator('[data-testid="config-error-text-message"]').textContent(), e.message);
    assert.equal(await kafka.host.locator('[data-testid="field-partitions"]').getAttribute("aria-invalid"), "true");
    await kafka.page.assertClean();
    await kafka.page.close();
    // An nginx upstream block with a bad line: beside the text, naming line and column.
    const bad = "upstream b {\n    server 10.0.0.1:80;\n    server 10.0.0.2:80 weight=0;\n}";
    const text = await open(`#/cluster?format=text&config=${encodeURIComponent(bad)}`);
    e = nodeError("nginx", { upstream: bad });
    assert.equal(await text.host.locator('[data-testid="config-error-text-message"]').textContent(), e.message);
    assert.match(e.message, /line 3, column/);
    assert.equal(await text.host.locator('[data-testid="config"]').getAttribute("aria-invalid"), "true");
    await text.page.assertClean();
    await text.page.close();
    // Guava's long input and a key that is not a number: the key's row, and a count by the keys.
    const guava = await open(`#/cluster?system=guava&options=input%3Dlong&keys=${encodeURIComponent("7\nx\n-1")}`);
    assert.deepEqual(await keyRows(guava.host), [
      ["1", "7", shown("guava", { buckets: 8, input: "long" }, "7")],
      ["2", "x", "error:invalid_argument"],
      ["3", "-1", shown("guava", { buckets: 8, input: "long" }, "-1")],
    ]);
    assert.equal(await guava.host.locator('[data-testid="keys"]').getAttribute("aria-invalid"), "true");
    await guava.page.assertClean();
    await guava.page.close();
  });

  test("Cassandra: a node added and removed by the module's edit, written back as tokens and as nodetool text", async () => {
    const TOKENS = ["10.0.0.1=-6148914691236517206", "10.0.0.2=-1", "10.0.0.3=6148914691236517204"];
    // The token "Add" proposes: the middle of the ring's largest gap (here the one wrapping past 2⁶³ − 1).
    const sorted = TOKENS.map((x) => BigInt(x.slice(x.indexOf("=") + 1))).sort((a, b) => (a < b ? -1 : 1));
    let best = -1n;
    let mid = 0n;
    sorted.forEach((t, i) => {
      const gap = (i + 1 < sorted.length ? sorted[i + 1] : sorted[0] + 2n ** 64n) - t;
      if (gap > best) [best, mid] = [gap, BigInt.asIntN(64, t + gap / 2n)];
    });
    const proposed = `10.0.0.4=${mid}`;
    const { page, host } = await open("#/cluster?system=cassandra");
    const target = host.locator('[data-testid="change-target"]');
    assert.equal(await target.inputValue(), proposed);
    let d = diffInNode("cassandra", { tokens: TOKENS }, { tokens: [...TOKENS, proposed] }, DEFAULT_KEYS);
    assert.deepEqual(await movedSummary(host), { moved: d.moved, keys: DEFAULT_KEYS.length });
    assert.deepEqual(
      await movedKeys(host),
      d.moves.map((m) => m.key),
    );
    await rendered(host, () => host.locator('[data-testid="apply"]').click());
    const added = [...TOKENS, proposed];
    assert.equal((await stateOf(host)).servers, added.join("\n"));
    assert.deepEqual(await keyRows(host), expectedRows("cassandra", { tokens: added }, DEFAULT_KEYS));
    assert.equal(await host.locator('[data-testid="ring"] circle.point').count(), 4);
    // Remove 10.0.0.2: its token goes, and the keys it held move.
    await rendered(host, () => host.locator('[data-testid="change-kind"]').selectOption("remove"));
    await rendered(host, () => host.locator('[data-testid="change-target"]').selectOption("10.0.0.2"));
    const left = added.filter((x) => !x.startsWith("10.0.0.2="));
    d = diffInNode("cassandra", { tokens: added }, { tokens: left }, DEFAULT_KEYS);
    assert.deepEqual(await movedSummary(host), { moved: d.moved, keys: DEFAULT_KEYS.length });
    await rendered(host, () => host.locator('[data-testid="apply"]').click());
    assert.equal((await stateOf(host)).servers, left.join("\n"));
    await page.assertClean();
    await page.close();

    // nodetool ring text: the module's edit, and the text it writes back shown as the configuration.
    const text = await open("#/cluster?system=cassandra&format=text");
    const ring = (await stateOf(text.host)).config ?? (await text.host.locator('[data-testid="config"]').inputValue());
    const before = rl.system("cassandra", { ring });
    const after = before.edit({ add: proposed });
    const written = after.config().ring;
    assert.equal(await text.host.locator('[data-testid="change-target"]').inputValue(), proposed);
    await rendered(text.host, () => text.host.locator('[data-testid="apply"]').click());
    assert.equal((await stateOf(text.host)).config, written);
    assert.equal(await text.host.locator('[data-testid="config"]').inputValue(), written);
    assert.deepEqual(await keyRows(text.host), expectedRows("cassandra", { ring: written }, DEFAULT_KEYS));
    for (const h of [before, after]) h.dispose();
    await text.page.assertClean();
    await text.page.close();
  });

  test("Add a server proposes the next of the user's own servers: same prefix and port, the next free number", async () => {
    const cases = [
      [
        "system=memcached&servers=" + encodeURIComponent("192.168.5.10:11211\n192.168.5.11:11211"),
        "192.168.5.12:11211",
      ],
      ["servers=" + encodeURIComponent("cache-7.example:8080\ncache-3.example:8080"), "cache-8.example:8080"],
      // The port most of them use; the number after the largest of the prefix.
      [
        "system=memcached&servers=" + encodeURIComponent("10.0.0.1:11211=2\n10.0.0.2\n10.0.0.3:11212"),
        "10.0.0.4:11211",
      ],
      ["system=cassandra&servers=" + encodeURIComponent("172.16.0.20=-100\n172.16.0.21=100"), null],
    ];
    const page = await home();
    for (const [query, want] of cases) {
      const { host } = await visit(page, `#/cluster?${query}`);
      const value = await host.locator('[data-testid="change-target"]').inputValue();
      // Cassandra: the next address, and the token halving the largest gap (the wrap from 100 to −100).
      assert.equal(value, want ?? `172.16.0.22=${BigInt.asIntN(64, 100n + (2n ** 64n - 200n) / 2n)}`, query);
      await page.assertClean(query);
    }
    await page.close();
  });

  test("Cassandra's ring: keys' labels never overlap; a key without room for its label carries it as a tooltip", async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `user:${i + 1}`);
    const page = await home();
    for (const width of [1280, 390]) {
      const { host } = await visit(page, `#/cluster?system=cassandra&keys=${encodeURIComponent(keys.join("\n"))}`, {
        width,
        height: 900,
      });
      const ring = host.locator('[data-testid="ring"]');
      const boxes = await ring.locator("text.key-label").evaluateAll((ts) =>
        ts.map((t) => {
          const b = t.getBBox();
          return { x: b.x, y: b.y, w: b.width, h: b.height, label: t.textContent };
        }),
      );
      assert.ok(boxes.length > 0);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          assert.ok(apart, `labels ${a.label} and ${b.label} overlap at ${width} px`);
        }
      // Every key is drawn, labelled or with its label as its tooltip.
      const titles = await ring.locator("rect.key > title").allTextContents();
      assert.equal(boxes.length + titles.length, keys.length);
      assert.deepEqual(
        [...boxes.map((b) => b.label), ...titles].map(Number).sort((a, b) => a - b),
        keys.map((_, i) => i + 1),
      );
      await page.assertClean();
    }
    await page.close();
  });

  test("10,000 keys: all placed, the table capped with “show more”, the moves counted by diff; the URL carries them packed", async () => {
    const { page, host } = await open("#/cluster?system=memcached");
    // 10,000 keys are placed in the worker: the page draws them once its answers came.
    await rendered(host, () => host.locator('[data-testid="many-keys"]').click());
    await settled(host);
    const keys = Array.from({ length: 10000 }, (_, i) => `user:${i + 1}`);
    assert.equal(await host.locator('[data-testid="key-row"]').count(), 100);
    await rendered(host, () => host.locator('[data-testid="show-more"]').click());
    assert.equal(await host.locator('[data-testid="key-row"]').count(), 1100);
    const servers = ["10.0.0.1:11211=2", "10.0.0.2:11211", "10.0.0.3:11212"];
    const options = { servers, mode: "behavior_ketama_weighted" };
    const want = expectedRows("memcached", options, keys);
    assert.deepEqual(await keyRows(host), want.slice(0, 1100));
    const d = diffInNode("memcached", options, { ...options, servers: [...servers, "10.0.0.4:11211"] }, keys);
    assert.deepEqual(await movedSummary(host), { moved: d.moved, keys: 10000 });
    // The load table counts all 10,000.
    const counts = await evaluateOne(host.locator('[data-testid="load-chart-table"]'), (t) =>
      [...t.querySelectorAll("tbody tr")].map((tr) => tr.children[1].textContent.replace(/,/g, "")),
    );
    assert.equal(
      counts.reduce((n, c) => n + Number(c), 0),
      10000,
    );
    // 10,000 keys go into the address packed (zkeys), never as their text (cluster-share.test.mjs
    // opens such a link).
    await page.waitForFunction(() => location.hash.includes("zkeys="));
    assert.ok(!/[?&]keys=/.test(page.url()), "10,000 keys are not put in the address as text");
    // The matrix rows for libmemcached are compat.json's, figures as written there.
    const compat = JSON.parse(readFileSync(path.join(root, "tests/golden/systems/compat.json"), "utf8"));
    const rows = compat.rows.filter((r) => r.against.startsWith("libmemcached"));
    assert.deepEqual(
      await host.locator('[data-testid="compat-share"]').allTextContents(),
      rows.map((r) => r.share),
    );
    await page.assertClean();
    await page.close();
  });

  test("Bengali: no English UI words outside code, Bengali digits; nothing wider than a phone", async () => {
    const page = await home();
    for (const [width, hash] of [
      [1280, "#/cluster?lang=bn"],
      [390, "#/cluster?lang=bn"],
      [1280, "#/cluster?lang=bn&system=kafka"],
      [390, "#/cluster?lang=bn&system=memcached"],
    ]) {
      const { host } = await visit(page, hash, { width, height: 900 });
      assert.equal(await page.evaluate(() => document.documentElement.lang), "bn");
      const texts = await page.evaluate(() => {
        const out = [document.querySelector('[data-testid="page-title"]').textContent];
        out.push(document.querySelector(".lead").textContent);
        const root = document.querySelector('[data-testid="widget-host"]').shadowRoot;
        const walk = (n) => {
          if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent);
          if (n.nodeType !== Node.ELEMENT_NODE && n.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
          // Not read: code (servers, keys, the module's messages), typed text, and the choices of
          // a system's own option values and product names.
          if (
            n.nodeType === Node.ELEMENT_NODE &&
            (n.matches('code, textarea, style, [data-testid="system"], select[data-testid^="field-"]') || n.hidden)
          )
            return;
          for (const c of n.childNodes) walk(c);
        };
        walk(root);
        for (const el of root.querySelectorAll("[aria-label]")) out.push(el.getAttribute("aria-label"));
        return out.join("\n");
      });
      // The chapter's English terms (bn.ts: key, hash, ring, node, cluster, weight …; terms.bn.json)
      // and the systems' own names.
      const allowed = new Set(
        (
          "key Key hash ring node token Token Host host slot master partition partitioner bucket range input mode " +
          "cluster weight " +
          "nginx memcached libmemcached libketama Redis Cluster Kafka Cassandra Envoy Guava Erlang Java client keyed " +
          "software package npm JavaScript ASCII Unicode UTF tag YAML Module block string " +
          "upstream server CRC ketama MD5 XXH64 CRC16 mod Maglev table load balancer ring_hash policy header " +
          "Murmur3Partitioner record term distribution partition hostname option down byte port CSV JSON"
        ).split(" "),
      );
      const english = [...texts.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].map((m) => m[0]).filter((w) => !allowed.has(w));
      assert.deepEqual([...new Set(english)], [], `English left on the Bengali page (${hash}): ${texts}`);
      // Digits outside code are Bengali (the names CRC16, MD5, XXH64, UTF-8 aside).
      const latin = texts
        .replace(/CRC16|CRC-32|MD5|XXH64|UTF-8|Murmur3|16384/g, "")
        .split("\n")
        .filter((l) => /[0-9]/.test(l));
      assert.deepEqual(latin, [], `Latin digits outside code (${hash})`);
      await screenshot(page, `cluster-bn-${width}-${hash.replace(/\W+/g, "_")}.png`, { fullPage: true });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `the page is ${wide} px wide at ${width} px`);
      await page.assertClean();
    }
    await page.close();
  });

  test("the systems module and the matrix are fetched only by a page that shows the widget", async () => {
    // A load of its own (not a kept page, whose document fetched the module already).
    const { server } = env;
    const start = server.requests.length;
    const page = await newPage(env.browser.context);
    await page.goto(env.url("#/ring"));
    const other = { page, host: page.locator('[data-testid="widget-host"]') };
    await settled(other.host);
    assert.deepEqual(
      server.requests.slice(start).filter((r) => /systems|compat/.test(r)),
      [],
    );
    const mid = server.requests.length;
    await other.page.evaluate(() => (location.hash = "#/cluster"));
    await settled(other.host);
    const fetched = server.requests.slice(mid).filter((r) => /systems|compat/.test(r));
    assert.equal(fetched.filter((r) => /compat-[\w-]+\.js$/.test(r)).length, 1, fetched.join(" "));
    assert.equal(fetched.filter((r) => /systems-[\w-]+\.wasm$/.test(r)).length, 1, fetched.join(" "));
    await other.page.assertClean();
    await other.page.close();
  });
});
