// Installs whatever the build and the tests need and is missing: Debian packages (when run as
// root on a Debian-like system; otherwise it names them and stops) and the npm dev dependencies.
// Safe to run again: it only acts on what is missing.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { has, isMain, main, root, run } from "./lib/proc.mjs";

// What each Debian package provides, and how we can tell it is there.
const debian = [
  { pkg: "cmake", why: "configures the C++ build", present: () => has("cmake") },
  { pkg: "g++", why: "compiles the C++ core", present: () => has("g++") || has("c++") },
  { pkg: "make", why: "runs the CMake build", present: () => has("make") },
  {
    pkg: "catch2",
    why: "the C++ test framework (v2)",
    present: () => existsSync("/usr/include/catch2/catch.hpp") || existsSync("/usr/lib/cmake/Catch2"),
  },
  { pkg: "emscripten", why: "compiles the core to WebAssembly", present: () => has("emcc") },
  { pkg: "clang", why: "builds the fuzz targets and the sanitizer build", present: () => has("clang++") },
  {
    pkg: "libclang-rt-14-dev",
    why: "libFuzzer and the AddressSanitizer runtime (only a Recommends of clang)",
    present: () => clangRuntime("libclang_rt.fuzzer-x86_64.a"),
  },
  { pkg: "llvm", why: "llvm-symbolizer: file and line in sanitizer reports", present: () => has("llvm-symbolizer") },
  {
    pkg: "clang-format",
    why: "formats and checks the C++ sources (version 14, as scripts/format.mjs expects)",
    present: () => has("clang-format-14") || has("clang-format"),
  },
  { pkg: "chromium", why: "the browser the page tests drive", present: () => existsSync("/usr/bin/chromium") },
  {
    pkg: "erlang-base",
    why: "erl: the reference phash2 and Malachi routing are checked against (tests/erlang/compare.mjs)",
    present: () => has("erl") && has("erlc"),
  },
  {
    pkg: "elixir",
    why: "elixir: the reference Elixir term text is checked against (tests/erlang/elixir.mjs)",
    present: () => has("elixir"),
  },
  // The real systems whose placement `ringlab place SYSTEM` reproduces: tests/systems/ compares
  // ringlab with each of them, started on 127.0.0.1 by the tests and stopped by PID.
  { pkg: "nginx-light", why: "nginx: upstream hash and hash consistent", present: () => existsSync("/usr/sbin/nginx") },
  {
    pkg: "redis-server",
    why: "Redis Cluster's CLUSTER KEYSLOT, redis-cli's slot split, rebalance and reshard",
    present: () => has("redis-server"),
  },
  {
    pkg: "libmemcached-dev",
    why: "libmemcached 1.1.4: every distribution and key hash",
    present: () => existsSync("/usr/include/libmemcached/memcached.h"),
  },
  {
    pkg: "nutcracker",
    why: "twemproxy 0.5.0: its ketama and modula pools, every hash",
    present: () => existsSync("/usr/sbin/nutcracker"),
  },
  {
    pkg: "memcached",
    why: "the servers behind nutcracker, which the twemproxy test asks which keys they hold",
    present: () => existsSync("/usr/bin/memcached"),
  },
  {
    pkg: "librdkafka-dev",
    why: "librdkafka's partitioners (murmur2, consistent, fnv1a)",
    present: () => existsSync("/usr/include/librdkafka/rdkafka.h"),
  },
  {
    pkg: "python3-cassandra",
    why: "the Cassandra driver's Murmur3 token",
    present: () => spawnSync("/usr/bin/python3", ["-c", "import cassandra.cmurmur3"], { stdio: "ignore" }).status === 0,
  },
  {
    pkg: "libguava-java",
    why: "Guava's Hashing.consistentHash",
    present: () => existsSync("/usr/share/java/guava.jar"),
  },
  { pkg: "default-jdk-headless", why: "javac and java, to run Guava", present: () => has("javac", ["-version"]) },
  {
    pkg: "python3-xxhash",
    why: "XXH64, which Envoy's ring_hash and Maglev use",
    present: () => spawnSync("/usr/bin/python3", ["-c", "import xxhash"], { stdio: "ignore" }).status === 0,
  },
  { pkg: "gcc", why: "compiles the small C programs that call libmemcached and librdkafka", present: () => has("gcc") },
  {
    pkg: "fonts-beng-extra",
    why: "Bengali glyphs for the widgets' screenshots",
    present: () => existsSync("/usr/share/fonts/truetype/fonts-beng-extra"),
  },
];

// True when clang's runtime directory holds `file`.
function clangRuntime(file) {
  if (!has("clang++")) return false;
  const r = spawnSync("clang++", ["--print-runtime-dir"], { encoding: "utf8" });
  const dirs = [r.stdout?.trim(), "/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux"].filter(Boolean);
  return dirs.some((d) => existsSync(path.join(d, file)));
}

export function missingDebianPackages() {
  return debian.filter((d) => !d.present());
}

function installDebian() {
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  const names = missing.map((d) => d.pkg);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !has("apt-get")) {
    const lines = missing.map((d) => `  ${d.pkg.padEnd(12)} ${d.why}`).join("\n");
    throw new Error(
      `missing system packages:\n${lines}\ninstall them with: sudo apt-get install -y ${names.join(" ")}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env });
  // Some packages ship services (erlang-base's epmd among them). The tests start what they need
  // themselves, on 127.0.0.1, and stop it by PID: a policy-rc.d that refuses every start keeps
  // the install from starting anything, and is removed again if this script put it there.
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  if (ownPolicy)
    writeFileSync(policy, "#!/bin/sh\n# Written by ringlab's setup during apt-get install.\nexit 101\n", {
      mode: 0o755,
    });
  try {
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...names], { env });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  const still = missingDebianPackages();
  if (still.length > 0) throw new Error(`still missing after apt-get: ${still.map((d) => d.pkg).join(" ")}`);
}

// npm dev dependencies: installed when node_modules is absent or older than the lock file.
function installNpm() {
  const lock = path.join(root, "package-lock.json");
  const stamp = path.join(root, "node_modules", ".package-lock.json");
  const fresh = existsSync(stamp) && (!existsSync(lock) || statSync(stamp).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  run("npm", existsSync(lock) ? ["ci", "--no-audit", "--no-fund"] : ["install", "--no-audit", "--no-fund"]);
}

export function setup() {
  installDebian();
  installNpm();
}

if (isMain(import.meta.url)) main(setup);
