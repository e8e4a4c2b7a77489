// The papers' claims page (#/lab-claims): a card a claim, each the module's claim (ringlab/lab's
// claims(), itself held to `ringlab lab --claims --json`): the paper's figure beside ringlab's, the
// verdict, the figures around it; the seed lives in the address; the page in Bengali writes the
// same numbers in Bengali digits and shows no English but the papers' citations; at 1280 and
// 390 px nothing overflows or is cut off; a bad seed shows the core's error in place.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "ringlab/lab";
import {
  BENGALI_DIGIT,
  KEPT_IN_ENGLISH,
  box,
  inspect,
  newPage,
  screenshot,
  settled,
  text,
  usePlayground,
} from "./helpers.mjs";

const env = usePlayground();
const lab = await load();
// Bengali digits back to Latin, grouping commas dropped: what a number reads as.
const latin = (s) => s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/(\d),(?=\d)/g, "$1");

async function cards(host) {
  return host.locator('[data-testid="lab-claim"]').evaluateAll((els) =>
    els.map((el) => ({
      algorithm: el.getAttribute("data-algorithm"),
      holds: el.getAttribute("data-holds") === "true",
      claim: el.querySelector('[data-testid="claim-text"]').textContent,
      paper: el.querySelector('[data-testid="paper-figure"]').textContent,
      ringlab: el.querySelector('[data-testid="ringlab"]').textContent,
      detail: el.querySelector('[data-testid="detail"]').textContent,
      check: el.querySelector('[data-testid="check"]').textContent,
      cited: el.querySelector('[data-testid="paper"] cite').textContent,
    })),
  );
}

test("#/lab-claims: a card a claim, the module's figures and words, at the seed of the address", async () => {
  for (const seed of [undefined, 5]) {
    const { page, host } = await env.open(`#/lab-claims${seed === undefined ? "" : `?seed=${seed}`}`, {
      width: 1280,
      height: 900,
    });
    const want = lab.claims(seed === undefined ? {} : { seed });
    const shown = await cards(host);
    assert.deepEqual(
      shown,
      want.map((c) => ({
        algorithm: c.algorithm,
        holds: c.holds,
        claim: c.claim,
        paper: c.paperFigure,
        ringlab: c.ringlab,
        detail: c.detail,
        check: `Check: ${c.check}`,
        cited: c.paper,
      })),
    );
    const holding = want.filter((c) => c.holds).length;
    assert.match(await text(host, "summary"), new RegExp(`^${want.length} claims, each computed now: ${holding} hold`));
    if (seed === undefined) assert.equal(await host.locator('[data-testid="field-seed"]').inputValue(), "");
    else assert.equal(await host.locator('[data-testid="field-seed"]').inputValue(), `${seed}`);
    await page.close();
  }
});

test("#/lab-claims in Bengali and English at 1280 and 390 px: the same numbers, no English left, nothing cut off", async () => {
  const want = lab.claims();
  for (const [lang, width] of [
    ["en", 1280],
    ["en", 390],
    ["bn", 1280],
    ["bn", 390],
  ]) {
    const { page, host } = await env.open(`#/lab-claims${lang === "bn" ? "?lang=bn" : ""}`, { width, height: 900 });
    // Every card's "how it is checked" open, so that its words are looked at too.
    await host.locator("details.claim-how").evaluateAll((els) => els.forEach((d) => (d.open = true)));
    const shown = await cards(host);
    assert.equal(shown.length, want.length);
    if (lang === "bn") {
      assert.match(await text(host, "title"), /গবেষণাপত্র/);
      for (const [i, c] of want.entries()) {
        // ringlab's figure is the module's, in Bengali digits.
        assert.match(shown[i].ringlab, BENGALI_DIGIT, c.algorithm);
        const number = latin(shown[i].ringlab).match(/[\d.]+/)[0];
        assert.equal(number, c.ringlab.match(/[\d.]+/)[0], c.algorithm);
        assert.equal(shown[i].cited, c.paper, "the citation is the paper's own");
      }
    }
    await screenshot(page, `lab-claims-${lang}-${width}.png`, { fullPage: true });
    const seen = await page.evaluate(inspect);
    assert.deepEqual([seen.overflow, seen.clipped], [[], []], `${lang} at ${width} px`);
    if (lang === "bn") {
      const english = seen.latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase()));
      assert.deepEqual(english, [], `English on the Bengali page at ${width} px`);
    }
    await page.assertClean(`#/lab-claims (${lang}, ${width} px)`);
    await page.close();
  }
});

test("#/lab-claims: a bad seed shows the core's error in place, in the page's language", async () => {
  for (const lang of ["en", "bn"]) {
    const page = await newPage(env.browser.context, { width: 1280, height: 900 });
    await page.goto(env.url(`#/lab-claims?seed=0.5${lang === "bn" ? "&lang=bn" : ""}`));
    const host = page.locator('[data-testid="widget-host"]');
    await settled(host, { allowError: true });
    await page.waitForFunction(
      (el) => el.shadowRoot.querySelector('[data-testid="widget"]').getAttribute("data-error") !== null,
      await host.elementHandle(),
    );
    assert.equal(await box(host).getAttribute("data-error"), "invalid_argument");
    const error = await text(host, "error");
    if (lang === "en") assert.match(error, /seed must be a safe integer, got 0\.5/);
    else assert.match(error, BENGALI_DIGIT);
    await page.close();
  }
});
