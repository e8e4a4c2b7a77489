// Every playground page as a reader sees it: each route of web/playground/main.ts at 1280 and
// 390 px, in English and Bengali, screenshotted (test-results/screenshots/layout-*.png) and
// checked for what a screenshot hides from a quick look —
//  - no result out of sight: no table or chart container (.table-wrap, .chart, .plot, an svg's
//    box) in a widget, nor the page itself, wider than its box (scrollWidth ≤ clientWidth + 1);
//  - no text clipped: no element that hides its overflow holds text wider than itself, and no
//    label of a chart falls outside its svg (the "l00%" of a cut-off axis);
//  - no console error;
//  - on the Bengali page, no English word that is not one of the chapter's technical terms;
//  - no accessibility violation axe-core finds, of any impact: as the page opens (an experiment or
//    compare after its first run), and for a stepper again after one step (→). The home page too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { SUB, assertAccessible, box, newPage, root, screenshot, settled, usePlayground, waitStep } from "./helpers.mjs";

const env = usePlayground();

// The routes, as the playground defines them.
const routeIds = [
  ...readFileSync(path.join(root, "web", "playground", "main.ts"), "utf8")
    .split("const routes")[1]
    .split("];")[0]
    .matchAll(/\{ id: "([^"]+)"/g),
].map((m) => m[1]);

// The words the Bengali pages keep in English, as the chapter writes them: its technical terms,
// the algorithms' and systems' names, the published programs and their flags, the keys on the
// keyboard, units, a few identifiers and the words of the chapter's keys (user:42). Anything else
// in Latin letters is an untranslated word.
const KEPT_IN_ENGLISH = new Set(
  `key keys hash hashes hashing token tokens ring rings virtual node nodes vnode vnodes server
  consistent mod modulo lookup stepper seed binary search preference list array bucket buckets
  backend backends table tables slot slots offset skip permutation prime score scores weight weights
  rendezvous hrw jump maglev bounded load loads epsilon hot client clients membership zone zones rf
  zipf hit ratio cache stampede database db miss misses walk arc arcs loop ln
  ring-vs-mod vnode-sweep hrw-jump vs sweep
  ringlab webassembly wasm module url link cli npm javascript json csv
  home end ctrl shift tab enter esc
  md murmur murmur2 murmur3 xxhash fnv crc ketama libketama memcached nginx redis kafka cassandra
  guava erlang elixir envoy malachi phash2 farmhash jenkins upstream cluster partition partitions
  algorithm algorithms traffic software package byte bytes ascii unicode utf flag flags
  replication factor bit bits id term terms atom tuple charlist string user
  up down page sd max min mean ms px kb log memory`
    .split(/\s+/)
    .filter(Boolean),
);

/** In the page: what overflows, what is clipped, and (for Bengali) the Latin words shown. */
function inspect() {
  const roots = [document];
  const walk = (r) => {
    for (const el of r.querySelectorAll("*"))
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        walk(el.shadowRoot);
      }
  };
  walk(document);
  const where = (el) => {
    const id = el.getAttribute("data-testid");
    const cls = el.getAttribute("class");
    const host = el.getRootNode().host;
    return `${host ? `${host.localName} > ` : ""}${el.localName}${id ? `[data-testid="${id}"]` : ""}${
      cls && typeof cls === "string" ? `.${cls.trim().split(/\s+/).join(".")}` : ""
    }`;
  };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const overflow = [];
  const clipped = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) overflow.push(`the page: ${doc.scrollWidth} > ${doc.clientWidth}`);
  for (const r of roots.slice(1)) {
    for (const el of r.querySelectorAll(".table-wrap, .chart, .plot, :has(> svg)")) {
      if (!shown(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1) overflow.push(`${where(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  for (const r of roots) {
    for (const el of r.querySelectorAll("*")) {
      if (el instanceof SVGElement || !shown(el)) continue;
      const s = getComputedStyle(el);
      if (s.overflowX !== "hidden" && s.overflowX !== "clip") continue;
      // A box of a pixel or less is text kept for screen readers only, hidden on purpose.
      if (el.clientWidth <= 1) continue;
      // A text cut with an ellipsis on purpose, whose whole is its (or its cell's) title, can
      // still be read.
      if (s.textOverflow === "ellipsis" && el.closest("[title]")?.getAttribute("title") === el.textContent) continue;
      if (el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? "").trim() !== "")
        clipped.push(`${where(el)}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
    }
    // A chart's labels: inside the box that clips them — the svg's own, or with overflow
    // visible, the nearest box around it that hides its overflow.
    for (const svg of r.querySelectorAll("svg")) {
      if (!shown(svg)) continue;
      let clip = svg;
      while (clip && getComputedStyle(clip).overflow === "visible")
        clip = clip.parentElement ?? clip.getRootNode().host ?? null;
      if (!clip || clip === document.documentElement || clip === document.body) continue;
      const b = clip.getBoundingClientRect();
      const sx = clip === svg ? 0 : clip.scrollLeft;
      for (const t of svg.querySelectorAll("text")) {
        const a = t.getBoundingClientRect();
        if (a.width === 0 || (t.textContent ?? "").trim() === "") continue;
        const right = clip === svg ? b.right : b.left + clip.scrollWidth - sx;
        if (a.left < b.left - sx - 1 || a.right > right + 1 || a.top < b.top - 1 || a.bottom > b.bottom + 1)
          clipped.push(
            `${where(svg)} text "${t.textContent.trim()}" outside ${clip === svg ? "its svg" : where(clip)}`,
          );
      }
    }
  }
  // Visible text, without what is English on purpose: code, program output, the module's own
  // message where a widget marks it lang="en", and the language menu's own names.
  const latin = new Map();
  const skip = (el) => {
    for (let e = el; e; e = e.parentElement ?? e.getRootNode().host) {
      if (e.matches?.('code, pre, kbd, script, style, select, [lang="en"], [data-testid="output"]')) return true;
    }
    return false;
  };
  for (const r of roots) {
    const texts = [];
    const tw = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
    for (let n = tw.nextNode(); n; n = tw.nextNode()) {
      const el = n.parentElement;
      if (!el || !shown(el) || skip(el)) continue;
      texts.push([el, n.textContent ?? ""]);
    }
    for (const el of r.querySelectorAll("input[placeholder], textarea[placeholder]"))
      if (shown(el) && !skip(el)) texts.push([el, el.getAttribute("placeholder") ?? ""]);
    // What a screen reader says of a control or a region is in the page's language too.
    for (const el of r.querySelectorAll("[aria-label], [aria-roledescription], [title], [alt]")) {
      if (skip(el)) continue;
      for (const a of ["aria-label", "aria-roledescription", "title", "alt"]) {
        const v = el.getAttribute(a);
        // A title that repeats the element's own text (a long key, cut short on screen) is data.
        if (v && v.trim() !== (el.textContent ?? "").trim()) texts.push([el, v]);
      }
    }
    for (const [el, t] of texts) {
      // Flags (--keys) and identifiers with digits (S3, k6, h32) are the program's own spelling.
      const words = t.replace(/--[\w-]+/g, " ").match(/(?<![\w])[A-Za-z][A-Za-z'’]+(?![\w])/g) ?? [];
      for (const w of words) if (!latin.has(w)) latin.set(w, where(el));
    }
  }
  return { overflow, clipped, latin: [...latin] };
}

for (const id of routeIds) {
  for (const lang of ["en", "bn"]) {
    for (const width of [1280, 390]) {
      test(`#/${id} in ${lang} at ${width} px: nothing overflows or is clipped, no console error${
        lang === "bn" ? ", no untranslated English" : ""
      }, no accessibility violation`, async () => {
        const page = await newPage(env.browser.context, { width, height: 900 });
        await page.goto(`${env.server.origin}${SUB}#/${id}${lang === "bn" ? "?lang=bn" : ""}`);
        const host = page.locator('[data-testid="widget-host"]');
        await settled(host);
        await page.evaluate(() => document.fonts.ready);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
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
        await assertAccessible(page, `#/${id} (${lang}, ${width} px)`);
        // A stepper's first step draws what its start does not (a moved column, a probe, a walk).
        if ((await box(host).getAttribute("data-steps")) !== null) {
          await box(host).focus();
          await box(host).press("ArrowRight");
          await waitStep(host, 1);
          await assertAccessible(page, `#/${id} (${lang}, ${width} px) after one step`);
        }
        await page.assertClean(`#/${id} (${lang}, ${width} px)`);
        await page.close();
      });
    }
  }
}

for (const lang of ["en", "bn"]) {
  for (const width of [1280, 390]) {
    test(`the home page in ${lang} at ${width} px: no accessibility violation`, async () => {
      const page = await newPage(env.browser.context, { width, height: 900 });
      await page.goto(`${env.server.origin}${SUB}${lang === "bn" ? "#/?lang=bn" : ""}`);
      await page.locator('[data-testid="home-list"]').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      await assertAccessible(page, `home (${lang}, ${width} px)`);
      await page.assertClean(`home (${lang}, ${width} px)`);
      await page.close();
    });
  }
}

test("the routes read from main.ts are the pages the playground lists", async () => {
  const page = await newPage(env.browser.context);
  await page.goto(`${env.server.origin}${SUB}`);
  await page.locator('[data-testid="home-list"]').waitFor();
  const listed = await page
    .locator('[data-testid^="nav-"]')
    .evaluateAll((links) => links.map((a) => a.dataset.testid.slice(4)));
  assert.deepEqual([...new Set(listed)].sort(), [...routeIds].sort());
  await page.close();
});
