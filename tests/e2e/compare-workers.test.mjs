// The compare page at 100 million keys: split across module workers (ringlab/parallel, no shared
// memory, under the playground's CSP), with its progress in the page's language, the module's
// rows at the end (equal to the CLI's), and a cancel that stops every worker and keeps the last
// table.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cliOutput, evaluateOne, newPage, settled, usePlayground } from "./helpers.mjs";

const env = usePlayground();
const percent = new Intl.NumberFormat("en", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const latin = (s) => s.replace(/[০-৯]/g, (d) => String("০১২৩৪৫৬৭৮৯".indexOf(d)));

// The comparison workers a page starts, and those still running.
function watchWorkers(page) {
  const workers = { started: 0, running: 0 };
  page.on("worker", (w) => {
    if (!/ringlab-worker|parallel-worker/.test(w.url())) return;
    workers.started++;
    workers.running++;
    w.on("close", () => workers.running--);
  });
  return workers;
}

const status = (host) => host.locator('[data-testid="status"]');

// The full 100 million keys once, in English; the Bengali page's progress, numerals and rows come
// from the same code at any size, so it runs 20 million, still long enough to be seen in progress.
const runs = [
  { lang: "en", keys: 100_000_000 },
  { lang: "bn", keys: 20_000_000 },
];

describe("compare at 100 million keys in workers", () => {
  for (const { lang, keys } of runs) {
    test(`${lang}, ${keys} keys: progress, every core, and the CLI's rows`, { timeout: 300_000 }, async () => {
      const expected = JSON.parse(cliOutput(["compare", "--keys", String(keys), "--json"]));
      const page = await newPage(env.browser.context, { width: 1280, height: 900 });
      const workers = watchWorkers(page);
      await page.goto(env.url(`#/compare?keys=${keys}&lang=${lang}`));
      const host = page.locator('[data-testid="widget-host"]');
      const progressing =
        lang === "bn" ? /^পেছনের আলাদা থ্রেডগুলোতে তুলনা চলছে: [০-৯]+%$/ : /^Comparing in background workers: \d+%$/;
      await page.waitForFunction(
        (el) => Number(el.shadowRoot?.querySelector('[data-testid="progress"]')?.value) > 0,
        await host.elementHandle(),
        { timeout: 60_000 },
      );
      assert.match((await status(host).textContent()).trim(), progressing);
      await settled(host, { timeout: 240_000 });
      assert.ok(workers.started >= 2, `the run used ${workers.started} workers`);
      const shown = await evaluateOne(host.locator('[data-testid="compare-table"]'), (t) =>
        [...t.querySelectorAll("tbody tr")].map((tr) => ({
          algorithm: tr.getAttribute("data-algorithm"),
          cells: [...tr.children].slice(1, 5).map((td) => td.textContent.trim()),
        })),
      );
      assert.deepEqual(
        shown.map((r) => r.algorithm),
        expected.map((r) => r.algorithm),
      );
      for (const [i, r] of expected.entries()) {
        if (!r.supported) continue;
        const want = [r.moved, r.movedToNew, r.movedBetweenOld, r.movedNeedlessly].map((v) => percent.format(v));
        assert.deepEqual(shown[i].cells.map(latin), want, r.algorithm);
      }
      await page.waitForFunction(() => true);
      assert.equal(workers.running, 0, "every worker ended with the run");
      await page.assertClean();
      await page.close();
    });
  }

  test("cancel stops every worker and keeps the last table", { timeout: 120_000 }, async () => {
    const { page, host } = await env.open("#/compare?keys=200000");
    const before = await host.locator('[data-testid="compare-table"]').textContent();
    const workers = watchWorkers(page);
    const field = host.locator('[data-testid="field-keys"]');
    await field.fill("100000000");
    await field.press("Enter");
    await page.waitForFunction(
      (el) => Number(el.shadowRoot?.querySelector('[data-testid="progress"]')?.value) > 0,
      await host.elementHandle(),
      { timeout: 60_000 },
    );
    // One worker's progress can reach the page before Playwright has told this process of the
    // other worker (its "worker" event): wait for it (the run lasts minutes, so both still run).
    for (let i = 0; i < 50 && workers.running < 2; i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(workers.running >= 2, `${workers.running} workers running`);
    await host.locator('[data-testid="cancel"]').click();
    await page.waitForFunction(
      (el) => el.shadowRoot.querySelector('[data-testid="status"]').textContent.startsWith("Cancelled"),
      await host.elementHandle(),
    );
    assert.equal(
      (await status(host).textContent()).trim(),
      "Cancelled. The table below is the previous comparison's; press Compare to start again.",
    );
    assert.equal(await host.locator('[data-testid="compare-table"]').textContent(), before);
    await page.waitForFunction(() => true);
    for (let i = 0; i < 50 && workers.running > 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(workers.running, 0, "no worker left running");
    await page.assertClean();
    await page.close();
  });
});
