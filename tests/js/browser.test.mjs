// The package in a real browser (headless Chromium, when installed): a plain
// <script type="module"> page loading the main entry (the .wasm fetched from next to the JS,
// streamed as application/wasm) and the single-file entry, under a Content-Security-Policy that
// allows no eval (only 'wasm-unsafe-eval', which any WebAssembly needs).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { after, before, test } from "node:test";
import { chromium as pw } from "playwright-core";
import { chromiumArgs } from "../e2e/helpers.mjs";
import { distDir } from "./helpers.mjs";

const chromium = ["chromium", "chromium-browser", "google-chrome"]
  .map((name) => spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim())
  .find((p) => p && existsSync(p));

const page = (script) => `<!doctype html><meta charset="utf-8"><title>ringlab</title><pre id="out">pending</pre>
<script type="module" src="${script}"></script>`;

const check = (entry) => `import { load } from "${entry}";
const out = document.getElementById("out");
try {
  const rl = await load();
  const ring = rl.ring({ servers: 4 });
  let code = "none";
  try { rl.jump(1n, 0); } catch (e) { code = e.name + "/" + e.code; }
  const direct = rl[Symbol.for("ringlab.diagnostics")].direct.length;
  out.textContent = ["ok", rl.h32("ব্যবহারকারী:৪২"), rl.h32("\\uD800x"), ring.owner("user:42"), rl.jump(2n ** 64n - 1n, 1000), code, "direct:" + direct].join(" ");
  ring.dispose();
} catch (e) {
  out.textContent = "failed " + e.name + " " + e.code + " " + e.message;
}
`;

const files = {
  "/main.html": ["text/html", page("/main.js")],
  "/main.js": ["text/javascript", check("/pkg/index.js")],
  "/single.html": ["text/html", page("/single.js")],
  "/single.js": ["text/javascript", check("/pkg/single.js")],
};
const types = { ".js": "text/javascript", ".wasm": "application/wasm" };
const requested = [];
let server;
let base;

before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url, "http://x").pathname;
    requested.push(url);
    const headers = { "content-security-policy": "script-src 'self' 'wasm-unsafe-eval'" };
    if (files[url]) {
      res.writeHead(200, { ...headers, "content-type": files[url][0] }).end(files[url][1]);
    } else if (url.startsWith("/pkg/")) {
      const file = path.join(distDir, url.slice(5));
      if (!file.startsWith(distDir) || !existsSync(file)) return void res.writeHead(404).end();
      res
        .writeHead(200, { ...headers, "content-type": types[path.extname(file)] ?? "application/octet-stream" })
        .end(readFileSync(file));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => server?.close());

// The page's text once its module has finished (it starts as "pending"), read through
// playwright-core: waiting on the page itself, where Chromium's --dump-dom with a virtual time
// budget could print the page before a slow WebAssembly compile had finished.
async function render(pagePath) {
  const browser = await pw.launch({
    executablePath: chromium,
    headless: true,
    args: chromiumArgs,
  });
  try {
    const p = await browser.newPage();
    await p.goto(base + pagePath);
    await p.waitForFunction(() => document.getElementById("out")?.textContent !== "pending", null, { timeout: 60_000 });
    return await p.locator("#out").textContent();
  } finally {
    await browser.close();
  }
}

// direct:8 — every direct single-key entry point live (see batch.test.mjs).
const expected = "ok 1770631165 3097795570 S2 313 RinglabError/out_of_range direct:8";
const skip = chromium ? false : "no Chromium installed";

test(
  "a plain module page loads the main entry; the .wasm comes from next to the JS",
  { skip, timeout: 120_000 },
  async () => {
    const out = await render("/main.html");
    assert.equal(out, expected);
    // Chromium has SIMD128: load() takes that module (the scalar one: tests/e2e/simd.test.mjs).
    assert.ok(requested.includes("/pkg/wasm/ringlab-simd.wasm"), requested.join(" "));
  },
);

test("a plain module page loads ringlab/single without fetching a .wasm", { skip, timeout: 120_000 }, async () => {
  requested.length = 0;
  const out = await render("/single.html");
  assert.equal(out, expected);
  assert.ok(!requested.some((u) => u.endsWith(".wasm")), requested.join(" "));
});
