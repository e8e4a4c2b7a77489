#!/usr/bin/env node
// The chapter's pages at the chapter's sizes, timed in Chromium: each interaction the browser tests
// check (bench/page-interactions.mjs: a key typed, a server added and removed, a weight, the V
// slider, N) repeated on the built playground, with its median and spread beside the chapter's
// 100 ms target. The tests check what an interaction does; how fast it does it is measured here,
// where a busy machine shows as a wide spread instead of a failed test.
//
//   node bench/interactions.mjs [--runs N] [--no-build] [--out bench/RESULTS.md]
//   node bench/interactions.mjs --smoke     every interaction once, on the smaller pages: no figure
//                                           written, no time judged (what `npm test` runs)
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
  const o = { smoke: false, runs: 15, build: true, out: path.join(root, "bench", "RESULTS.md") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--smoke") o.smoke = true;
    else if (a === "--no-build") o.build = false;
    else if (a === "--runs" && /^\d+$/.test(argv[i + 1] ?? "") && Number(argv[i + 1]) >= 1) o.runs = Number(argv[++i]);
    else if (a === "--out" && argv[i + 1]) o.out = path.resolve(argv[++i]);
    else {
      console.error("usage: node bench/interactions.mjs [--smoke] [--runs N] [--no-build] [--out FILE]");
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

function writeSection(file, results, o, load, busy) {
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
    table(results),
    "",
  ].join("\n");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# ringlab benchmark results\n";
  const at = text.indexOf(heading);
  let next;
  if (at >= 0) {
    const after = text.indexOf("\n## ", at + heading.length);
    next = text.slice(0, at) + section + (after >= 0 ? text.slice(after + 1) : "");
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
  const chosen = scenarios.filter((s) => !o.smoke || s.smoke);
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
  } finally {
    await env.browser.close();
    await env.server.close();
  }
  const loadAfter = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");
  console.log(`\n${table(results)}\n`);
  if (o.smoke) {
    console.log("interactions: smoke run, every interaction done once; no time judged, nothing written");
    return;
  }
  const load = `${os.cpus().length} cores; load average ${loadBefore} at the start, ${loadAfter} at the end`;
  writeSection(o.out, results, o, load, busyBefore || os.loadavg()[0] > os.cpus().length);
}

main().catch((err) => {
  console.error(`interactions: ${err.stack ?? err.message}`);
  process.exit(1);
});
