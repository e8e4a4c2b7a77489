#!/usr/bin/env node
// The chapter's pages at the chapter's sizes, timed in Chromium: each interaction the browser tests
// check (bench/page-interactions.mjs: a key typed, a server added and removed, a weight, the V
// slider, N) repeated on the built playground, with its median and spread beside the chapter's
// 100 ms target. The tests check what an interaction does; how fast it does it is measured here,
// where a busy machine shows as a wide spread instead of a failed test.
//
//   node bench/interactions.mjs [--runs N] [--no-build] [--out bench/RESULTS.md] [--only TEXT]
//   node bench/interactions.mjs --smoke     every interaction once, on the smaller pages: no figure
//                                           written, no time judged (what `npm test` runs)
//   --only TEXT                             the rows whose page's name contains TEXT ("cluster"),
//                                           printed, not written
//
// The cluster page's row is of another kind: 100,000 keys pasted into its keys' field (placed in
// its worker), the longest main-thread task while they are placed and drawn (PerformanceObserver
// "longtask" entries), the longest animation frame (its "long-animation-frame" entries: a frame's
// rendering too, the field's own layout of 100,000 lines among it), and the time to the results.
//
// The figures replace the "Page interactions" section of --out (added at its end if absent).
// Times are the page's own clock, from the action to the frame after the widget rendered (or, on
// the virtual-nodes page, which renders on the next task, to the layout after it).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumOrThrow, ensureSite } from "../scripts/lib/site.mjs";
import { SUB, distDir, launch, newPage, serve, settled } from "../tests/e2e/helpers.mjs";
import { TARGET_MS, scenarios, timeInteraction } from "./page-interactions.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function parseOptions(argv) {
  const o = { smoke: false, runs: 15, build: true, out: path.join(root, "bench", "RESULTS.md"), only: "" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--smoke") o.smoke = true;
    else if (a === "--no-build") o.build = false;
    else if (a === "--runs" && /^\d+$/.test(argv[i + 1] ?? "") && Number(argv[i + 1]) >= 1) o.runs = Number(argv[++i]);
    else if (a === "--out" && argv[i + 1]) o.out = path.resolve(argv[++i]);
    else if (a === "--only" && argv[i + 1]) o.only = argv[++i];
    else {
      console.error("usage: node bench/interactions.mjs [--smoke] [--runs N] [--no-build] [--out FILE] [--only TEXT]");
      process.exit(2);
    }
  }
  if (o.smoke) Object.assign(o, { runs: 1, out: null });
  return o;
}

const quantile = (sorted, q) => {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
};

function summary(times) {
  const s = [...times].sort((a, b) => a - b);
  return {
    runs: s.length,
    median: quantile(s, 0.5),
    q1: quantile(s, 0.25),
    q3: quantile(s, 0.75),
    min: s[0],
    max: s[s.length - 1],
  };
}

const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

async function measure(env, scenario, runs) {
  const page = await newPage(env.browser.context);
  await page.goto(`${env.server.origin}${SUB}${scenario.hash}`);
  const host = page.locator('[data-testid="widget-host"]');
  await settled(host, { timeout: 180_000 });
  const times = Object.fromEntries(scenario.order.map((name) => [name, []]));
  // One untimed round first (the first render of each kind compiles and allocates), then `runs`
  // timed rounds; the page settles between interactions, so none is timed behind another's work.
  for (let n = -1; n < runs; n++) {
    for (const name of scenario.order) {
      const action = scenario.interactions[name](Math.max(n, 0));
      const t = await timeInteraction(host, action, scenario.until);
      await settled(host, { timeout: 180_000 });
      if (n >= 0) times[name].push(t);
    }
  }
  const problems = await page.problems();
  await page.close();
  if (problems.length) throw new Error(`${scenario.name}: the page reported problems:\n${problems.join("\n")}`);
  return Object.entries(times).map(([name, t]) => ({ name, ...summary(t) }));
}

/** In the page: pastes `n` keys (each starting with `prefix`) and waits for their answers. */
async function pasteInPage(el, { n, prefix }) {
  const ta = el.shadowRoot.querySelector('[data-testid="keys"]');
  const text = Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join("\n");
  const long = [];
  const frames = [];
  const tasks = new PerformanceObserver((l) => long.push(...l.getEntries().map((e) => e.duration)));
  const loaf = new PerformanceObserver((l) => frames.push(...l.getEntries().map((e) => e.duration)));
  tasks.observe({ type: "longtask" });
  loaf.observe({ type: "long-animation-frame" });
  const t0 = performance.now();
  // A paste into the focused field, as the browser sends it (the page takes a long list as it is,
  // the field showing its first lines).
  ta.focus();
  ta.select();
  const data = new DataTransfer();
  data.setData("text/plain", text);
  ta.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  const count = n.toLocaleString("en-US");
  await new Promise((resolve) => {
    const check = () => {
      const box = el.shadowRoot.querySelector('[data-testid="widget"]');
      const shown = el.shadowRoot.querySelector('[data-testid="keys-count"]')?.textContent ?? "";
      const first = el.shadowRoot.querySelector('[data-testid="key-row"] code')?.textContent ?? "";
      if (!box.hasAttribute("aria-busy") && shown.includes(count) && first.startsWith(prefix)) resolve();
      else setTimeout(check, 5);
    };
    check();
  });
  const toResults = performance.now() - t0;
  // The frame after the results drawn, and the entries of the tasks before it.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  tasks.disconnect();
  loaf.disconnect();
  return { toResults, longestTask: Math.max(0, ...long), longestFrame: Math.max(0, ...frames) };
}

/** The cluster page's row: `keys` pasted, one untimed round, then `runs` timed ones. */
async function measurePaste(env, keys, runs) {
  const page = await newPage(env.browser.context);
  await page.goto(`${env.server.origin}${SUB}#/cluster?system=memcached`);
  const host = page.locator('[data-testid="widget-host"]');
  await settled(host, { timeout: 180_000 });
  const out = { "longest main-thread task": [], "longest animation frame": [], "time to results": [] };
  for (let n = -1; n < runs; n++) {
    // Other keys each round, so none is an answer the page kept.
    const r = await host.evaluate(pasteInPage, { n: keys, prefix: `k${n + 1}:` });
    if (n < 0) continue;
    out["longest main-thread task"].push(r.longestTask);
    out["longest animation frame"].push(r.longestFrame);
    out["time to results"].push(r.toResults);
  }
  const problems = await page.problems();
  await page.close();
  if (problems.length) throw new Error(`cluster: the page reported problems:\n${problems.join("\n")}`);
  return Object.entries(out).map(([name, t]) => ({ name, ...summary(t) }));
}

function pasteTable(name, rows) {
  return [
    `| page | measure | median | IQR | min–max | runs |`,
    `|---|---|---|---|---|---|`,
    ...rows.map(
      (r) =>
        `| ${name} | ${r.name} | ${ms(r.median)} ms | ${ms(r.q1)}–${ms(r.q3)} ms | ${ms(r.min)}–${ms(r.max)} ms | ${r.runs} |`,
    ),
  ].join("\n");
}

function table(results) {
  const lines = [
    `| page | interaction | median | IQR | min–max | runs | target | median within target |`,
    `|---|---|---|---|---|---|---|---|`,
  ];
  for (const { scenario, rows } of results)
    for (const r of rows)
      lines.push(
        `| ${scenario.name} | ${r.name} | ${ms(r.median)} ms | ${ms(r.q1)}–${ms(r.q3)} ms | ${ms(r.min)}–${ms(r.max)} ms | ${r.runs} | ${TARGET_MS} ms | ${r.median <= TARGET_MS ? "yes" : "no"} |`,
      );
  return lines.join("\n");
}

function writeSection(file, results, o, load, busy, pasted) {
  const heading = "## Page interactions (Chromium)";
  const section = [
    heading,
    "",
    `\`node bench/interactions.mjs --runs ${o.runs}\` (part of \`npm run bench\`): each interaction on the built playground in headless Chromium (${load}), ` +
      `one untimed round, then ${o.runs} timed rounds, the page settled between interactions. Times are the page's clock from the action to the frame ` +
      "after the widget rendered (virtual nodes: to the layout after its render). The chapter's target is 100 ms per interaction; the browser tests " +
      "(tests/e2e/scenario-tables.test.mjs, scenario-charts.test.mjs) check what each interaction does, not how fast." +
      (busy
        ? ` The machine was busier than its ${os.cpus().length} cores during this run: the figures include waiting for a core.`
        : ""),
    "",
    results.length ? table(results) : "",
    "",
    ...(pasted
      ? [
          `The cluster page (#/cluster, libmemcached's example cluster): ${pasted.keys.toLocaleString("en-US")} keys pasted into its keys' field, ` +
            `one untimed round, then ${o.runs} timed rounds, other keys each round. The keys are placed in the page's worker; the longest ` +
            "main-thread task is from the page's longtask entries, the longest animation frame from its long-animation-frame entries " +
            "(a frame's style, layout and paint too: the field's own layout of the keys' lines is there), the time to results from the " +
            "paste to the keys' table drawn from the worker's answers.",
          "",
          pasteTable(pasted.name, pasted.rows),
          "",
        ]
      : []),
  ].join("\n");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# ringlab benchmark results\n";
  const at = text.indexOf(heading);
  let next;
  if (at >= 0) {
    const after = text.indexOf("\n## ", at + heading.length);
    next = text.slice(0, at) + (after >= 0 ? `${section.replace(/\n*$/, "\n\n")}${text.slice(after + 1)}` : section);
  } else {
    next = `${text.replace(/\n*$/, "\n\n")}${section}`;
  }
  writeFileSync(file, next);
  console.log(`interactions: written to ${path.relative(root, file)}`);
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  chromiumOrThrow();
  ensureSite({ skip: !o.build });
  const busyBefore = os.loadavg()[0] > os.cpus().length;
  const chosen = scenarios.filter((s) => (!o.smoke || s.smoke) && s.name.includes(o.only));
  const pasteKeys = o.smoke ? 10_000 : 100_000;
  const pasteName = `cluster: ${pasteKeys.toLocaleString("en-US")} keys pasted`;
  let pasted = null;
  const env = {
    server: await serve({ [SUB]: path.join(distDir, "playground") }),
    browser: await launch(),
  };
  const loadBefore = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");
  const results = [];
  try {
    for (const scenario of chosen) {
      console.log(`interactions: ${scenario.name}, ${o.runs} run(s) each`);
      results.push({ scenario, rows: await measure(env, scenario, o.runs) });
    }
    if (pasteName.includes(o.only)) {
      console.log(`interactions: ${pasteName}, ${o.runs} run(s)`);
      pasted = { name: pasteName, keys: pasteKeys, rows: await measurePaste(env, pasteKeys, o.runs) };
    }
  } finally {
    await env.browser.close();
    await env.server.close();
  }
  const loadAfter = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");
  if (results.length) console.log(`\n${table(results)}\n`);
  if (pasted) console.log(`\n${pasteTable(pasted.name, pasted.rows)}\n`);
  if (o.smoke) {
    console.log("interactions: smoke run, every interaction done once; no time judged, nothing written");
    return;
  }
  if (o.only) {
    console.log("interactions: --only, some rows measured; nothing written");
    return;
  }
  const load = `${os.cpus().length} cores; load average ${loadBefore} at the start, ${loadAfter} at the end`;
  writeSection(o.out, results, o, load, busyBefore || os.loadavg()[0] > os.cpus().length, pasted);
}

main().catch((err) => {
  console.error(`interactions: ${err.stack ?? err.message}`);
  process.exit(1);
});
