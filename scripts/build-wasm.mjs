#!/usr/bin/env node
// Builds everything the JavaScript side needs, incrementally:
//
//   1. CMake under Emscripten (emcmake, the `wasm` preset) in build-wasm/: the C++ core and the
//      bindings linked into web/lib/dist/wasm/ringlab.js + ringlab.wasm (cpp/wasm/CMakeLists.txt
//      says how), the same linked with WebAssembly SIMD128 (ringlab-simd.wasm: its imports and
//      exports held to ringlab.wasm's, so that one glue loads either), and the Catch2 suite as a Node-runnable program (tests/cpp; `ctest --test-dir build-wasm` runs it);
//   2. Emscripten's glue (ringlab.js) minified, and ringlab.inline.js: that .wasm, gzipped, as
//      base64 (`ringlab/single` shares the glue);
//   3. the TypeScript wrapper (web/lib/src -> web/lib/dist): a .d.ts per source file, with its
//      TSDoc, and one JavaScript file per entry point (index.js, single.js, cli.js, and errors.js
//      which they share), each bundled from tsc's output, without comments, local names
//      shortened.
//
//   node scripts/build-wasm.mjs [--force] [--no-tests]
//
// CMake knows the sources and the flags; this script only runs it, tsc, the bundler and the
// inline step. Needs emcmake and em++ on PATH (Debian: apt-get install emscripten), cmake and
// `npm install` (for tsc and rolldown, the bundler Vite uses).
import { spawn, spawnSync } from "node:child_process";
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
// The package's entry points (package.json: ".", "./single", "./systems", "./claims", the bin): one JavaScript file each,
// and the one module they share (RinglabError must be one class, whichever entry threw it).
const entries = ["index", "single", "cli", "systems", "claims", "parallel", "parallel-worker"];
const shared = ["errors"];

// Debian's Emscripten runs its JS optimizer with the system node and finds acorn only there.
const env = { ...process.env };
if (
  existsSync("/usr/share/nodejs/acorn") &&
  !(env.NODE_PATH || "").split(path.delimiter).includes("/usr/share/nodejs")
) {
  env.NODE_PATH = [env.NODE_PATH, "/usr/share/nodejs"].filter(Boolean).join(path.delimiter);
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

function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"], ...opts });
    child.on("error", (e) => reject(new Error(`${cmd}: ${e.message}`)));
    child.on("close", (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${cmd} ${args.map((a) => (path.isAbsolute(a) ? rel(a) : a)).join(" ")} failed (${code ?? signal})`,
            ),
          ),
    );
  });
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
      : ["--target", "ringlab_wasm", "ringlab_simd_wasm", "ringlab_systems_wasm", "ringlab_claims_wasm"]),
    ...(force ? ["--clean-first"] : []),
  ]);
  // The main module's glue as the link wrote it, kept for the SIMD128 module's check below.
  const rawGlue = path.join(root, "build-wasm", "ringlab.raw.js");
  if (!existsSync(rawGlue) && readFileSync(path.join(wasmOut, "ringlab.js"), "utf8").startsWith("// Emscripten's")) {
    // Minified by a build from before the check: link it again.
    rmSync(path.join(wasmOut, "ringlab.js"));
    await exec("cmake", ["--build", "--preset", "wasm", "--target", "ringlab_wasm"]);
  }
  await minifyGlue(path.join(wasmOut, "ringlab.js"), rawGlue);
  simdModule(path.join(root, "build-wasm", "cpp", "wasm", "simd128"), path.join(wasmOut, "ringlab.wasm"), rawGlue);
  await minifyGlue(path.join(wasmOut, "ringlab-systems.js"));
  await minifyGlue(path.join(wasmOut, "ringlab-claims.js"));
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
    path.join(wasmOut, "ringlab-simd.wasm"),
    path.join(wasmOut, "ringlab.js"),
    path.join(wasmOut, "ringlab.inline.js"),
    path.join(wasmOut, "ringlab-systems.wasm"),
    path.join(wasmOut, "ringlab-systems.js"),
    path.join(wasmOut, "ringlab-claims.wasm"),
    path.join(wasmOut, "ringlab-claims.js"),
  ]);
}

// Emscripten's glue, minified in place by the minifier Vite uses (it already minifies this glue
// into the widgets bundle): Emscripten leaves it readable, and pages download it. The first line
// marks a minified glue, so an unchanged link is not minified twice.
async function minifyGlue(file, keepRaw) {
  const mark = `// Emscripten's glue for ${path.basename(file, ".js")}.wasm, minified by scripts/build-wasm.mjs\n`;
  const code = readFileSync(file, "utf8");
  if (code.startsWith(mark)) return;
  if (keepRaw) writeFileSync(keepRaw, code);
  const { minify } = await import("rolldown/experimental");
  const out = await minify(path.basename(file), code, { module: true });
  if (out.errors.length > 0) fail(`minifying ${rel(file)}: ${out.errors.map((e) => e.message).join("; ")}`);
  writeFileSync(file, mark + out.code);
}

// Each entry point with every wrapper module it imports, in one file: a page downloads one file
// instead of a dozen, and gzip sees them together. The glue and the inlined .wasm stay files of
// their own (both entries share the glue), and so does errors.js: a RinglabError from
// `ringlab/single` is an instance of the class `ringlab` exports. Comments are left out, but for
// annotations such as loader.ts's `/* @vite-ignore */`, which tells Vite to leave its Node-only
// dynamic import alone. Local names are shortened; nothing else is rewritten (no compression
// passes: loader.ts hides its Node-only import from bundlers behind a constant, which they would
// fold back in), and classes and functions keep their names.
async function bundleEntries() {
  const { rolldown } = await import("rolldown");
  for (const entry of [...entries, ...shared]) {
    const bundle = await rolldown({
      input: path.join(jsDir, `${entry}.js`),
      external: [
        /^\.\/wasm\//,
        /^node:/,
        ...(shared.includes(entry) ? [] : shared.map((s) => `./${s}.js`)),
        // The parallel worker loads the package's main entry as it is, so a bundler that emits the
        // worker sees the entry (and its .wasm) it already knows.
        ...(entry === "parallel-worker" ? ["./index.js"] : []),
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
  const sources = new Set(
    readdirSync(path.join(libDir, "src"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.replace(/\.ts$/, "")),
  );
  for (const f of readdirSync(distDir)) {
    const m = f.match(/^(.*?)(\.d\.ts|\.js)$/);
    if (!m) continue;
    const kept = m[2] === ".js" ? [...entries, ...shared].includes(m[1]) : sources.has(m[1]);
    if (!kept) rmSync(path.join(distDir, f));
  }
  const modules = new Set([
    "ringlab.js",
    "ringlab.wasm",
    "ringlab-simd.wasm",
    "ringlab.inline.js",
    "ringlab-systems.js",
    "ringlab-systems.wasm",
    "ringlab-claims.js",
    "ringlab-claims.wasm",
  ]);
  for (const f of readdirSync(path.join(libDir, "src", "wasm"))) modules.add(f);
  for (const f of readdirSync(wasmOut)) if (!modules.has(f)) rmSync(path.join(wasmOut, f));
}

// The SIMD128 build of the main module into the package as ringlab-simd.wasm, loaded by the
// scalar module's glue (ringlab.js). Emscripten's glue provides the imports by name and reads the
// exports by name (minified names, such as "a" for one import: which function each stands for is
// written in the glue), so the two modules must import and export the same names, of the same
// kinds, and the glue the SIMD128 link wrote must be the scalar link's: both checked here. Two
// differences are the links' order, not their content, and are undone: the glues may define the
// exception wrappers (invoke_vi, ...) in another order, as the objects first call them (compared
// as sets); and the minifier names the imports in the order the module lists them, so the same
// import may be "j" in one link and "k" in the other: the SIMD128 module's imports are renamed to
// the scalar glue's names (the table that pairs them, asmLibraryArg, is then the same).
function simdModule(dir, scalar, scalarGlue) {
  const built = path.join(dir, "ringlab.wasm");
  const out = path.join(wasmOut, "ringlab-simd.wasm");
  const wrapper =
    /function invoke_\w+\([^)]*\)\{var sp=stackSave\(\);try\{[^{}]*\}catch\(e\)\{stackRestore\(sp\);if\(e!==e\+0\)throw e;_setThrew\(1,0\)\}\}/g;
  const importTable = /var asmLibraryArg=\{([^}]*)\}/;
  const glue = (file) => readFileSync(file, "utf8");
  // asmLibraryArg's pairs: the minified import name -> the glue's function.
  const imports = (code) => {
    const found = code.match(importTable);
    if (!found) fail("no asmLibraryArg in the glue");
    return new Map(found[1].split(",").map((pair) => pair.match(/^"([\w$]+)":([\w$]+)$/).slice(1, 3)));
  };
  const simdGlue = glue(path.join(dir, "ringlab.js"));
  const plainGlue = glue(scalarGlue);
  const byFunction = new Map([...imports(plainGlue)].map(([name, fn]) => [fn, name]));
  const rename = new Map();
  for (const [name, fn] of imports(simdGlue)) {
    if (!byFunction.has(fn)) fail(`the SIMD128 module imports ${fn}, which the scalar one does not`);
    if (byFunction.get(fn) !== name) rename.set(name, byFunction.get(fn));
  }
  const parts = (code) => {
    const table = code.replace(importTable, plainGlue.match(importTable)[0]);
    return [table.replace(wrapper, ""), ...(table.match(wrapper) ?? []).sort()].join("\n");
  };
  if (parts(simdGlue) !== parts(plainGlue)) {
    fail(`the SIMD128 module's glue (${rel(dir)}/ringlab.js) is not the one ringlab.js was minified from`);
  }
  const bytes = renameImports(readFileSync(built), rename);
  const names = (m, list) =>
    list(m)
      .map((i) => `${i.module ? i.module + "." : ""}${i.name} (${i.kind})`)
      .sort();
  const simd = new WebAssembly.Module(bytes);
  const plain = new WebAssembly.Module(readFileSync(scalar));
  for (const [what, list] of [
    ["imports", WebAssembly.Module.imports],
    ["exports", WebAssembly.Module.exports],
  ]) {
    const a = names(simd, list);
    const b = names(plain, list);
    if (a.join("\n") !== b.join("\n")) {
      const only = (x, y) => x.filter((n) => !y.includes(n)).join(", ") || "none";
      fail(
        `${rel(built)} and ${rel(scalar)} differ in their ${what}: only in the SIMD128 build ${only(a, b)}; ` +
          `only in the scalar one ${only(b, a)}`,
      );
    }
  }
  if (force || mtime(out) < mtime(built) || !readFileSync(out).equals(bytes)) writeFileSync(out, bytes);
}

// A module's bytes with the field names of its imports renamed (old -> new); every other byte as
// it was. The import section (id 2) is a vector of (module name, field name, kind, description);
// names are byte strings prefixed by their length, and lengths and counts are unsigned LEB128.
function renameImports(wasm, rename) {
  if (rename.size === 0) return wasm;
  let at = 8; // magic and version
  const leb = (bytes) => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const encode = (value) => {
    const out = [];
    do {
      let byte = value % 128;
      value = Math.floor(value / 128);
      if (value > 0) byte |= 0x80;
      out.push(byte);
    } while (value > 0);
    return Buffer.from(out);
  };
  const name = (bytes) => {
    const length = leb(bytes);
    const text = bytes.subarray(at, at + length).toString("latin1");
    at += length;
    return text;
  };
  const str = (text) => Buffer.concat([encode(text.length), Buffer.from(text, "latin1")]);
  const chunks = [wasm.subarray(0, 8)];
  while (at < wasm.length) {
    const start = at;
    const id = wasm[at++];
    const size = leb(wasm);
    const end = at + size;
    if (id !== 2) {
      chunks.push(wasm.subarray(start, end));
      at = end;
      continue;
    }
    const entries = [];
    const count = leb(wasm);
    for (let i = 0; i < count; i++) {
      const module = name(wasm);
      const field = name(wasm);
      const kind = wasm[at++];
      const from = at;
      if (kind === 0)
        leb(wasm); // function: type index
      else if (kind === 1) {
        at++; // table: element type, then limits
        if (wasm[at++] & 1) leb(wasm);
        leb(wasm);
      } else if (kind === 2) {
        if (wasm[at++] & 1) leb(wasm); // memory: limits
        leb(wasm);
      } else if (kind === 3)
        at += 2; // global: value type, mutability
      else if (kind === 4) {
        at++; // tag: attribute, type index
        leb(wasm);
      } else fail(`an import of unknown kind ${kind}`);
      const renamed = kind === 0 && rename.has(field) ? rename.get(field) : field;
      entries.push(Buffer.concat([str(module), str(renamed), Buffer.from([kind]), wasm.subarray(from, at)]));
    }
    if (at !== end) fail("the import section's size does not match its entries");
    const body = Buffer.concat([encode(count), ...entries]);
    chunks.push(Buffer.from([2]), encode(body.length), body);
  }
  return Buffer.concat(chunks);
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
