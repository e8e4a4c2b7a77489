// The docs page (dist/docs, built by web/docs/build.mjs) served with the widgets bundle under a
// deep sub-path and the strict CSP an embedding page would use: both languages load cleanly,
// every widget is documented and renders live, each snippet is exactly the live element, and
// each attribute table matches the element's own attributes and defaults, and axe-core finds no
// accessibility violation on either page (nor on the English one at a phone's width).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  BENGALI_DIGIT,
  SUB,
  assertAccessible,
  assertBuilt,
  distDir,
  evaluateOne,
  launch,
  newPage,
  screenshot,
  serve,
  settled,
} from "./helpers.mjs";

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";

let server;
let browser;

before(async () => {
  assertBuilt("docs/index.html", "docs/bn.html", "widgets/ringlab-widgets.js");
  server = await serve({ [SUB]: distDir }, { "content-security-policy": CSP });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a docs page and waits for every live example to settle. */
async function open(file, viewport) {
  const page = await newPage(browser.context, viewport);
  await page.goto(`${server.origin}${SUB}docs/${file}`);
  const { examples, n } = await settleAll(page);
  return { page, examples, n };
}

// Every live example on the page finished: its module loaded (the claims widget's worker fetches
// its .wasm only once it starts, which can be after the network has gone quiet) and its result
// shown. Leaving a page before that aborts its requests, which assertClean counts as failures.
async function settleAll(page) {
  const examples = page.locator('[data-testid="example"] > *');
  const n = await examples.count();
  for (let i = 0; i < n; i++) await settled(examples.nth(i));
  return { examples, n };
}

for (const [file, lang] of [
  ["index.html", "en"],
  ["bn.html", "bn"],
]) {
  describe(`docs/${file}`, () => {
    let page;
    let count;

    before(async () => {
      ({ page, n: count } = await open(file));
    });
    after(() => page?.close());

    test("loads with no console error or CSP violation; every widget renders live", async () => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      // Every element the bundle defines has a section with a live example.
      const tags = await page.evaluate(async () =>
        Object.keys((await import("../widgets/ringlab-widgets.js")).elements),
      );
      const documented = await page.locator("section.widget").evaluateAll((s) => s.map((x) => x.dataset.tag));
      assert.deepEqual([...documented].sort(), [...tags].sort());
      assert.equal(count, tags.length);
      for (const tag of tags) {
        const rendered = await evaluateOne(
          page.locator(`#${tag} [data-testid="example"] > ${tag}`),
          (el) => el.shadowRoot?.querySelector('[data-testid="title"]')?.textContent ?? "",
        );
        assert.ok(rendered.length > 0, `${tag} rendered its title`);
      }
      await screenshot(page, `docs-${lang}-1280.png`, { fullPage: true });
      await page.assertClean(file);
    });

    test("axe-core finds no accessibility violation, every example rendered", async () => {
      await assertAccessible(page, `docs/${file}`);
      await page.assertClean(file);
    });

    test("each snippet is the live element, attribute for attribute", async () => {
      const pairs = await page.locator("section.widget").evaluateAll((sections) =>
        sections.map((s) => {
          const live = s.querySelector('[data-testid="example"] > *');
          const t = document.createElement("template");
          t.innerHTML = s.querySelector('[data-testid="snippet"]').textContent;
          const shown = t.content.firstElementChild;
          const attrs = (el) => [el.localName, ...[...el.attributes].map((a) => `${a.name}=${a.value}`).sort()];
          return { tag: s.dataset.tag, live: attrs(live), shown: attrs(shown), extra: t.content.childElementCount };
        }),
      );
      for (const p of pairs) {
        assert.deepEqual(p.shown, p.live, p.tag);
        assert.equal(p.extra, 1, `${p.tag}: the snippet is one element`);
      }
    });

    test("each attribute table lists exactly the element's attributes, with their defaults", async () => {
      const tables = await page.locator("section.widget").evaluateAll((sections) =>
        sections.map((s) => {
          const spec = customElements.get(s.dataset.tag).spec;
          return {
            tag: s.dataset.tag,
            documented: [...s.querySelectorAll("tr[data-attr]")].map((r) => [r.dataset.attr, r.dataset.default]),
            // A parameter a link may carry packed has that attribute too (the cluster's zkeys).
            actual: Object.entries(spec).flatMap(([k, codec]) => [
              [k, codec.format(codec.def)],
              ...(codec.packed ? [[codec.packed.param, ""]] : []),
            ]),
          };
        }),
      );
      for (const t of tables) assert.deepEqual(Object.fromEntries(t.documented), Object.fromEntries(t.actual), t.tag);
    });

    if (lang === "bn") {
      test("in Bengali, the widgets number in Bengali digits", async () => {
        const counters = await page.locator('[data-testid="example"] [data-testid="step-counter"]').allTextContents();
        assert.ok(counters.length >= 11, `${counters.length} steppers`);
        for (const c of counters) assert.match(c, /^ধাপ [০-৯]+ \/ [০-৯]+$/);
        const status = await page.locator('#ringlab-experiment [data-testid="status"]').textContent();
        assert.match(status, BENGALI_DIGIT);
      });
    }

    test("the language link leads to the other page, and Copy copies or selects a snippet", async () => {
      const other = lang === "en" ? "bn" : "en";
      const link = page.locator('[data-testid="other-language"]');
      assert.equal(await link.getAttribute("hreflang"), other);
      // Where a click goes: the link's address, resolved as the browser resolves it, is the other
      // page, served, in the other language. That page's widgets are loaded and checked by its
      // own tests above; following the link would only load them all over again.
      const target = await evaluateOne(link, (a) => a.href);
      assert.equal(target, `${server.origin}${SUB}docs/${other === "bn" ? "bn" : "index"}.html`);
      const served = await page.evaluate(async (href) => {
        const r = await fetch(href);
        const doc = new DOMParser().parseFromString(await r.text(), "text/html");
        return { status: r.status, lang: doc.documentElement.lang };
      }, target);
      assert.deepEqual(served, { status: 200, lang: other });
      const copy = page.locator('[data-testid="copy-snippet"]').first();
      const label = await copy.textContent();
      await copy.click();
      await page.waitForFunction(
        ([button, before]) =>
          button.textContent !== before || (document.getSelection()?.toString() ?? "").includes("ringlab-widgets.js"),
        [await copy.elementHandle(), label],
      );
      await page.assertClean(file);
    });
  });
}

describe("docs at 360 px", () => {
  test("the English page fits a phone's width", async () => {
    const { page } = await open("index.html", { width: 360, height: 800 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 360, `the page is ${wide} px wide`);
    await screenshot(page, "docs-en-360.png", { fullPage: true });
    await assertAccessible(page, "docs at 360 px");
    await page.assertClean("docs at 360 px");
    await page.close();
  });
});
