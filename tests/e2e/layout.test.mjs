// Every playground page as a reader sees it: each route of web/playground/main.ts at 1280 and
// 390 px, in English and Bengali, screenshotted (test-results/screenshots/layout-*.png) and
// checked for what a screenshot hides from a quick look —
//  - no result out of sight: no table or chart container (.table-wrap, .chart, .plot, an svg's
//    box) in a widget, nor the page itself, wider than its box (scrollWidth ≤ clientWidth + 1);
//  - no text clipped: no element that hides its overflow holds text wider than itself, and no
//    label of a chart falls outside its svg (the "l00%" of a cut-off axis);
//  - the widget and the page have a title; at 390 px, the page is no wider than 360 px either;
//  - no console error;
//  - on the Bengali page, no English word that is not one of the chapter's technical terms;
//  - no accessibility violation axe-core finds, of any impact: as the page opens (an experiment or
//    compare after its first run), and for a stepper again after one step (→). The home page too.
// All on one page, each widget reached by the hash as a link goes (visit()): loading the
// playground again for each would cost Chromium about five times the CPU; the other files load it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  KEPT_IN_ENGLISH,
  assertAccessible,
  box,
  inspect,
  root,
  screenshot,
  text,
  usePlayground,
  visit,
  waitStep,
} from "./helpers.mjs";

const env = usePlayground();

// The routes, as the playground defines them.
const routeIds = [
  ...readFileSync(path.join(root, "web", "playground", "main.ts"), "utf8")
    .split("const routes")[1]
    .split("];")[0]
    .matchAll(/\{ id: "([^"]+)"/g),
].map((m) => m[1]);

for (const id of routeIds) {
  for (const lang of ["en", "bn"]) {
    for (const width of [1280, 390]) {
      test(`#/${id} in ${lang} at ${width} px: nothing overflows or is clipped, no console error${
        lang === "bn" ? ", no untranslated English" : ""
      }, no accessibility violation`, async () => {
        const page = await env.shared();
        const { host } = await visit(page, `#/${id}${lang === "bn" ? "?lang=bn" : ""}`, { width, height: 900 });
        await page.evaluate(() => document.fonts.ready);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        assert.ok((await text(host, "title")).length > 0, `#/${id}: the widget has a title`);
        assert.ok((await page.locator('[data-testid="page-title"]').textContent()).length > 0, `#/${id}: a page title`);
        await screenshot(page, `layout-${id}-${lang}-${width}.png`, { fullPage: true });
        const found = await page.evaluate(inspect);
        const problems = [...found.overflow.map((o) => `overflow: ${o}`), ...found.clipped.map((c) => `clipped: ${c}`)];
        if (lang === "bn") {
          for (const [word, at] of found.latin)
            if (!KEPT_IN_ENGLISH.has(word.toLowerCase())) problems.push(`English "${word}" in ${at}`);
        }
        const logged = await page.problems();
        problems.push(...logged.map((p) => `console: ${p}`));
        assert.deepEqual(problems, [], `#/${id} (${lang}, ${width} px):\n${problems.join("\n")}`);
        // The narrowest phones in use are 360 px wide: at that width too, the page never scrolls sideways.
        if (width === 390) {
          await page.setViewportSize({ width: 360, height: 900 });
          const wide = await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => done(document.documentElement.scrollWidth))),
          );
          assert.ok(wide <= 360, `#/${id} (${lang}): the page is ${wide} px wide at 360 px`);
          await page.setViewportSize({ width, height: 900 });
        }
        await assertAccessible(page, `#/${id} (${lang}, ${width} px)`);
        // A stepper's first step draws what its start does not (a moved column, a probe, a walk).
        if ((await box(host).getAttribute("data-steps")) !== null) {
          await box(host).press("ArrowRight");
          await waitStep(host, 1);
          await assertAccessible(page, `#/${id} (${lang}, ${width} px) after one step`);
        }
        await page.assertClean(`#/${id} (${lang}, ${width} px)`);
      });
    }
  }
}

for (const lang of ["en", "bn"]) {
  for (const width of [1280, 390]) {
    test(`the home page in ${lang} at ${width} px: no accessibility violation`, async () => {
      const page = await env.shared({ width, height: 900 });
      await page.evaluate((h) => (location.hash = h), lang === "bn" ? "#/?lang=bn" : "#/");
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.locator('[data-testid="home-list"]').waitFor();
      await assertAccessible(page, `home (${lang}, ${width} px)`);
      await page.assertClean(`home (${lang}, ${width} px)`);
    });
  }
}

test("the routes read from main.ts are the pages the playground lists", async () => {
  const page = await env.shared();
  await page.evaluate(() => (location.hash = "#/"));
  await page.locator('[data-testid="home-list"]').waitFor();
  const listed = await page
    .locator('[data-testid^="nav-"]')
    .evaluateAll((links) => links.map((a) => a.dataset.testid.slice(4)));
  assert.deepEqual([...new Set(listed)].sort(), [...routeIds].sort());
});
