// The main module's two builds in Chromium: the playground's page loads ringlab-simd.wasm (the
// browser has WebAssembly SIMD128), and ringlab.wasm where WebAssembly.validate refuses the
// SIMD128 probe, as a browser without SIMD128 does; both show the same compare table.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { evaluateOne, newPage, settled, usePlayground } from "./helpers.mjs";

const env = usePlayground();

// Before any script of the page: WebAssembly.validate answers false for a module holding the 0xfd
// prefix of SIMD128 instructions (the loader's probe), and counts those it refused.
function withoutSimd128() {
  const validate = WebAssembly.validate;
  window.__refusedProbes = 0;
  WebAssembly.validate = function (bytes) {
    const b =
      bytes instanceof ArrayBuffer
        ? new Uint8Array(bytes)
        : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (b.includes(0xfd)) {
      window.__refusedProbes++;
      return false;
    }
    return validate.call(WebAssembly, bytes);
  };
}

// Which of the main module's two .wasm files the server was asked for, from request `from` on.
function mainModules(from) {
  return env.server.requests
    .slice(from)
    .map((u) => u.split("/").pop())
    .filter((f) => /^ringlab(-simd)?-[\w-]{8}\.wasm$/.test(f))
    .map((f) => (f.startsWith("ringlab-simd-") ? "simd" : "scalar"));
}

// The compare table as shown, without its build-time column (wall clock).
async function table(host) {
  return evaluateOne(host.locator('[data-testid="compare-table"]'), (t) => {
    const heads = [...t.querySelectorAll("thead th")].map((th) => th.textContent.trim());
    const time = heads.findIndex((h) => /build|ms\b/i.test(h));
    return [...t.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.children].filter((_, i) => i !== time).map((c) => c.textContent.replace(/\s+/g, " ").trim()),
    );
  });
}

describe("the SIMD128 and the scalar module", () => {
  const hash = "#/compare?servers=100&keys=50000&change=remove:S3";
  test("ringlab-simd.wasm where the browser has SIMD128, ringlab.wasm where it has not: the same compare table", async () => {
    const from = env.server.requests.length;
    const page = await newPage(env.browser.context);
    await page.goto(env.url(hash));
    const host = page.locator('[data-testid="widget-host"]');
    await settled(host);
    const simdTable = await table(host);
    assert.deepEqual(mainModules(from), ["simd"]);
    await page.assertClean();
    await page.close();

    const from2 = env.server.requests.length;
    const plain = await newPage(env.browser.context);
    await plain.addInitScript(withoutSimd128);
    await plain.goto(env.url(hash));
    const host2 = plain.locator('[data-testid="widget-host"]');
    await settled(host2);
    assert.deepEqual(mainModules(from2), ["scalar"]);
    assert.ok((await plain.evaluate(() => window.__refusedProbes)) >= 1);
    assert.deepEqual(await table(host2), simdTable);
    assert.equal(simdTable.length, 6);
    await plain.assertClean();
    await plain.close();
  });
});
