// `npm test`, the full tier: installs what is missing, builds everything once and runs every test
// suite, each stage timed (the table at the end says when each stage started, how long it took
// and its CPU time; on a failure, which stage failed and after how long). `npm run check` is the
// quick tier (scripts/check.mjs).
//
// Each build happens once, in its own stage, and the suites after it run against it: the native
// build (build/: the CLI and the programs the suites run), the sanitizer build (build-asan/: the
// Catch2 suite and the fuzz targets on one instrumented library), the WebAssembly modules with the
// Catch2 suite as WebAssembly (build-wasm/, web/lib/dist/) and the site (dist/).
//
// The stages run as a graph (scripts/lib/stages.mjs): each starts once what it needs has passed,
// so the three builds share the cores from the start, and single-threaded or waiting stages (the
// real software's servers, the browser tests' pages) run beside the others. The path to the
// browser tests, the longest, runs at normal priority; the rest is niced, and takes the CPU it
// leaves, until no stage of that path runs: from then on, all run at normal priority.
// `npm run test:js` and `npm run test:e2e` alone build what they need first.
import { Stages } from "./lib/stages.mjs";
import { setup } from "./setup.mjs";

const node = process.execPath;
const seed = ["--seed", "20261201"];
// The suites that keep both cores busy for minutes (see the sanitizer stages below).
const heavy = ["e2e (Chromium)", "js tests", "real systems"];

Stages.main("npm test", async (s) => {
  await s.stage("setup", () => setup());
  await s.graph([
    // Formatting is checked by the tools, not by review: clang-format for C++, prettier for the rest.
    { name: "format --check", cmd: node, args: ["scripts/format.mjs", "--check"], nice: 10 },

    // The WebAssembly modules, the package and the Catch2 suite as WebAssembly, built once; then
    // the site (widgets, playground, docs) from them, once.
    { name: "wasm build", cmd: node, args: ["scripts/build-wasm.mjs"] },
    { name: "site build", cmd: "npm", args: ["run", "--silent", "build:web"], after: ["wasm build"] },
    // The playground, the widgets on a strict-CSP page and the docs, in Chromium, against the site
    // built above (and the native CLI, whose output some pages are held to).
    {
      name: "e2e (Chromium)",
      cmd: node,
      args: ["scripts/e2e.mjs", "--no-build"],
      after: ["site build", "native build"],
    },

    // The native build: the library and the programs the suites below run (the CLI, the bench,
    // erl's helper). Not the Catch2 suite: npm test runs it under the sanitizers (below) and as
    // WebAssembly (the js tests); `npm run check` runs it natively, with CTest.
    { name: "native build", cmd: node, args: ["scripts/build-native.mjs", "--tools"] },
    // The package's own tests (the Catch2 suite as WebAssembly under Node among them, and
    // the native CLI beside the Node one), the packed tarball (with the widgets bundle) and the
    // type tests.
    {
      name: "js tests",
      cmd: node,
      args: ["scripts/test-js.mjs", "--no-build"],
      after: ["site build", "native build"],
      nice: 5,
    },
    // The benchmarks on tiny inputs, so they cannot rot (they judge no timings).
    { name: "bench --smoke", cmd: node, args: ["scripts/bench.mjs", "--smoke"], after: ["js tests"], nice: 5 },
    {
      name: "interactions bench --smoke",
      cmd: node,
      args: ["bench/interactions.mjs", "--smoke", "--no-build"],
      after: ["js tests"],
      nice: 5,
    },

    // ringlab against the real software, whose time is mostly the other programs' start-up and
    // servers answering on 127.0.0.1. phash2, Erlang term text and Malachi routing against the
    // real erl (OTP 25, Debian's erlang-base): 20,000 random terms of every kind in one batch. A
    // fixed seed, so a run is reproducible; `node tests/erlang/compare.mjs` alone draws a new one.
    {
      name: "erl: phash2 and terms",
      cmd: node,
      args: ["tests/erlang/compare.mjs", ...seed],
      after: ["native build"],
      nice: 5,
    },
    // The native CLI's phash2 and place malachi against erl: 3,000 terms and 4,000 keys, a batch
    // per CLI process.
    { name: "erl: the CLI", cmd: node, args: ["tests/erlang/cli.mjs", ...seed], after: ["native build"], nice: 5 },
    // Elixir term text against the real Elixir (1.14, Debian's elixir): 6,000 random terms
    // written by ringlab, the forms users type and malformed text, each batch in one elixir
    // process.
    {
      name: "elixir: term text",
      cmd: node,
      args: ["tests/erlang/elixir.mjs", ...seed],
      after: ["erl: the CLI"],
      nice: 5,
    },
    // `ringlab place SYSTEM` against the real software installed from Debian (nginx,
    // redis-server, libmemcached, librdkafka, Guava on the JDK, the Cassandra driver, ...): at
    // least 10,000 keys per configuration, servers on 127.0.0.1 started and stopped by PID.
    { name: "real systems", cmd: node, args: ["tests/systems/compare.mjs", ...seed], after: ["native build"], nice: 5 },

    // The other native build: the suite and the fuzz targets under ASan + UBSan, on one
    // instrumented library; then the suite (two processes, each over half of its test cases, so both
    // cores work to the end) and the libFuzzer targets, each from its committed corpus for a short
    // fixed budget. Both wait for the heavy suites too: a fuzz target's budget and its limit per
    // input (10 s) are wall-clock time, so they run where only they share the machine. In a cold
    // run the sanitizer build ends after those suites anyway; in a run with the builds already
    // done, everything would otherwise start at once (on a machine kept busy by other work, an
    // input that takes 3 s alone went over the limit).
    { name: "sanitizer build", cmd: node, args: ["scripts/sanitize.mjs", "--build-only"], nice: 10 },
    {
      name: "sanitizer suite",
      cmd: node,
      args: ["scripts/sanitize.mjs", "--run-only"],
      after: ["sanitizer build", ...heavy],
      nice: 10,
    },
    {
      name: "fuzz",
      cmd: node,
      args: ["scripts/fuzz.mjs", "--quick", "--no-build"],
      after: ["sanitizer build", ...heavy],
      nice: 10,
    },
  ]);
});
