// The playground: a Vite app over the same custom elements as the widgets bundle, importing
// their sources. `base: "./"` and hash routing make the built site work from any sub-path of any
// static server; the .wasm and the worker are emitted as files next to the code and found
// through import.meta.url.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here("."),
  base: "./",
  publicDir: false,
  resolve: {
    // The package by its name, built into web/lib/dist by `npm run build:wasm`.
    alias: [
      { find: /^ringlab$/, replacement: here("../lib/dist/index.js") },
      // Imported dynamically (the Malachi page only): its own chunk and .wasm.
      { find: /^ringlab\/systems$/, replacement: here("../lib/dist/systems.js") },
      // Imported dynamically, or by the claims worker (the claims page only): its own chunk and .wasm.
      { find: /^ringlab\/claims$/, replacement: here("../lib/dist/claims.js") },
      // Imported dynamically (the bucket stepper only): its own chunk and .wasm.
      { find: /^ringlab\/buckets$/, replacement: here("../lib/dist/buckets.js") },
      // Imported dynamically (the lab page only), and by its worker: its own chunk and .wasm.
      { find: /^ringlab\/lab$/, replacement: here("../lib/dist/lab.js") },
      // Imported dynamically (the plan page only): its own chunk and .wasm.
      { find: /^ringlab\/plan$/, replacement: here("../lib/dist/plan.js") },
      // Imported dynamically by a big comparison: its workers load the main entry and its .wasm.
      { find: /^ringlab\/parallel$/, replacement: here("../lib/dist/parallel.js") },
    ],
  },
  // Pre-bundling would move the package away from its .wasm (found via import.meta.url).
  optimizeDeps: {
    exclude: [
      "ringlab",
      "ringlab/systems",
      "ringlab/claims",
      "ringlab/buckets",
      "ringlab/lab",
      "ringlab/plan",
      "ringlab/parallel",
    ],
    include: ["uplot"],
  },
  server: { fs: { allow: [here("../..")] } },
  worker: { format: "es" },
  build: {
    outDir: here("../../dist/playground"),
    emptyOutDir: true,
    target: "es2022",
    // The .wasm must stay a file: a data: URL would need connect-src data: under a strict CSP.
    assetsInlineLimit: 0,
  },
});
