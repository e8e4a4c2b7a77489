// "No wrong answers on the cluster page": what a change moves, the load and the errors of
// #/cluster, each checked against ringlab/systems in Node on the same configuration. Envoy's
// endpoints pasted as YAML are changed by the module's edit() and written back as YAML; the load
// is each server's against its share by weight, down servers shown down, the configured servers
// counted; the moves between servers a change did not touch are counted and marked; errors keep
// their cause, say a list's line, and count keys in the singular when there is one.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { evaluateOne, rendered, usePlayground } from "./helpers.mjs";
import { load } from "../../web/lib/dist/systems.js";

const env = usePlayground();
const rl = await load();

const YAML = [
  "load_assignment:",
  "  cluster_name: web",
  "  endpoints:",
  "  - lb_endpoints:",
  "    - endpoint:",
  "        address:",
  "          socket_address: { address: 10.0.0.1, port_value: 443 }",
  "      load_balancing_weight: 2",
  "    - endpoint:",
  "        address:",
  "          socket_address: { address: 10.0.0.2, port_value: 443 }",
  "    - endpoint:",
  "        address:",
  "          socket_address: { address: 10.0.0.3, port_value: 443 }",
].join("\n");
const MANY = Array.from({ length: 10000 }, (_, i) => `user:${i + 1}`);

const summary = async (host) => {
  const p = host.locator('[data-testid="moves-summary"]');
  return {
    moved: Number(await p.getAttribute("data-moved")),
    needless: await p.getAttribute("data-needless"),
    text: await p.textContent(),
  };
};
const keyAnswers = (host) =>
  evaluateOne(host.locator('[data-testid="keys-table"]'), (t) =>
    [...t.querySelectorAll("tbody tr")].map((tr) => tr.children[2].textContent.trim()),
  );
const loadRows = (host) =>
  evaluateOne(host.locator('[data-testid="load-chart-table"], [data-testid="load-table"]').first(), (t) =>
    [...t.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent.trim())),
  );

describe("Your cluster: no wrong answers", () => {
  test("Envoy endpoints as YAML: remove, add and make it the cluster go through the module, written back as YAML", async () => {
    const { page, host } = await env.open(`#/cluster?system=envoy-ring&format=text&config=${encodeURIComponent(YAML)}`);
    await rendered(host, () => host.locator('[data-testid="many-keys"]').click());
    const sys = rl.system("envoy-ring", { endpoints: YAML });
    // Remove 10.0.0.2:443: the keys it held move, all of them, and the moves Envoy's rebuilt ring
    // makes between the other hosts are counted as needless.
    await rendered(host, () => host.locator('[data-testid="change-kind"]').selectOption("remove"));
    await rendered(host, () => host.locator('[data-testid="change-target"]').selectOption("10.0.0.2:443"));
    const held = Array.from(sys.placeMany(MANY).server).filter((s) => s === 1).length;
    assert.ok(held > 1000, `10.0.0.2:443 holds ${held} keys`);
    const removed = sys.edit({ remove: "10.0.0.2:443" });
    const r = sys.diff(removed, MANY);
    assert.equal(r.moves.filter((m) => m.from.server === 1).length, held);
    assert.equal((await summary(host)).moved, r.moved);
    assert.equal((await summary(host)).needless, String(r.moved - held));
    removed.dispose();
    // Add 10.0.0.4:443 with weight 3: no parse error; the moves are diff's.
    await rendered(host, () => host.locator('[data-testid="change-kind"]').selectOption("add"));
    // The new host offered is the next address (Envoy's own form, no weight in it).
    assert.equal(await host.locator('[data-testid="change-target"]').inputValue(), "10.0.0.4:443");
    await rendered(host, async () => {
      await host.locator('[data-testid="change-weight"]').fill("3");
      await host.locator('[data-testid="change-weight"]').press("Enter");
    });
    assert.equal(await host.locator('[data-testid="change-error-text"]').count(), 0);
    const added = sys.edit({ add: "10.0.0.4:443", weight: 3 });
    const d = sys.diff(added, MANY);
    assert.ok(d.moved > 0);
    assert.equal((await summary(host)).moved, d.moved);
    // Make it the cluster: the configuration is YAML again, the four hosts, the keys placed as Node does.
    await rendered(host, () => host.locator('[data-testid="apply"]').click());
    const config = (await evaluateOne(host, (el) => el.state)).config;
    assert.equal(config, added.config().endpoints);
    assert.match(config, /^lb_endpoints:\n/);
    assert.equal(await host.locator('[data-testid="config-error-text"]').count(), 0);
    const again = rl.system("envoy-ring", { endpoints: config });
    assert.deepEqual(
      again.servers().map((s) => [s.name, s.weight]),
      [
        ["10.0.0.1:443", 2],
        ["10.0.0.2:443", 1],
        ["10.0.0.3:443", 1],
        ["10.0.0.4:443", 3],
      ],
    );
    const names = again.servers().map((s) => s.name);
    const answers = await keyAnswers(host);
    assert.deepEqual(
      answers,
      Array.from(again.placeMany(MANY.slice(0, answers.length)).server, (i) => names[i]),
    );
    for (const h of [sys, added, again]) h.dispose();
    await page.assertClean();
    await page.close();
  });

  test("load: each server against its share by weight, down servers shown down, configured servers counted", async () => {
    const servers = "10.0.0.1:80=2\n10.0.0.2:80 down\n10.0.0.3:80";
    const { page, host } = await env.open(`#/cluster?servers=${encodeURIComponent(servers)}`);
    await rendered(host, () => host.locator('[data-testid="many-keys"]').click());
    const rows = await loadRows(host);
    // The server, its keys, its share of them, its share by weight (none when down).
    assert.deepEqual(
      rows.map((r) => [r[0], r[3]]),
      [
        ["10.0.0.1:80", "66.7%"],
        ["10.0.0.2:80 down", "down"],
        ["10.0.0.3:80", "33.3%"],
      ],
    );
    assert.equal(rows[1][1], "0");
    assert.match(await host.locator('[data-testid="load-summary"]').textContent(), /over 3 configured servers/);
    await page.close();

    // Kafka with 100 partitions and 200 keys: over 100, not over the partitions that got keys.
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`).join("\n");
    const kafka = await env.open(`#/cluster?system=kafka&options=partitions%3D100&keys=${encodeURIComponent(keys)}`);
    assert.equal(await kafka.host.locator('[data-testid="load-summary"]').getAttribute("data-servers"), "100");
    assert.match(await kafka.host.locator('[data-testid="load-summary"]').textContent(), /^200 keys over 100 /);
    await kafka.page.close();

    // A memcached server written without its port is one server, one bar.
    const mc = await env.open(
      `#/cluster?system=memcached&servers=${encodeURIComponent("10.0.0.1:11211\n10.0.0.2\n10.0.0.3:11211\n10.0.0.4")}`,
    );
    assert.deepEqual(
      (await loadRows(mc.host)).map((r) => r[0]),
      ["10.0.0.1:11211", "10.0.0.2:11211", "10.0.0.3:11211", "10.0.0.4:11211"],
    );
    assert.equal(await mc.host.locator('[data-testid="load-summary"]').getAttribute("data-servers"), "4");
    await mc.page.assertClean();
    await mc.page.close();
  });

  test("what moves: the moves between servers the change did not touch are counted and marked; Redis says what it compares", async () => {
    // libmemcached's modula: adding a server moves most keys between the old ones.
    const { page, host } = await env.open("#/cluster?system=memcached&options=mode%3Dmodula");
    await rendered(host, () => host.locator('[data-testid="many-keys"]').click());
    const servers = ["10.0.0.1:11211=2", "10.0.0.2:11211", "10.0.0.3:11212"];
    const a = rl.system("memcached", { servers, mode: "modula" });
    const b = a.edit({ add: "10.0.0.4:11211" });
    const d = a.diff(b, MANY);
    const needless = d.moves.filter((m) => m.to.server !== 3).length;
    assert.ok(needless > 0);
    const s = await summary(host);
    assert.equal(s.moved, d.moved);
    assert.equal(s.needless, String(needless));
    assert.doesNotMatch(s.text, /every other key stays/);
    assert.match(s.text, /move between servers the change did not touch/);
    const marked = await host
      .locator('[data-testid="flow-row"].needless')
      .evaluateAll((rs) => rs.reduce((n, r) => n + Number(r.children[2].textContent.replace(/,/g, "")), 0));
    assert.equal(marked, needless);
    a.dispose();
    b.dispose();
    await page.close();

    const redis = await env.open("#/cluster?system=redis");
    assert.equal(await redis.host.locator('[data-testid="redis-fresh"]').count(), 1);
    assert.match(await redis.host.locator('[data-testid="redis-fresh"]').textContent(), /add-node/);
    await redis.page.close();
  });

  test("errors by code: the cause kept in Bengali, a list's line, whole numbers, one key", async () => {
    // Envoy YAML without lb_endpoints: in Bengali, the cause, not "out of range" twice.
    const none = "clusters:\n- name: web\n";
    const bn = await env.open(`#/cluster?lang=bn&system=envoy-ring&format=text&config=${encodeURIComponent(none)}`);
    const err = bn.host.locator('[data-testid="config-error-text"]');
    const text = await err.textContent();
    assert.match(text, /lb_endpoints/);
    // Neither the lead ("মানটি সীমার বাইরে") nor the code's fallback ("এই মান সীমার বাইরে").
    assert.doesNotMatch(text, /সীমার বাইরে/);
    await bn.page.close();

    // A bad entry of the server list: its line, not the command line's flag.
    const list = await env.open(`#/cluster?servers=${encodeURIComponent("10.0.0.1:80\n\n10.0.0.2:80=0")}`);
    const message = await list.host.locator('[data-testid="config-error-text-message"]').textContent();
    assert.match(message, /^line 3: weight must be between 1 and \d+, got 0$/);
    assert.doesNotMatch(message, /--servers/);
    await list.page.close();

    // A number field that is no whole number: said so, not "safe integer".
    const kafka = await env.open("#/cluster?system=kafka&options=partitions%3D1.5");
    const k = await kafka.host.locator('[data-testid="partitions-error"]').textContent();
    assert.doesNotMatch(k, /safe integer/);
    assert.match(k, /whole number/);
    await kafka.page.close();

    // One bad key: "1 key is", not "1 keys".
    const guava = await env.open(`#/cluster?system=guava&options=input%3Dlong&keys=${encodeURIComponent("7\nx")}`);
    assert.match(await guava.host.locator('[data-testid="keys-error-count"]').textContent(), /^1 key is not valid/);
    await guava.page.close();
  });
});
