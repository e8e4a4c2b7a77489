// A bar chart over servers names every server: with more servers than its box has room for, the
// plot keeps a name's room per bar and scrolls sideways (a focusable, named region), instead of
// drawing every second name only. The names drawn on the canvas are the plot's data-x-labels.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertAccessible, evaluateOne, usePlayground } from "./helpers.mjs";

const env = usePlayground();

for (const width of [1280, 390])
  test(`the load chart over 60 servers names all 60 at ${width} px, and the page does not overflow`, async () => {
    const { page, host } = await env.open("#/vnode-sweep?servers=60&keys=60000", { width, height: 900 });
    const chart = host.locator('[data-testid="chart-load"]');
    const plot = chart.locator(".plot");
    await page.waitForFunction((el) => (el.dataset.xLabels ?? "").split("|").length === 60, await plot.elementHandle());
    const labels = (await plot.getAttribute("data-x-labels")).split("|");
    assert.deepEqual(
      labels,
      Array.from({ length: 60 }, (_, i) => `S${i}`),
    );
    const scroller = chart.locator(".chart-scroll");
    const scrolls = await evaluateOne(scroller, (el) => el.scrollWidth > el.clientWidth + 1);
    if (scrolls) {
      assert.equal(await scroller.getAttribute("tabindex"), "0");
      assert.ok((await scroller.getAttribute("aria-label"))?.length > 0);
    }
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      "the page itself does not scroll sideways",
    );
    await assertAccessible(page, `vnode-sweep, 60 servers, ${width} px`);
    await page.close();
  });
