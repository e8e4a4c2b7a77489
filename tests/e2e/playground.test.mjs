// The built playground (dist/playground) served from a deep sub-path, in headless Chromium (that
// every page loads cleanly at each width is tests/e2e/layout.test.mjs's): each stepper steps by keyboard
// through the tutorial's worked examples (docs/algorithms.md#tutorial-examples), a URL restores its step, and
// Bengali pages show Bengali digits.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  BENGALI_DIGIT,
  box,
  golden,
  press,
  rows,
  screenshot,
  settled,
  stepOf,
  text,
  usePlayground,
  waitStep,
} from "./helpers.mjs";

const env = usePlayground();
const { open } = env;
// The steppers' walks and the Bengali pages are not about loading the document: they share one
// page, each test a fresh widget on it (env.visit). Loading an address is "state in the URL"'s.
let shared;
const at = async (hash) => env.visit((shared ??= await env.home()), hash);

describe("steppers by keyboard", () => {
  test("§1 mod-N: 4 → 5 servers moves five of six keys, none to E", async () => {
    const { page, host } = await at("#/modn");
    const { steps } = await stepOf(host);
    assert.equal(steps, 8); // intro, six keys, summary
    for (let i = 1; i < steps; i++) await press(host, i % 2 ? "ArrowRight" : "n", i);
    const table = await rows(host, "owners");
    assert.deepEqual(
      table.map((r) => [r[1], r[2], r[3], r[4]]),
      [
        ["5", "1 B", "0 A", "moved"],
        ["20", "0 A", "0 A", "stayed"],
        ["38", "2 C", "3 D", "moved"],
        ["50", "2 C", "0 A", "moved"],
        ["77", "1 B", "2 C", "moved"],
        ["95", "3 D", "0 A", "moved"],
      ],
    );
    assert.equal(table.filter((r) => r[4] === "moved").length, 5);
    assert.ok(!table.some((r) => r[3].endsWith("E")), "no key goes to E");
    assert.match(await text(host, "narration"), /^5 of 6 keys moved, 0 of them to the new server \(E\)/);
    // At the last step → stays; ← and p go back; Home returns to the start.
    await press(host, "ArrowRight", steps - 1);
    await press(host, "ArrowLeft", steps - 2);
    await press(host, "p", steps - 3);
    await press(host, "Home", 0);
    assert.match(await text(host, "narration"), /^6 keys and 4 servers \(A–D\)/);
    await page.assertClean();
  });

  test("§2 ring over 0–99: 50 → C (equal counts), 95 → A (wrap-around)", async () => {
    const { page, host } = await at("#/ring");
    const owners = {};
    for (let i = 1; i <= 6; i++) {
      await press(host, "ArrowRight", i);
      const now = (await rows(host, "owners"))[i - 1];
      owners[now[1]] = now[2];
      const narration = await text(host, "narration");
      if (now[1] === "50") assert.match(narration, /server C sits exactly there — equal counts, so C is the owner/);
      if (now[1] === "95") assert.match(narration, /wraps past the top to 0 and reaches A at 10/);
    }
    assert.deepEqual(owners, { 5: "A", 20: "B", 38: "C", 50: "C", 77: "D", 95: "A" });
    await press(host, "End", 7);
    assert.deepEqual(
      (await rows(host, "owners")).map((r) => r[3]),
      ["", "", "", "equal: the server itself", "", "wraps past the top"],
    );
    for (let i = 6; i >= 0; i--) await press(host, i % 2 ? "ArrowLeft" : "p", i);
    await page.assertClean();
  });

  test("§3 membership: E joins at 40 (38 C→E), then B leaves (20 B→E)", async () => {
    const { page, host } = await at("#/membership");
    const moved = async () =>
      (await rows(host, "owners")).filter((r) => r[4] === "moved").map((r) => `${r[1]} ${r[2]}→${r[3]}`);
    await press(host, "n", 1);
    assert.match(await text(host, "narration"), /^E joins at 40\. It takes over the arc \(30, 40\], which was C's/);
    await press(host, "n", 2);
    assert.deepEqual(await moved(), ["38 C→E"]);
    await press(host, "n", 3);
    assert.match(await text(host, "narration"), /^B leaves\. Its arc \(10, 30\] passes clockwise to E/);
    await press(host, "n", 4);
    assert.deepEqual(await moved(), ["20 B→E"]);
    assert.match(await text(host, "narration"), /^1 of 6 keys moved: 20 \(B → E\)/);
    await press(host, "Home", 0);
    await press(host, "End", 4);
    await page.assertClean();
  });

  test("§5 binary search: 700 → C in three probes (lo/hi/mid), 950 wraps to A, 450 is C; RF 3 gives C, A, B", async () => {
    const { page, host } = await at("#/search");
    assert.match(await text(host, "narration"), /sorted array of 6 tokens: 105, 290, 450, 610, 845, 930/);
    const probes = [
      ["0", "6", "3", "610", "610 < 700 → go right"],
      ["4", "6", "5", "930", "930 ≥ 700 → go left"],
      ["4", "5", "4", "845", "845 ≥ 700 → go left"],
    ];
    for (let i = 1; i <= 3; i++) {
      await press(host, "ArrowRight", i);
      const [lo, hi, mid] = probes[i - 1];
      assert.match(
        await text(host, "narration"),
        new RegExp(`Looking for 700, step ${i}: lo = ${lo}, hi = ${hi}, mid = ${mid} holds`),
      );
      const table = await rows(host, "probes");
      assert.deepEqual(table[i - 1].slice(1), probes[i - 1]);
    }
    await press(host, "ArrowRight", 4);
    assert.equal(
      await text(host, "narration"),
      "After 3 comparisons: the first token ≥ 700 is 845 at index 4, so C owns 700.",
    );
    // 950: two probes, then past the end → A.
    await press(host, "n", 5);
    await press(host, "n", 6);
    await press(host, "n", 7);
    assert.match(await text(host, "narration"), /no token ≥ 950\. It wraps to point 0, A at 105/);
    for (let i = 8; i <= 11; i++) await press(host, "n", i);
    assert.match(await text(host, "narration"), /450 is C's own token — equal counts, C is the owner/);
    const { steps } = await stepOf(host);
    await press(host, "End", steps - 1);
    assert.equal(await text(host, "preference-list"), "Preference list: C, A, B");
    assert.match(await text(host, "narration"), /preference list for 700 with RF = 3: C, A, B/);
    await press(host, "ArrowLeft", steps - 2);
    await press(host, "Home", 0);
    await page.assertClean();
  });

  test("§6 rendezvous: user:42 → S2 with scores 0.344051, 0.733557, 0.892589, 0.564754", async () => {
    const { page, host } = await at("#/rendezvous");
    const scores = ["0.344051", "0.733557", "0.892589", "0.564754"];
    for (let i = 1; i <= 4; i++) {
      await press(host, "ArrowRight", i);
      assert.equal(await text(host, "narration"), `h32("user:42|S${i - 1}") / 2³² = ${scores[i - 1]}.`);
    }
    await press(host, "ArrowRight", 5);
    const table = await rows(host, "owners");
    assert.deepEqual(
      table.map((r) => [r[0], r[2], r[3]]),
      [
        ["S0", scores[0], "4"],
        ["S1", scores[1], "2"],
        ["S2", scores[2], "1"],
        ["S3", scores[3], "3"],
      ],
    );
    assert.match(await text(host, "narration"), /^S2 has the highest score, so user:42 goes to S2\./);
    await press(host, "p", 4);
    await page.assertClean();
  });

  test("§7 jump: the key lands in the last bucket before it jumps past n, and moves only into new buckets", async () => {
    const { page, host } = await at("#/jump");
    const { steps } = await stepOf(host);
    for (let i = 1; i < steps; i++) await press(host, "ArrowRight", i);
    const jumps = await rows(host, "jumps");
    const last = jumps[jumps.length - 1];
    assert.ok(Number(last[3]) >= 10, `the last jump goes past the 10 buckets: ${last}`);
    for (let k = 1; k < jumps.length; k++)
      assert.equal(jumps[k][1], jumps[k - 1][3], "each jump starts where the previous one landed");
    const growth = await rows(host, "growth");
    assert.equal(growth.length, 11, "the buckets grow to the count after the change, 10 → 11");
    assert.equal(growth[9][1], last[1], "with 10 buckets the key is in its last jump's bucket");
    for (let n = 1; n < growth.length; n++) {
      if (growth[n][1] !== growth[n - 1][1])
        assert.equal(Number(growth[n][1]), n, `growing to ${n + 1} buckets, a key moves only into bucket ${n}`);
    }
    await press(host, "Home", 0);
    await page.assertClean();
  });

  test("§7 Maglev: every slot filled, M/N each, and the lookup reads the table", async () => {
    const { page, host } = await at("#/maglev");
    const { steps } = await stepOf(host);
    assert.equal(steps, 15); // intro, 13 turns, done
    await press(host, "ArrowRight", 1);
    await press(host, "End", steps - 1);
    const backends = await rows(host, "backends");
    const slots = backends.map((r) => Number(r[3]));
    assert.equal(
      slots.reduce((a, b) => a + b, 0),
      13,
    );
    assert.ok(
      slots.every((n) => n === 4 || n === 5),
      `slots per backend: ${slots}`,
    );
    const lookup = await text(host, "lookup");
    const m = /h32\("user:42"\) = (\d+); \1 mod 13 = (\d+), and slot \2 holds (B\d)/.exec(lookup);
    assert.ok(m, lookup);
    assert.equal(Number(m[1]) % 13, Number(m[2]));
    await press(host, "p", steps - 2);
    await page.assertClean();
  });

  test("§7 bounded loads: nobody above ⌈1.25·16/4⌉ = 5 keys", async () => {
    const { page, host } = await at("#/bounded");
    assert.match(await text(host, "narration"), /at most ⌈\(1 \+ ε\)·m\/n⌉ = 5 keys/);
    await press(host, "ArrowRight", 1);
    await press(host, "End", 17);
    const placements = await rows(host, "placements");
    assert.equal(placements.length, 16);
    const load = {};
    for (const [, , placed] of placements) load[placed] = (load[placed] ?? 0) + 1;
    assert.ok(
      Object.values(load).every((n) => n <= 5),
      JSON.stringify(load),
    );
    const away = placements.filter((r) => r[1] !== r[2]);
    assert.ok(
      away.every((r) => Number(r[3]) > 0),
      "a key away from its first choice walked",
    );
    assert.match(
      await text(host, "narration"),
      new RegExp(`^All placed: ${away.length} of 16 keys are away from their first choice`),
    );
    await page.assertClean();
  });

  test("§8 hot key: Zipf traffic overloads one server, more virtual nodes do not help, copies do", async () => {
    const { page, host } = await at("#/hotkey");
    for (let i = 1; i <= 3; i++) await press(host, "n", i);
    const table = await rows(host, "hotkey-table");
    const ratio = (r) => Number(r[6].replace("×", ""));
    const [uniform, zipf, more, copies] = table;
    assert.ok(ratio(zipf) > ratio(uniform), table.join(" | "));
    assert.equal(more[4], zipf[4], "the hottest key gets the same requests with more virtual nodes");
    assert.ok(ratio(more) > 1.5, "more virtual nodes leave a hot server");
    assert.ok(ratio(copies) < ratio(zipf), "copies spread the hot key");
    // k plays (the play button shows it), k again pauses.
    await press(host, "Home", 0);
    const play = host.locator('[data-testid="play"]');
    await press(host, "k");
    await assert.doesNotReject(play.and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 5000 }));
    await press(host, "k");
    await play.and(page.locator('[aria-pressed="false"]')).waitFor({ timeout: 5000 });
    await page.assertClean();
  });

  test("§8 two clients: one key, two places", async () => {
    const { page, host } = await at("#/clients");
    for (let i = 1; i <= 3; i++) await press(host, "ArrowRight", i);
    const [a, b] = await rows(host, "owners");
    assert.equal(a[1], "A, B, C");
    assert.equal(b[1], "A, B, C, D");
    assert.notEqual(a[2], b[2], "the two clients send the key to different servers");
    const m = /disagree on ([\d,]+) \(/.exec(await text(host, "narration"));
    assert.ok(m && Number(m[1].replace(/,/g, "")) > 0);
    await page.assertClean();
  });

  test("§4 virtual nodes: the spread falls with V; weight 2 takes about twice the keys", async () => {
    const { page, host } = await at("#/vnodes");
    const { steps } = await stepOf(host);
    for (let i = 1; i < steps; i++) await press(host, "ArrowRight", i);
    const table = await rows(host, "sweep-table");
    const sd = table.slice(0, -1).map((r) => Number(r[5].replace("%", "")));
    assert.ok(sd[0] > 80 && sd[sd.length - 1] < 5, `sd/mean from V = 1 to V = 1000: ${sd}`);
    const m = /it gets ([\d.]+)% of the keys against about ([\d.]+)%/.exec(await text(host, "narration"));
    assert.ok(m, await text(host, "narration"));
    const ratio = Number(m[1]) / Number(m[2]);
    assert.ok(ratio > 1.7 && ratio < 2.3, `weight 2 gets ${ratio.toFixed(2)}× the keys of weight 1`);
    await press(host, "Home", 0);
    await page.assertClean();
  });
});

describe("state in the URL", () => {
  test("#/search?step=4 restores step 4, and stepping writes the step back into the URL", async () => {
    const { page, host } = await open("#/search?step=4");
    assert.deepEqual(await stepOf(host), { step: 4, steps: 23 });
    assert.equal(
      await text(host, "narration"),
      "After 3 comparisons: the first token ≥ 700 is 845 at index 4, so C owns 700.",
    );
    assert.equal(await text(host, "step-counter"), "Step 5 of 23");
    await press(host, "ArrowRight", 5);
    assert.match(page.url(), /#\/search\?step=5$/);
    // The edited URL (back/forward, a pasted link) moves the same widget.
    await page.evaluate(() => (location.hash = "#/search?step=2"));
    await waitStep(host, 2);
    assert.match(await text(host, "narration"), /^Looking for 700, step 2:/);
    await page.reload();
    await settled(host);
    assert.deepEqual(await stepOf(host), { step: 2, steps: 23 });
    await page.assertClean();
    await page.close();
  });

  test("parameters in the URL: #/ring?servers=…&step=… draws that ring at that step", async () => {
    const { page, host } = await open("#/ring?servers=A:10,B:60&hashes=5,70&step=2");
    assert.deepEqual(await stepOf(host), { step: 2, steps: 4 });
    assert.match(
      await text(host, "narration"),
      /^k2 at 70: no server between 70 and 99, so the walk wraps past the top to 0 and reaches A at 10/,
    );
    await page.assertClean();
    await page.close();
  });
});

describe("Bengali", () => {
  const digits = (s) => (s.match(/[০-৯]/g) ?? []).length;

  test("&lang=bn: steppers number in Bengali digits", async () => {
    // Every number these steps show is the widget's own (no user-typed key in them).
    for (const hash of ["#/ring?step=6&lang=bn", "#/search?step=4&lang=bn", "#/modn?step=7&lang=bn"]) {
      const { page, host } = await at(hash);
      assert.equal(await page.evaluate(() => document.documentElement.lang), "bn");
      const narration = await text(host, "narration");
      assert.match(narration, BENGALI_DIGIT, `${hash}: ${narration}`);
      // Numbers in Bengali digits; key names as the chapter writes them (k1 … k6).
      assert.doesNotMatch(narration.replace(/\bk[1-9]\d*\b/g, ""), /[0-9]/, `${hash}: Latin digits in ${narration}`);
      assert.doesNotMatch(narration, /k[০-৯]/, `${hash}: a key name in Bengali digits: ${narration}`);
      assert.match(await text(host, "step-counter"), /^ধাপ [০-৯]+ \/ [০-৯]+$/);
      await screenshot(page, `${hash.slice(2).replace(/[^a-z0-9]+/gi, "-")}-1280.png`, { fullPage: true });
      await page.assertClean(hash);
    }
    // Rendezvous: the key is the user's text ("user:42"), the scores are numbers.
    const rv = await at("#/rendezvous?step=5&lang=bn");
    assert.deepEqual(
      (await rows(rv.host, "owners")).map((r) => r[2]),
      ["০.৩৪৪০৫১", "০.৭৩৩৫৫৭", "০.৮৯২৫৮৯", "০.৫৬৪৭৫৪"],
    );
    await rv.page.assertClean();

    const { page, host } = await at("#/ring?step=6&lang=bn");
    const table = await rows(host, "owners");
    assert.deepEqual(
      table.map((r) => r.slice(0, 3)),
      [
        ["k1", "৫", "A"],
        ["k2", "২০", "B"],
        ["k3", "৩৮", "C"],
        ["k4", "৫০", "C"],
        ["k5", "৭৭", "D"],
        ["k6", "৯৫", "A"],
      ],
    );
    // The language switch goes back to English on the same step.
    await page.locator('[data-testid="lang-select"]').selectOption("en");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await settled(host);
    assert.match(await text(host, "narration"), /^k6 at 95:/);
    assert.equal((await stepOf(host)).step, 6);
    await page.assertClean();
  });

  test("&lang=bn on an experiment: Bengali around it, the program's own text inside it", async () => {
    const { page, host } = await at("#/vnode-sweep?servers=3&keys=1000&lang=bn");
    const status = await text(host, "status");
    assert.ok(digits(status) > 0, status);
    assert.equal(
      await host.locator('[data-testid="output"]').textContent(),
      golden("vnode-sweep__keys-1000-servers-3-avg"),
    );
    const tables = await host.locator("table").evaluateAll((ts) => ts.map((t) => t.textContent).join(" "));
    assert.ok(digits(tables) > 10, "the chart tables number in Bengali");
    assert.doesNotMatch(await box(host).locator('[data-testid="title"]').textContent(), /[0-9]/);
    await page.assertClean();
  });
});
