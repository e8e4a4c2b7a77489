#!/usr/bin/env node
// Builds everything the JavaScript side needs, incrementally:
//
//   1. the C++ core compiled by Emscripten (objects in build-wasm/obj, rebuilt when a source, a
//      header it includes or the flags change);
//   2. the module linked from those objects into web/lib/dist/wasm/:
//        ringlab.js + ringlab.wasm          the library, run_cli included (what `load()` and the
//                                           Node CLI use)
//        ringlab.inline.js                  that .wasm, gzipped, as base64 (`ringlab/single`
//                                           shares the glue)
//   3. the TypeScript wrapper (web/lib/src -> web/lib/dist: .d.ts with their TSDoc, .js without
//      comments);
//   4. when tests/cpp has a Catch2 suite: that suite and the core as one Node-runnable test
//      program, build-wasm/tests/ringlab-tests.js (NODERAWFS: it reads tests/golden directly).
//
//   node scripts/build-wasm.mjs [--force] [--no-tests]
//
// Needs em++ on PATH (or EMXX=/path/to/em++) and `npm install` (for tsc). No npm dependencies.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

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

const buildDir = path.join(root, "build-wasm");
const objDir = path.join(buildDir, "obj");
const libDir = path.join(root, "web", "lib");
const distDir = path.join(libDir, "dist");
const wasmOut = path.join(distDir, "wasm");
const testsOut = path.join(buildDir, "tests");

const emxx = process.env.EMXX || "em++";
// Debian's Emscripten runs its JS optimizer with the system node and finds acorn only there.
const env = { ...process.env };
if (existsSync("/usr/share/nodejs/acorn") && !(env.NODE_PATH || "").split(path.delimiter).includes("/usr/share/nodejs")) {
  env.NODE_PATH = [env.NODE_PATH, "/usr/share/nodejs"].filter(Boolean).join(path.delimiter);
}

const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;

// ---------------------------------------------------------------------------------------------
// Flags

const compileFlags = [
  "-std=c++20",
  "-O2",
  // Bit identity with JavaScript: no FMA contraction, no fast-math (as the native build).
  "-ffp-contract=off",
  "-fno-fast-math",
  // The core throws ringlab::Error; the bindings catch it at the boundary (JS-emulated C++
  // exceptions: the prebuilt libc++ variant, supported by every engine).
  "-fexceptions",
  "-Wall",
  "-Wextra",
  `-I${path.join(root, "cpp", "include")}`,
];

// Code that runs once per call rather than once per key (the CLI's parsing, the comparison's
// bookkeeping, formatting, analysis, the digest, the token ring's edits) is compiled for size:
// the page budget of the module is 150 KB gzip. So are the bindings: they only move values
// across the boundary, and every per-key loop they start is a core batch function (h32_many,
// Ring::owners, Maglev::lookup_many, Rendezvous::pick_many, jump_many) defined out of line in a
// file compiled for speed. Maglev's table build and bounded-load placement stay compiled for
// speed: for size they ran 4.5x and 6x slower.
const coldSources = new Set(["cli.cpp", "compare.cpp", "digest.cpp", "analysis.cpp", "jsfmt.cpp", "error.cpp", "token_ring.cpp"]);
const coldFlags = compileFlags.map((f) => (f === "-O2" ? "-Oz" : f));

const moduleLinkFlags = [
  "-O2",
  "--bind",
  "-fexceptions",
  // uint64_t <-> BigInt (jump keys).
  "-sWASM_BIGINT",
  // The heap grows on demand up to 2 GiB, the most a wasm32 module addresses without
  // unsigned-pointer fixes in the glue. The core's own caps (2^24 ring points, 10^8 keys) stay
  // well inside it; an allocation beyond it is std::bad_alloc -> RinglabError "out_of_memory".
  "-sALLOW_MEMORY_GROWTH",
  "-sMAXIMUM_MEMORY=2147483648",
  "-sMODULARIZE",
  "-sEXPORT_ES6",
  "-sEXPORT_NAME=createRinglabModule",
  // No Node-specific glue (it would use __dirname, which ESM lacks). The wrapper always hands the
  // module over itself (instantiateWasm): fetched, read from disk in Node, or given by the caller.
  "-sENVIRONMENT=web,worker",
  // ...so the glue needs no `new URL("ringlab.wasm", import.meta.url)` of its own: the wrapper's
  // is the one reference bundlers see, and the single-file entry, which shares this glue, makes
  // them emit no .wasm at all.
  "-sUSE_ES6_IMPORT_META=0",
  "-sFILESYSTEM=0",
  // std::u16string results (server names) are decoded unit by unit; TextDecoder would turn lone
  // surrogates into U+FFFD, and a name must come back exactly as it went in.
  "-sTEXTDECODER=0",
  // No eval/new Function in the glue: works under a strict Content-Security-Policy.
  "-sDYNAMIC_EXECUTION=0",
  // The wrapper hands the module over itself (loader.ts); the glue need read nothing else from
  // the object it is given.
  "-sINCOMING_MODULE_JS_API=[instantiateWasm]",
];

const testLinkFlags = [
  "-O2",
  "-fexceptions",
  "-sWASM_BIGINT",
  "-sALLOW_MEMORY_GROWTH",
  "-sMAXIMUM_MEMORY=2147483648",
  "-sENVIRONMENT=node",
  // Synchronous instantiation: this Emscripten's async path tries fetch() on a file path, which
  // fails on Node >= 18 where fetch exists.
  "-sWASM_ASYNC_COMPILATION=0",
  // The real file system, so the suite reads tests/golden from RINGLAB_GOLDEN_DIR.
  "-sNODERAWFS=1",
  "-sEXIT_RUNTIME=1",
];

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

function readText(p) {
  try {
    return readFileSync(p, "utf8");
  } catch {
    return null;
  }
}

function ensureDir(p) {
  mkdirSync(p, { recursive: true });
}

function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"], ...opts });
    child.on("error", (e) => reject(new Error(`${cmd}: ${e.message}`)));
    child.on("close", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.map(rel).join(" ")} failed (${code ?? signal})`)),
    );
  });
}

// Runs async jobs with at most `n` at a time.
async function pool(jobs, n) {
  const queue = [...jobs];
  const workers = Array.from({ length: Math.min(n, queue.length) }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(workers);
}

// The sources listed in a CMake add_library/add_executable call: CMake stays the one list of
// what the library (and the test suite) is made of. A `${VAR}` in the list is expanded when the
// same file sets VAR with `file(GLOB VAR [CONFIGURE_DEPENDS] "dir/pattern")` (a `*` in the file
// name only), which is how tests/cpp picks up every test_*.cpp.
function cmakeSources(file, command, target) {
  const text = readText(file);
  if (text === null) return null;
  const code = text.replace(/#.*$/gm, "");
  const m = code.match(new RegExp(`${command}\\(\\s*${target}\\s+([^)]*)\\)`));
  if (!m) fail(`${rel(file)} has no ${command}(${target} ...)`);
  const dir = path.dirname(file);
  const globs = new Map();
  for (const g of code.matchAll(/file\(\s*GLOB\s+(\w+)\s+(?:CONFIGURE_DEPENDS\s+)?"?([^")\s]+)"?\s*\)/g)) globs.set(g[1], g[2]);
  const expand = (item) => {
    const v = item.match(/^\$\{(\w+)\}$/);
    if (!v) return [item];
    const pattern = globs.get(v[1]);
    if (pattern === undefined) fail(`${rel(file)}: cannot expand ${item}`);
    const full = path.resolve(dir, pattern.replace(/\$\{CMAKE_CURRENT_SOURCE_DIR\}/g, dir).replace(/\$\{PROJECT_SOURCE_DIR\}/g, root));
    const re = new RegExp(`^${path.basename(full).replace(/[.+?^$()[\]{}|\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    const from = path.dirname(full);
    return existsSync(from) ? readdirSync(from).filter((f) => re.test(f)).sort().map((f) => path.join(from, f)) : [];
  };
  return m[1]
    .split(/\s+/)
    .flatMap(expand)
    .filter((s) => s.endsWith(".cpp"))
    .map((s) => path.resolve(dir, s));
}

// An object is stale when it or its flag record is missing, the flags changed, or any file in
// its dependency list (the source and every header, from -MMD) is newer.
function stale(obj, cmdFile, cmd) {
  if (force || readText(cmdFile) !== cmd) return true;
  const t = mtime(obj);
  if (t < 0) return true;
  const dep = readText(obj.replace(/\.o$/, ".d"));
  if (dep === null) return true;
  const files = dep
    .replace(/\\\n/g, " ")
    .split(/\s+/)
    .slice(1)
    .filter((f) => f && f !== "\\")
    .map((f) => path.resolve(root, f)); // em++ runs in the repository root
  return files.some((f) => mtime(f) < 0 || mtime(f) > t);
}

function objectFor(src, variant = "") {
  const name = path.relative(root, src).replace(/[\\/]/g, "__").replace(/\.cpp$/, variant + ".o");
  return path.join(objDir, name);
}

async function compileAll(units) {
  const jobs = [];
  for (const { src, obj, flags } of units) {
    const cmdFile = obj + ".cmd";
    const args = [...flags, "-MMD", "-MF", obj.replace(/\.o$/, ".d"), "-c", src, "-o", obj];
    const cmd = [emxx, ...args].join(" ");
    if (!stale(obj, cmdFile, cmd)) continue;
    jobs.push(async () => {
      console.log(`  em++ ${rel(src)}`);
      await exec(emxx, args);
      writeFileSync(cmdFile, cmd);
    });
  }
  await pool(jobs, Math.max(1, availableParallelism()));
  return jobs.length;
}

async function link(objects, flags, output, extraOutputs = []) {
  const args = [...flags, ...objects, "-o", output];
  const cmd = [emxx, ...args].join(" ");
  const cmdFile = path.join(buildDir, path.basename(output) + ".link");
  const outputs = [output, ...extraOutputs];
  const newest = Math.max(...objects.map(mtime));
  const oldest = Math.min(...outputs.map(mtime));
  if (!force && readText(cmdFile) === cmd && oldest >= newest) return false;
  console.log(`  link ${rel(output)}`);
  ensureDir(path.dirname(output));
  await exec(emxx, args);
  writeFileSync(cmdFile, cmd);
  return true;
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
  if (spawnSync(emxx, ["--version"], { env, stdio: "ignore" }).status !== 0) {
    fail(`${emxx} not found: install Emscripten (Debian: apt-get install emscripten) or set EMXX`);
  }
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  if (!existsSync(tsc)) fail("TypeScript is not installed: run `npm install` first");

  ensureDir(objDir);
  ensureDir(wasmOut);

  // 1. Objects
  const core = cmakeSources(path.join(root, "CMakeLists.txt"), "add_library", "ringlab");
  if (!core || core.length === 0) fail("no library sources found in CMakeLists.txt");
  const bindings = path.join(root, "cpp", "wasm", "bindings.cpp");
  const bindingFlags = [...coldFlags, `-DRINGLAB_VERSION="${version}"`];
  const units = [
    ...core.map((src) => ({ src, obj: objectFor(src), flags: coldSources.has(path.basename(src)) ? coldFlags : compileFlags })),
    { src: bindings, obj: objectFor(bindings), flags: bindingFlags },
  ];

  const suite = withTests ? cmakeSources(path.join(root, "tests", "cpp", "CMakeLists.txt"), "add_executable", "ringlab_tests") : null;
  const suiteSources = (suite || []).filter((s) => existsSync(s));
  let catchInclude = null;
  if (suiteSources.length > 0) {
    catchInclude = findCatch2();
    const testFlags = [
      ...compileFlags.map((f) => (f === "-O2" ? "-O1" : f)),
      `-DRINGLAB_GOLDEN_DIR="${path.join(root, "tests", "golden")}"`,
      "-isystem",
      catchInclude,
    ];
    for (const src of suiteSources) units.push({ src, obj: objectFor(src), flags: testFlags });
    const missing = suite.filter((s) => !existsSync(s));
    if (missing.length) console.log(`  (tests/cpp/CMakeLists.txt lists missing files: ${missing.map(rel).join(", ")})`);
  }

  console.log("build-wasm: compiling");
  const compiled = await compileAll(units);
  if (compiled === 0) console.log("  objects up to date");

  // 2. Modules
  console.log("build-wasm: linking");
  const coreObjects = core.map((s) => objectFor(s));
  const libObjects = [...coreObjects, objectFor(bindings)];
  if (!(await link(libObjects, moduleLinkFlags, path.join(wasmOut, "ringlab.js"), [path.join(wasmOut, "ringlab.wasm")]))) {
    console.log("  module up to date");
  }
  inlineWasm(path.join(wasmOut, "ringlab.wasm"), path.join(wasmOut, "ringlab.inline.js"));

  // 3. TypeScript
  console.log("build-wasm: tsc -p web/lib");
  const tsconfig = path.join(libDir, "tsconfig.json");
  await exec(process.execPath, [tsc, "-p", tsconfig]);
  // The JavaScript again, without comments: pages download it, and the TSDoc lives in the .d.ts
  // (and every comment in web/lib/src). Except loader.js, whose `/* @vite-ignore */` tells Vite
  // to leave its Node-only dynamic import alone.
  const loaderJs = path.join(distDir, "loader.js");
  const loaderText = readFileSync(loaderJs);
  await exec(process.execPath, [tsc, "-p", tsconfig, "--removeComments", "--declaration", "false", "--incremental", "false"]);
  writeFileSync(loaderJs, loaderText);
  // tsc does not copy hand-written declarations; the glue's types go next to the glue.
  for (const f of readdirSync(path.join(libDir, "src", "wasm"))) {
    if (f.endsWith(".d.ts")) copyFileSync(path.join(libDir, "src", "wasm", f), path.join(wasmOut, f));
  }
  chmodSync(path.join(distDir, "cli.js"), 0o755);
  prune();

  // 4. The Catch2 suite as WASM
  if (suiteSources.length > 0) {
    console.log("build-wasm: linking the Catch2 suite");
    ensureDir(testsOut);
    // The repository's package.json says "type": "module"; Emscripten's Node glue is CommonJS.
    writeFileSync(path.join(testsOut, "package.json"), '{ "type": "commonjs" }\n');
    const out = path.join(testsOut, "ringlab-tests.js");
    const objects = [...coreObjects, ...suiteSources.map((s) => objectFor(s))];
    if (!(await link(objects, testLinkFlags, out, [path.join(testsOut, "ringlab-tests.wasm")]))) {
      console.log("  suite up to date");
    }
  } else if (withTests) {
    console.log("build-wasm: no Catch2 suite in tests/cpp yet; skipped");
  }

  console.log("build-wasm: sizes");
  sizes([
    path.join(wasmOut, "ringlab.wasm"),
    path.join(wasmOut, "ringlab.js"),
    path.join(wasmOut, "ringlab.inline.js"),
  ]);
}

// Removes what an earlier build left in dist/ and this one did not make (a renamed source, an
// output that no longer exists), so `npm pack` ships exactly the current build.
function prune() {
  const sources = new Set(readdirSync(path.join(libDir, "src")).filter((f) => f.endsWith(".ts")).map((f) => f.replace(/\.ts$/, "")));
  for (const f of readdirSync(distDir)) {
    const m = f.match(/^(.*?)(\.d\.ts|\.js)$/);
    if (m && !sources.has(m[1])) rmSync(path.join(distDir, f));
  }
  const modules = new Set(["ringlab.js", "ringlab.wasm", "ringlab.inline.js"]);
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

// Catch2 v2 is header-only; point the compiler at the folder holding catch2/catch.hpp, and only
// that folder (the host's /usr/include must not leak into an Emscripten build).
function findCatch2() {
  const candidates = [process.env.CATCH2_INCLUDE_DIR, "/usr/include", "/usr/local/include"].filter(Boolean);
  const found = candidates.find((d) => existsSync(path.join(d, "catch2", "catch.hpp")));
  if (!found) fail("Catch2 v2 (catch2/catch.hpp) not found: install catch2 or set CATCH2_INCLUDE_DIR");
  const dir = path.join(buildDir, "catch2-include");
  const header = path.join(dir, "catch2", "catch.hpp");
  ensureDir(path.dirname(header));
  const source = path.join(found, "catch2", "catch.hpp");
  if (mtime(header) < mtime(source)) copyFileSync(source, header);
  return dir;
}

main().catch((e) => fail(e.message));
