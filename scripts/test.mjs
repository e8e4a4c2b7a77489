// `npm test`: installs what is missing, builds everything and runs every test suite.
import { main, run } from "./lib/proc.mjs";
import { setup } from "./setup.mjs";
import { buildNative } from "./build-native.mjs";
import { sanitize } from "./sanitize.mjs";
import { fuzz } from "./fuzz.mjs";

main(async () => {
  setup();
  // Formatting is checked by the tools, not by review: clang-format for C++, prettier for the rest.
  run("node", ["scripts/format.mjs", "--check"]);
  // The C++ suite (Catch2, registered with CTest), natively.
  buildNative();
  run("ctest", ["--test-dir", "build", "--output-on-failure", "-j", "2"]);
  // phash2, Erlang term text and Malachi routing against the real erl (OTP 25, Debian's
  // erlang-base): 20,000 random terms of every kind in one batch. A fixed seed, so a run is
  // reproducible; `node tests/erlang/compare.mjs` alone draws a new one each time.
  run("node", ["tests/erlang/compare.mjs", "--seed", "20261201"]);
  // The native CLI's phash2 and place malachi against erl: 3,000 terms and 4,000 keys, a batch
  // per CLI process.
  run("node", ["tests/erlang/cli.mjs", "--seed", "20261201"]);
  // Elixir term text against the real Elixir (1.14, Debian's elixir): 6,000 random terms written
  // by ringlab, the forms users type and malformed text, each batch in one elixir process.
  run("node", ["tests/erlang/elixir.mjs", "--seed", "20261201"]);
  // `ringlab place SYSTEM` against the real software installed from Debian (nginx, redis-server,
  // libmemcached, librdkafka, Guava on the JDK, the Cassandra driver, ...): at least 10,000 keys
  // per configuration, servers on 127.0.0.1 started and stopped by PID.
  run("node", ["tests/systems/compare.mjs", "--seed", "20261201"]);
  // The same suite under AddressSanitizer + UndefinedBehaviorSanitizer.
  sanitize();
  // libFuzzer targets, a short fixed budget each from the committed corpus.
  await fuzz({ seconds: 20 });
  // The WebAssembly module and the npm package: the Catch2 suite again as WASM under Node, the
  // package's own tests, the packed tarball (with the widgets bundle) and the type tests.
  run("npm", ["run", "--silent", "build:wasm"]);
  run("npm", ["run", "--silent", "test:js"]);
  // The benchmark on tiny inputs, so it cannot rot (it judges no timings).
  run("node", ["scripts/bench.mjs", "--smoke"]);
  // The playground, the widgets on a strict-CSP page and the docs, in Chromium.
  run("npm", ["run", "--silent", "test:e2e"]);
});
