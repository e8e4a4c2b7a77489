// The lab's page (#/lab): its table is the module's answer (ringlab/lab, itself held to `ringlab lab
// --json`), row for row; its CSV download is `ringlab lab --csv`'s bytes and its JSON download the
// module's figures; the parameters live in the address and come back from it; the page in Bengali
// shows no English; a run in progress is cancelled by terminating its worker. Small runs only.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "ringlab/lab";
import {
  BENGALI_DIGIT,
  KEPT_IN_ENGLISH,
  box,
  cliOutput,
  evaluateOne,
  inspect,
  newPage,
  rows,
  screenshot,
  settled,
  text,
  usePlayground,
} from "./helpers.mjs";

const env = usePlayground();
const lab = await load();
const small = { buckets: 20, keysPerBucket: 5, seed: 3 };
const smallHash = `#/lab?buckets=${small.buckets}&keys=${small.keysPerBucket}&seed=${small.seed}`;
// Bengali digits back to Latin, grouping commas dropped: what a number reads as.
const latin = (s) => s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/(\d),(?=\d)/g, "$1");
const fromDataUrl = (href) => decodeURIComponent(href.slice(href.indexOf(",") + 1));

/** Presses Run and waits for the run's table and the end of the run. */
async function run(host) {
  await host.locator('[data-testid="run"]').click();
  await host.locator('[data-testid="lab-table"]').waitFor();
  await settled(host);
}

test("#/lab: the table is the module's answer; CSV and JSON downloads are its figures", async () => {
  const { page, host } = await env.open(smallHash, { width: 1280, height: 900 });
  // Nothing runs before Run is pressed.
  assert.equal(await host.locator('[data-testid="lab-table"]').count(), 0);
  assert.equal(await host.locator('[data-testid="field-buckets"]').inputValue(), "20");
  await run(host);
  const want = lab.run(small);
  const shown = await rows(host, "lab-table");
  assert.equal(shown.length, want.rows.length);
  const num = (cell) => Number(latin(cell));
  for (const [i, row] of want.rows.entries()) {
    const cells = shown[i];
    assert.ok(cells[0].length > 0, row.algorithm);
    assert.ok(row.balance, `${row.algorithm} runs in full at this size`);
    assert.deepEqual(
      cells.slice(3, 7).map(num),
      [row.balance.minPct, row.balance.maxPct, row.balance.var, row.balance.noBucket],
      row.algorithm,
    );
    const steps = row.work.reduce((s, w) => s + w.total, 0) / row.workLookups;
    assert.equal(cells[7], steps.toFixed(3), `${row.algorithm}: steps a lookup`);
    const m10 = row.monotonicity.find((m) => m.fraction === 0.1);
    assert.deepEqual(
      cells.slice(8, 10).map((c) => (c === "—" ? null : num(c))),
      m10 ? [m10.keysMovedFromOtherNodes, m10.keysRelocatedAfterResize] : [null, null],
      row.algorithm,
    );
    assert.equal(num(cells[10]), row.bytesPerBucket, `${row.algorithm}: bytes a bucket`);
  }
  const summary = await text(host, "summary");
  assert.match(summary, /20 buckets, 100 keys/);

  const csv = fromDataUrl(await host.locator('[data-testid="export-csv"]').getAttribute("href"));
  assert.equal(csv, want.csv);
  assert.equal(
    csv,
    cliOutput(["lab", "--buckets", "20", "--keys-per-bucket", "5", "--seed", "3", "--csv"]),
    "ringlab lab --csv's bytes",
  );
  const json = JSON.parse(fromDataUrl(await host.locator('[data-testid="export-json"]').getAttribute("href")));
  const { csv: _csv, ...figures } = want;
  assert.deepEqual(json, JSON.parse(JSON.stringify(figures)));

  // The removal histories' chart: its table holds the chosen metric at each share removed.
  const removed = await evaluateOne(host.locator('[data-testid="chart-removed"] table'), (t) =>
    [...t.querySelectorAll("tbody tr")].map((r) => [...r.cells].map((c) => c.textContent)),
  );
  const withRandom = want.rows.filter((r) => r.histories.some((x) => x.order === "random"));
  assert.equal(removed.length, withRandom.length);
  for (const [i, row] of withRandom.entries()) {
    const at = (share) => row.histories.find((x) => x.order === "random" && x.removed === share).balance.maxPct;
    assert.deepEqual(removed[i].slice(1).map(num), [row.balance.maxPct, at(0.1), at(0.5), at(0.9)], row.algorithm);
  }
  await screenshot(page, "lab-en-1280.png", { fullPage: true });
  const clean = await page.evaluate(inspect);
  assert.deepEqual([clean.overflow, clean.clipped], [[], []]);
  await page.assertClean("#/lab");
  await page.close();
});

test("#/lab: the parameters live in the address and come back from it", async () => {
  const { page, host } = await env.open(smallHash, { width: 1280, height: 900 });
  await run(host);
  const field = host.locator('[data-testid="field-buckets"]');
  await field.fill("30");
  await field.dispatchEvent("change");
  await host.locator('[data-testid="metric"]').selectOption("var");
  await host.locator('[data-testid="order"]').selectOption("lifo");
  await page.waitForFunction(() => location.hash.includes("buckets=30") && location.hash.includes("order=lifo"));
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#\/lab\?/);
  assert.match(hash, /metric=var/);
  await page.close();
  const again = await env.open(hash, { width: 1280, height: 900 });
  const h = again.host;
  assert.equal(await h.locator('[data-testid="field-buckets"]').inputValue(), "30");
  assert.equal(await h.locator('[data-testid="field-keys"]').inputValue(), "5");
  assert.equal(await h.locator('[data-testid="metric"]').inputValue(), "var");
  assert.equal(await h.locator('[data-testid="order"]').inputValue(), "lifo");
  await run(h);
  assert.match(await text(h, "summary"), /30 buckets, 150 keys/);
  await again.page.close();
});

test("#/lab in Bengali: Bengali digits and words, no English left; at 390 px nothing overflows", async () => {
  for (const [lang, width] of [
    ["bn", 1280],
    ["bn", 390],
    ["en", 390],
  ]) {
    const { page, host } = await env.open(`${smallHash}${lang === "bn" ? "&lang=bn" : ""}`, { width, height: 900 });
    await run(host);
    const summary = await text(host, "summary");
    if (lang === "bn") {
      assert.match(summary, BENGALI_DIGIT);
      assert.match(await text(host, "title"), /ল্যাব/);
    }
    await screenshot(page, `lab-${lang}-${width}.png`, { fullPage: true });
    const seen = await page.evaluate(inspect);
    assert.deepEqual([seen.overflow, seen.clipped], [[], []], `${lang} at ${width} px`);
    if (lang === "bn") {
      const english = seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase()));
      assert.deepEqual(english, [], `English on the Bengali page at ${width} px`);
    }
    await page.assertClean(`#/lab (${lang}, ${width} px)`);
    await page.close();
  }
});

test("#/lab: a bad parameter shows the core's error in place, in the page's language", async () => {
  for (const lang of ["en", "bn"]) {
    const { page, host } = await env.open(`#/lab?buckets=0${lang === "bn" ? "&lang=bn" : ""}`);
    await host.locator('[data-testid="run"]').click();
    await page.waitForFunction(
      (el) => el.shadowRoot.querySelector('[data-testid="widget"]').getAttribute("data-error") !== null,
      await host.elementHandle(),
    );
    assert.equal(await box(host).getAttribute("data-error"), "out_of_range");
    const error = await text(host, "error");
    if (lang === "en") assert.match(error, /buckets must be between 1 and 1000000, got 0/);
    else assert.match(error, BENGALI_DIGIT);
    await page.close();
  }
});

test("#/lab: Cancel terminates the worker and says so; the previous table stays", async () => {
  const page = await newPage(env.browser.context, { width: 1280, height: 900 });
  // Counts the workers the page terminates.
  await page.addInitScript(() => {
    const terminate = Worker.prototype.terminate;
    window.__terminated = 0;
    Worker.prototype.terminate = function () {
      window.__terminated++;
      return terminate.call(this);
    };
  });
  await page.goto(env.url(smallHash));
  const host = page.locator('[data-testid="widget-host"]');
  await settled(host);
  await run(host);
  const before = await rows(host, "lab-table");
  const field = host.locator('[data-testid="field-buckets"]');
  await field.fill("20000");
  await field.dispatchEvent("change");
  const terminatedBefore = await page.evaluate(() => window.__terminated);
  await host.locator('[data-testid="run"]').click();
  // The first algorithm's row is complete: progress by algorithm.
  await page.waitForFunction(
    (el) => /of \d+ algorithms/.test(el.shadowRoot.querySelector('[data-testid="status"]').textContent),
    await host.elementHandle(),
    { timeout: 120_000 },
  );
  await host.locator('[data-testid="cancel"]').click();
  await settled(host);
  assert.match(await text(host, "status"), /Cancelled: the worker was stopped/);
  assert.equal(await page.evaluate(() => window.__terminated), terminatedBefore + 1);
  assert.deepEqual(await rows(host, "lab-table"), before);
  await page.assertClean("#/lab, cancelled");
  await page.close();
});
