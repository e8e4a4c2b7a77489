// The built site (dist/: the widgets bundle, the playground, the docs) and whether it is older
// than its sources: the browser tests (scripts/e2e.mjs) and the interactions bench
// (bench/interactions.mjs) run against the site as it would be shipped, built by `npm run build`.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { root, run } from "./proc.mjs";

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
export function staleness() {
  const missing = outputs.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) return `missing ${missing.join(", ")}`;
  const built = Math.min(...outputs.map((f) => statSync(path.join(root, f)).mtimeMs));
  const changed = sources.filter((d) => existsSync(path.join(root, d)) && newest(path.join(root, d)) > built);
  return changed.length ? `${changed.join("/")} changed since the last build` : "";
}

/**
 * Builds dist/ (`npm run build`) when `force`, or when it is missing or stale and `skip` is not
 * set; with `skip` (`npm test`, which built it in an earlier stage) only checks it is there.
 */
export function ensureSite({ force = false, skip = false } = {}) {
  if (skip) {
    const missing = outputs.filter((f) => !existsSync(path.join(root, f)));
    if (missing.length) throw new Error(`the site is not built (missing ${missing.join(", ")}): run npm run build`);
    return;
  }
  const why = force ? "--build" : staleness();
  if (why) {
    console.log(`dist/ needs a build (${why}).`);
    run("npm", ["run", "--silent", "build"]);
  } else {
    console.log("dist/ is up to date.");
  }
}

/** Chromium for the page tests and the interactions bench: $CHROMIUM, else Debian's. */
export function chromiumOrThrow() {
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
  return chromium;
}
