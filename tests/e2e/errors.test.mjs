// Bad input in the browser: a value the module rejects shows its message in place, the page
// logs no error and stays usable — the same widget then renders a valid state from the URL.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SUB, box, golden, newPage, outputText, settled, text, usePlayground } from "./helpers.mjs";

const env = usePlayground();

/** [page and bad params, what the message must say, a valid address for the same page, its golden case or null] */
const cases = [
  [
    "#/vnode-sweep?servers=0",
    /servers must be between 1 and 100000, got 0/,
    "#/vnode-sweep?servers=7&keys=7000&vnodes=1%2C2%2C3",
    "vnode-sweep__parity-s7-k7000-v1-2-3",
  ],
  [
    "#/ring-vs-mod?servers=100000&vnodes=1000",
    /exceeds the ring's cap of 16777216/,
    "#/ring-vs-mod",
    "ring-vs-mod__default",
  ],
  ["#/hrw-jump?servers=3&remove=3", /remove must be between 0 and 2, got 3/, "#/hrw-jump", "hrw-jump__default"],
  // 20,000 servers keep within Maglev's default table, so the ring's cap is what refuses them.
  [
    "#/compare?servers=20000&vnodes=1000",
    /a ring of 20000000 points exceeds the ring's cap of 16777216/,
    "#/compare?keys=1000",
    null,
  ],
  ["#/jump?buckets=0", /buckets/, "#/jump?buckets=10", null],
  ["#/maglev?table-size=12", /prime/, "#/maglev", null],
];

for (const [bad, message, good, goldenName] of cases) {
  test(`${bad}: the error shows in place, then ${good} renders`, async () => {
    const page = await newPage(env.browser.context);
    await page.goto(`${env.server.origin}${SUB}${bad}`);
    const host = page.locator('[data-testid="widget-host"]');
    await settled(host, { allowError: true });
    assert.notEqual(await box(host).getAttribute("data-error"), null, "the widget is marked as showing an error");
    assert.match(await text(host, "error"), message);
    // Still usable: the same page takes a valid state and renders it.
    await page.evaluate((hash) => {
      location.hash = hash;
    }, good);
    await page.waitForFunction(
      (el) => !el.shadowRoot?.querySelector('[data-testid="widget"]')?.hasAttribute("data-error"),
      await host.elementHandle(),
      { timeout: 60_000 },
    );
    await settled(host);
    if (goldenName) assert.equal(await outputText(host), golden(goldenName));
    await page.assertClean(bad);
    await page.close();
  });
}
