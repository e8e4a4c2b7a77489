// The three published programs in the built playground: for the flags of every golden case the
// <pre> holds exactly the golden text (tests/golden/experiments), whether the flags come from a
// fresh page's URL, from the URL changing under the page, or from the flag inputs and Run. A run
// of millions of keys goes to the Web Worker, shows its progress, can be cancelled, and ends
// with the CLI's text.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  SUB,
  box,
  cliOutput,
  evaluateOne,
  golden,
  goldenCases,
  newPage,
  outputText,
  rows,
  settled,
  text,
  usePlayground,
} from "./helpers.mjs";
import { widgetCatalogue } from "../js/helpers.mjs";

const env = usePlayground();
const en = await widgetCatalogue("en");

const cases = goldenCases();
const hashOf = (c) => `#/${c.experiment}${Object.keys(c.flags).length ? `?${new URLSearchParams(c.flags)}` : ""}`;

/** Waits until the widget is `experiment` with exactly `flags` (the URL reached it) and shows its run. */
async function waitFor(host, experiment, flags, timeout = 60_000) {
  await host.page().waitForFunction(
    ([el, name, want]) => {
      const have = { ...el.params };
      delete have.name;
      const same =
        el.state.name === name &&
        JSON.stringify(Object.entries(have).sort()) === JSON.stringify(Object.entries(want).sort());
      const b = el.shadowRoot?.querySelector('[data-testid="widget"]');
      const out = el.shadowRoot?.querySelector('[data-testid="result"]');
      return same && b && !b.hasAttribute("aria-busy") && out && out.style.opacity === "" && !out.hidden;
    },
    [await host.elementHandle(), experiment, flags],
    { timeout },
  );
}

describe("golden output", () => {
  // Two flag sets per program from a freshly loaded URL: the published defaults and one with
  // awkward numbers (toFixed ties, undefined counts, non-integer averages).
  const picks = {
    "ring-vs-mod": ["ring-vs-mod__default", "ring-vs-mod__keys-800-tofixed-tie"],
    "vnode-sweep": ["vnode-sweep__default", "vnode-sweep__keys-1000-servers-3-avg"],
    "hrw-jump": ["hrw-jump__default", "hrw-jump__keys-5-undefined"],
  };
  for (const [experiment, names] of Object.entries(picks)) {
    test(`${experiment}: a fresh page at the URL of ${names.join(" and ")}`, async () => {
      for (const name of names) {
        const c = cases.find((x) => x.name === name);
        assert.ok(c, `${name} is in cases.tsv`);
        const page = await newPage(env.browser.context);
        await page.goto(`${env.server.origin}${SUB}${hashOf(c)}`);
        const host = page.locator('[data-testid="widget-host"]');
        await settled(host);
        assert.equal(await outputText(host), golden(name), name);
        // The flag inputs show the flags in force.
        for (const [flag, value] of Object.entries(c.flags))
          assert.equal(await host.locator(`[data-testid="flag-${flag}"]`).inputValue(), value);
        await page.assertClean(name);
        await page.close();
      }
    });
  }

  test("flags typed into the inputs and Run give the golden text, and the URL follows", async () => {
    const page = await newPage(env.browser.context);
    for (const name of [
      "ring-vs-mod__parity-seed7-k5000-s9-v50",
      "vnode-sweep__parity-s7-k7000-v1-2-3",
      "hrw-jump__parity-k20000-s12-b333",
    ]) {
      const c = cases.find((x) => x.name === name);
      await page.goto(`${env.server.origin}${SUB}#/${c.experiment}`);
      const host = page.locator('[data-testid="widget-host"]');
      await settled(host);
      for (const [flag, value] of Object.entries(c.flags))
        await host.locator(`[data-testid="flag-${flag}"]`).fill(value);
      await host.locator('[data-testid="run"]').click();
      await waitFor(host, c.experiment, c.flags);
      assert.equal(await outputText(host), golden(name), name);
      // The URL carries the flags (and not the page's own name).
      const [route, query = ""] = new URL(page.url()).hash.split("?");
      assert.equal(route, `#/${c.experiment}`);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(query)), c.flags);
    }
    await page.assertClean();
    await page.close();
  });

  test(`all ${cases.length} golden cases, the URL changing under one page`, { timeout: 300_000 }, async () => {
    const page = await newPage(env.browser.context);
    let current = "";
    for (const c of cases) {
      if (c.experiment !== current) {
        current = c.experiment;
        await page.goto(`${env.server.origin}${SUB}#/${c.experiment}`);
      }
      const host = page.locator('[data-testid="widget-host"]');
      await host.waitFor({ state: "attached" });
      await page.evaluate((h) => (location.hash = h), hashOf(c));
      await waitFor(host, c.experiment, c.flags);
      assert.equal(await outputText(host), golden(c.name), c.name);
    }
    await page.assertClean();
    await page.close();
  });
});

describe("a run of millions of keys", () => {
  test(
    "vnode-sweep --keys 3000000 runs in the worker with progress, and prints what the CLI prints",
    { timeout: 180_000 },
    async () => {
      const keys = "3000000";
      const expected = cliOutput(["run", "vnode-sweep", "--keys", keys]);
      const page = await newPage(env.browser.context);
      await page.goto(`${env.server.origin}${SUB}#/vnode-sweep`);
      const host = page.locator('[data-testid="widget-host"]');
      await settled(host);
      // Every change of the progress bar and of its box, as the page sees them.
      await evaluateOne(host, (el) => {
        const progress = el.shadowRoot.querySelector('[data-testid="progress"]');
        const shown = () => !progress.parentElement.hidden;
        window.__progress = [];
        new MutationObserver(() =>
          window.__progress.push({ value: progress.value, max: progress.max, shown: shown() }),
        ).observe(progress, { attributes: true });
        new MutationObserver(() => window.__progress.push({ box: shown() })).observe(progress.parentElement, {
          attributes: true,
        });
      });
      const requestsBefore = env.server.requests.length;
      await host.locator('[data-testid="flag-keys"]').fill(keys);
      await host.locator('[data-testid="run"]').click();
      await waitFor(host, "vnode-sweep", { keys }, 150_000);
      const log = await page.evaluate(() => window.__progress);
      assert.ok(
        log.some((x) => x.box === true),
        "the progress box was shown",
      );
      assert.equal(log.at(-1).box ?? log.findLast((x) => "box" in x).box, false, "and hidden at the end");
      const values = log.filter((x) => "value" in x && x.shown && x.max > 1);
      assert.ok(
        values.some((x) => x.value > 0 && x.value < x.max),
        `an intermediate value: ${JSON.stringify(log)}`,
      );
      for (let i = 1; i < values.length; i++) assert.ok(values[i].value >= values[i - 1].value, "progress only grows");
      assert.ok(
        env.server.requests.slice(requestsBefore).some((u) => /parallel-worker.*\.js$/.test(u)),
        "the worker script was loaded",
      );
      assert.match(await text(host, "status"), /^Ran in [\d,]+ ms in background workers\.$/);
      assert.equal(await outputText(host), expected);
      await page.assertClean();
      await page.close();
    },
  );

  test("Cancel stops a long run; Run starts again", { timeout: 180_000 }, async () => {
    const page = await newPage(env.browser.context);
    await page.goto(`${env.server.origin}${SUB}#/vnode-sweep?keys=50000000`);
    const host = page.locator('[data-testid="widget-host"]');
    await evaluateOne(host, (el) => el.ready);
    const cancel = host.locator('[data-testid="cancel"]');
    await cancel.waitFor({ state: "visible" });
    await cancel.click();
    await page.waitForFunction(
      (el) => el.shadowRoot.querySelector('[data-testid="status"]').textContent.startsWith("Cancelled"),
      await host.elementHandle(),
    );
    // And it stays cancelled: no new run starts by itself.
    await page.waitForTimeout(1500);
    assert.equal(await text(host, "status"), "Cancelled. Press Run to start again.");
    assert.ok(await host.locator('[data-testid="result"]').isHidden(), "no output for a cancelled run");
    assert.ok(await host.locator('[data-testid="progress"]').isHidden(), "no progress after Cancel");
    assert.equal(await box(host).getAttribute("aria-busy"), null);
    // Run again with fewer keys (still in the worker).
    await host.locator('[data-testid="flag-keys"]').fill("1000000");
    await host.locator('[data-testid="run"]').click();
    await waitFor(host, "vnode-sweep", { keys: "1000000" }, 120_000);
    assert.equal(await outputText(host), cliOutput(["run", "vnode-sweep", "--keys", "1000000"]));
    await page.assertClean();
    await page.close();
  });
});

describe("compare, in the worker", () => {
  test(
    "Cancel stops a 10M-key comparison; Run with 1M keys gives the CLI's numbers",
    { timeout: 180_000 },
    async () => {
      const page = await newPage(env.browser.context);
      await page.goto(`${env.server.origin}${SUB}#/compare?keys=10000000`);
      const host = page.locator('[data-testid="widget-host"]');
      await evaluateOne(host, (el) => el.ready);
      const cancel = host.locator('[data-testid="cancel"]');
      await cancel.waitFor({ state: "visible" });
      await cancel.click();
      await page.waitForTimeout(1500);
      assert.equal(await text(host, "status"), "Cancelled. Press Compare to start again.");
      assert.ok(await host.locator('[data-testid="progress"]').isHidden(), "no progress after Cancel");
      assert.equal(await box(host).getAttribute("aria-busy"), null);
      // Every worker the run started has ended, and none started since.
      assert.deepEqual(
        page.workers().map((w) => w.url()),
        [],
        "no worker running after Cancel",
      );

      await host.locator('[data-testid="field-keys"]').fill("1000000");
      await host.locator('[data-testid="run"]').click();
      await page.waitForFunction((el) => el.getAttribute("keys") === "1000000", await host.elementHandle());
      await settled(host, { timeout: 150_000 });
      const table = await rows(host, "compare-table");
      // The CLI's table: algorithm, moved, to new, between, max/mean, sd/mean (the same module, natively).
      const cli = cliOutput(["compare", "--keys", "1000000"])
        .trim()
        .split("\n")
        .slice(1)
        .map((l) => l.trim().split(/\s+/).slice(0, 6))
        // The page spells the algorithms as its catalogue does (the CLI prints their ids).
        .map(([id, ...rest]) => [en.algorithms[id], ...rest]);
      assert.deepEqual(
        table.map((r) => r.slice(0, 6)),
        cli,
      );
      await page.assertClean();
      await page.close();
    },
  );
});
