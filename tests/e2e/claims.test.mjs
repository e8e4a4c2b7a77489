// The chapter's claims on the page: every figure the claims page shows is the CLI's (`ringlab
// claims --json`), in English and in Bengali; the printed outputs side by side with their byte
// comparison; each claim's link opens the page that shows it, set up; and <ringlab-claim id> on a
// course page of its own, from the widgets bundle.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import {
  BENGALI_DIGIT,
  box,
  cliOutput,
  distDir,
  evaluateOne,
  newPage,
  screenshot,
  serve,
  settled,
  text,
  usePlayground,
} from "./helpers.mjs";

const env = usePlayground();
const cli = JSON.parse(cliOutput(["claims", "--json"]));
const isOutput = (c) => c.chapter.value === null && c.chapter.figure.includes("\n");
// Bengali digits back to Latin, grouping commas dropped: what a number reads as.
const latin = (s) => s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/(\d),(?=\d)/g, "$1");

/** Every card of a claims widget: id, verdict, and its shown texts. */
async function cards(host) {
  return host.locator('[data-testid="claim"]').evaluateAll((els) =>
    els.map((el) => {
      const t = (id) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
      return {
        id: el.getAttribute("data-claim"),
        verdictAttr: el.getAttribute("data-verdict"),
        verdict: t("verdict"),
        claim: t("claim-text"),
        chapter: t("chapter"),
        ringlab: t("ringlab"),
        detail: t("detail"),
        tolerance: t("tolerance"),
        scenario: el.querySelector('[data-testid="scenario"] code')?.textContent ?? null,
        scenarioText: t("scenario"),
        measured: t("measured"),
        bases: [...el.querySelectorAll('[data-testid="basis"]')].map((b) => b.getAttribute("data-basis")),
        rows: [...el.querySelectorAll(".claim-figures > div")].map((d) => d.getAttribute("data-row")),
        bytes: t("bytes"),
        href: el.querySelector('[data-testid="live"]')?.getAttribute("href") ?? null,
      };
    }),
  );
}

/**
 * A command line is shown as the command, in any language; any other scenario (the core's API
 * calls, theory.modNKeptFraction(4, 5)) as a sentence in the page's language, with no code in it.
 */
function assertScenario(s, c) {
  if (c.ringlab.scenario.startsWith("ringlab ")) {
    assert.equal(s.scenario, c.ringlab.scenario, c.id);
    return;
  }
  assert.equal(s.scenario, null, `${c.id}: no code in "${s.scenarioText}"`);
  assert.doesNotMatch(s.scenarioText, /[A-Za-z]\(|\.[a-z]+[A-Z(]|\|/, `${c.id}: ${s.scenarioText}`);
}

/** A double's every digit on the page (16.199999999999985), in either digit set. */
const FLOAT_ARTIFACT = /\d\.\d{5,}/;

test("#/claims in English: every figure is the CLI's, every verdict too", async () => {
  assert.ok(cli.length >= 14);
  const { page, host } = await env.open("#/claims", { width: 1280, height: 900 });
  const shown = await cards(host);
  assert.deepEqual(
    shown.map((c) => c.id),
    cli.map((c) => c.id),
  );
  for (const [i, c] of cli.entries()) {
    const s = shown[i];
    assert.equal(s.verdictAttr, c.verdict, c.id);
    assert.match(s.verdict, { match: /matches/, within: /within its tolerance/, differs: /differs/ }[c.verdict]);
    assert.equal(s.claim, c.claim, c.id);
    assert.equal(s.chapter, c.chapter.figure, c.id);
    assert.equal(s.ringlab, c.ringlab.figure, c.id);
    assert.equal(s.detail, c.ringlab.detail === "" ? null : c.ringlab.detail, c.id);
    assert.ok(s.tolerance.endsWith(c.tolerance.reason), c.id);
    assertScenario(s, c);
    assert.ok(s.href?.startsWith("#/"), `${c.id} links to its page`);
    if (isOutput(c)) assert.equal(s.bytes, `Byte for byte the same: ${Buffer.byteLength(c.chapter.figure)} bytes.`);
    else assert.equal(s.bytes, null);
  }
  const differs = cli.filter((c) => c.verdict === "differs").length;
  assert.equal(
    await text(host, "summary"),
    `${cli.length} claims, each computed now: ${cli.filter((c) => c.verdict === "match").length} match, ` +
      `${cli.filter((c) => c.verdict === "within").length} are within their tolerance, ${differs === 0 ? "none differs" : `${differs} differ`}.`,
  );
  await screenshot(page, "claims-en-1280.png");
  await page.assertClean();
  await page.close();
});

test("#/claims in Bengali: the same numbers in Bengali digits, the outputs as the programs print them", async () => {
  const { page, host } = await env.open("#/claims?lang=bn", { width: 390, height: 900 });
  const shown = await cards(host);
  assert.deepEqual(
    shown.map((c) => c.id),
    cli.map((c) => c.id),
  );
  for (const [i, c] of cli.entries()) {
    const s = shown[i];
    assert.equal(s.verdictAttr, c.verdict, c.id);
    assert.match(s.verdict, { match: /মেলে/, within: /সহনসীমার মধ্যে/, differs: /মেলে না/ }[c.verdict]);
    assertScenario(s, c);
    if (isOutput(c)) {
      // The programs' own output, byte for byte, in both languages.
      assert.equal(s.chapter, c.chapter.figure, c.id);
      assert.equal(s.ringlab, c.ringlab.figure, c.id);
      assert.match(s.bytes, BENGALI_DIGIT);
      continue;
    }
    // A number is in Bengali digits, a zero said in words ("একটিও key সরেনি"); a statement may
    // hold a formula, which the chapter writes with Latin digits (1/(N + 1)).
    if (c.ringlab.value !== null) {
      if (!(c.ringlab.value === 0 && /একটিও/.test(s.ringlab))) assert.match(s.ringlab, BENGALI_DIGIT, c.id);
      assert.doesNotMatch(s.ringlab.replace(/\b[A-Z]\d+\b/g, ""), /[0-9]/, `${c.id}: Latin digits in ${s.ringlab}`);
    }
    // Each number of the CLI's figure is in the Bengali one.
    for (const n of c.ringlab.figure.match(/\d+(?:\.\d+)?/g) ?? []) {
      if (n === "0" && /একটিও/.test(s.ringlab)) continue;
      assert.ok(latin(s.ringlab).includes(n), `${c.id}: ${n} (of "${c.ringlab.figure}") in "${s.ringlab}"`);
    }
    assert.ok(s.href?.includes("lang=bn"), `${c.id}: the link keeps the language`);
  }
  await screenshot(page, "claims-bn-390.png");
  await page.assertClean();
  await page.close();
});

test("each claim's link opens its page, set up and without an error", async () => {
  const { page, host } = await env.open("#/claims", { width: 1280, height: 900 });
  const hrefs = [...new Set((await cards(host)).map((c) => c.href))];
  await page.assertClean("#/claims");
  // Each link as a link goes: by the hash, on the same page; a fresh widget each time (visit).
  for (const href of hrefs) {
    await env.visit(page, href, undefined, { timeout: 120_000 });
    await page.assertClean(href);
  }
  await page.close();
  assert.ok(hrefs.length >= 9);
});

test("the Maglev and bounded-load claims' pages show the claims' own numbers", async () => {
  const maglev = cli.find((c) => c.id === "maglev-m-over-n");
  const claims = await env.open("#/claims");
  const href = (await cards(claims.host)).find((c) => c.id === maglev.id).href;
  const { page, host } = await env.visit(claims.page, href);
  const shown = (await box(host).textContent()) ?? "";
  assert.ok(shown.includes("65537") || shown.includes("65,537"), "the table of 65,537 slots");
  for (const n of [maglev.ringlab.values.least, maglev.ringlab.values.most])
    assert.ok(shown.includes(String(n)) || shown.includes(n.toLocaleString("en-US")), `${n} entries`);
  await page.close();
});

const tmp = mkdtempSync(path.join(tmpdir(), "ringlab-claim-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

test("<ringlab-claim id> on a course page: the claim beside its paragraph, in its language; a wrong id is a named error", async () => {
  writeFileSync(
    path.join(tmp, "index.html"),
    `<!doctype html><html lang="bn"><head><meta charset="utf-8"><title>ring</title>
<script type="module" src="/widgets/ringlab-widgets.js"></script></head><body>
<p>Ring সরায় ২১.৯%।</p>
<ringlab-claim id="ring-moves-21.9" playground="https://example.org/playground/"></ringlab-claim>
<div lang="en"><ringlab-claim id="hrw-jump-output"></ringlab-claim></div>
<div lang="en"><ringlab-claim id="no-such-claim"></ringlab-claim></div>
<div lang="en"><ringlab-claim id="jump-moves-8.8"></ringlab-claim></div>
<div lang="en"><ringlab-claim id="mod-n-measured" playground=""></ringlab-claim></div>
</body></html>`,
  );
  const server = await serve({ "/widgets/": path.join(distDir, "widgets"), "/": tmp });
  try {
    const page = await newPage(env.browser.context, { width: 1280, height: 900 });
    await page.goto(`${server.origin}/`);
    const bn = page.locator("#ring-moves-21\\.9");
    await settled(bn);
    const ring = cli.find((c) => c.id === "ring-moves-21.9");
    assert.equal(latin(await text(bn, "ringlab")), "21.9%");
    assert.equal(await box(bn).getAttribute("data-error"), null);
    assert.equal(
      await bn.locator('[data-testid="live"]').getAttribute("href"),
      "https://example.org/playground/#/ring-vs-mod?lang=bn",
    );
    assert.equal(await bn.locator('[data-testid="claim"]').getAttribute("data-verdict"), ring.verdict);

    const out = page.locator("#hrw-jump-output");
    await settled(out);
    const hrw = cli.find((c) => c.id === "hrw-jump-output");
    assert.equal(await out.locator('[data-testid="ringlab"]').textContent(), hrw.ringlab.figure);
    assert.equal(await out.locator('[data-testid="chapter"]').textContent(), hrw.chapter.figure);
    assert.equal(await text(out, "bytes"), `Byte for byte the same: ${Buffer.byteLength(hrw.chapter.figure)} bytes.`);

    // No playground address: a course page has no playground of its own, so no link that goes
    // nowhere; playground="" links within the page, as the playground's own pages do.
    const unlinked = page.locator("#jump-moves-8\\.8");
    await settled(unlinked);
    assert.equal(await unlinked.locator('[data-testid="claim"]').count(), 1);
    assert.equal(await unlinked.locator('[data-testid="live"]').count(), 0);
    const here = page.locator("#mod-n-measured");
    await settled(here);
    assert.equal(await here.locator('[data-testid="live"]').getAttribute("href"), "#/ring-vs-mod");

    const wrong = page.locator("#no-such-claim");
    await settled(wrong, { allowError: true });
    assert.equal(await box(wrong).getAttribute("data-error"), "invalid_argument");
    assert.match(await text(wrong, "error"), /unknown claim "no-such-claim": use mod-n-six-keys, /);
    await page.assertClean();
    await page.close();
  } finally {
    await server.close();
  }
});

test("#/claims reads as the chapter does: no double's every digit, each figure tagged measured or formula, the measurement first", async () => {
  for (const [hash, measuredV1] of [
    ["#/claims", "V=1 84.7%"],
    ["#/claims?lang=bn", "V = ১-এ ৮৪.৭%"],
  ]) {
    const { page, host } = await env.open(hash, { width: 390, height: 900 });
    const all = latin((await box(host).textContent()) ?? "");
    assert.doesNotMatch(all, FLOAT_ARTIFACT, `${hash}: ${all.match(FLOAT_ARTIFACT)?.[0]}`);
    const shown = await cards(host);
    for (const s of shown) {
      if (isOutput(cli.find((c) => c.id === s.id))) continue;
      // The chapter's figure (unless it states no number) and ringlab's are each tagged.
      assert.ok(
        s.bases.length >= 1 && s.bases.every((b) => b === "measured" || b === "formula"),
        `${s.id}: ${s.bases}`,
      );
    }
    // The chapter's V = 1 figure is a formula (90 %); the published program measures 84.7 %,
    // which comes first, tagged measured; the formula's value follows.
    const sd = shown.find((s) => s.id === "sd-formula-n10");
    assert.deepEqual(sd.rows, ["chapter", "measured", "ringlab"]);
    assert.deepEqual(sd.bases, ["formula", "measured", "formula"]);
    assert.ok(sd.measured.startsWith(measuredV1), `${hash}: ${sd.measured}`);
    const eighty = shown.find((s) => s.id === "mod-n-moves-80");
    assert.equal(latin(eighty.measured), "80.1%");
    // A figure that is a measurement has no second row.
    assert.deepEqual(shown.find((s) => s.id === "ring-moves-21.9").bases, ["measured", "measured"]);
    await page.close();
  }
});

test("#/claims is grouped by section, with a choice of section that the address keeps", async () => {
  const { page, host } = await env.open("#/claims?lang=bn", { width: 390, height: 900 });
  const sections = [...new Set(cli.map((c) => c.section))];
  const groups = host.locator('[data-testid="claims-section"]');
  assert.deepEqual(await groups.evaluateAll((els) => els.map((e) => e.getAttribute("data-section"))), sections);
  for (const [i, sec] of sections.entries()) {
    const ids = await groups
      .nth(i)
      .locator('[data-testid="claim"]')
      .evaluateAll((els) => els.map((e) => e.dataset.claim));
    assert.deepEqual(
      ids,
      cli.filter((c) => c.section === sec).map((c) => c.id),
      sec,
    );
  }
  // A phone shows the sections to open, each with its count, not 32 cards one under another.
  assert.deepEqual(
    await groups.evaluateAll((els) => els.map((e) => e.open)),
    sections.map(() => false),
  );
  const folded = await page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(folded < 3000, `the folded catalogue is ${folded} px tall`);
  assert.match(await groups.first().locator(":scope > summary").textContent(), /[০-৯]+টি দাবি/);
  await groups.first().locator(":scope > summary").click();
  assert.ok(await groups.first().locator('[data-testid="claim"]').first().isVisible());

  const filter = host.locator('[data-testid="section-filter"]');
  assert.match(await filter.locator("option").first().textContent(), BENGALI_DIGIT);
  await filter.selectOption("4");
  await page.waitForFunction(() => location.hash.includes("section=4"));
  const four = cli.filter((c) => c.section === "§4");
  await host.locator('[data-testid="claim"]').nth(four.length).waitFor({ state: "detached" });
  assert.deepEqual(
    (await cards(host)).map((c) => c.id),
    four.map((c) => c.id),
  );
  // A chosen section is open.
  assert.ok(await host.locator('[data-testid="claim"]').first().isVisible());
  await page.assertClean();
  await page.close();

  // A desktop shows every section open.
  const wide = await env.open("#/claims", { width: 1280, height: 900 });
  const open = await wide.host.locator('[data-testid="claims-section"]').evaluateAll((els) => els.map((e) => e.open));
  assert.deepEqual(
    open,
    sections.map(() => true),
  );
  await wide.page.close();
});

test("a printed output too wide for a phone says that it scrolls; one that fits does not", async () => {
  const { page, host } = await env.open("#/claims?section=4", { width: 390, height: 900 });
  const pres = host.locator('[data-claim="vnode-sweep-output"] pre');
  assert.equal(await pres.count(), 2);
  for (let i = 0; i < 2; i++) {
    const pre = pres.nth(i);
    assert.ok(await evaluateOne(pre, (p) => p.scrollWidth > p.clientWidth), "the table is wider than a phone");
    assert.equal(await pre.getAttribute("data-overflow"), "");
    assert.ok(await pre.locator("xpath=following-sibling::p[1]").isVisible(), "the scroll cue shows");
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction(() =>
    [...document.querySelector('[data-testid="widget-host"]').shadowRoot.querySelectorAll("pre")].every(
      (p) => p.scrollWidth > p.clientWidth || !p.hasAttribute("data-overflow"),
    ),
  );
  const cues = host.locator('[data-claim="vnode-sweep-output"] [data-testid="scroll-cue"]');
  for (let i = 0; i < 2; i++) {
    const pre = pres.nth(i);
    const overflows = await evaluateOne(pre, (p) => p.scrollWidth > p.clientWidth + 1);
    assert.equal(await cues.nth(i).isVisible(), overflows);
  }
  await page.close();
});
