// A learner with a keyboard and a screen reader: the skip link moves the focus to the content
// and leaves the page, its step and its language as they were; Tab reaches the stepper; the arrow
// keys walk it to the last step; each step is announced with its position ("ধাপ ২ / ৮: …"); Play
// gives a step the time its narration takes to say, and waits while the focus is on it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { box, newPage, settled, stepOf, text, usePlayground, waitStep } from "./helpers.mjs";

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
      reached = await host.evaluate((el) => el.shadowRoot?.activeElement?.getAttribute("data-testid") === "widget");
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
  const page = await newPage(env.browser.context, { width: 1280, height: 900 });
  await page.goto(env.url("#/ring?lang=bn"));
  const host = page.locator('[data-testid="widget-host"]');
  await settled(host);
  const words = (await text(host, "narration")).split(/\s+/).length;
  const expected = Math.min(15000, Math.max(1600, words * 330));
  const t0 = Date.now();
  await host.locator('[data-testid="play"]').click();
  await waitStep(host, 1);
  const took = Date.now() - t0;
  assert.ok(took >= expected - 50, `step 1 came after ${took} ms, the narration's ${words} words need ${expected}`);
  // The focus on the narration holds Play on its step.
  await host.locator('[data-testid="narration"]').focus();
  const held = (await stepOf(host)).step;
  await page.waitForTimeout(
    Math.min(15000, Math.max(1600, (await text(host, "narration")).split(/\s+/).length * 330)) + 700,
  );
  assert.equal((await stepOf(host)).step, held, "Play waits while the narration has the focus");
  await box(host).focus();
  await waitStep(host, held + 1);
  await host.locator('[data-testid="play"]').click();
  await page.assertClean();
  await page.close();
});
