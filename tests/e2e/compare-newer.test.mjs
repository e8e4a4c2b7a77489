// The compare page's rows of the newer bucket hashers: computed by the lab's module (ringlab/lab),
// loaded only once they are asked for (the box, or newer= in the address), the same rows as the
// package's compareNewer for the same scenario, in English and Bengali; the box and the address
// agree both ways, a big scenario's rows come from the lab's worker, Cancel stops that worker, and
// a bad list is the module's named error in place. An unsupported row's reason is worded by its
// code, in the page's language, for the chapter's rows and the newer ones. One page for each test.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { load as loadMain } from "ringlab";
import { load } from "ringlab/lab";
import { widgetCatalogue } from "../js/helpers.mjs";
import {
  KEPT_IN_ENGLISH,
  assertAccessible,
  evaluateOne,
  inspect,
  screenshot,
  settled,
  text,
  usePlayground,
  visit,
} from "./helpers.mjs";

const env = usePlayground();
const en = await widgetCatalogue("en");
const bn = await widgetCatalogue("bn");
const lab = await load();
const rl = await loadMain();

// The rows the page shows: each one's algorithm, its exact needless share (data-needless) and its cells.
const shownRows = (host) =>
  evaluateOne(host.locator('[data-testid="compare-table"]'), (t) =>
    [...t.querySelectorAll("tbody tr")].map((tr) => ({
      algorithm: tr.getAttribute("data-algorithm"),
      needless: tr.getAttribute("data-needless"),
      cells: [...tr.children].map((c) => (c.textContent ?? "").replace(/\s+/g, " ").trim()),
    })),
  );

// An unsupported row's reason as a language's page words it: by its code, with the catalogue's name.
const reasonIn = (t, row) => t.compare.reasonByCode[row.reasonCode](t.algorithms[row.algorithm]);

// The page's rows of the chapter (the first ones) against rl.compare's: an unsupported one says why
// in the page's language.
function assertChapterReasons(rows, scenario, t) {
  const want = rl.compare(scenario);
  assert.deepEqual(
    rows.slice(0, want.length).map((r) => r.algorithm),
    want.map((r) => r.algorithm),
  );
  for (const [i, w] of want.entries())
    if (!w.supported) assert.equal(rows[i].cells[1], `${t.compare.unsupported}: ${reasonIn(t, w)}`, w.algorithm);
  return want.filter((w) => !w.supported).length;
}

// The page's newer rows (after the chapter's) against the package's rows for the same scenario.
function assertNewerRows(rows, scenario, t) {
  const want = lab.compareNewer(scenario);
  const newer = rows.slice(rows.length - want.length);
  assert.deepEqual(
    newer.map((r) => r.algorithm),
    want.map((r) => r.algorithm),
  );
  for (const [i, w] of want.entries()) {
    const got = newer[i];
    if (w.supported) assert.equal(Number(got.needless), w.movedNeedlessly, w.algorithm);
    else {
      assert.equal(got.needless, null, w.algorithm);
      assert.equal(got.cells[1], `${t.compare.unsupported}: ${reasonIn(t, w)}`, w.algorithm);
    }
  }
  return want;
}

// Nothing overflows or is clipped, and on a Bengali page no English but the words kept in it: the
// layout test's checks, on the newer rows, which that test's default page does not show.
async function assertLaidOut(page, lang) {
  await page.evaluate(() => document.fonts.ready);
  const found = await page.evaluate(inspect);
  const problems = [...found.overflow.map((o) => `overflow: ${o}`), ...found.clipped.map((c) => `clipped: ${c}`)];
  if (lang === "bn")
    for (const [word, at] of found.latin)
      if (!KEPT_IN_ENGLISH.has(word.toLowerCase())) problems.push(`English "${word}" in ${at}`);
  assert.deepEqual(problems, []);
}

// Waits (up to 10 s) until `done()` holds.
async function until(done, what) {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(done(), what);
}

const labRequested = (requests) => requests.some((u) => /ringlab-lab[^/]*\.wasm/.test(u));

describe("compare's newer rows", () => {
  test("the box loads the lab's module, adds the package's rows, and the address keeps it", async () => {
    const page = await env.home({ width: 1280, height: 900 });
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    try {
      const scenario = { keys: 3000, change: "remove:S3" };
      let { host } = await visit(page, "#/compare?keys=3000&change=remove:S3");
      const chapter = (await shownRows(host)).length;
      assert.equal(chapter, 6, "the chapter's rows alone");
      assert.ok(!labRequested(requests), "no lab module before the newer rows are asked for");
      await host.locator('[data-testid="field-newer"]').check();
      await page.waitForFunction(() => /[?&]newer=all(&|$)/.test(location.hash));
      await settled(host);
      assert.ok(labRequested(requests), "the lab's module was loaded");
      let rows = await shownRows(host);
      const want = assertNewerRows(rows, scenario, en);
      assert.equal(assertChapterReasons(rows, scenario, en), 1, "jump's row says why, by its code");
      assert.equal(rows.length, chapter + want.length);
      assert.ok(
        want.some((r) => !r.supported),
        "remove:S3 has rows that remove only their last bucket",
      );
      assert.equal(await text(host, "newer-note"), en.compare.newerNote);
      await screenshot(page, "compare-newer-en-1280.png", { fullPage: true });
      await assertLaidOut(page, "en");
      await assertAccessible(page);

      // The address back: a fresh widget from it has the box ticked and the same rows.
      const hash = await page.evaluate(() => location.hash);
      ({ host } = await visit(page, hash, { width: 390, height: 844 }));
      assert.ok(await host.locator('[data-testid="field-newer"]').isChecked());
      rows = await shownRows(host);
      assertNewerRows(rows, scenario, en);
      await screenshot(page, "compare-newer-en-390.png", { fullPage: true });
      await assertLaidOut(page, "en");

      // Unticked: the attribute and the address lose it, and the chapter's rows are alone again.
      await host.locator('[data-testid="field-newer"]').uncheck();
      await page.waitForFunction(() => !/[?&]newer=/.test(location.hash));
      await settled(host);
      assert.equal((await shownRows(host)).length, chapter);
      assert.equal(await evaluateOne(host, (el) => el.getAttribute("newer")), null);
      await page.assertClean();
    } finally {
      await page.close();
    }
  });

  test("in Bengali, a list of names, and a bad list's named error in place", async () => {
    const page = await env.home({ width: 1280, height: 900 });
    try {
      const scenario = { keys: 2000, change: "remove:S3", servers: 8 };
      let { host } = await visit(page, "#/compare?keys=2000&change=remove:S3&servers=8&newer=all&lang=bn");
      const rows = await shownRows(host);
      const want = assertNewerRows(rows, scenario, bn);
      assert.equal(rows.length, 6 + want.length);
      // The Bengali reasons of a chapter's row (jump's) and of the newer rows, as the test above does in English.
      assert.equal(assertChapterReasons(rows, scenario, bn), 1);
      assert.equal(rows[2].cells[1], `${bn.compare.unsupported}: jump শুধু শেষ bucket-টি বাদ দিতে পারে`);
      assert.ok(
        want.some((r) => !r.supported),
        "newer rows that remove only their last bucket",
      );
      assert.equal(await text(host, "newer-note"), bn.compare.newerNote);
      await screenshot(page, "compare-newer-bn-1280.png", { fullPage: true });
      await assertLaidOut(page, "bn");
      ({ host } = await visit(page, "#/compare?keys=2000&change=remove:S3&servers=8&newer=all&lang=bn", {
        width: 390,
        height: 844,
      }));
      await screenshot(page, "compare-newer-bn-390.png", { fullPage: true });
      await assertLaidOut(page, "bn");

      // A list, as the CLI's --newer takes it: those rows, in its order.
      ({ host } = await visit(page, "#/compare?keys=2000&newer=memento,jumpback", { width: 1280, height: 900 }));
      const listed = await shownRows(host);
      assert.deepEqual(
        listed.slice(6).map((r) => r.algorithm),
        ["memento", "jumpback"],
      );
      assertNewerRows(listed, { keys: 2000, newer: "memento,jumpback" }, en);

      // A scenario the chapter's rows send to workers: the newer rows come from the lab's worker,
      // the same rows (one algorithm, to keep it short).
      const workers = [];
      page.on("worker", (w) => workers.push(w.url()));
      ({ host } = await visit(page, "#/compare?keys=1000000&newer=memento", undefined, { timeout: 180_000 }));
      assertNewerRows(await shownRows(host), { keys: 1_000_000, newer: "memento" }, en);
      assert.ok(
        workers.some((u) => /lab-worker/.test(u)),
        "the lab's worker computed them",
      );

      // A name with no newer row: the module's error, by its code, where the table was.
      ({ host } = await visit(page, "#/compare?keys=1000&newer=dx,jump", undefined, { allowError: true }));
      assert.equal(await host.locator('[data-testid="widget"]').getAttribute("data-error"), "invalid_argument");
      assert.match(await text(host, "error"), /newer must be jumpback, .* or multiprobe, got "jump"/);
      await page.assertClean();
    } finally {
      await page.close();
    }
  });

  test("weights: jump's, mod-N's and every newer row say why, by code, in Bengali", async () => {
    const page = await env.home({ width: 1280, height: 900 });
    try {
      const { host } = await visit(page, "#/compare?keys=2000&servers=A,B:2,C&newer=all&lang=bn");
      const rows = await shownRows(host);
      const weighted = { keys: 2000, servers: ["A", { name: "B", weight: 2 }, "C"] };
      assert.equal(assertChapterReasons(rows, weighted, bn), 2, "jump and mod-N have no weights");
      assert.equal(rows[5].cells[1], `${bn.compare.unsupported}: mod-N-এ weight নেই`);
      assert.ok(assertNewerRows(rows, { ...weighted, newer: "all" }, bn).every((r) => r.reasonCode === "no_weights"));
      await screenshot(page, "compare-reasons-bn-1280.png", { fullPage: true });
      await assertLaidOut(page, "bn");
      await page.assertClean();
    } finally {
      await page.close();
    }
  });

  test("Cancel stops the newer rows in the lab's worker; Compare then gives the package's rows", async () => {
    const page = await env.home({ width: 1280, height: 900 });
    try {
      // The newer rows of 2,000 keys (on the page), then a million keys: the chapter's rows in
      // their workers, then every newer row in the lab's.
      const { host } = await visit(page, "#/compare?keys=2000&newer=all");
      const before = await host.locator('[data-testid="compare-table"]').textContent();
      const labWorkers = { started: 0, running: 0 };
      page.on("worker", (w) => {
        if (!/lab-worker/.test(w.url())) return;
        labWorkers.started++;
        labWorkers.running++;
        w.on("close", () => labWorkers.running--);
      });
      const keys = host.locator('[data-testid="field-keys"]');
      await keys.fill("1000000");
      await keys.press("Enter");
      // The newer rows are being computed: the lab's worker runs and Cancel is shown for it.
      const cancel = host.locator('[data-testid="cancel"]');
      await page.waitForFunction(
        ([el, loading]) =>
          el.shadowRoot.querySelector('[data-testid="status"]').textContent === loading &&
          !el.shadowRoot.querySelector(".run-status").hidden,
        [await host.elementHandle(), en.compare.newerLoading],
        { timeout: 120_000 },
      );
      await until(() => labWorkers.running === 1, "the lab's worker computes the newer rows");
      await cancel.click();
      await page.waitForFunction(
        (el) => el.shadowRoot.querySelector('[data-testid="status"]').textContent.startsWith("Cancelled"),
        await host.elementHandle(),
      );
      assert.equal(await text(host, "status"), en.compare.cancelledKept);
      await until(() => labWorkers.running === 0, "the lab's worker was stopped");
      // No row of the million keys came, nor does one come later: the previous table stays, and
      // nothing is busy.
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(await host.locator('[data-testid="compare-table"]').textContent(), before);
      assert.equal(await host.locator('[data-testid="widget"]').getAttribute("aria-busy"), null);
      assert.ok(await cancel.isHidden());

      // Compare again: the chapter's and the newer rows of the million keys, the package's.
      await host.locator('[data-testid="run"]').click();
      await page.waitForFunction(
        (el) => !el.shadowRoot.querySelector('[data-testid="status"]').textContent.startsWith("Cancelled"),
        await host.elementHandle(),
      );
      await settled(host, { timeout: 240_000 });
      const rows = await shownRows(host);
      const want = assertNewerRows(rows, { keys: 1_000_000, newer: "all" }, en);
      assert.equal(rows.length, 6 + want.length);
      assert.equal(labWorkers.started, 2, "a second lab worker computed them");
      await page.assertClean();
    } finally {
      await page.close();
    }
  });
});
