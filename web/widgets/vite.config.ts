// The widgets bundle: Vite library mode → dist/widgets/ringlab-widgets.js (ES module), the worker
// ringlab-worker.js and ringlab.wasm and ringlab-simd.wasm beside it with their glues (ringlab.js,
// ringlab-simd.js: chunks of their own, the main entry imports the one of the build it loads), and the systems chunk (ringlab-systems.js with
// ringlab-systems.wasm) that only the Malachi widget loads. Both scripts find the .wasm (and the page finds
// the worker) relative to their own URL, so the folder works from any sub-path; nothing uses eval,
// inline script or blob: URLs, so it runs under a strict Content-Security-Policy.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pkgEntry = here("../lib/dist/index.js");
const wasmFile = here("../lib/dist/wasm/ringlab.wasm");
const simdWasmFile = here("../lib/dist/wasm/ringlab-simd.wasm");
const systemsEntry = here("../lib/dist/systems.js");
const systemsWasmFile = here("../lib/dist/wasm/ringlab-systems.wasm");
const claimsEntry = here("../lib/dist/claims.js");
const claimsWasmFile = here("../lib/dist/wasm/ringlab-claims.wasm");
const bucketsEntry = here("../lib/dist/buckets.js");
const bucketsWasmFile = here("../lib/dist/wasm/ringlab-buckets.wasm");
const labEntry = here("../lib/dist/lab.js");
const labWasmFile = here("../lib/dist/wasm/ringlab-lab.wasm");
const planEntry = here("../lib/dist/plan.js");
const planWasmFile = here("../lib/dist/wasm/ringlab-plan.wasm");

// Library mode inlines every asset as a data: URL, and fetching a data: URL needs connect-src
// data:, which a strict CSP does not allow. So the package's `new URL("./wasm/ringlab.wasm",
// import.meta.url)` is pointed at "./ringlab.wasm" (spelled so Vite leaves it alone) and the file
// is emitted under that name next to the bundle. The systems module (`ringlab/systems`, imported
// dynamically by the Malachi widget) gets the same treatment, and its .wasm is emitted only when
// its entry was bundled.
function wasmBesideBundle(entry = pkgEntry, file = wasmFile, name = "ringlab.wasm", always = true): Plugin {
  // Any quotes and spacing: the package's build may minify it.
  const literal = new RegExp(
    `new URL\\(\\s*(["'\`])\\./wasm/${name.replace(/[.]/g, "\\.")}\\1\\s*,\\s*import\\.meta\\.url\\s*\\)`,
  );
  let used = false;
  return {
    name: `ringlab-wasm-beside-bundle:${name}`,
    enforce: "pre",
    transform(code, id) {
      if (id !== entry) return null;
      if (!literal.test(code))
        this.error(
          `${id} no longer contains new URL("./wasm/${name}", import.meta.url): update web/widgets/vite.config.ts`,
        );
      used = true;
      return code.replace(literal, `new URL("./" + "${name}", import.meta.url)`);
    },
    generateBundle() {
      if (always || used) this.emitFile({ type: "asset", fileName: name, source: readFileSync(file) });
    },
  };
}

// The main module's SIMD128 build, which load() takes where the browser has SIMD128: beside the
// bundle and the worker as the scalar one.
const simdBesideBundle = (always = true) => wasmBesideBundle(pkgEntry, simdWasmFile, "ringlab-simd.wasm", always);
const systemsBesideBundle = () => wasmBesideBundle(systemsEntry, systemsWasmFile, "ringlab-systems.wasm", false);
// The claims module: computed in a worker of its own (ringlab-claims-worker.js), or on the page
// where there are no workers; its .wasm emitted once, next to both.
const claimsBesideBundle = () => wasmBesideBundle(claimsEntry, claimsWasmFile, "ringlab-claims.wasm", false);
// The buckets module (`ringlab/buckets`, imported dynamically by the bucket stepper): its chunk
// ringlab-buckets.js and its .wasm beside the bundle, fetched only where that stepper is used.
const bucketsBesideBundle = () => wasmBesideBundle(bucketsEntry, bucketsWasmFile, "ringlab-buckets.wasm", false);
// The lab's module (`ringlab/lab`, imported dynamically by the lab widget, and by its worker,
// ringlab-lab-worker.js, which runs the lab): its .wasm beside both, fetched only by that widget.
const labBesideBundle = () => wasmBesideBundle(labEntry, labWasmFile, "ringlab-lab.wasm", false);
// The plans module (`ringlab/plan`, imported dynamically by the plan widget): its chunk and its
// .wasm beside the bundle, fetched only where that widget is used.
const planBesideBundle = () => wasmBesideBundle(planEntry, planWasmFile, "ringlab-plan.wasm", false);

export default defineConfig({
  root: here("."),
  // Relative: the worker's URL is resolved against import.meta.url, not the site root.
  base: "./",
  publicDir: false,
  resolve: {
    alias: [
      { find: /^ringlab$/, replacement: pkgEntry },
      { find: /^ringlab\/systems$/, replacement: systemsEntry },
      { find: /^ringlab\/claims$/, replacement: claimsEntry },
      { find: /^ringlab\/buckets$/, replacement: bucketsEntry },
      { find: /^ringlab\/lab$/, replacement: labEntry },
      { find: /^ringlab\/plan$/, replacement: planEntry },
      { find: /^ringlab\/parallel$/, replacement: here("../lib/dist/parallel.js") },
    ],
  },
  plugins: [
    wasmBesideBundle(),
    simdBesideBundle(),
    systemsBesideBundle(),
    claimsBesideBundle(),
    bucketsBesideBundle(),
    labBesideBundle(),
    planBesideBundle(),
  ],
  worker: {
    format: "es",
    plugins: () => [
      wasmBesideBundle(undefined, undefined, undefined, false),
      simdBesideBundle(false),
      claimsBesideBundle(),
      systemsBesideBundle(),
      labBesideBundle(),
    ],
    rolldownOptions: {
      output: {
        // The worker of big runs (ringlab/parallel's, one per core) keeps the name pages' CSP and
        // docs give it; the claims' is ringlab-claims-worker.js, the cluster page's keys'
        // ringlab-cluster-worker.js, the lab's (ringlab/lab's) ringlab-lab-worker.js.
        entryFileNames: (chunk) =>
          chunk.name === "claims-worker" || chunk.name === "cluster-worker" || chunk.name === "lab-worker"
            ? `ringlab-${chunk.name}.js`
            : "ringlab-worker.js",
        chunkFileNames: "ringlab-worker-[hash].js",
        minify: true,
      },
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
    // The systems module is a chunk of its own, loaded by the Malachi widget on first use.
    // The main module's glues keep their names (ringlab.js, ringlab-simd.js).
    rolldownOptions: {
      output: {
        minify: true,
        chunkFileNames: (chunk) => (chunk.name.startsWith("ringlab") ? `${chunk.name}.js` : `ringlab-${chunk.name}.js`),
      },
    },
    lib: { entry: here("index.ts"), formats: ["es"], fileName: () => "ringlab-widgets.js" },
  },
});
