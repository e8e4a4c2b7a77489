// The bucket stepper (<ringlab-bucket-stepper>, #/buckets) in a browser, for what needs one: it
// renders every algorithm of the buckets module's registry, each lookup the package's own trace
// (computed here in Node); the reader's key and removals go in through the page and survive a
// reload in the address; the Bengali page keeps no English but the chapter's terms; axe finds no
// violation at 1280 and 390 px. The steps as data are tests/js/steps-buckets.test.mjs's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "ringlab";
import { load as loadBuckets } from "ringlab/buckets";
import {
  BENGALI_DIGIT,
  KEPT_IN_ENGLISH,
  assertAccessible,
  box,
  evaluateOne,
  inspect,
  press,
  rendered,
  stepOf,
  text,
  usePlayground,
  waitStep,
} from "./helpers.mjs";

const env = usePlayground();
const rl = await load();
const bk = await loadBuckets();

/** The package's lookup of `key` by `name` among 10 buckets after `removed`, in Node. */
function lookup(name, key, removed = []) {
  const info = bk.algorithms().find((a) => a.name === name);
  const options = {};
  if (info.options.includes("buckets")) options.buckets = 10;
  if (info.options.includes("nodes")) options.nodes = Array.from({ length: 10 }, (_, i) => `S${i}`);
  const hasher = bk.hasher(name, options);
  try {
    for (const b of removed) hasher.remove(b);
    const input = info.input === "text" ? key : rl.h32(key);
    return { trace: hasher.trace(input), answer: hasher.bucket(input) };
  } finally {
    hasher.dispose();
  }
}

const attr = (host, name) => evaluateOne(host, (el, n) => el.getAttribute(n), name);

test("every algorithm of the module's registry: its lookup of user:42, step by step, ends on the package's answer", async () => {
  const { page, host } = await env.open("#/buckets");
  const offered = await host
    .locator('[data-testid="field-algorithm"] option')
    .evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(
    offered,
    bk.algorithms().map((a) => a.name),
  );
  for (const name of offered) {
    const own = lookup(name, "user:42");
    await rendered(host, () => host.locator('[data-testid="field-algorithm"]').selectOption(name), name);
    assert.equal((await stepOf(host)).steps, own.trace.length + 1, name);
    assert.equal(await box(host).getAttribute("data-error"), null, name);
    assert.ok((await text(host, "narration")).length > 0, name);
    await press(host, "End", own.trace.length);
    const said = await text(host, "narration");
    assert.ok(said.startsWith("The answer:") && said.includes(String(own.answer)), `${name}: ${said}`);
  }
  await page.assertClean();
  await page.close();
});

test("the reader's key and removals, through the page, kept by the address across a reload; a refused one is said", async () => {
  const { page, host } = await env.open("#/buckets?algorithm=anchor");
  const key = host.locator('[data-testid="key"]');
  await rendered(host, () => key.fill("user:7").then(() => key.press("Enter")), "the key");
  // Remove the key's bucket twice: each time the bucket it has then.
  const first = lookup("anchor", "user:7").answer;
  await rendered(host, () => host.locator('[data-testid="remove-bucket"]').click(), "a removal");
  const second = lookup("anchor", "user:7", [first]).answer;
  await rendered(host, () => host.locator('[data-testid="remove-bucket"]').click(), "a second removal");
  assert.equal(await attr(host, "removed"), `${first},${second}`);
  const own = lookup("anchor", "user:7", [first, second]);
  assert.equal((await stepOf(host)).steps, own.trace.length + 1);
  const intro = await text(host, "narration");
  assert.ok(intro.includes(`bucket ${first}, bucket ${second}`) && intro.includes("8 live"), intro);
  // A step on the way: the address keeps it, with the key and the removals.
  await press(host, "ArrowRight", 1);
  await press(host, "ArrowRight", 2);
  await page.waitForFunction(() => location.hash.includes("step=2"));
  const hash = new URL(page.url()).hash;
  assert.match(hash, /key=user%3A7/);
  assert.match(hash, new RegExp(`removed=${first}%2C${second}`));
  await page.reload();
  const after = page.locator('[data-testid="widget-host"]');
  await evaluateOne(after, (el) => el.ready);
  await waitStep(after, 2);
  assert.equal(await attr(after, "removed"), `${first},${second}`);
  assert.equal(await attr(after, "key"), "user:7");
  // Add back the last one removed.
  await rendered(after, () => after.locator('[data-testid="add-bucket"]').click(), "adding back");
  assert.equal(await attr(after, "removed"), String(first));
  // JumpBackHash removes its last bucket only: a bucket typed in the list is refused, in the
  // module's words, and the removals stay as they were.
  await rendered(after, () => after.locator('[data-testid="field-algorithm"]').selectOption("jumpback"), "jumpback");
  const removed = after.locator('[data-testid="removed"]');
  await removed.fill("3");
  await removed.press("Enter");
  await after.locator('[data-testid="refusal"]').filter({ hasText: /\S/ }).waitFor();
  assert.equal((await attr(after, "removed")) ?? "", "");
  assert.equal(await after.locator('[data-testid="remove-bucket"]').textContent(), "Remove bucket 9");
  await page.assertClean();
  await page.close();
});

test("in Bengali, MementoHash after removals: Bengali digits, and no English but the chapter's terms at any step", async () => {
  const { page, host } = await env.open("#/buckets?algorithm=memento&removed=3,5&lang=bn");
  const { steps } = await stepOf(host);
  const removedAt = await evaluateOne(host, (el) => el.steps.findIndex((s) => s.kind === "removed"));
  assert.ok(removedAt > 0);
  for (const i of [0, removedAt, removedAt + 1, steps - 1]) {
    await evaluateOne(host, (el, j) => el.go(j), i);
    await waitStep(host, i);
    assert.match(await text(host, "step-counter"), BENGALI_DIGIT);
    const english = (await page.evaluate(inspect)).latin.filter(([w]) => !KEPT_IN_ENGLISH.has(w.toLowerCase()));
    assert.deepEqual(english, [], `step ${i}`);
  }
  await page.assertClean();
  await page.close();
});

test("axe finds no violation at 1280 and 390 px: AnchorHash after two removals, on its replacement", async () => {
  for (const width of [1280, 390]) {
    const { page, host } = await env.open("#/buckets?algorithm=anchor&removed=2,7", { width, height: 900 });
    const at = await evaluateOne(host, (el) => el.steps.findIndex((s) => s.kind === "replaced"));
    assert.ok(at > 0, "user:42's lookup meets a replacement");
    await evaluateOne(host, (el, j) => el.go(j), at);
    await waitStep(host, at);
    const { overflow, clipped } = await page.evaluate(inspect);
    assert.deepEqual([...overflow, ...clipped], [], `${width} px`);
    await assertAccessible(page, `#/buckets, anchor, ${width} px`);
    await page.assertClean();
    await page.close();
  }
});
