// A learner with a keyboard and a screen reader: the skip link moves the focus to the content
// and leaves the page, its step and its language as they were; Tab reaches the stepper; the arrow
// keys walk it to the last step; each step is announced with its position ("ধাপ ২ / ৮: …"); Play
// gives a step the time its narration takes to say, and waits while the focus is on it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { box, evaluateOne, launch, newPage, settled, stepOf, text, usePlayground, waitStep } from "./helpers.mjs";

const env = usePlayground();
const bengali = (n) => String(n).replace(/[0-9]/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]);

for (const [route, lang] of [
  ["ring", "bn"],
  ["rendezvous", "en"],
]) {
  test(`#/${route}?lang=${lang} by keyboard alone: from the skip link to the last step`, async () => {
    const page = await newPage(env.browser.context, { width: 1280, height: 900 });
    await page.goto(env.url(`#/${route}?step=1&lang=${lang}`));
    const host = page.locator('[data-testid="widget-host"]');
    await settled(host);
    const address = page.url();

    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "skip-link");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "page", "the content has the focus");
    assert.equal(page.url(), address, "the skip link keeps the page and its state");
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal((await stepOf(host)).step, 1);

    // Tab, and nothing else, reaches the stepper.
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await evaluateOne(host, (el) => el.shadowRoot?.activeElement?.getAttribute("data-testid") === "widget");
    }
    assert.ok(reached, "Tab reaches the stepper");

    const { steps } = await stepOf(host);
    assert.ok(steps >= 3);
    for (let i = 1; i < steps - 1; i++) {
      await page.keyboard.press("ArrowRight");
      await waitStep(host, i + 1);
      const n = i + 2;
      const position = lang === "bn" ? `ধাপ ${bengali(n)} / ${bengali(steps)}` : `Step ${n} of ${steps}`;
      assert.equal(await text(host, "announce"), `${position}: ${await text(host, "narration")}`);
      assert.equal(await text(host, "step-counter"), position);
    }
    // The live region is the one that speaks, once: the narration itself is not live.
    assert.equal(await host.locator('[data-testid="announce"]').getAttribute("aria-live"), "polite");
    assert.equal(await host.locator('[data-testid="narration"]').getAttribute("aria-live"), null);
    await page.keyboard.press("ArrowRight");
    assert.equal((await stepOf(host)).step, steps - 1, "the last step stays the last");
    await page.assertClean();
    await page.close();
  });
}

test("Play gives each step its narration's time, and waits while the focus is on the narration", async () => {
  // The page's timers run on Playwright's clock, in a context of this test's own: time stands
  // still until the test moves it, so Play's delay is checked to the millisecond, and the test
  // waits for no real time (a busy machine makes it neither pass nor fail).
  const own = await launch();
  try {
    await own.context.clock.install();
    const page = await newPage(own.context, { width: 1280, height: 900 });
    await page.goto(env.url("#/ring?lang=bn"));
    const host = page.locator('[data-testid="widget-host"]');
    await settled(host);
    const delay = async () => {
      const words = (await text(host, "narration")).split(/\s+/).length;
      return Math.min(15000, Math.max(1600, words * 330));
    };
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const expected = await delay();
    await host.locator('[data-testid="play"]').click();
    await page.clock.runFor(expected - 1);
    assert.equal((await stepOf(host)).step, 0, `1 ms before the narration's ${expected} ms, Play is still on step 0`);
    await page.clock.runFor(1);
    await waitStep(host, 1);
    // The focus on the narration holds Play on its step, for as long as it stays there.
    await host.locator('[data-testid="narration"]').focus();
    const held = (await stepOf(host)).step;
    await page.clock.runFor((await delay()) + 700);
    assert.equal((await stepOf(host)).step, held, "Play waits while the narration has the focus");
    // Once the focus leaves, the next look (every 500 ms) moves on.
    await box(host).focus();
    await page.clock.runFor(500);
    await waitStep(host, held + 1);
    await host.locator('[data-testid="play"]').click();
    await page.assertClean();
    await page.close();
  } finally {
    await own.close();
  }
});
