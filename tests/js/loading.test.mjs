// Every way of getting the module: the default (next to the JS; read from disk in Node), bytes,
// a compiled WebAssembly.Module, a file URL or path, HTTP (streaming with application/wasm, bytes
// otherwise), the single-file build; the package's exports; and that the browser entry points
// import nothing Node-specific.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { load } from "ringlab";
import { load as loadSingle } from "ringlab/single";
import { distDir, experimentCases } from "./helpers.mjs";

const wasmPath = path.join(distDir, "wasm", "ringlab.wasm");
const defaultCase = experimentCases().find((c) => c.name === "vnode-sweep__parity-s7-k7000-v1-2-3");

async function works(rl) {
  assert.equal(rl.h32("user:42"), 599759890);
  assert.equal(rl.h32("ব্যবহারকারী:৪২"), 1770631165);
  assert.equal(rl.vnodeSweep({ servers: 7, keys: 7000, vnodes: [1, 2, 3] }).text, defaultCase.expected);
  const ring = rl.ring({ servers: 4 });
  assert.equal(ring.owner("user:42"), "S2");
  ring.dispose();
}

test("load() without options: one shared instance", async () => {
  const [a, b] = await Promise.all([load(), load()]);
  assert.equal(a, b);
  await works(a);
});

test("load({ wasmBinary }) and load({ wasmModule }): independent instances", async () => {
  const bytes = readFileSync(wasmPath);
  const fromBytes = await load({ wasmBinary: bytes });
  await works(fromBytes);
  const fromBuffer = await load({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) });
  await works(fromBuffer);
  const module = await WebAssembly.compile(bytes);
  const a = await load({ wasmModule: module });
  const b = await load({ wasmModule: module });
  await works(a);
  assert.notEqual(a, b);
  // rl.wasmModule: the compiled module an instance runs, the one given or the one it compiled.
  assert.equal(a.wasmModule, module);
  assert.ok(fromBytes.wasmModule instanceof WebAssembly.Module);
  assert.notEqual(fromBytes.wasmModule, module);
  await works(await load({ wasmModule: fromBytes.wasmModule }));
  assert.notEqual(a, await load());
  // Separate memories: an error in one leaves the other alone.
  assert.throws(() => a.jump(1n, 0), { code: "out_of_range" });
  assert.equal(b.jump(599759890, 10), 9);
});

test("load({ wasmUrl }) with a file: URL, a URL object and a plain path", async () => {
  await works(await load({ wasmUrl: pathToFileURL(wasmPath).href }));
  await works(await load({ wasmUrl: pathToFileURL(wasmPath) }));
  await works(await load({ wasmUrl: wasmPath }));
});

test("load({ wasmUrl }) over HTTP: streaming with application/wasm, bytes with another type", async () => {
  const bytes = readFileSync(wasmPath);
  const seen = [];
  const server = createServer((req, res) => {
    seen.push(req.url);
    if (req.url === "/missing.wasm") {
      res.writeHead(404).end();
      return;
    }
    if (req.url === "/spa/ringlab.wasm") {
      // What a dev server's SPA fallback answers for a file it does not have.
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>app</title>");
      return;
    }
    const type = req.url === "/plain/ringlab.wasm" ? "application/octet-stream" : "application/wasm";
    res.writeHead(200, { "content-type": type }).end(bytes);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    await works(await load({ wasmUrl: `${base}/assets/ringlab.wasm` }));
    await works(await load({ wasmUrl: new URL("/plain/ringlab.wasm", base) }));
    await assert.rejects(load({ wasmUrl: `${base}/missing.wasm` }), { name: "RinglabError", code: "load_failed" });
    await assert.rejects(load({ wasmUrl: `${base}/spa/ringlab.wasm` }), {
      name: "RinglabError",
      code: "load_failed",
      message: /HTML page instead of ringlab\.wasm.*optimizeDeps\.exclude/,
    });
    assert.deepEqual(seen, ["/assets/ringlab.wasm", "/plain/ringlab.wasm", "/missing.wasm", "/spa/ringlab.wasm"]);
  } finally {
    server.close();
  }
});

test("ringlab/single: the .wasm inlined, nothing else read", async () => {
  const rl = await loadSingle();
  assert.equal(rl, await loadSingle());
  await works(rl);
  assert.notEqual(rl, await load());
});

test("package exports: the .wasm is reachable as ringlab/ringlab.wasm", () => {
  const url = import.meta.resolve("ringlab/ringlab.wasm");
  assert.equal(fileURLToPath(url), wasmPath);
  assert.equal(fileURLToPath(import.meta.resolve("ringlab")), path.join(distDir, "index.js"));
  assert.equal(fileURLToPath(import.meta.resolve("ringlab/single")), path.join(distDir, "single.js"));
});

test("the browser entry points import only relative modules and no Node globals", () => {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    // Statements start a line, or follow a ";" or "}" in the bundles, which are written without
    // line breaks.
    for (const m of code.matchAll(/(?:^|[\n;}])\s*(?:import|export)\b[^"';]*?from\s*["']([^"']+)["']/g)) {
      assert.match(m[1], /^\.\.?\//, `${path.basename(file)} imports ${m[1]}`);
      visit(path.resolve(path.dirname(file), m[1]));
    }
    // (The glue's `typeof process == "object"` environment probe is fine.)
    for (const nodeOnly of ["__dirname", "require(", "Buffer.", "process.argv", "process.cwd"]) {
      assert.ok(!code.includes(nodeOnly), `${path.relative(distDir, file)} uses ${nodeOnly}`);
    }
  };
  visit(path.join(distDir, "index.js"));
  visit(path.join(distDir, "single.js"));
  assert.ok(seen.has(path.join(distDir, "wasm", "ringlab.js")));
  assert.ok(seen.has(path.join(distDir, "wasm", "ringlab.inline.js")));
  // Only the main entry points bundlers at the .wasm; the glue (shared with ringlab/single) does not.
  assert.ok(!readFileSync(path.join(distDir, "wasm", "ringlab.js"), "utf8").includes("import.meta"));
  // The default location is written so bundlers (Vite, webpack 5) emit the .wasm as an asset.
  assert.match(
    readFileSync(path.join(distDir, "index.js"), "utf8"),
    /new URL\("\.\/wasm\/ringlab\.wasm",\s*import\.meta\.url\)/,
  );
});
