// Determinism in the browser: the package loaded in Chromium (web/lib/dist served under a deep
// sub-path, the .wasm fetched from next to its JavaScript) computes the same placement digest,
// part by part, as the native `ringlab digest` (or, without a native build, the package's Node
// CLI, itself compared with the native binary in tests/js/digest.test.mjs).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { SUB, cliOutput, launch, newPage, root, serve } from "./helpers.mjs";

const libDir = path.join(root, "web", "lib", "dist");
const fixtures = path.join(root, "tests", "e2e", "fixtures");

let server;
let browser;
let page;

before(async () => {
  for (const f of ["index.js", "wasm/ringlab.wasm"]) {
    if (!existsSync(path.join(libDir, f))) throw new Error(`web/lib/dist/${f} is missing: run \`npm run build\``);
  }
  server = await serve({ [`${SUB}fixtures/`]: fixtures, [`${SUB}lib/`]: libDir });
  browser = await launch();
  page = await newPage(browser.context);
  await page.goto(`${server.origin}${SUB}fixtures/digest.html`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function browserDigest(opts) {
  const d = await page.evaluate(async (o) => {
    const { load } = await import(new URL("../lib/index.js", location.href).href);
    return (await load()).placementDigest(o);
  }, opts);
  return [...d.parts.map((p) => `${p.name} ${p.digest}`), `all ${d.all}`].join("\n") + "\n";
}

for (const [args, opts] of [
  [[], {}],
  [["--seed", "99", "--keys", "30000"], { seed: 99, keys: 30000 }],
]) {
  test(`Chromium's placementDigest(${JSON.stringify(opts)}) equals \`ringlab digest ${args.join(" ")}\``, async () => {
    const expected = cliOutput(["digest", ...args]);
    assert.equal(expected.split("\n").length, 17, expected);
    const got = await browserDigest(opts);
    const e = expected.split("\n");
    const g = got.split("\n");
    for (let i = 0; i < e.length; i++) assert.equal(g[i], e[i], `line ${i + 1} (${e[i].split(" ")[0]})`);
    // The module Chromium takes (it has SIMD128); both modules' placements are held equal in
    // tests/js/simd.test.mjs.
    assert.ok(server.requests.includes(`${SUB}lib/wasm/ringlab-simd.wasm`), server.requests.join(" "));
    await page.assertClean("digest page");
  });
}
