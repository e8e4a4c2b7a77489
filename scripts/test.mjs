// `npm test`, the full tier: installs what is missing, builds everything once and runs every test
// suite, each stage timed (the table at the end says how long each took; on a failure, which stage
// failed and after how long). `npm run check` is the quick tier (scripts/check.mjs).
//
// Each build happens once, in its own stage, and the suites after it run against it: the native
// build (build/), the sanitizer build (build-asan/: the Catch2 suite and the fuzz targets on one
// instrumented library), the WebAssembly modules with the Catch2 suite as WebAssembly (build-wasm/,
// web/lib/dist/) and the site (dist/).
// `npm run test:js` and `npm run test:e2e` alone build what they need first.
import { run } from "./lib/proc.mjs";
import { Stages, runAsync } from "./lib/stages.mjs";
import { setup } from "./setup.mjs";
import { buildSanitized } from "./sanitize.mjs";
import { fuzz } from "./fuzz.mjs";
import { runJsTests } from "./test-js.mjs";

const node = process.execPath;

Stages.main("npm test", async (s) => {
  await s.stage("setup", () => setup());
  // Formatting is checked by the tools, not by review: clang-format for C++, prettier for the rest.
  // One process, beside the native build (the C++ suite, Catch2 registered with CTest), which
  // keeps both cores busy for longer.
  await s.together([
    ["format --check", () => runAsync(node, ["scripts/format.mjs", "--check"])],
    ["native build", () => runAsync(node, ["scripts/build-native.mjs"])],
  ]);
  await s.stage("ctest (native)", () => run("ctest", ["--test-dir", "build", "--output-on-failure", "-j", "2"]));
  // The other native build, while nothing else needs the cores: the suite and the fuzz targets
  // under ASan + UBSan.
  await s.stage("sanitizer build", () => buildSanitized());
  // Two single-threaded runs side by side, so neither core waits: the C++ suite under ASan + UBSan
  // (one process), and ringlab against the real software, whose time is mostly the other
  // programs' start-up and servers answering on 127.0.0.1.
  await s.together([
    [
      "real software",
      async () => {
        // phash2, Erlang term text and Malachi routing against the real erl (OTP 25, Debian's
        // erlang-base): 20,000 random terms of every kind in one batch. A fixed seed, so a run is
        // reproducible; `node tests/erlang/compare.mjs` alone draws a new one each time.
        await runAsync(node, ["tests/erlang/compare.mjs", "--seed", "20261201"]);
        // The native CLI's phash2 and place malachi against erl: 3,000 terms and 4,000 keys, a
        // batch per CLI process.
        await runAsync(node, ["tests/erlang/cli.mjs", "--seed", "20261201"]);
        // Elixir term text against the real Elixir (1.14, Debian's elixir): 6,000 random terms
        // written by ringlab, the forms users type and malformed text, each batch in one elixir
        // process.
        await runAsync(node, ["tests/erlang/elixir.mjs", "--seed", "20261201"]);
        // `ringlab place SYSTEM` against the real software installed from Debian (nginx,
        // redis-server, libmemcached, librdkafka, Guava on the JDK, the Cassandra driver, ...): at
        // least 10,000 keys per configuration, servers on 127.0.0.1 started and stopped by PID.
        await runAsync(node, ["tests/systems/compare.mjs", "--seed", "20261201"]);
      },
    ],
    ["sanitizer suite", () => runAsync(node, ["scripts/sanitize.mjs", "--run-only"])],
  ]);
  // libFuzzer targets, each from its committed corpus for a short fixed budget (built above).
  await s.stage("fuzz (10 targets)", () => fuzz({ seconds: 20, build: false }));
  // The WebAssembly modules, the package and the Catch2 suite as WebAssembly, built once; then the
  // site (widgets, playground, docs) from them, once.
  await s.stage("wasm build", () => run(node, ["scripts/build-wasm.mjs"]));
  await s.stage("site build", () => run("npm", ["run", "--silent", "build:web"]));
  // The package's own tests (the Catch2 suite again as WebAssembly under Node among them), the
  // packed tarball (with the widgets bundle) and the type tests.
  await s.stage("js tests", () => runJsTests());
  // The benchmarks on tiny inputs, so they cannot rot (they judge no timings).
  await s.stage("bench --smoke", () => run(node, ["scripts/bench.mjs", "--smoke"]));
  await s.stage("interactions bench --smoke", () => run(node, ["bench/interactions.mjs", "--smoke", "--no-build"]));
  // The playground, the widgets on a strict-CSP page and the docs, in Chromium, against the site
  // built above.
  await s.stage("e2e (Chromium)", () => run(node, ["scripts/e2e.mjs", "--no-build"]));
});
