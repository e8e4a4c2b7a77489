// The reader's own scenario on the virtual-nodes page, and the pages with charts: moved-key counts
// equal the module's (computed here in Node from the same package), the chapter's scale answers
// each interaction (how fast is the interactions bench's: bench/interactions.mjs), the largest arc for V = 1 is the module's ring's, no axis label is
// cut at a canvas edge, charts with two series have a legend, the cache what-if reads "95" and
// "95 %" as 0.95, cancelling a run keeps the previous output, and the compare table is Bengali in
// Bengali and fits at 1280 and 390 px.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { load } from "ringlab";
import { addServer, interact, removeServer, setField } from "../../bench/page-interactions.mjs";
import { widgetCatalogue } from "../js/helpers.mjs";
import {
  box,
  evaluateOne,
  moduleMoved,
  outputText,
  screenshot,
  settled,
  stepOf,
  text,
  usePlayground,
  waitStep,
} from "./helpers.mjs";

const env = usePlayground();
const { url, open } = env;
const rl = await load();

const servers = (n) => Array.from({ length: n }, (_, i) => `S${i}`);

/** Each key's owner name on a ring of `names` × `vnodes` (the first weighted by `weight`). */
function owners(names, vnodes, { seed = 16, keys = 100000, weight } = {}) {
  const specs = names.map((name, i) => (i === 0 && weight !== undefined ? { name, weight } : name));
  const ring = rl.ring({ servers: specs, vnodes });
  try {
    return Array.from(ring.ownerOfHashMany(rl.keyHashes(seed, keys)), (o) => names[o]);
  } finally {
    ring.dispose();
  }
}

/** The moves line as the page shows it. */
async function movesOnPage(host) {
  const line = host.locator('[data-testid="moves"]');
  await line.waitFor({ state: "visible" });
  return { moved: Number(await line.getAttribute("data-moved")), keys: Number(await line.getAttribute("data-keys")) };
}

/** Waits for the widget to show a moves line with `moved` keys (the render after an edit). */
async function waitMoves(host, expected) {
  await host
    .page()
    .waitForFunction(
      ([el, want]) => el.shadowRoot.querySelector('[data-testid="moves"]')?.getAttribute("data-moved") === want,
      [await host.elementHandle(), String(expected)],
      { timeout: 20_000 },
    )
    .catch(async () => assert.fail(`moves: expected ${expected}, page has ${JSON.stringify(await movesOnPage(host))}`));
}

describe("virtual nodes: the reader's servers", () => {
  test("V = 1: the largest arc is the module ring's, against H(N)", async () => {
    const { page, host } = await open("#/vnodes");
    const ring = rl.ring({ servers: servers(10), vnodes: 1 });
    const { tokens } = ring.points();
    ring.dispose();
    let largest = 0;
    for (let i = 0; i < tokens.length; i++) {
      const prev = i === 0 ? tokens[tokens.length - 1] - 2 ** 32 : tokens[i - 1];
      largest = Math.max(largest, tokens[i] - prev);
    }
    const ratio = (largest / 2 ** 32) * 10;
    const p = host.locator('[data-testid="largest-arc"]');
    assert.ok(Math.abs(Number(await p.getAttribute("data-ratio")) - ratio) < 1e-9);
    const shown = await text(host, "largest-arc");
    assert.ok(shown.includes(`${ratio.toFixed(2)}× the mean`), shown);
    assert.ok(shown.includes(`H(N) = ${rl.theory.harmonic(10).toFixed(2)}×`), shown);
    await page.assertClean();
    await page.close();
  });

  test("change V, add and remove a server, change the weight: moved counts are the module's", async () => {
    const { page, host } = await open("#/vnodes");
    // V = 10 with the slider.
    await host.locator('[data-testid="v-slider"]').fill("3");
    await waitStep(host, 3);
    assert.match(await text(host, "narration"), /^V = 10: 100 points/);
    assert.equal(await host.locator('[data-testid="largest-arc"]').getAttribute("data-vnodes"), "10");

    // Add S10 at V = 10.
    const before = owners(servers(10), 10);
    const added = owners(servers(11), 10);
    await host.locator('[data-testid="servers-new"]').fill("S10");
    await host.locator('[data-testid="servers-add"]').click();
    const addMoved = moduleMoved(rl, before, added, servers(10));
    await waitMoves(host, addMoved);
    assert.ok(addMoved > 0);
    assert.deepEqual(await movesOnPage(host), { moved: addMoved, keys: 100000 });
    assert.match(page.url(), /servers=11/);
    assert.equal((await stepOf(host)).step, 3, "the step (V) stays");
    // Moved keys are marked on the ring and in the table.
    assert.ok((await host.locator("[data-moved]").count()) > 0);
    assert.ok((await host.locator('[data-testid="moves-table"] td.moved').count()) > 0);

    // Remove S3.
    const without = servers(11).filter((n) => n !== "S3");
    const removeMoved = moduleMoved(rl, added, owners(without, 10), servers(11));
    await host.locator('[data-testid="servers-remove-S3"]').click();
    await waitMoves(host, removeMoved);
    assert.match(decodeURIComponent(page.url()), new RegExp(`names=${without.join(",")}`));

    // Weight 3 for the first server (the last step, V = 100).
    const w2 = owners(without, 100, { weight: 2 });
    const w3 = owners(without, 100, { weight: 3 });
    await host.locator('[data-testid="field-weight"]').fill("3");
    await host.locator('[data-testid="field-weight"]').press("Enter");
    await waitMoves(host, moduleMoved(rl, w2, w3, without));
    assert.equal((await stepOf(host)).step, 10);
    assert.match(page.url(), /weight=3/);

    // The URL reproduces the scenario, the moves of the last change included.
    assert.match(decodeURIComponent(page.url()), new RegExp(`before=${without.join(",")}`));
    assert.match(page.url(), /before-weight=2/);
    const marks = await host.locator("[data-moved]").count();
    await page.reload();
    await settled(host);
    assert.equal(await host.locator('[data-testid="servers-rename-S0"]').count(), 1);
    assert.equal(await host.locator('[data-testid="servers-rename-S3"]').count(), 0);
    assert.equal(await host.locator('[data-testid="servers-rename-S10"]').count(), 1);
    assert.deepEqual(await movesOnPage(host), { moved: moduleMoved(rl, w2, w3, without), keys: 100000 });
    assert.equal(await host.locator("[data-moved]").count(), marks, "the moved marks after a reload");
    assert.ok((await host.locator('[data-testid="moves-table"] td.moved').count()) > 0);
    await page.assertClean();
    await page.close();
  });

  test("your key: its h32, the point it walks to and its server are the module's", async () => {
    const { page, host } = await open("#/vnodes");
    await host.locator('[data-testid="v-slider"]').fill("2");
    await waitStep(host, 2);
    const field = host.locator('[data-testid="field-key"]');
    await field.fill("user:42");
    await field.press("Enter");
    const yours = host.locator('[data-testid="your-key"]');
    await yours.waitFor({ state: "visible" });
    const ring = rl.ring({ servers: servers(10), vnodes: 5 });
    const { tokens, servers: owners } = ring.points();
    const hash = rl.h32("user:42");
    let p = tokens.findIndex((x) => x >= hash);
    if (p < 0) p = 0;
    assert.equal(Number(await yours.getAttribute("data-hash")), hash);
    assert.equal(Number(await yours.getAttribute("data-point")), p);
    assert.equal(Number(await yours.getAttribute("data-token")), tokens[p]);
    assert.equal(await yours.getAttribute("data-server"), ring.owner("user:42"));
    assert.equal(await yours.getAttribute("data-server"), `S${owners[p]}`);
    ring.dispose();
    assert.match(await yours.textContent(), new RegExp(`h32 = ${hash}\\..*point ${p + 1} \\(token ${tokens[p]}\\)`));
    assert.match(page.url(), /key=user%3A42/);
    // Drawn on the ring, labelled, with its walk.
    assert.ok(await host.locator('svg [data-kind="walk"]').count(), "the walk is drawn");
    assert.ok(await host.locator("svg text", { hasText: "user:42" }).count(), "the key's label on the ring");
    // The ring names its servers (not colour alone), and the legend gives each one's share.
    assert.ok((await host.locator("svg text[data-label]").count()) >= 5);
    assert.match(await host.locator('[data-testid="ring-legend"] li[data-server="S0"]').textContent(), /S0.*\d%/);

    // Another server count: the key's server follows the module's ring.
    await host.locator('[data-testid="servers-remove-S0"]').click();
    await page.waitForFunction(
      (el) => el.getAttribute("names") === "S1,S2,S3,S4,S5,S6,S7,S8,S9",
      await host.elementHandle(),
    );
    await settled(host);
    const names = servers(10).slice(1);
    const ring2 = rl.ring({ servers: names, vnodes: 5 });
    assert.equal(await yours.getAttribute("data-server"), ring2.owner("user:42"));
    ring2.dispose();
    await page.reload();
    await settled(host);
    assert.equal(await host.locator('[data-testid="field-key"]').inputValue(), "user:42");
    assert.match(page.url(), /before=S0/);
    assert.ok(await host.locator('[data-testid="moves"]').isVisible());
    // Another seed is a new experiment: no change before it to count.
    await host.locator('[data-testid="field-seed"]').fill("17");
    await host.locator('[data-testid="field-seed"]').press("Enter");
    await page.waitForFunction((el) => el.getAttribute("seed") === "17", await host.elementHandle());
    await settled(host);
    assert.doesNotMatch(page.url(), /before=/);
    assert.equal(await host.locator('[data-testid="moves"]').isVisible(), false);
    await page.assertClean();
    await page.close();
  });

  for (const keys of [100000, 1000000])
    test(
      `100 servers × 256 vnodes, ${keys} keys: adding, removing, reweighting, V and N each answer`,
      { timeout: 240_000 },
      async () => {
        const { page, host } = await open(`#/vnodes?servers=100&vnodes=1,256&weight-vnodes=256&keys=${keys}&step=1`);
        // Each interaction as the reader does it (the bench times the same ones): the page settles
        // with no error, and the widget's state (its attributes) is what the reader asked for.
        const attribute = (name) => evaluateOne(host, (el, name) => el.getAttribute(name), name);
        for (const [action, name, value] of [
          [addServer("S100"), "servers", "101"],
          [removeServer("S100"), "servers", "100"],
          [setField("field-weight", "3"), "weight", "3"],
          [setField("v-slider", "0", "input"), "step", "0"],
          [setField("field-servers", "99"), "servers", "99"],
        ]) {
          await interact(host, action, "layout");
          await settled(host);
          assert.equal(await attribute(name), value, `${JSON.stringify(action)}: ${name}`);
        }
        assert.equal(await host.locator('[data-testid="moves"]').getAttribute("data-keys"), String(keys));

        // The moved count at this scale is the module's too: S100 added at V = 256.
        await page.goto(url(`#/vnodes?servers=100&vnodes=256&weight-vnodes=256&keys=${keys}`));
        await settled(host);
        await host.locator('[data-testid="servers-add"]').click();
        await waitMoves(
          host,
          moduleMoved(rl, owners(servers(100), 256, { keys }), owners(servers(101), 256, { keys }), servers(100)),
        );
        await page.assertClean();
        await page.close();
      },
    );
});

// Every chart's canvas: no painted pixel in its outermost 2 px (a label cut at the edge leaves
// one there: "l00%" for "100%"), the canvas inside its .uplot box, and that box inside the chart.
async function chartProblems(host) {
  return evaluateOne(host, (el) => {
    const out = [];
    for (const fig of el.shadowRoot.querySelectorAll("figure.chart")) {
      const id = fig.dataset.testid;
      const u = fig.querySelector(".uplot");
      const canvas = u?.querySelector("canvas");
      if (!u || !canvas) {
        out.push(`${id}: no canvas`);
        continue;
      }
      const f = fig.getBoundingClientRect();
      const ub = u.getBoundingClientRect();
      const cb = canvas.getBoundingClientRect();
      if (cb.left < ub.left - 0.5 || cb.right > ub.right + 0.5) out.push(`${id}: canvas outside .uplot`);
      if (ub.left < f.left - 0.5 || ub.right > f.right + 0.5) out.push(`${id}: .uplot outside its figure`);
      const ctx = canvas.getContext("2d");
      const { width: w, height: h } = canvas;
      const edge = Math.max(2, Math.round(2 * (w / cb.width)));
      const painted = (x, y, cw, ch) => {
        const d = ctx.getImageData(x, y, cw, ch).data;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return true;
        return false;
      };
      if (painted(0, 0, edge, h)) out.push(`${id}: something drawn at the left edge (a clipped y label)`);
      if (painted(w - edge, 0, edge, h)) out.push(`${id}: something drawn at the right edge (a clipped x label)`);
      if (painted(0, h - edge, w, edge)) out.push(`${id}: something drawn at the bottom edge (a clipped x label)`);
      if (painted(0, 0, w, edge)) out.push(`${id}: something drawn at the top edge`);
    }
    return out;
  });
}

/** Tables, charts and the page itself: nothing wider than its box. */
async function overflow(page, host) {
  const inWidget = await evaluateOne(host, (el) =>
    [...el.shadowRoot.querySelectorAll(".table-wrap, figure.chart, .plot, .stage > *, svg.diagram")]
      .filter((x) => x.scrollWidth > x.clientWidth + 1)
      .map((x) => `${x.className?.baseVal ?? x.className} ${x.scrollWidth} > ${x.clientWidth}`),
  );
  const pageWide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  return pageWide ? [...inWidget, "the page scrolls sideways"] : inWidget;
}

describe("charts: readable axes and legends, at 1280 and 390 px, in English and Bengali", () => {
  const pages = [
    ["vnodes", ["chart-sd"]],
    ["ring-vs-mod", []],
    ["vnode-sweep", ["chart-sd"]],
    ["hrw-jump", []],
    ["compare", ["chart-moved"]],
    ["cache", []],
  ];
  for (const [route, twoSeries] of pages) {
    test(`#/${route}`, { timeout: 120_000 }, async () => {
      // One page; each language and width a fresh widget on it (visit).
      const page = await env.home();
      for (const lang of ["en", "bn"])
        for (const width of [1280, 390]) {
          const { host } = await env.visit(page, `#/${route}?lang=${lang}`, { width, height: 900 });
          const what = `${route} ${lang} ${width}`;
          assert.ok((await host.locator("figure.chart").count()) > 0, `${what}: has charts`);
          assert.deepEqual(await chartProblems(host), [], what);
          assert.deepEqual(await overflow(page, host), [], what);
          for (const id of twoSeries) {
            const items = host.locator(`[data-testid="${id}-legend"] li`);
            assert.equal(await items.count(), 2, `${what}: ${id} has a legend of two`);
            assert.ok(await items.first().isVisible());
            const words = await host.locator(`[data-testid="${id}-legend"]`).textContent();
            if (lang === "bn") assert.doesNotMatch(words, /theory|measured|moved/, `${what}: legend in Bengali`);
          }
          await screenshot(page, `scenario-${route}-${lang}-${width}.png`, { fullPage: true });
          await page.assertClean(what);
        }
      await page.close();
    });
  }
});

describe("cache what-if: the hit ratio as the chapter writes it", () => {
  test('"95", "95 %" and "95%" give what 0.95 gives; bad text is the module\'s named error', async () => {
    const { page, host } = await open("#/cache?hit=0.8");
    const field = host.locator('[data-testid="field-hit"]');
    const result = async () => [
      await text(host, "moved"),
      await text(host, "hit-after"),
      await text(host, "db-multiplier"),
    ];
    await field.fill("0.95");
    await field.press("Enter");
    await page.waitForFunction((el) => el.getAttribute("hit") === "0.95", await host.elementHandle());
    await settled(host);
    const want = await result();
    assert.deepEqual(want, ["80.0%", "19.0%", "16.2×"]);
    for (const typed of ["95", "95 %", "95%"]) {
      await field.fill("0.5");
      await field.press("Enter");
      await page.waitForFunction((el) => el.getAttribute("hit") === "0.5", await host.elementHandle());
      await field.fill(typed);
      await field.press("Enter");
      await page.waitForFunction((el) => el.getAttribute("hit") === "0.95", await host.elementHandle());
      await settled(host);
      assert.deepEqual(await result(), want, typed);
    }
    await field.fill("lots");
    await field.press("Enter");
    await settled(host, { allowError: true });
    assert.equal(await box(host).getAttribute("data-error"), "out_of_range", "bad text is the module's named error");
    await page.assertClean();
    await page.close();
  });
});

describe("cancelling a run keeps the previous output", () => {
  test("#/vnode-sweep: a finished run, then a long one cancelled", { timeout: 120_000 }, async () => {
    const { page, host } = await open("#/vnode-sweep");
    const previous = await outputText(host);
    assert.ok(previous.length > 100);
    await host.locator('[data-testid="flag-keys"]').fill("50000000");
    await host.locator('[data-testid="run"]').click();
    const cancel = host.locator('[data-testid="cancel"]');
    await cancel.waitFor({ state: "visible" });
    await cancel.click();
    await page.waitForFunction(
      (el) => el.shadowRoot.querySelector('[data-testid="status"]').textContent.startsWith("Cancelled"),
      await host.elementHandle(),
    );
    assert.equal(
      await text(host, "status"),
      "Cancelled. The output below is the previous run's; press Run to start again.",
    );
    assert.ok(await host.locator('[data-testid="result"]').isVisible(), "the output stays");
    assert.equal(await outputText(host), previous);
    assert.ok((await host.locator("figure.chart").count()) > 0, "and its charts");
    await page.assertClean();
    await page.close();
  });
});

/** The names in compare's table, row by row. */
const rowNames = (table) => evaluateOne(table, (t) => [...t.querySelectorAll("tbody th")].map((th) => th.textContent));

/**
 * The rows' names as the catalogue spells them, row by row: the rows are compare's (the module's,
 * a row for each algorithm the registry gives one), each by its algorithm's id.
 */
async function spelled(table, lang) {
  const ids = await evaluateOne(table, (t) => [...t.querySelectorAll("tbody tr")].map((tr) => tr.dataset.algorithm));
  const compared = (await load()).algorithms().filter((a) => a.compare);
  assert.deepEqual([...ids].sort(), compared.map((a) => a.name).sort());
  const { algorithms } = await widgetCatalogue(lang);
  return ids.map((id) => algorithms[id]);
}

describe("compare in Bengali", () => {
  test("reasons and headers are Bengali; algorithm names spelled as on the other pages", async () => {
    const page = await env.home();
    for (const width of [1280, 390]) {
      const { host } = await env.visit(page, "#/compare?change=weight:S0=2&lang=bn", { width, height: 900 });
      const table = host.locator('[data-testid="compare-table"]');
      const all = await table.textContent();
      // "memory" and "algorithm" are the chapter's own words (its "• Memory: …"; it never says
      // অ্যালগরিদম: web/widgets/i18n/terms.bn.json).
      assert.doesNotMatch(all, /not supported|has no weights|can only remove|algorithms|build|অ্যালগরিদম/, all);
      assert.match(all, /memory \(byte\)/);
      assert.equal(await table.locator("thead th").first().textContent(), "algorithm");
      assert.match(all, /এখানে চলে না: jump-এ weight নেই/);
      assert.match(all, /এখানে চলে না: mod-N-এ weight নেই/);
      assert.deepEqual(await rowNames(table), await spelled(table, "bn"));
      assert.deepEqual(await overflow(page, host), [], `compare bn ${width}`);
      await page.assertClean();
    }
    const { host } = await env.visit(page, "#/compare", { width: 1280, height: 800 });
    const table = host.locator('[data-testid="compare-table"]');
    assert.deepEqual(await rowNames(table), await spelled(table, "en"));
    await page.assertClean();
    await page.close();
  });
});

describe("compare: needless moves", () => {
  // The module's rows for the same scenario (the page's other fields are the module's defaults).
  const percent = new Intl.NumberFormat("en", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const latin = (s) => s.replace(/[০-৯]/g, (d) => String("০১২৩৪৫৬৭৮৯".indexOf(d)));
  for (const change of ["add", "remove:S3"])
    for (const lang of ["en", "bn"])
      test(`${change}, ${lang}: the needless column is the module's`, async () => {
        const expected = rl.compare({ change });
        const { page, host } = await open(`#/compare?change=${change}&lang=${lang}`);
        const table = host.locator('[data-testid="compare-table"]');
        const headers = await evaluateOne(table, (t) =>
          [...t.querySelectorAll("thead th")].map((th) => th.textContent),
        );
        assert.equal(headers[4], lang === "bn" ? "অকারণে সরা" : "needless", headers.join(" | "));
        const shown = await evaluateOne(table, (t) =>
          [...t.querySelectorAll("tbody tr")].map((tr) => ({
            algorithm: tr.getAttribute("data-algorithm"),
            needless: tr.getAttribute("data-needless"),
            cell: tr.children.length > 2 ? tr.children[4].textContent.trim() : null,
          })),
        );
        assert.deepEqual(
          shown.map((r) => r.algorithm),
          expected.map((r) => r.algorithm),
        );
        for (const [i, r] of expected.entries()) {
          const s = shown[i];
          if (!r.supported) {
            assert.equal(s.cell, null, `${r.algorithm}: unsupported, no cells`);
            continue;
          }
          assert.equal(Number(s.needless), r.movedNeedlessly, `${r.algorithm} data-needless`);
          if (lang === "bn") assert.doesNotMatch(s.cell, /[0-9]/, `${r.algorithm}: Bengali digits, got ${s.cell}`);
          assert.equal(latin(s.cell), percent.format(r.movedNeedlessly), `${r.algorithm} needless cell`);
        }
        const byId = Object.fromEntries(shown.map((s) => [s.algorithm, s]));
        if (change.startsWith("remove")) {
          // The chapter's claim: removing a server moves none of the other servers' keys.
          for (const a of ["ring", "rendezvous"]) {
            assert.equal(byId[a].needless, "0", `${a} needless on remove`);
            assert.equal(latin(byId[a].cell), "0.0%");
          }
          assert.ok(Number(byId["mod-n"].needless) > 0.5, "mod-N moves most keys needlessly");
        }
        const note = await text(host, "needless-note");
        assert.ok(note.startsWith(lang === "bn" ? "অকারণে সরা:" : "needless:"), note);
        await page.assertClean();
        await page.close();
      });
});
