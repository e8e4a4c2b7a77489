// The reader's own scenario on the Maglev, bounded-loads and hot-key pages: a key typed, a server
// added and one removed, the moved count on the page against the module's (computed here in
// Node), the address carrying the state, nothing wider than its box at 1280 and 390 px in English
// and Bengali, and Maglev at the chapter's M = 65537 answering each interaction (how fast is
// the interactions bench's: bench/interactions.mjs).
// Also: the bounded-loads ring's point names never overlap; a change of servers survives a reload
// (the list before it is in the address); every stepper's keyboard line, and its keys.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { load } from "ringlab";
import { addServer, interact, removeServer, typeKey } from "../../bench/page-interactions.mjs";
import {
  box,
  evaluateOne,
  moduleMoved,
  rendered,
  root,
  rows,
  screenshot,
  settled,
  stepOf,
  text,
  usePlayground,
  waitStep,
} from "./helpers.mjs";

const env = usePlayground();
const { open } = env;
const rl = await load();

const movedOnPage = async (host) => Number(await host.locator('[data-testid="moves"]').getAttribute("data-moved"));
const hashParams = (page) => new URLSearchParams(page.url().slice(page.url().indexOf("?") + 1));

function maglevOwners(backends, M) {
  const m = rl.maglev({ backends, tableSize: M });
  try {
    return Array.from(m.table(), (i) => backends[i]);
  } finally {
    m.dispose();
  }
}

describe("Maglev at the chapter's scale", () => {
  test("M = 65537: a summary; typing a key, adding and removing a backend each answer with the module's table", async () => {
    const M = 65537;
    const { page, host } = await open(`#/maglev?table-size=${M}`);
    assert.equal(await box(host).getAttribute("data-steps"), "1", "one summary step, not 65,539");
    assert.ok(
      (await evaluateOne(host, (el) => el.shadowRoot.querySelectorAll("*").length)) < 400,
      "no DOM node per slot",
    );
    const counts = await rows(host, "counts");
    assert.deepEqual(
      counts.map((r) => Number(r[1].replace(/,/g, ""))),
      [21846, 21846, 21845],
    );
    // Each interaction as the reader does it, more than once (the bench times the same ones).
    for (const key of ["alpha", "beta", "my own key"]) await interact(host, typeKey(key), "frame");
    const hash = rl.h32("my own key");
    const slot = hash % M;
    assert.equal(Number(await host.locator('[data-testid="key-slot"]').getAttribute("data-slot")), slot);
    const owner = maglevOwners(["B0", "B1", "B2"], M)[slot];
    assert.match(await text(host, "lookup"), new RegExp(`= ${slot}, and slot ${slot} holds ${owner}\\.`));

    const three = maglevOwners(["B0", "B1", "B2"], M);
    const four = maglevOwners(["B0", "B1", "B2", "B3"], M);
    for (let i = 0; i < 3; i++) {
      await interact(host, addServer("B3"), "frame");
      assert.equal(await movedOnPage(host), moduleMoved(rl, three, four, ["B0", "B1", "B2"]));
      assert.ok(await host.locator('[data-testid="moved-strip"]').isVisible(), "the moved slots drawn");
      if (i < 2) {
        await interact(host, removeServer("B3"), "frame");
        assert.equal(await movedOnPage(host), moduleMoved(rl, four, three, ["B0", "B1", "B2", "B3"]));
      }
    }
    await interact(host, removeServer("B0"), "frame");
    const after = maglevOwners(["B1", "B2", "B3"], M);
    assert.equal(await movedOnPage(host), moduleMoved(rl, four, after, ["B0", "B1", "B2", "B3"]));
    const q = hashParams(page);
    assert.equal(q.get("backends"), "B1,B2,B3");
    assert.equal(q.get("key"), "my own key");
    assert.equal(q.get("table-size"), String(M));
    await page.assertClean();
    await page.close();
  });

  test("a small table still steps turn by turn, and marks the slots that moved", async () => {
    const { page, host } = await open("#/maglev");
    assert.equal(await box(host).getAttribute("data-steps"), "15");
    await rendered(host, async () => {
      await host.locator('[data-testid="servers-new"]').fill("B3");
      await host.locator('[data-testid="servers-add"]').click();
    });
    const moved = moduleMoved(rl, maglevOwners(["B0", "B1", "B2"], 13), maglevOwners(["B0", "B1", "B2", "B3"], 13), [
      "B0",
      "B1",
      "B2",
    ]);
    assert.equal(await movedOnPage(host), moved);
    assert.equal(await host.locator("[data-moved]").count(), moved + 1, "each moved slot marked (and the line)");
    await page.assertClean();
    await page.close();
  });
});

function boundedPlaced(servers, keys, epsilon = 0.25, vnodes = 3) {
  const ring = rl.ring({ servers, vnodes });
  try {
    const r = rl.boundedLoads(ring, rl.h32Many(keys), epsilon);
    return { names: Array.from(r.servers, (i) => ring.servers[i]), notFirst: r.notFirstChoice };
  } finally {
    ring.dispose();
  }
}

describe("bounded loads", () => {
  test("the walk on the ring with its points labelled; ε changes the placement; your key; add and remove", async () => {
    const { page, host } = await open("#/bounded");
    const labels = await host.locator('[data-testid="point-label"]').allTextContents();
    assert.equal(labels.length, 12, "every point labelled");
    assert.deepEqual([...new Set(labels)].sort(), ["S0", "S1", "S2", "S3"]);
    await box(host).press("ArrowRight");
    assert.equal(await host.locator('[data-testid="ring"] path[data-kind="walk"]').count(), 1, "the walk drawn");

    // ε: at 0.25 the capacity is 5, at 0.30 it is 6 — the placement changes, and the note says why.
    const keys = rl.keys(16, 16);
    assert.match(await text(host, "epsilon-note"), /= 5; .*ε = 0\.25, 0\.50, 0\.75, 1\.00/);
    const at25 = boundedPlaced(["S0", "S1", "S2", "S3"], keys, 0.25);
    const at30 = boundedPlaced(["S0", "S1", "S2", "S3"], keys, 0.3);
    assert.notEqual(at25.notFirst, at30.notFirst, "the default scenario reacts to ε");
    await rendered(host, () =>
      evaluateOne(host.locator('[data-testid="epsilon"]'), (el) => {
        el.value = "0.3";
        el.dispatchEvent(new Event("input"));
      }),
    );
    await box(host).press("End");
    assert.match(await text(host, "narration"), new RegExp(`^All placed: ${at30.notFirst} of 16 keys`));
    assert.equal(hashParams(page).get("epsilon"), "0.3");

    // Your key joins, last; its walk is the one drawn at the end.
    await rendered(host, async () => {
      await host.locator('[data-testid="key"]').fill("my-key");
      await host.locator('[data-testid="key"]').press("Enter");
    });
    const placements = await rows(host, "placements");
    assert.equal(placements.length, 17);
    assert.match(placements[16][0], /^my-key/);
    const mine = boundedPlaced(["S0", "S1", "S2", "S3"], [...keys, "my-key"], 0.3);
    assert.equal(placements[16][2], mine.names[16]);
    assert.equal(await host.locator('[data-testid="ring"] path[data-kind="walk"]').count(), 1);
    assert.equal(hashParams(page).get("key"), "my-key");

    // Colours follow names: removing S2 leaves S3 its colour.
    const swatch = (name) =>
      host.locator(`[data-testid="servers"] li[data-server="${name}"] > span`).first().getAttribute("class");
    const s3 = await swatch("S3");
    const all = [...keys, "my-key"];
    await rendered(host, async () => {
      await host.locator('[data-testid="servers-new"]').fill("S4");
      await host.locator('[data-testid="servers-add"]').click();
    });
    const before = boundedPlaced(["S0", "S1", "S2", "S3"], all, 0.3).names;
    const withS4 = boundedPlaced(["S0", "S1", "S2", "S3", "S4"], all, 0.3).names;
    const moved = moduleMoved(rl, before, withS4, ["S0", "S1", "S2", "S3"]);
    assert.equal(await movedOnPage(host), moved);
    assert.equal(await host.locator('[data-testid="placements"] tr[data-moved]').count(), moved);
    const reduced = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
    if (!reduced && moved > 0)
      assert.ok((await host.locator('[data-testid="mover"]').count()) > 0, "moved keys travel");
    assert.equal(await host.locator('[data-testid="ring"] [data-moved]').count(), moved, "moved keys stay marked");

    await rendered(host, () => host.locator('[data-testid="servers-remove-S2"]').click());
    const without = boundedPlaced(["S0", "S1", "S3", "S4"], all, 0.3).names;
    assert.equal(await movedOnPage(host), moduleMoved(rl, withS4, without, ["S0", "S1", "S2", "S3", "S4"]));
    assert.equal(await swatch("S3"), s3);
    assert.equal(hashParams(page).get("servers"), "S0,S1,S3,S4");
    await page.assertClean();
    await page.close();
  });
});

function hotOwners(servers, keys, vnodes = 100) {
  const ring = rl.ring({ servers, vnodes });
  try {
    return { owners: Array.from(ring.ownerMany(keys), (i) => ring.servers[i]) };
  } finally {
    ring.dispose();
  }
}

const ownerOn = (servers, key) => hotOwners(servers, [key]).owners[0];

describe("hot key", () => {
  test("your key's server, adding and removing servers, the moved count is the module's", async () => {
    const { page, host } = await open("#/hotkey");
    const ten = Array.from({ length: 10 }, (_, i) => `S${i}`);
    const hot = rl.keys(16, 1)[0];
    assert.equal(await host.locator('[data-testid="key"]').inputValue(), hot);
    assert.equal(await host.locator('[data-testid="key-server"]').getAttribute("data-server"), ownerOn(ten, hot));
    await rendered(host, async () => {
      await host.locator('[data-testid="key"]').fill("my-key");
      await host.locator('[data-testid="key"]').press("Enter");
    });
    assert.equal(await host.locator('[data-testid="key-server"]').getAttribute("data-server"), ownerOn(ten, "my-key"));
    assert.equal(hashParams(page).get("key"), "my-key");

    const keys = rl.keys(16, 1000);
    await rendered(host, async () => {
      await host.locator('[data-testid="servers-new"]').fill("S10");
      await host.locator('[data-testid="servers-add"]').click();
    });
    const eleven = [...ten, "S10"];
    assert.equal(
      await movedOnPage(host),
      moduleMoved(rl, hotOwners(ten, keys).owners, hotOwners(eleven, keys).owners, ten),
    );
    await rendered(host, () => host.locator('[data-testid="servers-remove-S3"]').click());
    const less = eleven.filter((s) => s !== "S3");
    assert.equal(
      await movedOnPage(host),
      moduleMoved(rl, hotOwners(eleven, keys).owners, hotOwners(less, keys).owners, eleven),
    );
    assert.equal(hashParams(page).get("servers"), less.join(","));
    // The busiest server is named as the module's result names it.
    const table = await rows(host, "hotkey-table");
    const ring = rl.ring({ servers: less, vnodes: 100 });
    const r = rl.hotKeys(ring, { seed: 16, keys: 1000, requests: 100000, s: 1, hot: 1, copies: 1 });
    assert.equal(table[1][5], less[r.hottestServer]);
    ring.dispose();
    await page.assertClean();
    await page.close();
  });
});

describe("no table or chart wider than its box", () => {
  for (const route of ["maglev?table-size=65537", "maglev", "bounded", "hotkey"]) {
    test(`#/${route} at 1280 and 390 px, English and Bengali`, async () => {
      // One page; each language and width a fresh widget on it (visit).
      const page = await env.home();
      for (const lang of ["en", "bn"])
        for (const width of [1280, 390]) {
          const { host } = await env.visit(page, `#/${route}${route.includes("?") ? "&" : "?"}lang=${lang}`, {
            width,
            height: 900,
          });
          const wide = await evaluateOne(host, (el) =>
            [...el.shadowRoot.querySelectorAll(".table-wrap, .stage > div, svg, canvas, .params, .strip")]
              .filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
              .map((e) => `${e.className?.baseVal ?? e.className} ${e.scrollWidth} > ${e.clientWidth}`),
          );
          assert.deepEqual(wide, [], `${route} ${lang} ${width}`);
          const pageWide = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(pageWide <= width, `${route} ${lang}: the page is ${pageWide} px wide at ${width}`);
          if (lang === "bn") assert.equal(await page.evaluate(() => document.documentElement.lang), "bn");
          await screenshot(page, `scenario-${route.replace(/[^a-z0-9]/g, "_")}-${lang}-${width}.png`, {
            fullPage: true,
          });
          await page.assertClean(`${route} ${lang} ${width}`);
        }
      await page.close();
    });
  }
});

/** Pairs of point names on the ring whose boxes overlap (by more than half a pixel either way). */
async function overlappingLabels(host) {
  return evaluateOne(host, (el) => {
    const boxes = [...el.shadowRoot.querySelectorAll('[data-testid="point-label"]')].map((t) => ({
      text: t.textContent,
      r: t.getBoundingClientRect(),
    }));
    const out = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i].r, boxes[j].r];
        const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (dx > 0.5 && dy > 0.5) out.push(`${boxes[i].text}#${i} × ${boxes[j].text}#${j}`);
      }
    return { count: boxes.length, out };
  });
}

describe("bounded loads: the ring's point names", () => {
  // The chapter's example (three points of S3, S1 and S3 nearly together at 9 o'clock) and a
  // crowded ring of 12 servers × 4 points, on the first step and on the last (the walk drawn).
  for (const [route, points] of [
    ["bounded", 12],
    ["bounded?servers=12&vnodes=4", 48],
  ])
    test(`#/${route}: no two names overlap, at 1280 and 390 px, English and Bengali`, async () => {
      const page = await env.home();
      for (const lang of ["en", "bn"])
        for (const width of [1280, 390]) {
          const { host } = await env.visit(page, `#/${route}${route.includes("?") ? "&" : "?"}lang=${lang}`, {
            width,
            height: 900,
          });
          for (const at of ["Home", "End"]) {
            await box(host).press(at);
            const { count, out } = await overlappingLabels(host);
            assert.equal(count, points, `${route} ${lang} ${width} ${at}: every point named`);
            assert.deepEqual(out, [], `${route} ${lang} ${width} ${at}`);
          }
          await screenshot(page, `bounded-labels-${route.replace(/[^a-z0-9]+/g, "_")}-${lang}-${width}.png`);
          await page.assertClean(`${route} ${lang} ${width}`);
        }
      await page.close();
    });
});

describe("a change of servers survives a reload", () => {
  // [page, the editor's prefix, the server added, the list before in the address]
  for (const [route, name, listAttr, before] of [
    ["hotkey", "S10", "servers", "S0,S1,S2,S3,S4,S5,S6,S7,S8,S9"],
    ["bounded", "S4", "servers", "S0,S1,S2,S3"],
    ["maglev", "B3", "backends", "B0,B1,B2"],
  ])
    test(`#/${route}: add ${name}, reload: the same moved count and marks`, async () => {
      const { page, host } = await open(`#/${route}`);
      await rendered(host, async () => {
        await host.locator('[data-testid="servers-new"]').fill(name);
        await host.locator('[data-testid="servers-add"]').click();
      });
      const q = hashParams(page);
      assert.equal(q.get("before"), before);
      assert.equal(q.get(listAttr), `${before},${name}`);
      const moved = await movedOnPage(host);
      const marks = await host.locator("[data-moved]").count();
      assert.ok(marks > 0, "moved keys marked");
      await page.reload();
      await settled(host);
      assert.equal(await movedOnPage(host), moved, "the moved count after a reload");
      assert.equal(await host.locator("[data-moved]").count(), marks, "the moved marks after a reload");
      // The chapter's example forgets the change.
      await rendered(host, () => host.locator('[data-testid="reset-scenario"]').click());
      assert.equal(hashParams(page).get("before"), null);
      assert.equal(await host.locator('[data-testid="moves"][data-moved]').count(), 0);
      await page.assertClean(route);
      await page.close();
    });
});

// Every stepper page of the playground: the routes whose element is a stepper (its table of pages,
// web/playground/main.ts).
const STEPPERS = [
  ...readFileSync(path.join(root, "web", "playground", "main.ts"), "utf8").matchAll(
    /\{ id: "([\w-]+)", group: \d+, tag: "ringlab-[\w-]+-stepper" \}/g,
  ),
].map((m) => m[1]);
assert.ok(STEPPERS.length > 0, "the playground's stepper pages");

describe("keyboard shortcuts on every stepper", () => {
  for (const route of STEPPERS)
    test(`#/${route}: the keys line in English and Bengali, and →, ←, Home, End, K do what it says`, async () => {
      const page = await env.home();
      for (const lang of ["en", "bn"]) {
        const { host } = await env.visit(page, `#/${route}?lang=${lang}`);
        const line = host.locator('[data-testid="shortcuts"]');
        assert.ok(await line.isVisible(), `${route} ${lang}: the line is shown`);
        const said = await text(host, "shortcuts");
        for (const k of ["→", "←", "Home", "End", "K"])
          assert.ok(said.includes(k), `${route} ${lang}: "${said}" names ${k}`);
        if (lang === "bn") assert.match(said, /^কী-বোর্ড: /);
        const { steps } = await stepOf(host);
        assert.ok(steps >= 3, `${route}: ${steps} steps`);
        const key = async (k, to) => {
          await box(host).press(k);
          await waitStep(host, to);
        };
        await key("End", steps - 1);
        await key("ArrowLeft", steps - 2);
        await key("Home", 0);
        await key("ArrowRight", 1);
        // K plays (a step every 1.6 s) and K again stops.
        const play = host.locator('[data-testid="play"]');
        await box(host).press("K");
        assert.equal(await play.getAttribute("aria-pressed"), "true", `${route} ${lang}: K plays`);
        await waitStep(host, 2);
        await box(host).press("K");
        assert.equal(await play.getAttribute("aria-pressed"), "false", `${route} ${lang}: K stops`);
        await page.assertClean(`${route} ${lang}`);
      }
      await page.close();
    });
});
