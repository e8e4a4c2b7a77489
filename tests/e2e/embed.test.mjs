// The widgets on a hand-written page (tests/embed/index.html): served in the clone's own layout
// (tests/embed/ and dist/widgets/, as `npm run build` leaves them) under a deep sub-path and a
// strict Content-Security-Policy (no inline script, no eval; only 'wasm-unsafe-eval', which any
// WebAssembly needs). The widgets render, one steps by keyboard, the Bengali ones number in
// Bengali digits, a worker run of a million keys works, the embedding example of README.md and
// docs/widgets.md is on the page as they write it and renders, axe-core finds no accessibility
// violation once they have stepped and run, and the browser reports no CSP violation.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  BENGALI_DIGIT,
  SUB,
  assertAccessible,
  assertBuilt,
  cliOutput,
  distDir,
  launch,
  newPage,
  outputText,
  press,
  screenshot,
  root,
  rows,
  serve,
  settled,
  stepOf,
  text,
} from "./helpers.mjs";

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";
const embedDir = path.join(root, "tests", "embed");

let server;
let browser;
let page;

before(async () => {
  assertBuilt("widgets/ringlab-widgets.js", "widgets/ringlab-worker.js", "widgets/ringlab.wasm");
  server = await serve(
    { [`${SUB}tests/embed/`]: embedDir, [`${SUB}dist/widgets/`]: path.join(distDir, "widgets") },
    { "content-security-policy": CSP },
  );
  browser = await launch();
  page = await newPage(browser.context);
  await page.goto(`${server.origin}${SUB}tests/embed/`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const hosts = {
  ring: "main > ringlab-ring-stepper",
  sweep: "main > ringlab-experiment",
  "search-bn": 'section[lang="bn"] > ringlab-search-stepper',
  "readme-ring": "#readme > ringlab-ring-stepper",
  "readme-sweep-bn": '#readme > section[lang="bn"] > ringlab-experiment',
};
const host = (id) => page.locator(hosts[id]);

test("the page is plain HTML: one module script by src, no inline script or handler", () => {
  const html = readFileSync(path.join(embedDir, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.equal(scripts.length, 1);
  assert.match(scripts[0][1], /type="module"/);
  assert.match(scripts[0][1], /src="\.\.\/\.\.\/dist\/widgets\/ringlab-widgets\.js"/);
  assert.equal(scripts[0][2].trim(), "");
  assert.doesNotMatch(html, /\son[a-z]+=/i, "no inline event handler");
});

test("three widgets render under the CSP, each with its own content", async () => {
  for (const id of ["ring", "sweep", "search-bn"]) await settled(host(id));
  assert.deepEqual(await stepOf(host("ring")), { step: 0, steps: 8 });
  assert.equal(await outputText(host("sweep")), cliOutput(["run", "vnode-sweep", "--keys", "20000"]));
  assert.deepEqual(await stepOf(host("search-bn")), { step: 0, steps: 23 });
  // The .wasm and the bundle came from the widgets folder under the sub-path: the SIMD128 module,
  // which Chromium runs (tests/e2e/simd.test.mjs covers a browser without SIMD128).
  assert.ok(server.requests.includes(`${SUB}dist/widgets/ringlab-simd.wasm`), server.requests.join(" "));
  await page.assertClean("embed page");
});

// The embedding example, as README.md's "Widgets for your pages" and docs/widgets.md's
// "Embedding" write it (the same block): its script line with the page's path to dist/widgets/
// for their widgets/ (a reader copies that folder next to their page), and its elements
// verbatim, on this page, where they render.
test("the docs' embedding example is on the page as they write it, and renders", async () => {
  const example = (file, heading) => {
    const markdown = readFileSync(path.join(root, file), "utf8");
    const section = markdown.split(new RegExp(`^## ${heading}$`, "m"))[1]?.split(/^## /m)[0] ?? "";
    const block = /```html\n([\s\S]*?)```/.exec(section)?.[1];
    assert.ok(block, `${file}'s ${heading} section has an html block`);
    return block;
  };
  const block = example("README.md", "Widgets for your pages");
  assert.equal(example(path.join("docs", "widgets.md"), "Embedding"), block, "README.md and docs/widgets.md agree");
  const [script, ...elements] = block.trim().split("\n");
  assert.equal(script, '<script type="module" src="widgets/ringlab-widgets.js"></script>');
  assert.ok(elements.length > 0);
  const html = readFileSync(path.join(embedDir, "index.html"), "utf8");
  assert.ok(html.includes(script.replace('src="widgets/', 'src="../../dist/widgets/')), "the page loads the bundle");
  const readmePart = /<section id="readme">([\s\S]*?)\n {6}<\/section>/.exec(html)?.[1] ?? "";
  const pageLines = readmePart.split("\n").map((l) => l.trim());
  for (const line of elements) assert.ok(pageLines.includes(line.trim()), `the page has the example's line ${line}`);
  // What it draws: the ring at step 3, and the Bengali run printing what the CLI prints.
  const ring = host("readme-ring");
  const sweep = host("readme-sweep-bn");
  await settled(ring);
  await settled(sweep);
  assert.deepEqual(await stepOf(ring), { step: 3, steps: 8 });
  assert.equal(await text(ring, "step-counter"), "Step 4 of 8");
  assert.equal(await outputText(sweep), cliOutput(["run", "vnode-sweep", "--keys", "200000"]));
  assert.match(await text(sweep, "status"), BENGALI_DIGIT);
  await page.assertClean("embed page");
});

test("the ring stepper steps by keyboard", async () => {
  const ring = host("ring");
  for (let i = 1; i <= 6; i++) await press(ring, i % 2 ? "ArrowRight" : "n", i);
  assert.match(await text(ring, "narration"), /^k6 at 95: .* reaches A at 10\.$/);
  assert.deepEqual(
    (await rows(ring, "owners")).map((r) => r[2]),
    ["A", "B", "C", "C", "D", "A"],
  );
  await press(ring, "ArrowLeft", 5);
  await press(ring, "End", 7);
  await press(ring, "Home", 0);
  await page.assertClean("embed page");
});

test('the widget inside <section lang="bn"> speaks Bengali with Bengali digits; the others stay English', async () => {
  const bn = host("search-bn");
  await press(bn, "End", 22);
  const narration = await text(bn, "narration");
  assert.match(narration, BENGALI_DIGIT, narration);
  assert.doesNotMatch(narration, /[0-9]/, narration);
  assert.match(await text(bn, "step-counter"), /^ধাপ ২৩ \/ ২৩$/);
  assert.match(await text(bn, "preference-list"), /: C, A, B$/);
  assert.equal(await text(host("ring"), "step-counter"), "Step 1 of 8");
  await page.assertClean("embed page");
});

test(
  "a million-key run goes to the worker under the CSP and prints what the CLI prints",
  { timeout: 180_000 },
  async () => {
    const sweep = host("sweep");
    const before = server.requests.length;
    await sweep.locator('[data-testid="flag-keys"]').fill("1000000");
    await sweep.locator('[data-testid="run"]').click();
    await page.waitForFunction((el) => el.getAttribute("keys") === "1000000", await sweep.elementHandle());
    await settled(sweep, { timeout: 150_000 });
    assert.ok(
      server.requests.slice(before).includes(`${SUB}dist/widgets/ringlab-worker.js`),
      "the worker came from the widgets folder",
    );
    assert.match(await text(sweep, "status"), /in background workers\.$/);
    assert.equal(await outputText(sweep), cliOutput(["run", "vnode-sweep", "--keys", "1000000"]));
    await page.assertClean("embed page");
    await screenshot(page, "embed.png", { fullPage: true });
  },
);

// After the steps and the runs above: each widget as the reader left it. axe is evaluated through
// the DevTools protocol, which the page's CSP does not govern; the next test shows it broke none.
test("axe-core finds no accessibility violation on the page under the CSP", async () => {
  await assertAccessible(page, "embed page");
  await page.assertClean("embed page");
});

test("no CSP violation was reported, by the console or by securitypolicyviolation events", async () => {
  const violations = await page.evaluate(() => window.__cspViolations);
  assert.deepEqual(violations, []);
  // The listener is live: an inline script is refused, and that is reported (then forgotten).
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__inlineRan = true";
    document.head.append(s);
  });
  await page.waitForFunction(() => window.__cspViolations.length > 0);
  assert.equal(await page.evaluate(() => window.__inlineRan), undefined);
  assert.match((await page.evaluate(() => window.__cspViolations))[0], /^script-src/);
});
