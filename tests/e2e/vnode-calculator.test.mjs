// Choosing V: every figure the calculator shows equals what the module computes here in Node —
// the chapter's V ≈ 1/c² and the exact V of rl.theory.vnodesFor with the sd/mean each gives, the
// points, bytes and searches of the module's own ring of N × V (rl.ring: size, memoryBytes,
// searchTrace over the course's keys), the chapter's 16 bytes a point and ⌈log₂(N·V)⌉ — in
// English and in Bengali (read back from Bengali digits). The target is read as the chapter
// writes it ("5 %", "৫%", "5", "0.05"), the two presets set the chapter's examples, and bad
// input or a ring over the core's cap is the module's named error, in both languages.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { load } from "ringlab";
import { BENGALI_DIGIT, box, rendered, text, usePlayground } from "./helpers.mjs";

const env = usePlayground();
const { open } = env;
const rl = await load();

// What the widget keeps fixed: the course's keys (seed 16, at most 10,000) and the trace budget
// (keys × points), since every searchTrace checks the ring's order.
const SEED = 16;
const KEYS = 10000;
const TRACE_BUDGET = 3e8;
const roundUp = (x) => Math.max(1, Math.ceil(x * (1 - 1e-12)));

/** Everything the page should show for N servers, target c and (optionally) V, from the module. */
function expected(n, c, vGiven) {
  const exactRaw = rl.theory.vnodesFor(n, c);
  const exact = roundUp(exactRaw);
  const rule = roundUp(1 / (c * c));
  const v = vGiven ?? exact;
  const ring = rl.ring({ servers: n, vnodes: v });
  try {
    const keys = Math.min(KEYS, Math.max(1, Math.floor(TRACE_BUDGET / ring.size)));
    let most = 0;
    let total = 0;
    for (const hash of rl.keyHashes(SEED, keys)) {
      const steps = ring.searchTrace(hash).length;
      most = Math.max(most, steps);
      total += steps;
    }
    return {
      exactRaw,
      exact,
      rule,
      v,
      sdRule: rl.theory.sdOverMean(n, rule),
      sdExact: rl.theory.sdOverMean(n, exact),
      sdYours: vGiven === undefined ? undefined : rl.theory.sdOverMean(n, vGiven),
      points: ring.size,
      memoryBytes: ring.memoryBytes,
      keys,
      most,
      mean: total / keys,
    };
  } finally {
    ring.dispose();
  }
}

/** The numbers in a text, Bengali digits read as Latin ones, grouping commas dropped. */
function numbers(t) {
  const latin = t.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
  return (latin.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((x) => Number(x.replace(/,/g, "")));
}

/** The numbers a test id shows (in a widget's shadow DOM). */
async function shown(host, testid) {
  return numbers(await text(host, testid));
}

const round = (x, d) => Number(x.toFixed(d));

/** Every figure on the page against the module's. */
async function assertFigures(host, n, c, vGiven, lang) {
  const e = expected(n, c, vGiven);
  assert.deepEqual(await shown(host, "v-rule"), [e.rule]);
  assert.deepEqual(await shown(host, "v-exact"), [e.exact]);
  assert.deepEqual(await shown(host, "sd-rule"), [round(100 * e.sdRule, 2)]);
  assert.deepEqual(await shown(host, "sd-exact"), [round(100 * e.sdExact, 2)]);
  const yes = lang === "bn" ? "হ্যাঁ" : "yes";
  const no = lang === "bn" ? "না" : "no";
  assert.equal(await text(host, "meets-rule"), e.sdRule <= c ? yes : no);
  assert.equal(await text(host, "meets-exact"), e.sdExact <= c ? yes : no);
  if (vGiven === undefined) assert.equal(await host.locator('[data-testid="v-yours"]').count(), 0);
  else {
    assert.deepEqual(await shown(host, "v-yours"), [vGiven]);
    assert.deepEqual(await shown(host, "sd-yours"), [round(100 * e.sdYours, 2)]);
    assert.equal(await text(host, "meets-yours"), e.sdYours <= c ? yes : no);
  }
  // √((N − 1)/(N·V + 1)) = c at the exact V; 1/c² asks for rule/exact of it, N/(N − 1).
  const note = await shown(host, "rule-note");
  assert.ok(note.includes(round(e.exactRaw, 1)), `${note}`);
  assert.ok(note.includes(round(e.rule / e.exact, 3)), `${note}`);
  if (n > 1) assert.ok(note.includes(round(n / (n - 1), 3)), `${note}`);

  assert.deepEqual(await shown(host, "points"), [n * e.v]);
  assert.equal(e.points, n * e.v);
  assert.deepEqual(await shown(host, "model-memory"), [round((e.points * 16) / 1024, 1)]);
  assert.deepEqual(await shown(host, "model-memory-note"), [16, e.points * 16]);
  assert.deepEqual(await shown(host, "ringlab-memory"), [round(e.memoryBytes / 1024, 1)]);
  assert.deepEqual(await shown(host, "ringlab-memory-note"), [e.memoryBytes, round(e.memoryBytes / e.points, 2)]);
  const log2 = Math.log2(e.points);
  assert.deepEqual(await shown(host, "comparisons"), [Math.ceil(log2)]);
  assert.deepEqual((await shown(host, "comparisons-note")).slice(-2), [e.points, round(log2, 2)]);
  assert.deepEqual(await shown(host, "most"), [e.most]);
  assert.ok((await text(host, "most-note")).length > 0);
  assert.deepEqual((await shown(host, "most-note")).slice(-1), [round(e.mean, 2)]);
  // The published binary search never needs more than ⌈log₂(N·V)⌉ + 1 steps (the wrap included).
  assert.ok(e.most <= Math.ceil(log2) + 1);
  const tenfold = await shown(host, "tenfold");
  const ten = e.points * 10;
  for (const x of [e.v * 10, ten, round((ten * 16) / 1024, 1), Math.ceil(Math.log2(ten)), 3.3])
    assert.ok(tenfold.includes(x), `${x} in ${tenfold}`);
  // How many keys were searched is said in the label above the most comparisons.
  const labels = await host.locator(".kpi .label").allTextContents();
  assert.ok(numbers(labels.join(" ")).includes(e.keys), labels.join(" | "));
  if (lang === "bn") {
    const all = await text(host, "result");
    assert.match(all, BENGALI_DIGIT);
    // Every figure in Bengali digits: no Latin digit but in the formulas' 1, log₂ and c².
    const stray = all.replace(/1\/c²|N − 1|N·V \+ 1|log₂/g, "").match(/[0-9]/g);
    assert.equal(stray, null, `Latin digits on the Bengali page: ${all}`);
  }
  return e;
}

describe("choosing V: the figures are the module's", () => {
  test("the default, c = 5 % at N = 10: 1/c² = 400 against the exact 360, and its cost", async () => {
    const { page, host } = await open("#/vnode-calculator");
    const e = await assertFigures(host, 10, 0.05, undefined, "en");
    assert.equal(e.rule, 400);
    assert.equal(e.exact, 360);
    assert.equal(await host.locator('[data-testid="field-target"]').inputValue(), "5%");
    assert.equal(await host.locator('[data-testid="field-vnodes"]').getAttribute("placeholder"), "360");
    await page.assertClean();
    await page.close();
  });

  test("the chapter's example: 100 × 256 = 25,600 points, 400 KB at 16 B, 15 comparisons", async () => {
    const { page, host } = await open("#/vnode-calculator");
    await rendered(host, () => host.locator('[data-testid="preset-chapter"]').click(), "the chapter's example");
    assert.equal(await host.getAttribute("servers"), "100");
    assert.equal(await host.getAttribute("vnodes"), "256");
    assert.match(page.url(), /#\/vnode-calculator\?.*servers=100/);
    assert.match(page.url(), /vnodes=256/);
    const e = await assertFigures(host, 100, 0.05, 256, "en");
    assert.equal(e.points, 25600);
    assert.equal(await text(host, "model-memory"), "400 KB");
    assert.equal(await text(host, "comparisons"), "15");
    assert.equal(e.most, 15);
    // The other preset goes back to the exact V for 5 % at N = 10.
    await rendered(host, () => host.locator('[data-testid="preset-target"]').click(), "c = 5 % at N = 10");
    assert.equal(await host.getAttribute("vnodes"), null);
    await assertFigures(host, 10, 0.05, undefined, "en");
    assert.doesNotMatch(page.url(), /vnodes=/);
    await page.assertClean();
    await page.close();
  });

  test("Bengali: the same figures, in Bengali digits", async () => {
    const { page, host } = await open("#/vnode-calculator?servers=100&vnodes=256&lang=bn");
    await assertFigures(host, 100, 0.05, 256, "bn");
    assert.equal(await host.locator('[data-testid="field-target"]').inputValue(), "৫%");
    assert.equal(await host.locator('[data-testid="field-servers"]').inputValue(), "১০০");
    await page.close();
    const other = await open("#/vnode-calculator?servers=7&target=0.1&lang=bn");
    await assertFigures(other.host, 7, 0.1, undefined, "bn");
    await other.page.assertClean();
    await other.page.close();
  });

  test('the target as the chapter writes it: "5 %", "৫%", "5" and "0.05" are 0.05; V typed in Bengali digits', async () => {
    const { page, host } = await open("#/vnode-calculator?target=0.1");
    const field = host.locator('[data-testid="field-target"]');
    for (const typed of ["5 %", "৫%", "5", "0.05"]) {
      await field.fill("20%");
      await rendered(host, () => field.press("Enter"), "20%");
      assert.equal(await host.getAttribute("target"), "0.2");
      await field.fill(typed);
      await rendered(host, () => field.press("Enter"), typed);
      assert.equal(await host.getAttribute("target"), "0.05", typed);
      assert.deepEqual(await shown(host, "v-exact"), [360], typed);
    }
    const vnodes = host.locator('[data-testid="field-vnodes"]');
    await vnodes.fill("১,০০০");
    await rendered(host, () => vnodes.press("Enter"), "V = ১,০০০");
    assert.equal(await host.getAttribute("vnodes"), "1000");
    await assertFigures(host, 10, 0.05, 1000, "en");
    await vnodes.fill("");
    await rendered(host, () => vnodes.press("Enter"), "V cleared");
    assert.equal(await host.getAttribute("vnodes"), null);
    await page.assertClean();
    await page.close();
  });

  for (const lang of ["en", "bn"]) {
    test(`bad input and a ring over the core's cap are the module's named errors (${lang})`, async () => {
      const q = lang === "bn" ? "&lang=bn" : "";
      const cases = [
        ["servers=0", "out_of_range", /n must be between 1 and 4294967295, got 0/],
        ["target=0", "out_of_range", /target must be finite and > 0, got 0/],
        ["vnodes=0", "out_of_range", /v must be between 1 and 4294967295, got 0/],
        [
          "servers=100000&vnodes=1000",
          "limit_exceeded",
          /a ring of 100000000 points exceeds the ring's cap of 16777216/,
        ],
      ];
      for (const [params, code, message] of cases) {
        const page = await env.home();
        const { host } = await env.visit(page, `#/vnode-calculator?${params}${q}`, undefined, { allowError: true });
        assert.equal(await box(host).getAttribute("data-error"), code, params);
        const shownError = await text(host, "error");
        const latin = (t) => t.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/,/g, "");
        if (lang === "en") assert.match(shownError, message, params);
        else {
          assert.match(shownError, /^ত্রুটি: /, params);
          assert.match(shownError, BENGALI_DIGIT, params);
          if (code === "limit_exceeded") assert.match(latin(shownError), /100000000.*16777216/, params);
        }
        await page.close();
      }
    });
  }
});
