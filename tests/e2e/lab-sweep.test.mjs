// The lab page's Sweep button (#/lab): a sweep over n = 10 … 10^6 in the worker, cancelled midway,
// its progress by n and algorithm, what it finished plotted and each n's figures the package's lab
// at that n, the run's keys per bucket and seed; after it the page runs and sweeps again. One key
// a bucket, the least the page takes, and cancelled before n = 10^6, whose run takes minutes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "ringlab/lab";
import { evaluateOne, newPage, rows, screenshot, settled, text, usePlayground } from "./helpers.mjs";

const env = usePlayground();
const lab = await load();
const seed = 4;
const hash = `#/lab?buckets=10&keys=1&seed=${seed}`;
const ns = [10, 100, 1000, 10000, 100000, 1000000];
const latin = (s) => s.replace(/(\d),(?=\d)/g, "$1");

/** The page with its Worker.terminate counted, the run of `hash` done. */
async function openCounting(viewport) {
  const page = await newPage(env.browser.context, viewport);
  await page.addInitScript(() => {
    const terminate = Worker.prototype.terminate;
    window.__terminated = 0;
    Worker.prototype.terminate = function () {
      window.__terminated++;
      return terminate.call(this);
    };
  });
  await page.goto(env.url(hash));
  const host = page.locator('[data-testid="widget-host"]');
  await settled(host);
  await host.locator('[data-testid="run"]').click();
  await host.locator('[data-testid="lab-table"]').waitFor();
  await settled(host);
  return { page, host };
}

/** The status line's text, polled in the page until `re` matches it; returns it. */
async function statusMatching(host, re, timeout) {
  const handle = await host.elementHandle();
  await host
    .page()
    .waitForFunction(
      ([el, source]) =>
        new RegExp(source).test(el.shadowRoot.querySelector('[data-testid="status"]')?.textContent ?? ""),
      [handle, re.source],
      { timeout },
    );
  return text(host, "status");
}

test("#/lab: a sweep cancelled midway stops its worker; the page runs and sweeps again", async () => {
  const { page, host } = await openCounting({ width: 1280, height: 900 });
  const before = await rows(host, "lab-table");
  const terminated = () => page.evaluate(() => window.__terminated);
  const terminatedBefore = await terminated();
  await host.locator('[data-testid="sweep"]').click();
  // Cancelled once n = 1,000 or a later n is under way: n = 10 and 100 are done.
  const status = await statusMatching(host, /^Sweep, n = (1,000|10,000|100,000|1,000,000): /, 120_000);
  // Progress by n and algorithm, the bar at the rows done of that n; Sweep off and Cancel on.
  assert.match(status, /^Sweep, n = [\d,]+: .+ done, \d+ of \d+ algorithms\.$/);
  const [value, max] = await evaluateOne(host.locator('[data-testid="progress"]'), (p) => [p.value, p.max]);
  assert.ok(max > 10 && value >= 1 && value <= max, `progress ${value} of ${max}`);
  assert.equal(await host.locator('[data-testid="sweep"]').isDisabled(), true);
  assert.equal(await host.locator('[data-testid="cancel"]').isDisabled(), false);
  await host.locator('[data-testid="cancel"]').click();
  await settled(host);
  assert.match(await text(host, "status"), /^Sweep cancelled: the worker was stopped\.$/);
  assert.equal(await terminated(), terminatedBefore + 1);
  // The run's table stays; what the sweep finished is plotted, the rest is not.
  assert.deepEqual(await rows(host, "lab-table"), before);
  const done = await host
    .locator('[data-testid="chart-n"] table thead th')
    .evaluateAll((ths) => ths.slice(1).map((th) => Number(th.textContent.replace(/,/g, ""))));
  assert.deepEqual(done, ns.slice(0, done.length));
  assert.ok(done.length >= 2 && done.length < ns.length, `${done}`);
  // The x axis's labels, one a decade: each its n, or none where the decades are too close for
  // every label (uPlot then labels every k-th), never another number.
  const xLabels = (await host.locator('[data-testid="chart-n"] .plot').getAttribute("data-x-labels")).split("|");
  assert.equal(xLabels.length, done.length);
  assert.equal(xLabels.at(-1), `${done.at(-1).toLocaleString("en-US")}`);
  for (const [i, label] of xLabels.entries())
    if (label !== "") assert.equal(Number(latin(label)), done[i], `${xLabels}`);
  // Each finished n's column is the metric (Max%) of the package's lab at that n, K = 1 and the seed.
  const table = await rows(host, "chart-n");
  for (const [j, n] of done.entries()) {
    const want = lab.run({ buckets: n, keysPerBucket: 1, seed }).rows.map((r) => r.balance?.maxPct ?? null);
    assert.equal(table.length, want.length, `n = ${n}: a row per algorithm`);
    const shown = table.map((cells) => (cells[j + 1] === "" ? null : Number(latin(cells[j + 1]))));
    assert.deepEqual(shown, want, `n = ${n}`);
  }
  await screenshot(page, "lab-sweep-cancelled-en-1280.png", { fullPage: true });

  // Usable again: a run at another n, then a sweep that starts afresh.
  const field = host.locator('[data-testid="field-buckets"]');
  await field.fill("30");
  await field.dispatchEvent("change");
  await host.locator('[data-testid="run"]').click();
  await host
    .page()
    .waitForFunction(
      (el) => /^30 buckets, 30 keys/.test(el.shadowRoot.querySelector('[data-testid="summary"]')?.textContent ?? ""),
      await host.elementHandle(),
      { timeout: 120_000 },
    );
  await settled(host);
  assert.equal(await text(host, "status"), "");
  assert.equal(await host.locator('[data-testid="sweep"]').isDisabled(), false);
  const terminatedAfterRun = await terminated();
  await host.locator('[data-testid="sweep"]').click();
  await statusMatching(host, /^Sweep, n = /, 60_000);
  await host.locator('[data-testid="cancel"]').click();
  await settled(host);
  assert.equal(await terminated(), terminatedAfterRun + 1);
  await page.assertClean("#/lab, sweep cancelled");
  await page.close();
});
