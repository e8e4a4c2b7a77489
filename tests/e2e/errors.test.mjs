// Bad input in the browser: a value the module rejects shows its message in place, the page
// logs no error and stays usable — the same widget then renders a valid state from the URL.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BENGALI_DIGIT, box, golden, outputText, screenshot, settled, text, usePlayground } from "./helpers.mjs";

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
  // The pages' own messages about a drawn ring.
  ["#/search?span=500", /the token of A 930 is outside the ring's positions 0–499/, "#/search", null],
  ["#/membership?changes=-Q", /no server named Q on the ring/, "#/membership", null],
];

for (const [bad, message, good, goldenName] of cases) {
  test(`${bad}: the error shows in place, then ${good} renders`, async () => {
    // Reached as a link on the playground goes (a new widget, built from the address).
    const page = await env.home();
    const { host } = await env.visit(page, bad, undefined, { allowError: true });
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

// The same mistakes on a Bengali page: the message is said in Bengali, by the error's code and
// the parameters of its message, with Bengali digits — no word of the module's English message
// is left, except the chapter's technical terms, which the Bengali pages keep in English.
const KEPT_IN_ENGLISH = new Set(["ring", "key", "keys", "hash", "token", "virtual", "node", "maglev", "table", "m"]);

/**
 * [bad address (English), the Bengali message it must show exactly, or null to check only the
 * words, and the words of the English message that are the reader's own (a server's name)]
 */
const bengaliCases = [
  ["#/hrw-jump?servers=5&remove=7", "ত্রুটি: বাদ দেওয়া সার্ভারের সংখ্যা ০ থেকে ৪-এর মধ্যে হতে হবে; দেওয়া হয়েছে ৭।"],
  ["#/vnode-sweep?servers=0", "ত্রুটি: সার্ভারের সংখ্যা ১ থেকে ১,০০,০০০-এর মধ্যে হতে হবে; দেওয়া হয়েছে ০।"],
  [
    "#/ring-vs-mod?servers=100000&vnodes=1000",
    "ত্রুটি: ring-এ ১০,০০,০১,০০০টি বিন্দু হতো, কিন্তু ring-এ সর্বোচ্চ ১,৬৭,৭৭,২১৬টি বিন্দু ধরে",
  ],
  ["#/maglev?table-size=12", "ত্রুটি: Maglev table-এর আকার M একটি মৌলিক সংখ্যা হতে হবে; দেওয়া হয়েছে ১২।"],
  ["#/compare?servers=20000&vnodes=1000", null],
  ["#/jump?buckets=0", null],
  // The page's own messages name the server, the token and the ring's range, in Bengali digits.
  ["#/search?span=500", "ত্রুটি: A-র token ৯৩০ ring-এর অবস্থান ০–৪৯৯-এর বাইরে", ["a"]],
  ["#/membership?changes=-Q", "ত্রুটি: ring-এ Q নামে কোনো সার্ভার নেই", ["q"]],
];

for (const [bad, bengali, names = []] of bengaliCases) {
  test(`${bad}&lang=bn: the error in Bengali, with Bengali digits and no English word of the message`, async () => {
    const page = await env.home();
    const host = page.locator('[data-testid="widget-host"]');
    const shown = async (hash) => {
      await env.visit(page, hash, undefined, { allowError: true });
      assert.notEqual(await box(host).getAttribute("data-error"), null, `${hash}: the widget shows an error`);
      return text(host, "error");
    };
    const english = await shown(bad);
    const code = await box(host).getAttribute("data-error");
    const shownBn = await shown(`${bad}&lang=bn`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "bn");
    assert.equal(await box(host).getAttribute("data-error"), code, "the same code in both languages");
    if (bengali !== null) assert.equal(shownBn, bengali);
    assert.match(shownBn, /^ত্রুটি: /);
    // Every number of the English message appears in Bengali digits, none in Latin ones.
    if (/\d/.test(english.replace(/^Error: /, ""))) assert.match(shownBn, BENGALI_DIGIT);
    assert.doesNotMatch(shownBn, /[0-9]/, shownBn);
    const words = new Set(
      english
        .replace(/^Error: /, "")
        .toLowerCase()
        .match(/[a-z]+/g) ?? [],
    );
    const left = [...words].filter(
      (w) => !KEPT_IN_ENGLISH.has(w) && !names.includes(w) && new RegExp(`(^|[^a-z])${w}([^a-z]|$)`, "i").test(shownBn),
    );
    assert.deepEqual(left, [], `English words left in "${shownBn}" (from "${english}")`);
    await screenshot(page, `error-bn-${bad.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.png`);
    await page.assertClean(`${bad}&lang=bn`);
    await page.close();
  });
}
