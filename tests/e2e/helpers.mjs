// Shared by the browser tests: a static file server (sub-paths, extra headers such as a CSP),
// headless Chromium through playwright-core with a fresh profile, a page that records every
// console error, page error and CSP violation, small readers of the widgets' shadow DOM, and an
// accessibility check with axe-core.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const distDir = path.join(root, "dist");
export const resultsDir = path.join(root, "test-results");
export const screenshotsDir = path.join(resultsDir, "screenshots");
export const goldenDir = path.join(root, "tests", "golden", "experiments");

/** Chromium: $CHROMIUM, else Debian's /usr/bin/chromium (package `chromium`). */
export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";

/** A deep sub-path, so nothing can rely on being served from the site root. */
export const SUB = "/some/deep/path/";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

// A favicon for pages that do not declare one (the browser asks for /favicon.ico regardless).
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6" fill="none" stroke="#555" stroke-width="2"/></svg>';

/**
 * Serves folders under URL prefixes on 127.0.0.1 (an ephemeral port). `mounts` maps a prefix
 * ("/some/deep/path/") to a folder; `headers` go on every response. Records every request.
 */
export async function serve(mounts, headers = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, "http://x").pathname);
    requests.push(url);
    const send = (status, type, body) =>
      res.writeHead(status, { ...headers, "content-type": type, "cache-control": "no-store" }).end(body);
    if (url === "/favicon.ico") return send(200, types[".svg"], FAVICON);
    // Longest prefix first.
    for (const [prefix, dir] of Object.entries(mounts).sort((a, b) => b[0].length - a[0].length)) {
      if (!url.startsWith(prefix)) continue;
      let file = path.join(dir, url.slice(prefix.length));
      if (!file.startsWith(path.resolve(dir))) return send(403, "text/plain", "forbidden");
      if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
      if (!existsSync(file)) break;
      return send(200, types[path.extname(file)] ?? "application/octet-stream", readFileSync(file));
    }
    send(404, "text/plain", `not found: ${url}`);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Fails (never skips) when Chromium is missing: the browser tests are part of the suite. */
export function assertChromium() {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install the Debian package "chromium" (apt-get install chromium), or set CHROMIUM=/path/to/chrome`,
    );
  }
}

// The Chromium features the tests turn off. Chromium applies only the last --disable-features on
// its command line, and Playwright puts its own list before ours, so this list repeats
// Playwright's (1.65's, for its reasons) and adds ours:
// - WebUIOmniboxPopup and WebUIOmniboxAimPopup: every new window (each newPage) preloads the
//   address bar's two popups, web pages of their own, each in a renderer process of its own. A
//   headless window never shows them, yet they cost about 1 CPU-second a new page (a blank page:
//   renderers 1.0 → 0.15 CPU-s, the browser process 0.4 → 0.2), several times what the page
//   itself costs. The browser tests, run alone, took about 60 CPU-seconds less without them.
// scripts/e2e.mjs checks that the list Chromium applies still holds every name Playwright's does.
export const disabledFeatures = [
  // Playwright's
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  // ours
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

// How the tests run Chromium: headless, no sandbox (root in a container), no GPU, none of the
// browser's own network traffic, and none of its hidden pages (disabledFeatures above).
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${disabledFeatures.join(",")}`,
];

/**
 * The features a Chromium command line (a launched browser's arguments) names in an earlier
 * --disable-features but not in the last one, the only one Chromium applies.
 */
export function lostDisabledFeatures(argv) {
  const lists = argv.filter((a) => a.startsWith("--disable-features=")).map((a) => a.slice(19).split(","));
  const applied = new Set(lists.at(-1) ?? []);
  return [...new Set(lists.flat())].filter((name) => !applied.has(name));
}

const contextOptions = { viewport: { width: 1280, height: 800 }, locale: "en-US", timezoneId: "UTC" };

/**
 * A browser context of its own for a test file: as fresh as a new profile. Under
 * scripts/e2e.mjs, which starts one Chromium for every file (RINGLAB_E2E_BROWSER, its Playwright
 * endpoint: a browser start costs about as much CPU as a dozen page loads), a new context in that
 * browser; run alone, headless Chromium with a fresh, temporary profile. close() removes it.
 */
export async function launch() {
  assertChromium();
  const shared = process.env.RINGLAB_E2E_BROWSER;
  if (shared) {
    const browser = await chromium.connect(shared);
    const context = await browser.newContext(contextOptions);
    return {
      context,
      async close() {
        await context.close().catch(() => {});
        await browser.close().catch(() => {});
      },
    };
  }
  const profile = mkdtempSync(path.join(tmpdir(), "ringlab-e2e-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    ...contextOptions,
  });
  // The persistent context opens one blank page; close it so pages are only the tests' own.
  for (const p of context.pages()) await p.close();
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Installed before any page script: records CSP violations as the page sees them.
function recordViolations() {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  });
}

// Pages closed by a test wait here, per browser context, for the next test's newPage: a page
// that navigates again costs Chromium about half the CPU of a new one (a new page is a new tab with
// its own renderer and compositor; the suite opens several hundred). A page comes back as a new one
// would: on about:blank, with no problem recorded, the viewport asked for and no media emulated.
// It is brought to the front, as a new page is: a page behind another is a hidden tab, whose
// animation frames Chromium does not run. A page a test customized in a way that outlives a
// navigation (an init script, a listener, a route, an exposed function) is closed for real instead.
const idlePages = new WeakMap();
// Pages a test had on the playground (usePlayground's open() and home()) wait apart, on its home
// page with their document kept, for the next open(): it reaches its widget by the hash, as a
// link on the page goes (visit()), at about a fifth of the CPU of loading the playground again.
// The widget is a new one all the same, built from the address as a fresh load builds it.
const keptPages = new WeakMap();
const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

/**
 * A new page that records problems: console errors (and warnings naming a Content Security
 * Policy), uncaught page errors, failed requests and HTTP errors, CSP violation events.
 * `problems()` returns them all; `assertClean()` fails with the list. Its close() hands it back
 * for reuse (above).
 */
export async function newPage(context, viewport) {
  const idle = idlePages.get(context) ?? [];
  idlePages.set(context, idle);
  const reused = idle.pop();
  if (reused) {
    reused.lease();
    await reused.bringToFront();
    await reused.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
    return reused;
  }
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const issues = [];
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" || /Content[- ]Security[- ]Policy/i.test(text))
      issues.push(`console.${m.type()}: ${text}`);
  });
  page.on("pageerror", (e) => issues.push(`pageerror: ${e.message}`));
  // Loading a new document (a reload, another address; not a change of the hash) cancels what the
  // old one still had in flight, such as its favicon on a slow machine: ERR_ABORTED on a request
  // made before the latest request for a main-frame document is the browser's doing, not the
  // page's. Every other failed request is a problem.
  let documents = 0;
  const madeIn = new WeakMap();
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++;
    madeIn.set(r, documents);
  });
  page.on("requestfailed", (r) => {
    const error = r.failure()?.errorText ?? "";
    if (error === "net::ERR_ABORTED" && (madeIn.get(r) ?? documents) < documents) return;
    issues.push(`requestfailed: ${r.url()} ${error}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) issues.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  // Workers log to the page's console in Chromium; their errors arrive as worker events too.
  page.on("worker", (w) =>
    w.on("console", (m) => m.type() === "error" && issues.push(`worker console.error: ${m.text()}`)),
  );
  await page.addInitScript(recordViolations);
  page.problems = async () => {
    let csp = [];
    try {
      csp = await page.evaluate(() => window.__cspViolations ?? []);
    } catch {
      // a page that navigated away mid-test: its console listener still caught what mattered
    }
    return [...issues, ...csp.map((v) => `securitypolicyviolation: ${v}`)];
  };
  page.assertClean = async (what = page.url()) => {
    const p = await page.problems();
    assert.deepEqual(p, [], `${what}: ${p.join("\n")}`);
  };
  // For a page that several tests share (usePlayground's shared()): what it recorded so far is
  // the earlier tests'.
  page.clearProblems = async () => {
    issues.length = 0;
    await page.evaluate(() => (window.__cspViolations = [])).catch(() => {});
  };
  // Out while a test holds it; a second close() of the same lease does nothing.
  let leased = true;
  page.lease = () => {
    issues.length = 0;
    leased = true;
    page.keepDocument = undefined;
  };
  page.keepDocument = undefined;
  // What a test changes that a navigation keeps: a page with any of it is not reused.
  let custom = false;
  let media = false;
  for (const method of ["addInitScript", "on", "route", "exposeFunction", "exposeBinding"]) {
    const own = page[method].bind(page);
    page[method] = (...args) => {
      custom = true;
      return own(...args);
    };
  }
  const emulateMedia = page.emulateMedia.bind(page);
  page.emulateMedia = (options) => {
    media = true;
    return emulateMedia(options);
  };
  const close = page.close.bind(page);
  page.close = async (options) => {
    if (!leased) return;
    leased = false;
    if (custom || page.isClosed()) return close(options);
    try {
      // Kept only if still on the playground (keepDocument: its address) and as a new page is.
      if (page.keepDocument && page.url().startsWith(page.keepDocument) && !media) {
        await page.evaluate(() => (location.hash = "#/"));
        const kept = keptPages.get(context) ?? [];
        keptPages.set(context, kept);
        kept.push(page);
        return;
      }
      await page.goto("about:blank");
      if (media) await emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
      media = false;
    } catch {
      return close(options);
    }
    idle.push(page);
  };
  return page;
}

/** The widget's inner box (its data-testid="widget" in the shadow root) under a host locator. */
export const box = (host) => host.locator('[data-testid="widget"]');

/** The visible text of a test id inside a widget (its shadow DOM), whitespace-normalized. */
export async function text(host, testid) {
  const t = await host.locator(`[data-testid="${testid}"]`).first().textContent();
  return (t ?? "").replace(/\s+/g, " ").trim();
}

/** The rows of a table (by test id) in a widget: each row's cells' text. */
export function rows(host, testid) {
  return evaluateOne(host.locator(`[data-testid="${testid}"]`).first(), (table) =>
    [...table.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.children].map((c) => (c.textContent ?? "").replace(/\s+/g, " ").trim()),
    ),
  );
}

/** The step a stepper shows, from its box's data-step / data-steps. */
export async function stepOf(host) {
  // evaluateAll: one query and one call into the page (a locator's evaluate or getAttribute also
  // makes a handle to the element and adopts it, several round trips more).
  const [b] = await box(host).evaluateAll((els) =>
    els.map((el) => ({ step: Number(el.getAttribute("data-step")), steps: Number(el.getAttribute("data-steps")) })),
  );
  assert.ok(b, "the widget has no stepper box");
  return b;
}

/**
 * `locator.evaluate(fn, arg)` in one call into the page. A locator's evaluate first makes a handle
 * to the element and adopts it: about eleven DevTools protocol messages a call, against three for
 * evaluateAll, which queries and calls in one round trip (scenario-basic.test.mjs: 48 evaluate
 * calls were 523 of its 2,347 messages). Like evaluate, it waits for the element when none
 * matches yet and fails when more than one does. `fn` runs in the page, as evaluate's does: it
 * may use only its arguments. `timeout` bounds the wait for the element (Playwright's default when
 * not given).
 */
export async function evaluateOne(locator, fn, arg, { timeout } = {}) {
  const call = inPage(fn);
  let found = await locator.evaluateAll(call, arg);
  if (found.count === 0) {
    await locator.waitFor({ state: "attached", timeout });
    found = await locator.evaluateAll(call, arg);
  }
  if (found.count !== 1) throw new Error(`evaluateOne(): ${found.count} elements match ${locator}, not one`);
  return found.value;
}

// evaluateOne's page functions, by the source of the function they call: `fn` applied to the one
// element, awaited, or how many elements there were. Playwright sends a page function as its
// source text, so the wrapper is made from text too.
const pageCalls = new Map();
function inPage(fn) {
  const source = String(fn);
  let call = pageCalls.get(source);
  if (!call) {
    call = new Function(
      `return async (els, arg) => (els.length === 1 ? { count: 1, value: await (${source})(els[0], arg) } : { count: els.length });`,
    )();
    pageCalls.set(source, call);
  }
  return call;
}

/** Presses a key on the stepper (focusing its box first) and waits for the step to change to `to`. */
export async function press(host, key, to) {
  // A locator's press() focuses the element first.
  await box(host).press(key);
  if (to !== undefined) await waitStep(host, to);
}

export async function waitStep(host, step) {
  await box(host)
    .and(host.page().locator(`[data-step="${step}"]`))
    .waitFor({ timeout: 10_000 })
    .catch(async () => {
      assert.fail(`expected step ${step}, the widget shows ${JSON.stringify(await stepOf(host))}`);
    });
}

/** Bengali digits (০–৯). */
export const BENGALI_DIGIT = /[০-৯]/;

// Screenshots are for a reader to look at, never for a test to assert on, and encoding them is a
// large share of the browser tests' CPU time (hundreds of full pages): they are taken when asked
// for, by `node scripts/e2e.mjs --screenshots` or RINGLAB_SCREENSHOTS=1.
export const takingScreenshots = process.env.RINGLAB_SCREENSHOTS === "1";

/** Saves a screenshot under test-results/ (git-ignored) when screenshots are asked for; its path, or null. */
export async function screenshot(page, name, options = {}) {
  if (!takingScreenshots) return null;
  mkdirSync(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, name);
  await page.screenshot({ path: file, ...options });
  return file;
}

/** The expected text of an experiment: the committed golden file. */
export function golden(name) {
  return readFileSync(path.join(goldenDir, `${name}.txt`), "utf8");
}

/** cases.tsv as { name, experiment, flags: { flag: value } }. */
export function goldenCases() {
  const lines = readFileSync(path.join(goldenDir, "cases.tsv"), "utf8").trim().split("\n").slice(1);
  return lines.map((line) => {
    const [name, experiment, flagText = ""] = line.split("\t");
    const parts = flagText.trim() === "" ? [] : flagText.trim().split(/\s+/);
    const flags = {};
    for (let i = 0; i < parts.length; i += 2) flags[parts[i].replace(/^--/, "")] = parts[i + 1];
    return { name, experiment, flags };
  });
}

/**
 * An experiment's expected output for flags the golden data does not hold (the 1M-key run): the
 * native CLI when built, else the package's own Node CLI (itself tested against the golden data).
 */
export function cliOutput(args) {
  const native = path.join(root, "build", "ringlab");
  if (existsSync(native)) {
    const r = spawnSync(native, args, { encoding: "utf8", maxBuffer: 1 << 24 });
    if (r.status === 0) return r.stdout;
    // A native build in progress (or a broken one, which the C++ suite reports): use the Node CLI.
  }
  const cli = path.join(root, "web", "lib", "dist", "cli.js");
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", maxBuffer: 1 << 24 });
  assert.equal(r.status, 0, `ringlab ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

/** Fails with the command to run when a built folder is missing. */
export function assertBuilt(...files) {
  for (const f of files) {
    if (!existsSync(path.join(distDir, f)))
      throw new Error(
        `dist/${f} is missing: run \`npm run build\` (or \`npm run test:e2e\`, which builds what is missing)`,
      );
  }
}

/**
 * Waits until a widget rendered and finished any run (experiments and compare run after the
 * first render: aria-busy is set while they do), and shows no error unless `allowError`.
 *
 * The page does the waiting, in one call (settleIn, below, through evaluateOne). Made of locator
 * calls, the same wait took about twenty round trips through the DevTools protocol, each costing
 * CPU in the test, in Playwright's server and in the browser: in plan.test.mjs the test's and
 * Playwright's node processes took about as much CPU (12 s) as Chromium's renderers (13 s).
 */
export async function settled(host, { timeout = 60_000, allowError = false } = {}) {
  const error = await evaluateOne(host, settleIn, timeout, { timeout });
  if (!allowError) assert.equal(error, null, `the widget shows an error: ${error}`);
}

// In the page: waits until the host is ready, its box shows no run going and its result is not
// faded, frame by frame as waitForFunction would (or every 100 ms in a tab that draws no frames,
// so that the wait always ends). Returns the error the widget shows (its code and text), or null.
async function settleIn(el, timeout) {
  const start = performance.now();
  await el.ready;
  for (;;) {
    const root = el.shadowRoot;
    const b = root?.querySelector('[data-testid="widget"]');
    const out = root?.querySelector('[data-testid="result"]');
    if (b && !b.hasAttribute("aria-busy") && (!out || out.style.opacity === "")) {
      if (!b.hasAttribute("data-error")) return null;
      const message = (root.querySelector('[data-testid="error"]')?.textContent ?? "").replace(/\s+/g, " ").trim();
      return `${b.getAttribute("data-error")}: ${message}`;
    }
    if (performance.now() - start > timeout) {
      const state = !b ? "no widget box" : b.hasAttribute("aria-busy") ? "still busy" : "its result still faded";
      throw new Error(`the widget did not settle within ${timeout} ms (${state})`);
    }
    await new Promise((r) => (requestAnimationFrame(r), setTimeout(r, 100)));
  }
}

/** The exact text of an experiment's output block (no normalization). */
export async function outputText(host) {
  return (await host.locator('[data-testid="output"]').textContent()) ?? "";
}

// In the page, in one call (each call into the page is a round trip through the DevTools
// protocol): the playground's home page (by the hash, as a link goes), waited for until its list
// shows, then `hash` when one is given. `clear` forgets the CSP violations recorded so far.
async function homeThen({ hash, clear = false }) {
  if (clear) window.__cspViolations = [];
  location.hash = "#/";
  const start = performance.now();
  for (;;) {
    const list = document.querySelector('[data-testid="home-list"]');
    if (list && list.getClientRects().length > 0) break;
    if (performance.now() - start > 30_000) throw new Error("the playground's home page did not show within 30 s");
    // The next frame, or 100 ms in a tab that draws none.
    await new Promise((r) => (requestAnimationFrame(r), setTimeout(r, 100)));
  }
  if (hash !== undefined) location.hash = hash;
}

/**
 * A fresh widget for `hash` on a page already open on the playground, at `viewport` when one is
 * given (`settle`: settled()'s options): by the hash, as a link on the page goes, never by loading the document again (which costs
 * Chromium several times the CPU). By way of the home page, so the widget is always a new one,
 * built at that size and in that language; the same page with other parameters would otherwise
 * only hand the old widget its new state.
 */
export async function visit(page, hash, viewport, settle = {}) {
  if (viewport) await page.setViewportSize(viewport);
  await page.evaluate(homeThen, { hash });
  const host = page.locator('[data-testid="widget-host"]');
  await settled(host, settle);
  return { page, host };
}

/**
 * For a test file on the built playground: serves dist/playground under SUB and launches
 * Chromium before its tests, closes both after them. The fields are set once `before` has run;
 * `url(hash)` is a page's address on that server, `open(hash, viewport)` a page there with a new
 * widget for `hash`, settled ({ page, host }); `home(viewport)` a page on the home page, for
 * `visit(page, hash, viewport)` (above). Both reuse a page an earlier test closed on the
 * playground when there is one (keptPages): a test that needs the document loaded afresh (a
 * reload, the first load's requests) uses newPage() and goto().
 *
 * `headers` go on every response (a Content-Security-Policy); `mounts` serves more folders beside
 * the playground (serve()'s prefix → folder).
 */
export function usePlayground({ headers = {}, mounts = {} } = {}) {
  const env = {
    server: undefined,
    browser: undefined,
    url: (hash = "") => `${env.server.origin}${SUB}${hash}`,
    async open(hash, viewport) {
      const kept = await env.kept(viewport);
      if (kept) return visit(kept, hash, viewport ?? DEFAULT_VIEWPORT);
      const page = await newPage(env.browser.context, viewport);
      page.keepDocument = env.url();
      await page.goto(env.url(hash));
      const host = page.locator('[data-testid="widget-host"]');
      await settled(host);
      return { page, host };
    },
    /** A page on the playground's home page, for visit(). */
    async home(viewport) {
      const kept = await env.kept(viewport);
      if (kept) return kept;
      const page = await newPage(env.browser.context, viewport);
      page.keepDocument = env.url();
      await page.goto(env.url("#/"));
      await page.locator('[data-testid="home-list"]').waitFor();
      return page;
    },
    /** A page an earlier test left on the playground's home page (keptPages, above), or none. */
    async kept(viewport) {
      const page = keptPages.get(env.browser.context)?.pop();
      if (!page) return undefined;
      page.lease();
      page.keepDocument = env.url();
      await page.bringToFront();
      await page.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
      await page.evaluate(homeThen, { clear: true });
      return page;
    },
    /**
     * The file's one shared page, for tests that each visit() a widget on it rather than load the
     * playground again (a load costs Chromium about five times the CPU of a visit): opened on the
     * home page by the first call, at `viewport` when given; what it recorded before is cleared.
     * Tests leave it open (after() closes it with the browser).
     */
    async shared(viewport) {
      if (!sharedPage || sharedPage.isClosed()) sharedPage = await env.home(viewport);
      else {
        if (viewport) await sharedPage.setViewportSize(viewport);
        await sharedPage.clearProblems();
      }
      return sharedPage;
    },
    visit,
  };
  let sharedPage;
  before(async () => {
    assertBuilt("playground/index.html");
    env.server = await serve({ [SUB]: path.join(distDir, "playground"), ...mounts }, headers);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * The module's count of keys whose owner changed, owners given by server name before and after:
 * rl.movement over ids with the servers before first (oldNames, distinct) and a new name the next id.
 */
export function moduleMoved(rl, before, after, oldNames) {
  const ids = new Map(oldNames.map((n, i) => [n, i]));
  const id = (n) => {
    if (!ids.has(n)) ids.set(n, ids.size);
    return ids.get(n);
  };
  const b = Uint32Array.from(before, id);
  const a = Uint32Array.from(after, id);
  const isNew = [...ids.keys()].map((n) => !oldNames.includes(n));
  return rl.movement(b, a, isNew).moved;
}

/** Waits for the next render after `action` (failing after 10 s, naming what did not render). */
export async function rendered(host, action, what = "the action") {
  // evaluateAll, as in stepOf(): the host is on the page already, rendered once.
  const armed = await host.evaluateAll((els) =>
    els.map((el) => {
      el.__rendered = new Promise((r) => el.addEventListener("ringlab-render", () => r(true), { once: true }));
      return true;
    }),
  );
  assert.equal(armed.length, 1, `rendered(): ${armed.length} hosts match, not one`);
  await action();
  const [ok] = await host.evaluateAll((els) =>
    Promise.all(els.map((el) => Promise.race([el.__rendered, new Promise((r) => setTimeout(() => r(false), 10_000))]))),
  );
  assert.ok(ok, `no render after ${what}`);
}

let axeSource;

/**
 * Runs axe-core (node_modules/axe-core) on the page as it is now — the document and every open
 * shadow root, all rules axe runs by default (WCAG A/AA and best practices) — and fails naming
 * each violation, whatever its impact. axe's script is evaluated through the DevTools protocol,
 * not added as a <script>, so a page under a strict Content-Security-Policy checks the same way
 * and reports no violation of its policy.
 */
export async function assertAccessible(page, what = page.url()) {
  axeSource ??= readFileSync(path.join(root, "node_modules", "axe-core", "axe.min.js"), "utf8");
  if (!(await page.evaluate(() => typeof window.axe?.run === "function"))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => {
      const at = v.nodes.slice(0, 4).map((n) => n.target.join(" >>> "));
      if (v.nodes.length > 4) at.push(`${v.nodes.length - 4} more`);
      return `${v.id} (${v.impact}): ${v.help} — ${at.join(" | ")}`;
    });
  });
  assert.deepEqual(violations, [], `${what}: axe-core finds\n${violations.join("\n")}`);
}

// The words the Bengali pages keep in English, as the chapter writes them: its technical terms,
// the algorithms' and systems' names, the published programs and their flags, the keys on the
// keyboard, units, a few identifiers and the words of the chapter's keys (user:42). Anything else
// in Latin letters is an untranslated word.
export const KEPT_IN_ENGLISH = new Set(
  `key keys hash hashes hashing token tokens ring rings virtual node nodes vnode vnodes server
  consistent mod modulo lookup stepper seed binary search preference list array bucket buckets
  backend backends table tables slot slots offset skip permutation prime score scores weight weights
  rendezvous hrw jump maglev bounded load loads epsilon hot client clients membership zone zones rf
  zipf hit ratio cache stampede database db miss misses walk arc arcs loop ln
  ring-vs-mod vnode-sweep hrw-jump vs sweep
  jumpbackhash jumpback anchor anchorhash mementohash fliphash binomialhash dxhash multi probe generator
  ringlab webassembly wasm module url link cli npm javascript json csv
  home end ctrl shift tab enter esc
  md murmur murmur2 murmur3 xxhash fnv crc ketama libketama memcached nginx redis kafka cassandra
  guava erlang elixir envoy malachi phash2 farmhash jenkins upstream cluster partition partitions
  algorithm algorithms traffic software package byte bytes ascii unicode utf flag flags
  replication factor bit bits id term terms atom tuple charlist string user
  up down page sd max min mean ms px kb log memory
  master masters replica replicas range ranges rack dc strategy nodetool rebalance reshard bootstrap
  decommission removenode snitch repair partitioner librdkafka`
    .split(/\s+/)
    .filter(Boolean),
);

/** In the page: what overflows, what is clipped, and (for Bengali) the Latin words shown. */
export function inspect() {
  const roots = [document];
  const walk = (r) => {
    for (const el of r.querySelectorAll("*"))
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        walk(el.shadowRoot);
      }
  };
  walk(document);
  const where = (el) => {
    const id = el.getAttribute("data-testid");
    const cls = el.getAttribute("class");
    const host = el.getRootNode().host;
    return `${host ? `${host.localName} > ` : ""}${el.localName}${id ? `[data-testid="${id}"]` : ""}${
      cls && typeof cls === "string" ? `.${cls.trim().split(/\s+/).join(".")}` : ""
    }`;
  };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const overflow = [];
  const clipped = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) overflow.push(`the page: ${doc.scrollWidth} > ${doc.clientWidth}`);
  for (const r of roots.slice(1)) {
    for (const el of r.querySelectorAll(".table-wrap, .chart, .plot, :has(> svg)")) {
      if (!shown(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1) overflow.push(`${where(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  for (const r of roots) {
    for (const el of r.querySelectorAll("*")) {
      if (el instanceof SVGElement || !shown(el)) continue;
      const s = getComputedStyle(el);
      if (s.overflowX !== "hidden" && s.overflowX !== "clip") continue;
      // A box of a pixel or less is text kept for screen readers only, hidden on purpose.
      if (el.clientWidth <= 1) continue;
      // A text cut with an ellipsis on purpose, whose whole is its (or its cell's) title, can
      // still be read.
      if (s.textOverflow === "ellipsis" && el.closest("[title]")?.getAttribute("title") === el.textContent) continue;
      if (el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? "").trim() !== "")
        clipped.push(`${where(el)}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
    }
    // A chart's labels: inside the box that clips them — the svg's own, or with overflow
    // visible, the nearest box around it that hides its overflow.
    for (const svg of r.querySelectorAll("svg")) {
      if (!shown(svg)) continue;
      let clip = svg;
      while (clip && getComputedStyle(clip).overflow === "visible")
        clip = clip.parentElement ?? clip.getRootNode().host ?? null;
      if (!clip || clip === document.documentElement || clip === document.body) continue;
      const b = clip.getBoundingClientRect();
      const sx = clip === svg ? 0 : clip.scrollLeft;
      for (const t of svg.querySelectorAll("text")) {
        const a = t.getBoundingClientRect();
        if (a.width === 0 || (t.textContent ?? "").trim() === "") continue;
        const right = clip === svg ? b.right : b.left + clip.scrollWidth - sx;
        if (a.left < b.left - sx - 1 || a.right > right + 1 || a.top < b.top - 1 || a.bottom > b.bottom + 1)
          clipped.push(
            `${where(svg)} text "${t.textContent.trim()}" outside ${clip === svg ? "its svg" : where(clip)}`,
          );
      }
    }
  }
  // Visible text, without what is English on purpose: code, program output, the module's own
  // message where a widget marks it lang="en", and the language menu's own names.
  const latin = new Map();
  const skip = (el) => {
    for (let e = el; e; e = e.parentElement ?? e.getRootNode().host) {
      if (e.matches?.('code, pre, kbd, script, style, select, [lang="en"], [data-testid="output"]')) return true;
    }
    return false;
  };
  for (const r of roots) {
    const texts = [];
    const tw = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
    for (let n = tw.nextNode(); n; n = tw.nextNode()) {
      const el = n.parentElement;
      if (!el || !shown(el) || skip(el)) continue;
      texts.push([el, n.textContent ?? ""]);
    }
    for (const el of r.querySelectorAll("input[placeholder], textarea[placeholder]"))
      if (shown(el) && !skip(el)) texts.push([el, el.getAttribute("placeholder") ?? ""]);
    // What a screen reader says of a control or a region is in the page's language too.
    for (const el of r.querySelectorAll("[aria-label], [aria-roledescription], [title], [alt]")) {
      if (skip(el)) continue;
      for (const a of ["aria-label", "aria-roledescription", "title", "alt"]) {
        const v = el.getAttribute(a);
        // A title that repeats the element's own text (a long key, cut short on screen) is data.
        if (v && v.trim() !== (el.textContent ?? "").trim()) texts.push([el, v]);
      }
    }
    for (const [el, t] of texts) {
      // Flags (--keys) and identifiers with digits (S3, k6, h32) are the program's own spelling.
      const words = t.replace(/--[\w-]+/g, " ").match(/(?<![\w])[A-Za-z][A-Za-z'’]+(?![\w])/g) ?? [];
      for (const w of words) if (!latin.has(w)) latin.set(w, where(el));
    }
  }
  return { overflow, clipped, latin: [...latin] };
}
