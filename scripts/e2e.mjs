#!/usr/bin/env node
// `npm run test:e2e`: the browser tests (tests/e2e/*.test.mjs, Node's test runner driving headless
// Chromium through playwright-core). Builds dist/ first (`npm run build`) when any of its parts is
// missing or older than the sources under web/ or cpp/, so the tests always run against the site
// and the widgets bundle as they would be shipped. --no-build runs against dist/ as it is (`npm
// test` builds it in a stage of its own).
//
//   node scripts/e2e.mjs [--build | --no-build] [node --test flags…] [test files…]
//
// Needs Debian's `chromium` (or CHROMIUM=/path/to/chrome); without it this fails, naming the
// package. Screenshots go to test-results/ (git-ignored); Bengali glyphs in them need
// `fonts-beng-extra` (the tests themselves read the DOM, never pixels).
import { readdirSync } from "node:fs";
import path from "node:path";
import { main, root, run } from "./lib/proc.mjs";
import { chromiumOrThrow, ensureSite } from "./lib/site.mjs";

const args = process.argv.slice(2);
const force = args.includes("--build");
const skipBuild = args.includes("--no-build");
const files = args.filter((a) => !a.startsWith("--"));
// Anything else starting with -- goes to the test runner (e.g. --test-name-pattern=Bengali).
const testFlags = args.filter((a) => a.startsWith("--") && a !== "--build" && a !== "--no-build");

main(() => {
  chromiumOrThrow();
  ensureSite({ force, skip: skipBuild });

  const tests = files.length
    ? files
    : readdirSync(path.join(root, "tests", "e2e"))
        .filter((f) => f.endsWith(".test.mjs"))
        .sort()
        .map((f) => path.join("tests", "e2e", f));
  // Two files at a time (each its own Chromium, page server and profile): a browser test spends
  // much of its time waiting on the page, so two of them keep both cores busy where one leaves
  // one idle. A --test-concurrency given on the command line wins.
  const concurrency = testFlags.some((f) => f.startsWith("--test-concurrency")) ? [] : ["--test-concurrency=2"];
  run(process.execPath, ["--test", ...concurrency, ...testFlags, ...tests]);
});
