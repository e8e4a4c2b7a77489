#!/usr/bin/env node
// Builds everything the JavaScript side needs, incrementally:
//
//   1. CMake under Emscripten (emcmake, the `wasm` preset) in build-wasm/: the C++ core and the
//      bindings linked into web/lib/dist/wasm/ringlab.js + ringlab.wasm (cpp/wasm/CMakeLists.txt
//      says how), the same linked with WebAssembly SIMD128 (ringlab-simd.js + ringlab-simd.wasm,
//      a link with its own glue), the modules of ringlab/systems, ringlab/claims, ringlab/buckets (and ringlab/placers), ringlab/plan,
//      ringlab/lab and the Node CLI, and the Catch2 suite as a Node-runnable program (tests/cpp; `ctest
//      --test-dir build-wasm` runs it);
//   2. each module's glue minified, and ringlab.inline.js: ringlab.wasm, gzipped, as base64
//      (`ringlab/single` shares its glue);
//   3. the TypeScript wrapper (web/lib/src -> web/lib/dist): a .d.ts per source file, with its
//      TSDoc, in the folders of the sources (the entry points' at the top, the internals' in
//      core/, main/, handles/, …), and one JavaScript file per entry point (index.js, single.js,
//      cli.js, …, and errors.js which they share), each bundled from tsc's output, without
//      comments, local names shortened.
//
//   node scripts/build-wasm.mjs [--force] [--no-tests]
//
// CMake knows the sources and the flags; this script only runs it, tsc, the bundler and the
// inline step. Needs emcmake and em++ on PATH (Debian: apt-get install emscripten), cmake and
// `npm install` (for tsc and rolldown, the bundler Vite uses).
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { exec as execCommand } from "./lib/proc.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (p) => path.relative(root, p) || ".";
const argv = process.argv.slice(2);
for (const a of argv) {
  if (!["--force", "--no-tests"].includes(a)) {
    console.error(`build-wasm: unknown option ${a}\nusage: node scripts/build-wasm.mjs [--force] [--no-tests]`);
    process.exit(2);
  }
}
const force = argv.includes("--force");
const withTests = !argv.includes("--no-tests");

const libDir = path.join(root, "web", "lib");
const distDir = path.join(libDir, "dist");
const wasmOut = path.join(distDir, "wasm");
// tsc's JavaScript, one file per source: what the entry points are bundled from.
const jsDir = path.join(root, "build-wasm", "web-lib");
// The package's entry points (package.json: ".", "./single", "./systems", "./claims", "./buckets", "./placers", "./plan", "./lab", "./parallel", the bin, and
// the workers parallel.js and lab.js start): the files at the top of web/lib/src, one JavaScript file each in dist/.
const entries = [
  "index",
  "single",
  "cli",
  "systems",
  "claims",
  "buckets",
  "placers",
  "plan",
  "lab",
  "lab-worker",
  "parallel",
  "parallel-worker",
];
// The one module they share, a file of its own in dist/ (RinglabError must be one class, whichever
// entry threw it): its name in dist/ and its source, an internal module.
const shared = { errors: "core/errors" };

// Debian's Emscripten runs its JS optimizer with the system node and finds acorn only there.
const env = { ...process.env };
if (
  existsSync("/usr/share/nodejs/acorn") &&
  !(env.NODE_PATH || "").split(path.delimiter).includes("/usr/share/nodejs")
) {
  env.NODE_PATH = [env.NODE_PATH, "/usr/share/nodejs"].filter(Boolean).join(path.delimiter);
}
// Each em++ call is a Python program (/usr/bin/em++ runs `${EMSDK_PYTHON:-python3}`). Debian's
// Emscripten is packaged for Debian's /usr/bin/python3; the python3 first on PATH may be another
// one behind a version manager's shim (pyenv's starts about fifteen shell processes to pick its
// interpreter), which doubled what each of the build's hundred-odd em++ calls cost before clang
// even ran: 0.47 CPU-seconds against 0.23 for a one-line file.
if (env.EMSDK_PYTHON === undefined && existsSync("/usr/share/emscripten/emcc.py") && existsSync("/usr/bin/python3")) {
  env.EMSDK_PYTHON = "/usr/bin/python3";
}

// ---------------------------------------------------------------------------------------------
// Helpers

function fail(message) {
  console.error(`build-wasm: ${message}`);
  process.exit(1);
}

function mtime(p) {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return -1;
  }
}

// A step of the build, its output shown as it comes; throws, naming the command, when it fails.
async function exec(cmd, args) {
  const r = await execCommand(cmd, args, { env, inherit: true });
  if (r.code !== 0)
    throw new Error(
      `${cmd} ${args.map((a) => (path.isAbsolute(a) ? rel(a) : a)).join(" ")} failed (${r.code ?? r.signal})`,
    );
}

function has(cmd, args = ["--version"]) {
  return spawnSync(cmd, args, { env, stdio: "ignore" }).status === 0;
}

function sizes(files) {
  for (const f of files) {
    if (!existsSync(f)) continue;
    const data = readFileSync(f);
    const kb = (n) => (n / 1024).toFixed(1).padStart(7) + " KB";
    console.log(`  ${rel(f).padEnd(40)} ${kb(data.length)} raw ${kb(gzipSync(data, { level: 9 }).length)} gzip`);
  }
}

// ---------------------------------------------------------------------------------------------
// The build

async function main() {
  for (const tool of ["cmake", "emcmake", "em++"]) {
    if (!has(tool, tool === "emcmake" ? ["cmake", "--version"] : ["--version"])) {
      fail(`${tool} not found: install Emscripten and CMake (Debian: apt-get install emscripten cmake)`);
    }
  }
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  if (!existsSync(tsc)) fail("TypeScript is not installed: run `npm install` first");

  // 1. The module (and the Catch2 suite), by CMake.
  console.log("build-wasm: cmake (Emscripten)");
  // The `wasm` preset (CMakePresets.json: build-wasm/, Release); emcmake supplies Emscripten's
  // toolchain file and the Node that runs the suite.
  // The suite is on by default; ON again here in case a build folder was configured without it.
  await exec("emcmake", [
    "cmake",
    "--preset",
    "wasm",
    "--log-level=WARNING",
    ...(withTests ? ["-DRINGLAB_BUILD_TESTS=ON"] : []),
  ]);
  // --no-tests builds the module alone (the suite, if built before, is left as it was).
  await exec("cmake", [
    "--build",
    "--preset",
    "wasm",
    ...(withTests
      ? []
      : [
          "--target",
          "ringlab_wasm",
          "ringlab_simd_wasm",
          "ringlab_systems_wasm",
          "ringlab_claims_wasm",
          "ringlab_buckets_wasm",
          "ringlab_plan_wasm",
          "ringlab_lab_wasm",
          "ringlab_cli_wasm",
        ]),
    ...(force ? ["--clean-first"] : []),
  ]);
  await minifyGlue(path.join(wasmOut, "ringlab.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-simd.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-systems.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-claims.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-buckets.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-plan.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-lab.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-cli.js"));
  inlineWasm(path.join(wasmOut, "ringlab.wasm"), path.join(wasmOut, "ringlab.inline.js"));

  // 2. TypeScript: the declarations into dist/, the JavaScript into build-wasm/web-lib/, from
  // where each entry point is bundled into dist/.
  console.log("build-wasm: tsc -p web/lib");
  const tsconfig = path.join(libDir, "tsconfig.json");
  await exec(process.execPath, [tsc, "-p", tsconfig, "--outDir", jsDir, "--declarationDir", distDir]);
  console.log("build-wasm: bundle the entry points");
  await bundleEntries();
  // tsc does not copy hand-written declarations; the glue's types go next to the glue.
  for (const f of readdirSync(path.join(libDir, "src", "wasm"))) {
    if (f.endsWith(".d.ts")) copyFileSync(path.join(libDir, "src", "wasm", f), path.join(wasmOut, f));
  }
  chmodSync(path.join(distDir, "cli.js"), 0o755);
  prune();

  console.log("build-wasm: sizes");
  sizes([
    path.join(wasmOut, "ringlab.wasm"),
    path.join(wasmOut, "ringlab.js"),
    path.join(wasmOut, "ringlab-simd.wasm"),
    path.join(wasmOut, "ringlab-simd.js"),
    path.join(wasmOut, "ringlab.inline.js"),
    path.join(wasmOut, "ringlab-systems.wasm"),
    path.join(wasmOut, "ringlab-systems.js"),
    path.join(wasmOut, "ringlab-claims.wasm"),
    path.join(wasmOut, "ringlab-claims.js"),
    path.join(wasmOut, "ringlab-buckets.wasm"),
    path.join(wasmOut, "ringlab-buckets.js"),
    path.join(wasmOut, "ringlab-plan.wasm"),
    path.join(wasmOut, "ringlab-plan.js"),
    path.join(wasmOut, "ringlab-lab.wasm"),
    path.join(wasmOut, "ringlab-lab.js"),
    path.join(wasmOut, "ringlab-cli.wasm"),
    path.join(wasmOut, "ringlab-cli.js"),
  ]);
}

// Emscripten's glue, minified in place by the minifier Vite uses (it already minifies this glue
// into the widgets bundle): Emscripten leaves it readable, and pages download it. The first line
// marks a minified glue, so an unchanged link is not minified twice.
async function minifyGlue(file) {
  const mark = `// Emscripten's glue for ${path.basename(file, ".js")}.wasm, minified by scripts/build-wasm.mjs\n`;
  const code = readFileSync(file, "utf8");
  if (code.startsWith(mark)) return;
  const { minify } = await import("rolldown/experimental");
  const out = await minify(path.basename(file), code, { module: true });
  if (out.errors.length > 0) fail(`minifying ${rel(file)}: ${out.errors.map((e) => e.message).join("; ")}`);
  writeFileSync(file, mark + out.code);
}

// Each entry point with every wrapper module it imports, in one file: a page downloads one file
// instead of a dozen, and gzip sees them together. The glues and the inlined .wasm stay files of
// their own (the main entry imports the glue of the build it loads; single.js shares ringlab.js),
// and so does errors.js: a RinglabError from
// `ringlab/single` is an instance of the class `ringlab` exports. Comments are left out, but for
// annotations such as core/loader.ts's `/* @vite-ignore */`, which tells Vite to leave its Node-only
// dynamic import alone. Local names are shortened; nothing else is rewritten (no compression
// passes: core/loader.ts hides its Node-only import from bundlers behind a constant, which they would
// fold back in), and classes and functions keep their names.
async function bundleEntries() {
  const { rolldown } = await import("rolldown");
  // The shared modules by where tsc wrote them, and the import each entry keeps of them: the file
  // beside it in dist/, whichever folder the module that imports it is in.
  const sharedFiles = new Map(
    Object.entries(shared).map(([name, source]) => [path.join(jsDir, `${source}.js`), `./${name}.js`]),
  );
  for (const entry of [...entries, ...Object.keys(shared)]) {
    const input = path.join(jsDir, `${shared[entry] ?? entry}.js`);
    const bundle = await rolldown({
      input,
      external: [
        /^\.\/wasm\//,
        /^node:/,
        // The parallel worker loads the package's main entry as it is, so a bundler that emits the
        // worker sees the entry (and its .wasm) it already knows.
        ...(entry === "parallel-worker" ? ["./index.js"] : []),
        // ...and the lab's worker the lab's entry, for the same reason.
        ...(entry === "lab-worker" ? ["./lab.js"] : []),
      ],
      plugins: [
        {
          name: "ringlab-shared",
          resolveId(source, importer) {
            if (importer === undefined || !source.startsWith(".")) return null;
            const file = path.resolve(path.dirname(importer), source);
            const id = file === input ? undefined : sharedFiles.get(file);
            return id === undefined ? null : { id, external: true };
          },
        },
      ],
      logLevel: "warn",
      // No `// <module>` line before each module's code: bytes every page downloads.
      experimental: { attachDebugInfo: "none" },
    });
    const { output } = await bundle.generate({
      format: "esm",
      comments: { legal: false, annotation: true, jsdoc: false },
      minify: { compress: false, mangle: { keepNames: true }, codegen: { removeWhitespace: true } },
    });
    await bundle.close();
    const chunks = output.filter((o) => o.type === "chunk");
    if (chunks.length !== 1) fail(`bundling ${entry}.js made ${chunks.length} files`);
    // The minifier writes some strings as template literals; `new URL("…", import.meta.url)` keeps
    // its plain string, which is what bundlers (webpack 5, Vite) recognise as an asset to emit.
    const code = chunks[0].code.replace(/new URL\(`([^`$\\]*)`,/g, 'new URL("$1",');
    writeFileSync(path.join(distDir, `${entry}.js`), code);
  }
}

// Removes what an earlier build left in dist/ and this one did not make (a renamed source, a
// module now bundled into its entry point, an output that no longer exists), so `npm pack` ships
// exactly the current build.
function prune() {
  // What dist/ holds outside wasm/ (below): a .d.ts per source, in the source's folder, and the
  // bundles at the top.
  const outside = (f) => f.split(path.sep)[0] !== "wasm";
  const declarations = new Set(
    readdirSync(path.join(libDir, "src"), { recursive: true })
      .filter((f) => outside(f) && f.endsWith(".ts") && !f.endsWith(".d.ts"))
      .map((f) => f.replace(/\.ts$/, ".d.ts")),
  );
  const bundles = new Set([...entries, ...Object.keys(shared)].map((e) => `${e}.js`));
  const left = readdirSync(distDir, { recursive: true }).filter(outside);
  for (const f of left) {
    const m = f.match(/(\.d\.ts|\.js)$/);
    if (!m || statSync(path.join(distDir, f)).isDirectory()) continue;
    const kept = m[1] === ".js" ? bundles.has(f) : declarations.has(f);
    if (!kept) rmSync(path.join(distDir, f));
  }
  // Folders left empty, the deepest first.
  for (const d of left.sort((a, b) => b.length - a.length)) {
    const dir = path.join(distDir, d);
    if (existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length === 0)
      rmSync(dir, { recursive: true });
  }
  const modules = new Set([
    "ringlab.js",
    "ringlab.wasm",
    "ringlab-simd.js",
    "ringlab-simd.wasm",
    "ringlab.inline.js",
    "ringlab-systems.js",
    "ringlab-systems.wasm",
    "ringlab-claims.js",
    "ringlab-claims.wasm",
    "ringlab-buckets.js",
    "ringlab-buckets.wasm",
    "ringlab-plan.js",
    "ringlab-plan.wasm",
    "ringlab-lab.js",
    "ringlab-lab.wasm",
    "ringlab-cli.js",
    "ringlab-cli.wasm",
  ]);
  for (const f of readdirSync(path.join(libDir, "src", "wasm"))) modules.add(f);
  for (const f of readdirSync(wasmOut)) if (!modules.has(f)) rmSync(path.join(wasmOut, f));
}

// The single-file build (`ringlab/single`): the library's .wasm, gzipped, as base64 in an ES
// module, next to the same glue. One file to bundle or embed, nothing to serve or locate.
// Gzipped first because base64 hides the bytes from the gzip of the tarball and of the HTTP
// response: the base64 of the raw .wasm compresses to about 1.35 times the gzipped .wasm, the
// base64 of the gzipped .wasm to about 1.0 times. single.ts inflates it with DecompressionStream.
function inlineWasm(wasm, out) {
  if (!force && mtime(out) >= mtime(wasm)) return;
  console.log(`  inline ${rel(wasm)} -> ${rel(out)}`);
  // No file name or time in the gzip header (Node writes neither): the output depends only on
  // the .wasm, so rebuilding gives the same bytes.
  const b64 = gzipSync(readFileSync(wasm), { level: 9 }).toString("base64");
  writeFileSync(
    out,
    "// ringlab.wasm, gzipped, as base64: generated by scripts/build-wasm.mjs (the single-file build).\n" +
      `export default "${b64}";\n`,
  );
}

main().catch((e) => fail(e.message));
