// The plan page (#/plan): what it shows is what ringlab/plan returns in Node for the same input —
// Redis's slot strip (each master's slots after, counted from the strip), the steps in redis-cli's
// order, each node's share and ranges, the keys' owners (each key's slot from ringlab/systems, its
// master from the example's CLUSTER NODES lines), Cassandra's ranges and streams, Kafka's keys, and
// the exported JSON; in English and Bengali (no English left), at 1280 and 390 px; the state in the
// address and back; a bad input's named error in place. The ring and table systems (memcached,
// twemproxy, Envoy's Maglev, …): the moved share of the hash space, necessary and collateral, the
// miss rate, each server's share, the steps, the keys and the JSON, as plans.rings.change gives them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { load } from "ringlab/plan";
import { load as loadSystems } from "ringlab/systems";
import {
  BENGALI_DIGIT,
  KEPT_IN_ENGLISH,
  box,
  evaluateOne,
  inspect,
  newPage,
  root,
  rows,
  screenshot,
  settled,
  text,
  usePlayground,
} from "./helpers.mjs";

const env = usePlayground();
const plans = await load();
const systems = await loadSystems();
const nodes = readFileSync(path.join(root, "docs/examples/cluster-nodes.txt"), "utf8");
const ring = readFileSync(path.join(root, "docs/examples/cassandra-ring.txt"), "utf8");
const D4 = "d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4";
const DEFAULT_KEYS = ["user:1", "user:2", "user:3", "user:42", "order:7", "{user:1}:cart"];
const digits = (s) => s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
const latin = (s) => s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/(\d),(?=\d)/g, "$1");
const fromDataUrl = (href) => decodeURIComponent(href.slice(href.indexOf(",") + 1));
const asJson = (v) =>
  JSON.parse(
    JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x instanceof Uint32Array ? [...x] : x)),
  );

/** The example's masters' slots, read from its lines here (the test's own reading, not the page's). */
function exampleOwner(slot) {
  for (const line of nodes.split("\n").filter(Boolean)) {
    const f = line.split(" ");
    for (const r of f.slice(8)) {
      const [a, b = a] = r.split("-").map(Number);
      if (slot >= a && slot <= b) return f[0];
    }
  }
  return undefined;
}

/** The steps the page lists: from, to and how many units. */
async function shownSteps(host, testid = "steps") {
  return evaluateOne(host.locator(`[data-testid="${testid}"]`).first(), (ol) =>
    [...ol.querySelectorAll("li")].map((li) => [li.dataset.from, li.dataset.to, Number(li.dataset.count)]),
  );
}

/** Slots per master on a strip, summed from its runs. */
async function stripCounts(host, testid) {
  return evaluateOne(host.locator(`[data-testid="${testid}"]`), (svg) => {
    const out = {};
    for (const r of svg.querySelectorAll("rect[data-owner]")) {
      const o = r.dataset.owner;
      if (o) out[o] = (out[o] ?? 0) + Number(r.dataset.end) - Number(r.dataset.start) + 1;
    }
    return out;
  });
}

const exported = async (host) =>
  JSON.parse(fromDataUrl(await host.locator('[data-testid="export-json"]').getAttribute("href")));

async function checkRedis(host, want, lang) {
  assert.deepEqual(
    await shownSteps(host),
    want.steps.map((s) => [s.from, s.to, s.units.length]),
  );
  const shownNodes = await rows(host, "nodes");
  assert.deepEqual(
    shownNodes.map((r) => [r[0], ...r.slice(1).map((c) => latin(c).match(/\d+/g).map(Number))]),
    want.nodes.map((n) => [n.node, [n.before.count, n.before.ranges], [n.after.count, n.after.ranges]]),
  );
  const after = await stripCounts(host, "strip-after");
  for (const n of want.nodes) assert.equal(after[n.node] ?? 0, n.after.count, `${n.node} on the strip after`);
  assert.deepEqual(await exported(host), asJson(want));
  // The keys: each key's slot by Redis's CRC16 (ringlab/systems), its master before from the
  // example, after from the plan's steps.
  await host.locator('[data-testid="keys"]').waitFor();
  const redis = systems.system("redis", { nodes: 3 });
  const moved = new Map();
  for (const s of want.steps) for (const u of s.units) moved.set(u, s.to);
  const expect = DEFAULT_KEYS.map((k) => {
    const slot = redis.place(k).slot;
    const b = exampleOwner(slot);
    const a = moved.get(slot) ?? b;
    return [k, String(slot), b, a];
  });
  redis.dispose();
  const shown = await rows(host, "keys");
  assert.deepEqual(
    shown.map((r) => [r[0], latin(r[1]), r[2], r[3]]),
    expect,
    lang,
  );
}

test("#/plan: Redis rebalance with empty masters is the package's plan, picture, keys and JSON", async () => {
  const { page, host } = await env.open("#/plan", { width: 1280, height: 900 });
  await host.locator('[data-testid="keys"]').waitFor();
  const want = plans.redis.rebalance({ nodes, useEmptyMasters: true });
  assert.ok(want.moved > 0);
  await checkRedis(host, want, "en");
  const before = await stripCounts(host, "strip-before");
  for (const n of want.nodes) assert.equal(before[n.node] ?? 0, n.before.count, `${n.node} on the strip before`);
  // The strip before is each master's runs of slots as plans.redis.nodes reads the text.
  const runs = await host
    .locator('[data-testid="strip-before"] rect[data-owner]')
    .evaluateAll((rs) => rs.map((r) => [r.dataset.owner, Number(r.dataset.start), Number(r.dataset.end)]));
  assert.deepEqual(
    runs,
    plans.redis
      .nodes(nodes)
      .filter((n) => n.role === "master")
      .flatMap((n) => n.slots.map(([a, b]) => [n.id, a, b]))
      .sort((x, y) => x[1] - y[1]),
  );
  assert.match(
    latin(await text(host, "summary")),
    new RegExp(`${want.tool}: ${want.steps.length} steps, ${want.moved} slots move`),
  );
  // The alternative: fewest ranges, a model.
  const alt = want.alternatives[0];
  assert.deepEqual(
    await shownSteps(host, "alt-steps"),
    alt.steps.map((s) => [s.from, s.to, s.units.length]),
  );
  await screenshot(page, "plan-redis-en-1280.png", { fullPage: true });
  const seen = await page.evaluate(inspect);
  assert.deepEqual([seen.overflow, seen.clipped], [[], []]);
  await page.assertClean("#/plan");
  await page.close();
});

test("#/plan: a reshard with redis-cli's shortfall, its warning shown; the state in the address and back", async () => {
  const { page, host } = await env.open(`#/plan?op=reshard&to=${D4}&slots=11`, { width: 1280, height: 900 });
  const want = plans.redis.reshard({ nodes, from: "all", to: D4, slots: 11 });
  await host.locator('[data-testid="keys"]').waitFor();
  await checkRedis(host, want, "en");
  const kinds = await host
    .locator('[data-testid="warnings"] li')
    .evaluateAll((lis) => lis.map((li) => [li.dataset.kind, li.textContent]));
  assert.deepEqual(
    kinds,
    want.warnings.map((w) => [w.kind, w.text]),
  );
  // Change the slots: the address follows; a new page at that address shows the same plan.
  const field = host.locator('[data-testid="field-slots"]');
  await field.fill("2000");
  await field.dispatchEvent("change");
  await page.waitForFunction(() => location.hash.includes("slots=2000"));
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#\/plan\?/);
  assert.match(hash, /op=reshard/);
  await page.close();
  const again = await env.open(hash, { width: 1280, height: 900 });
  assert.equal(await again.host.locator('[data-testid="field-slots"]').inputValue(), "2000");
  assert.equal(await again.host.locator('[data-testid="field-op"]').inputValue(), "reshard");
  await again.host.locator('[data-testid="keys"]').waitFor();
  await checkRedis(again.host, plans.redis.reshard({ nodes, from: "all", to: D4, slots: 2000 }), "en");
  await again.page.close();
});

const cassandraHash = "#/plan?system=cassandra";
// The page's one Cassandra plan: the example's join, with every range.
const cassandraOptions = () => ({
  ring,
  strategy: "nts:dc1=2",
  join: { node: "10.0.0.5", tokens: ["2305843009213693952"], rack: "rack1" },
  keys: DEFAULT_KEYS,
  everyRange: true,
});
const cassandraWant = () => plans.cassandra.change(cassandraOptions());

async function checkCassandra(host, want) {
  assert.deepEqual(
    await shownSteps(host),
    want.steps.map((s) => [s.from, s.to, s.names.length]),
  );
  // One plan serves the ring and the table: the ring draws its every range, the table those that change.
  const drawn = await host
    .locator('[data-testid="ring-svg"] g[data-range]')
    .evaluateAll((gs) => gs.map((g) => [g.dataset.range, g.dataset.changes]));
  assert.deepEqual(
    drawn,
    want.ranges.map((r) => [r.range, String(r.changes)]),
  );
  const ranges = await rows(host, "ranges");
  assert.deepEqual(
    ranges.map((r) => [digits(r[0]), r[1], r[2]]),
    want.ranges.filter((r) => r.changes).map((r) => [r.range, r.before.join(", "), r.after.join(", ")]),
  );
  const keys = await rows(host, "keys");
  assert.deepEqual(
    keys.map((r) => [r[0], latin(r[1]), r[2], r[3]]),
    want.keys.map((k) => [k.key, k.token.toString(), k.before, k.after]),
  );
  assert.deepEqual(await exported(host), asJson(want));
}

test("#/plan: Cassandra's join, its ring, ranges, streams and keys, in English and Bengali at 1280 and 390 px", async () => {
  const want = cassandraWant();
  for (const [lang, width] of [
    ["en", 1280],
    ["bn", 1280],
    ["en", 390],
    ["bn", 390],
  ]) {
    const { page, host } = await env.open(`${cassandraHash}${lang === "bn" ? "&lang=bn" : ""}`, { width, height: 900 });
    await checkCassandra(host, want);
    if (lang === "bn") assert.match(await text(host, "summary"), BENGALI_DIGIT);
    await screenshot(page, `plan-cassandra-${lang}-${width}.png`, { fullPage: true });
    const seen = await page.evaluate(inspect);
    assert.deepEqual([seen.overflow, seen.clipped], [[], []], `${lang} at ${width} px`);
    if (lang === "bn") {
      const english = seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase()));
      assert.deepEqual(english, [], `English on the Bengali page at ${width} px`);
    }
    await page.assertClean(`#/plan cassandra (${lang}, ${width} px)`);
    await page.close();
  }
});

test("#/plan: Redis in Bengali and at 390 px: the strip, the steps and the keys as in English, no English left", async () => {
  const want = plans.redis.rebalance({ nodes, useEmptyMasters: true });
  for (const [lang, width] of [
    ["bn", 1280],
    ["en", 390],
    ["bn", 390],
  ]) {
    const { page, host } = await env.open(`#/plan${lang === "bn" ? "?lang=bn" : ""}`, { width, height: 900 });
    await host.locator('[data-testid="keys"]').waitFor();
    await checkRedis(host, want, lang);
    // The strip keeps the page's width: 16384 slots on a phone still fill it.
    const w = await evaluateOne(
      host.locator('[data-testid="strip-after"]'),
      (svg) => svg.getBoundingClientRect().width,
    );
    assert.ok(w >= width / 2, `the strip is ${w} px wide at ${width} px`);
    await screenshot(page, `plan-redis-${lang}-${width}.png`, { fullPage: true });
    const seen = await page.evaluate(inspect);
    assert.deepEqual([seen.overflow, seen.clipped], [[], []], `${lang} at ${width} px`);
    if (lang === "bn") {
      const english = seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase()));
      assert.deepEqual(english, [], `English on the Bengali page at ${width} px`);
    }
    await page.assertClean(`#/plan redis (${lang}, ${width} px)`);
    await page.close();
  }
});

test("#/plan: Kafka's keys before and after are the package's, for each partitioner", async () => {
  const { page, host } = await env.open("#/plan?system=kafka&partitioner=all", { width: 1280, height: 900 });
  const want = plans.kafka.partitions({ partitions: "6:12", partitioner: "all", keys: DEFAULT_KEYS });
  const sections = host.locator('[data-testid="plan"]');
  assert.equal(await sections.count(), want.length);
  for (const [i, p] of want.entries()) {
    const s = sections.nth(i);
    const keys = await evaluateOne(s.locator('[data-testid="keys"]'), (t) =>
      [...t.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent.trim())),
    );
    assert.deepEqual(
      keys.map((r) => [r[0], r[1], r[2]]),
      p.keys.map((k) => [k.key, `partition ${k.before}`, `partition ${k.after}`]),
      p.tool,
    );
  }
  assert.deepEqual(await exported(host), asJson(want));
  await page.assertClean("#/plan kafka");
  await page.close();
  // In Bengali on a phone: each partitioner named in Bengali, nothing overflows, no English left.
  const bn = await env.open("#/plan?system=kafka&partitioner=all&lang=bn", { width: 390, height: 900 });
  assert.equal(await bn.host.locator('[data-testid="plan"]').count(), want.length);
  await screenshot(bn.page, "plan-kafka-bn-390.png", { fullPage: true });
  const seen = await bn.page.evaluate(inspect);
  assert.deepEqual([seen.overflow, seen.clipped], [[], []]);
  assert.deepEqual(
    seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase())),
    [],
  );
  await bn.page.assertClean("#/plan kafka (bn, 390 px)");
  await bn.page.close();
});

test("#/plan: a bad CLUSTER NODES line shows the package's named error in place, in English and Bengali", async () => {
  const bad = "not a cluster line";
  let err;
  try {
    plans.redis.rebalance({ nodes: bad, useEmptyMasters: true });
  } catch (e) {
    err = e;
  }
  assert.ok(err, "the package refuses it");
  for (const lang of ["en", "bn"]) {
    const page = await env.home({ width: 1280, height: 900 });
    const { host } = await env.visit(
      page,
      `#/plan?nodes=${encodeURIComponent(bad)}${lang === "bn" ? "&lang=bn" : ""}`,
      undefined,
      {
        allowError: true,
      },
    );
    assert.equal(await box(host).getAttribute("data-error"), err.code);
    const shown = await text(host, "error");
    if (lang === "en") assert.ok(shown.endsWith(err.message), shown);
    else assert.match(shown, BENGALI_DIGIT);
    // No stale plan beside the error.
    assert.equal(await host.locator('[data-testid="steps"]').count(), 0);
    await page.close();
  }
});

test("#/plan: a drain of two masters stops half done, as the plan says, in English and Bengali", async () => {
  const want = plans.redis.rebalance({ nodes, weights: { a1a1: 0, b2b2: 0 }, useEmptyMasters: true });
  assert.ok(want.stops, "the package's plan stops");
  for (const lang of ["en", "bn"]) {
    const { page, host } = await env.open(
      `#/plan?weights=${encodeURIComponent("a1a1=0, b2b2=0")}${lang === "bn" ? "&lang=bn" : ""}`,
      { width: 1280, height: 900 },
    );
    await host.locator('[data-testid="keys"]').waitFor();
    await checkRedis(host, want, lang);
    const stops = latin(await text(host, "stops"));
    assert.ok(stops.includes(String(want.stops.moved)) && stops.includes(String(want.moved)), stops);
    const kinds = await host
      .locator('[data-testid="warnings"] li')
      .evaluateAll((lis) => lis.map((li) => li.dataset.kind));
    assert.deepEqual(
      kinds,
      want.warnings.map((w) => w.kind),
    );
    await page.assertClean(`#/plan stops (${lang})`);
    await page.close();
  }
});

test("#/plan in Bengali: a reshard, Cassandra's removenode and decommission fit a phone, no English left", async () => {
  for (const hash of [
    `#/plan?op=reshard&slots=11&lang=bn`,
    "#/plan?system=cassandra&change=remove&node=10.0.0.2&lang=bn",
    "#/plan?system=cassandra&change=leave&node=10.0.0.2&lang=bn",
  ]) {
    for (const width of [390, 1280]) {
      const { page, host } = await env.open(hash, { width, height: 900 });
      await host.locator('[data-testid="keys"]').waitFor();
      const seen = await page.evaluate(inspect);
      assert.deepEqual([seen.overflow, seen.clipped], [[], []], `${hash} at ${width} px`);
      assert.deepEqual(
        seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase())),
        [],
        `English in ${hash} at ${width} px`,
      );
      await page.assertClean(`${hash} (${width} px)`);
      await page.close();
    }
  }
});

// ---- the ring and table systems ----

const ringWants = {
  memcached: () =>
    plans.rings.change({
      system: "memcached",
      options: { servers: "10.0.0.1:11211=2,10.0.0.2:11211,10.0.0.3:11211", mode: "behavior_ketama_weighted" },
      change: { add: "10.0.0.4:11211" },
      keys: DEFAULT_KEYS,
    }),
  twemproxy: () =>
    plans.rings.change({
      system: "twemproxy",
      options: {
        servers: "10.0.0.1:11211:1,10.0.0.2:11211:1,10.0.0.3:11211:1",
      },
      change: { down: "10.0.0.2" },
      keys: DEFAULT_KEYS,
    }),
  libketama: () =>
    plans.rings.change({
      system: "libketama",
      options: { servers: "10.0.0.1:11211=600,10.0.0.2:11211=300,10.0.0.3:11211=300" },
      change: { add: "10.0.0.4:11211", weight: 300 },
      keys: DEFAULT_KEYS,
    }),
  nginx: () =>
    plans.rings.change({
      system: "nginx",
      options: { servers: "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80", mode: "consistent" },
      change: { down: "10.0.0.2:80" },
      keys: DEFAULT_KEYS,
    }),
  "envoy-ring": () =>
    plans.rings.change({
      system: "envoy-ring",
      options: { hosts: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443" },
      change: { remove: "10.0.0.3:443" },
      keys: DEFAULT_KEYS,
    }),
  "envoy-maglev": () =>
    plans.rings.change({
      system: "envoy-maglev",
      options: { hosts: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443" },
      change: { remove: "10.0.0.3:443" },
      keys: DEFAULT_KEYS,
    }),
};

/** What the rings view shows equals the package's plan: every figure, step, share, key and the JSON. */
async function checkRing(host, want, label) {
  const ring = want.ring;
  await host.locator('[data-testid="moved"]').waitFor();
  const moved = host.locator('[data-testid="moved"]');
  assert.equal(await moved.getAttribute("data-hashes"), ring.moved.hashes.toString(), label);
  assert.equal(await moved.getAttribute("data-fraction"), ring.fraction, label);
  const movedText = latin(await moved.textContent());
  assert.ok(movedText.includes(`${ring.moved.percent}%`) && movedText.includes(ring.fraction), movedText);
  let total = 0;
  for (const kind of ["necessary", "collateral"]) {
    const li = host.locator(`[data-testid="kind-${kind}"]`);
    const n = want.steps.filter((s) => s.kind === kind).reduce((a, s) => a + s.units.length, 0);
    total += n;
    assert.equal(Number(await li.getAttribute("data-count")), n, `${label} ${kind}`);
    assert.equal(await li.getAttribute("data-hashes"), ring[kind].hashes.toString(), `${label} ${kind}`);
    const shown = latin(await li.textContent());
    assert.ok(new RegExp(`(^|\\D)${n}(\\D|$)`).test(shown) && shown.includes(`${ring[kind].percent}%`), shown);
  }
  assert.equal(total, want.moved, label);
  assert.ok(latin(await text(host, "miss-rate")).includes(`${ring.missRate}%`), label);
  assert.deepEqual(
    await shownSteps(host),
    want.steps.map((s) => [s.from, s.to, s.units.length]),
    label,
  );
  const kinds = await host
    .locator('[data-testid="steps"] li')
    .evaluateAll((lis) => lis.map((li) => li.querySelector(".kind")?.classList[1]));
  assert.deepEqual(
    kinds,
    want.steps.map((s) => s.kind),
    label,
  );
  assert.deepEqual(
    (await rows(host, "servers")).map((r) => [r[0], latin(r[1]), latin(r[2])]),
    ring.servers.map((s) => [s.server, `${s.before.percent}%`, `${s.after.percent}%`]),
    label,
  );
  const keys = await rows(host, "keys");
  assert.deepEqual(
    keys.map((r) => [r[0], r[1], r[2]]),
    want.keys.map((k) => [k.key, k.before, k.after]),
    label,
  );
  assert.equal(
    await host.locator('[data-testid="keys"] td.moved').count(),
    want.keys.filter((k) => k.moves).length,
    label,
  );
  assert.deepEqual(await exported(host), asJson(want), label);
}

for (const system of Object.keys(ringWants)) {
  test(`#/plan: ${system}'s plan is the package's, in English and Bengali at 1280 and 390 px`, async () => {
    const want = ringWants[system]();
    assert.ok(want.moved > 0);
    if (system === "memcached") assert.ok(want.ring.collateral.hashes > 0n, "weighted ketama re-divides");
    for (const [lang, width] of [
      ["en", 1280],
      ["bn", 1280],
      ["en", 390],
      ["bn", 390],
    ]) {
      const label = `${system} ${lang} ${width}`;
      const { page, host } = await env.open(`#/plan?system=${system}${lang === "bn" ? "&lang=bn" : ""}`, {
        width,
        height: 900,
      });
      if (width === 1280) await checkRing(host, want, label);
      else await host.locator('[data-testid="moved"]').waitFor();
      // A ring is a circle; Maglev's table a strip.
      const shape = want.ring.kind === "ring" ? "svg.ring-svg" : "svg.strip";
      assert.equal(await host.locator(`[data-testid="space-picture"] ${shape}`).count(), 1, label);
      await screenshot(page, `plan-${system}-${lang}-${width}.png`, { fullPage: true });
      const seen = await page.evaluate(inspect);
      assert.deepEqual([seen.overflow, seen.clipped], [[], []], label);
      if (lang === "bn")
        assert.deepEqual(
          seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase())),
          [],
          `English in ${label}`,
        );
      await page.assertClean(`#/plan ${label}`);
      await page.close();
    }
  });
}

test("#/plan: a ring system's change goes into the address and back", async () => {
  const { page, host } = await env.open("#/plan?system=nginx", { width: 1280, height: 900 });
  await host.locator('[data-testid="moved"]').waitFor();
  await host.locator('[data-testid="field-act"]').selectOption("remove");
  const field = host.locator('[data-testid="field-server"]');
  await field.fill("10.0.0.1:80");
  await field.dispatchEvent("change");
  await page.waitForFunction(() => location.hash.includes("act=remove") && location.hash.includes("server=10.0.0.1"));
  const hash = await page.evaluate(() => location.hash);
  await page.close();
  const want = plans.rings.change({
    system: "nginx",
    options: { servers: "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80", mode: "consistent" },
    change: { remove: "10.0.0.1:80" },
    keys: DEFAULT_KEYS,
  });
  const again = await env.open(hash, { width: 1280, height: 900 });
  assert.equal(await again.host.locator('[data-testid="field-act"]').inputValue(), "remove");
  assert.equal(await again.host.locator('[data-testid="field-server"]').inputValue(), "10.0.0.1:80");
  await checkRing(again.host, want, "nginx remove");
  await again.page.assertClean("#/plan nginx remove");
  await again.page.close();
});

test("#/plan: removing a server that is not in the list shows the package's named error in place", async () => {
  let err;
  try {
    plans.rings.change({
      system: "twemproxy",
      options: { servers: "10.0.0.1:11211:1,10.0.0.2:11211:1,10.0.0.3:11211:1" },
      change: { remove: "10.0.0.9" },
    });
  } catch (e) {
    err = e;
  }
  assert.ok(err, "the package refuses it");
  for (const lang of ["en", "bn"]) {
    const page = await env.home({ width: 1280, height: 900 });
    const { host } = await env.visit(
      page,
      `#/plan?system=twemproxy&act=remove&server=10.0.0.9${lang === "bn" ? "&lang=bn" : ""}`,
      undefined,
      { allowError: true },
    );
    // The error comes once ringlab/systems (the system's options) has loaded.
    await host.locator('[data-testid="widget"][data-error]').waitFor();
    await settled(host, { allowError: true });
    assert.equal(await box(host).getAttribute("data-error"), err.code);
    const shown = await text(host, "error");
    if (lang === "en") assert.ok(shown.endsWith(err.message), shown);
    // In Bengali, the rule's own words with the server named as given.
    else assert.ok(!shown.includes(err.message) && shown.includes("10.0.0.9"), shown);
    assert.equal(await host.locator('[data-testid="steps"]').count(), 0);
    await page.close();
  }
});

// ---- the ring systems' other options ----

test("#/plan: Maglev's table size, ring_hash's ring sizes, twemproxy's hash tag and the host flags are the package's", async () => {
  const cases = [
    ["envoy-maglev", "&table=251", { tableSize: 251 }],
    ["envoy-maglev", "&table=251&use-hostname=true", { tableSize: 251, useHostname: true }],
    ["envoy-ring", "&min-ring=64&max-ring=128", { minRingSize: 64, maxRingSize: 128 }],
    ["twemproxy", `&hash-tag=${encodeURIComponent("{}")}`, { hashTag: "{}" }],
    ["memcached", "&sort-hosts=true", { sortHosts: true }],
  ];
  for (const [system, query, extra] of cases) {
    const base = ringWants[system]();
    // The example's options with the field's value, as the package takes them.
    const example = {
      "envoy-maglev": { hosts: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443" },
      "envoy-ring": { hosts: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443" },
      twemproxy: { servers: "10.0.0.1:11211:1,10.0.0.2:11211:1,10.0.0.3:11211:1" },
      memcached: { servers: "10.0.0.1:11211=2,10.0.0.2:11211,10.0.0.3:11211", mode: "behavior_ketama_weighted" },
    }[system];
    const change = {
      "envoy-maglev": { remove: "10.0.0.3:443" },
      "envoy-ring": { remove: "10.0.0.3:443" },
      twemproxy: { down: "10.0.0.2" },
      memcached: { add: "10.0.0.4:11211" },
    }[system];
    const want = plans.rings.change({ system, options: { ...example, ...extra }, change, keys: DEFAULT_KEYS });
    const { page, host } = await env.open(`#/plan?system=${system}${query}`, { width: 1280, height: 900 });
    await checkRing(host, want, `${system}${query}`);
    if (system !== "memcached" && system !== "twemproxy")
      assert.notDeepEqual(asJson(want.ring), asJson(base.ring), `${system}${query} changes the plan`);
    await page.assertClean(`#/plan ${system}${query}`);
    await page.close();
  }
});

test("#/plan: Maglev's table size is a field, in the address and back, in English and Bengali at 1280 and 390 px", async () => {
  const want = plans.rings.change({
    system: "envoy-maglev",
    options: { hosts: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443", tableSize: 251 },
    change: { remove: "10.0.0.3:443" },
    keys: DEFAULT_KEYS,
  });
  const { page, host } = await env.open("#/plan?system=envoy-maglev", { width: 1280, height: 900 });
  await host.locator('[data-testid="moved"]').waitFor();
  // Empty, the field shows the core's default.
  const field = host.locator('[data-testid="field-table"]');
  assert.equal(await field.getAttribute("placeholder"), "65537");
  await field.fill("251");
  await field.dispatchEvent("change");
  await page.waitForFunction(() => location.hash.includes("table=251"));
  await checkRing(host, want, "maglev table 251");
  await page.close();
  for (const [lang, width] of [
    ["en", 1280],
    ["bn", 1280],
    ["en", 390],
    ["bn", 390],
  ]) {
    const label = `maglev table ${lang} ${width}`;
    const again = await env.open(`#/plan?system=envoy-maglev&table=251${lang === "bn" ? "&lang=bn" : ""}`, {
      width,
      height: 900,
    });
    await again.host.locator('[data-testid="moved"]').waitFor();
    assert.equal(latin(await again.host.locator('[data-testid="field-table"]').inputValue()), "251", label);
    assert.equal(await again.host.locator('[data-testid="field-use-hostname"]').isVisible(), true, label);
    // Only the system's own options are fields.
    for (const other of ["min-ring", "max-ring", "hash-tag", "sort-hosts"])
      assert.equal(await again.host.locator(`[data-testid="field-${other}"]`).isVisible(), false, `${label} ${other}`);
    assert.equal(
      await again.host.locator('[data-testid="moved"]').getAttribute("data-hashes"),
      want.ring.moved.hashes.toString(),
      label,
    );
    await screenshot(again.page, `plan-envoy-maglev-table-${lang}-${width}.png`, { fullPage: true });
    const seen = await again.page.evaluate(inspect);
    assert.deepEqual([seen.overflow, seen.clipped], [[], []], label);
    if (lang === "bn")
      assert.deepEqual(
        seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase())),
        [],
        `English in ${label}`,
      );
    await again.page.assertClean(`#/plan ${label}`);
    await again.page.close();
  }
});

test("#/plan: a bad table size, ring size or hash tag is the core's named error in place, in English and Bengali", async () => {
  const hosts = "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443";
  for (const [system, query, options, change] of [
    ["envoy-maglev", "table=1", { hosts, tableSize: 1 }, { remove: "10.0.0.3:443" }],
    ["envoy-maglev", "table=seven", { hosts, tableSize: NaN }, { remove: "10.0.0.3:443" }],
    ["envoy-ring", "min-ring=0", { hosts, minRingSize: 0 }, { remove: "10.0.0.3:443" }],
    [
      "envoy-ring",
      "min-ring=512&max-ring=256",
      { hosts, minRingSize: 512, maxRingSize: 256 },
      { remove: "10.0.0.3:443" },
    ],
    [
      "twemproxy",
      "hash-tag=x",
      { servers: "10.0.0.1:11211:1,10.0.0.2:11211:1,10.0.0.3:11211:1", hashTag: "x" },
      { down: "10.0.0.2" },
    ],
  ]) {
    let err;
    try {
      plans.rings.change({ system, options, change });
    } catch (e) {
      err = e;
    }
    assert.ok(err, `the package refuses ${system} ${query}`);
    for (const lang of ["en", "bn"]) {
      const page = await env.home({ width: 1280, height: 900 });
      const { host } = await env.visit(
        page,
        `#/plan?system=${system}&${query}${lang === "bn" ? "&lang=bn" : ""}`,
        undefined,
        {
          allowError: true,
        },
      );
      await host.locator('[data-testid="widget"][data-error]').waitFor();
      await settled(host, { allowError: true });
      assert.equal(await box(host).getAttribute("data-error"), err.code, `${system} ${query}`);
      const shown = await text(host, "error");
      if (lang === "en") assert.ok(shown.endsWith(err.message), `${shown} / ${err.message}`);
      else assert.ok(!shown.includes(err.message), shown);
      assert.equal(await host.locator('[data-testid="steps"]').count(), 0);
      await page.close();
    }
  }
});

// ---- an emptied field stays empty ----

test("#/plan: an emptied CLUSTER NODES text, keys or server list stays empty, in the address and after a reload", async () => {
  let redisError;
  try {
    plans.redis.nodes("");
  } catch (e) {
    redisError = e;
  }
  assert.ok(redisError, "the package refuses an empty cluster");
  // CLUSTER NODES emptied: the core's error for it, the field empty, and so again from the address.
  const { page, host } = await env.open("#/plan", { width: 1280, height: 900 });
  await host.locator('[data-testid="keys"]').waitFor();
  const area = host.locator('[data-testid="field-nodes"]');
  await area.fill("");
  await area.dispatchEvent("change");
  await page.waitForFunction(() => /[?&]nodes=(&|$)/.test(location.hash));
  await host.locator('[data-testid="widget"][data-error]').waitFor();
  assert.ok((await text(host, "error")).endsWith(redisError.message));
  assert.equal(await area.inputValue(), "");
  const hash = await page.evaluate(() => location.hash);
  await page.close();
  const again = await newPage(env.browser.context, { width: 1280, height: 900 });
  await again.goto(env.url(hash));
  const h2 = again.locator('[data-testid="widget-host"]');
  await h2.locator('[data-testid="widget"][data-error]').waitFor();
  await settled(h2, { allowError: true });
  assert.equal(await h2.locator('[data-testid="field-nodes"]').inputValue(), "");
  assert.ok((await text(h2, "error")).endsWith(redisError.message));
  await again.close();

  // Keys emptied: the plan without keys, no keys table, and so from the address.
  const k = await env.open("#/plan?system=cassandra", { width: 1280, height: 900 });
  await k.host.locator('[data-testid="keys"]').waitFor();
  const keys = k.host.locator('[data-testid="field-keys"]');
  await keys.fill("");
  await keys.dispatchEvent("change");
  await k.page.waitForFunction(() => /[?&]keys=(&|$)/.test(location.hash));
  await k.host.locator('[data-testid="keys"]').waitFor({ state: "detached" });
  const keysHash = await k.page.evaluate(() => location.hash);
  await k.page.close();
  const k2 = await env.open(keysHash, { width: 1280, height: 900 });
  await k2.host.locator('[data-testid="steps"]').waitFor();
  assert.equal(await k2.host.locator('[data-testid="field-keys"]').inputValue(), "");
  assert.equal(await k2.host.locator('[data-testid="keys"]').count(), 0);
  const want = plans.cassandra.change({ ...cassandraOptions(), keys: [] });
  assert.deepEqual(await exported(k2.host), asJson(want));
  await k2.page.close();

  // A ring system's servers emptied: the package's error for an empty list, not the example.
  let ringError;
  try {
    plans.rings.change({
      system: "nginx",
      options: { servers: "", mode: "consistent" },
      change: { down: "10.0.0.2:80" },
    });
  } catch (e) {
    ringError = e;
  }
  assert.ok(ringError, "the package refuses an empty server list");
  const r = await env.open("#/plan?system=nginx", { width: 1280, height: 900 });
  await r.host.locator('[data-testid="moved"]').waitFor();
  const servers = r.host.locator('[data-testid="field-servers"]');
  await servers.fill("");
  await servers.dispatchEvent("change");
  await r.page.waitForFunction(() => /[?&]servers=(&|$)/.test(location.hash));
  await r.host.locator('[data-testid="widget"][data-error]').waitFor();
  assert.ok((await text(r.host, "error")).endsWith(ringError.message));
  assert.equal(await servers.inputValue(), "");
  const ringHash = await r.page.evaluate(() => location.hash);
  await r.page.close();
  const r2 = await newPage(env.browser.context, { width: 1280, height: 900 });
  await r2.goto(env.url(ringHash));
  const h3 = r2.locator('[data-testid="widget-host"]');
  await h3.locator('[data-testid="widget"][data-error]').waitFor();
  await settled(h3, { allowError: true });
  assert.equal(await h3.locator('[data-testid="field-servers"]').inputValue(), "");
  assert.ok((await text(h3, "error")).endsWith(ringError.message));
  await r2.close();
});
