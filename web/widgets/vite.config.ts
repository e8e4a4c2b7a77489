// The widgets bundle: Vite library mode → dist/widgets/ringlab-widgets.js (ES module), the worker
// ringlab-worker.js and ringlab.wasm beside it. Both scripts find the .wasm (and the page finds
// the worker) relative to their own URL, so the folder works from any sub-path; nothing uses eval,
// inline script or blob: URLs, so it runs under a strict Content-Security-Policy.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pkgEntry = here("../lib/dist/index.js");
const wasmFile = here("../lib/dist/wasm/ringlab.wasm");

// Library mode inlines every asset as a data: URL, and fetching a data: URL needs connect-src
// data:, which a strict CSP does not allow. So the package's `new URL("./wasm/ringlab.wasm",
// import.meta.url)` is pointed at "./ringlab.wasm" (spelled so Vite leaves it alone) and the file
// is emitted under that name next to the bundle.
function wasmBesideBundle(): Plugin {
  const literal = 'new URL("./wasm/ringlab.wasm", import.meta.url)';
  return {
    name: "ringlab-wasm-beside-bundle",
    enforce: "pre",
    transform(code, id) {
      if (id !== pkgEntry) return null;
      if (!code.includes(literal)) this.error(`${id} no longer contains ${literal}: update web/widgets/vite.config.ts`);
      return code.replace(literal, 'new URL("./" + "ringlab.wasm", import.meta.url)');
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "ringlab.wasm", source: readFileSync(wasmFile) });
    },
  };
}

export default defineConfig({
  root: here("."),
  // Relative: the worker's URL is resolved against import.meta.url, not the site root.
  base: "./",
  publicDir: false,
  resolve: { alias: [{ find: /^ringlab$/, replacement: pkgEntry }] },
  plugins: [wasmBesideBundle()],
  worker: {
    format: "es",
    plugins: () => [wasmBesideBundle()],
    rolldownOptions: {
      output: { entryFileNames: "ringlab-worker.js", chunkFileNames: "ringlab-worker-[hash].js", minify: true },
    },
  },
  build: {
    outDir: here("../../dist/widgets"),
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    // Shipped to browsers as is (no further bundler), so minified.
    minify: true,
    // Library mode keeps whitespace for downstream bundlers; this bundle has none, so minify fully.
    rolldownOptions: { output: { minify: true } },
    lib: { entry: here("index.ts"), formats: ["es"], fileName: () => "ringlab-widgets.js" },
  },
});
