#!/usr/bin/env node
// `npm run test:e2e`: the browser tests (tests/e2e/*.test.mjs, Node's test runner driving headless
// Chromium through playwright-core). Builds dist/ first (`npm run build`) when any of its parts is
// missing or older than the sources under web/ or cpp/, so the tests always run against the site
// and the widgets bundle as they would be shipped. --no-build runs against dist/ as it is (`npm
// test` builds it in a stage of its own).
//
//   node scripts/e2e.mjs [--build | --no-build] [--screenshots] [node --test flags…] [test files…]
//
// --screenshots saves what the tests see in test-results/screenshots/ (RINGLAB_SCREENSHOTS=1 does
// the same): for looking at a page change; no test reads them, so by default none is taken.
//
// Needs Debian's `chromium` (or CHROMIUM=/path/to/chrome); without it this fails, naming the
// package. Screenshots go to test-results/ (git-ignored); Bengali glyphs in them need
// `fonts-beng-extra` (the tests themselves read the DOM, never pixels).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath, lostDisabledFeatures } from "../tests/e2e/helpers.mjs";
import { main, root } from "./lib/proc.mjs";
import { chromiumOrThrow, ensureSite } from "./lib/site.mjs";

const args = process.argv.slice(2);
const force = args.includes("--build");
const skipBuild = args.includes("--no-build");
const screenshots = args.includes("--screenshots");
const files = args.filter((a) => !a.startsWith("--"));
// Anything else starting with -- goes to the test runner (e.g. --test-name-pattern=Bengali).
const testFlags = args.filter((a) => a.startsWith("--") && !["--build", "--no-build", "--screenshots"].includes(a));

main(async () => {
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
  // One Chromium for every file: each file opens a context of its own in it (tests/e2e/helpers.mjs
  // launch()), as fresh as a new profile, without a browser start per file.
  const browser = await chromium.launchServer({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    // Chromium's own command line (Debian's wrapper execs it in the same process), else what
    // Playwright started.
    const pid = browser.process().pid;
    const cmdline = `/proc/${pid}/cmdline`;
    const argv = existsSync(cmdline) ? readFileSync(cmdline, "utf8").split("\0") : browser.process().spawnargs;
    const lost = lostDisabledFeatures(argv);
    if (lost.length)
      throw new Error(
        `Chromium applies only the last --disable-features on its command line, and that one lacks ${lost.join(", ")}, which an earlier one names (Playwright's own, after an upgrade?): add them to disabledFeatures in tests/e2e/helpers.mjs`,
      );
    const args = ["--test", ...concurrency, ...testFlags, ...tests];
    console.log(`\n$ node ${args.join(" ")}`);
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        RINGLAB_E2E_BROWSER: browser.wsEndpoint(),
        ...(screenshots ? { RINGLAB_SCREENSHOTS: "1" } : {}),
      },
    });
    const code = await new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (c, signal) => resolve(c ?? signal));
    });
    if (code !== 0) throw new Error(`the browser tests exited with ${code}`);
  } finally {
    await browser.close();
  }
});
