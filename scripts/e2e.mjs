#!/usr/bin/env node
// `npm run test:e2e`: the browser tests (tests/e2e/*.test.mjs, Node's test runner driving headless
// Chromium through playwright-core). Builds dist/ first (`npm run build`) when any of its parts is
// missing or older than the sources under web/ or cpp/, so the tests always run against the site
// and the widgets bundle as they would be shipped.
//
//   node scripts/e2e.mjs [--build | --no-build] [node --test flags…] [test files…]
//
// Needs Debian's `chromium` (or CHROMIUM=/path/to/chrome); without it this fails, naming the
// package. Screenshots go to test-results/ (git-ignored); Bengali glyphs in them need
// `fonts-beng-extra` (the tests themselves read the DOM, never pixels).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { main, root, run } from "./lib/proc.mjs";

const args = process.argv.slice(2);
const force = args.includes("--build");
const skipBuild = args.includes("--no-build");
const files = args.filter((a) => !a.startsWith("--"));
// Anything else starting with -- goes to the test runner (e.g. --test-name-pattern=Bengali).
const testFlags = args.filter((a) => a.startsWith("--") && a !== "--build" && a !== "--no-build");

// What `npm run build` writes, and what it is made from.
const outputs = [
  "dist/widgets/ringlab-widgets.js",
  "dist/widgets/ringlab-worker.js",
  "dist/widgets/ringlab.wasm",
  "dist/widgets/ringlab-simd.wasm",
  "dist/playground/index.html",
  "dist/docs/index.html",
  "dist/docs/bn.html",
];
const sources = ["web", "cpp"];

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Why dist/ must be rebuilt, or "" when it is up to date. */
function staleness() {
  const missing = outputs.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) return `missing ${missing.join(", ")}`;
  const built = Math.min(...outputs.map((f) => statSync(path.join(root, f)).mtimeMs));
  const changed = sources.filter((d) => existsSync(path.join(root, d)) && newest(path.join(root, d)) > built);
  return changed.length ? `${changed.join("/")} changed since the last build` : "";
}

main(() => {
  const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    throw new Error(
      `the browser tests need Chromium, and ${chromium} does not exist.\n` +
        "Install the Debian package: apt-get install chromium fonts-beng-extra\n" +
        "(or point CHROMIUM at a Chrome/Chromium binary).",
    );
  }
  if (!existsSync(path.join(root, "node_modules", "playwright-core")))
    throw new Error("playwright-core is not installed: run `npm install`");

  const why = force ? "--build" : skipBuild ? "" : staleness();
  if (why) {
    console.log(`dist/ needs a build (${why}).`);
    run("npm", ["run", "--silent", "build"]);
  } else if (!skipBuild) {
    console.log("dist/ is up to date.");
  }

  const tests = files.length
    ? files
    : readdirSync(path.join(root, "tests", "e2e"))
        .filter((f) => f.endsWith(".test.mjs"))
        .sort()
        .map((f) => path.join("tests", "e2e", f));
  run(process.execPath, ["--test", ...testFlags, ...tests]);
});
