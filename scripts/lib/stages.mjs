// A run made of named stages, each timed: `npm test` and `npm run check` print how long each stage
// took and the total at the end, and, when a stage fails, which one and after how long, so a slow
// or broken stage is found from the log's last lines.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { root } from "./proc.mjs";

const seconds = (ms) => (ms / 1000).toFixed(1);
const now = () => Number(process.hrtime.bigint() / 1_000_000n);

// The CPU time (user + system, in ms) of this process and of its children that have ended (fields
// 16 and 17 of /proc/self/stat, in clock ticks, 100 a second on Linux). A stage's CPU time beside its wall
// time says whether it kept both cores busy, and, unlike the wall time, it hardly changes when the
// machine is busy with other work. Elsewhere than Linux the column is left empty.
const childCpu = () => {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    const own = process.cpuUsage();
    return (Number(fields[13]) + Number(fields[14])) * 10 + (own.user + own.system) / 1000;
  } catch {
    return null;
  }
};

// Runs a command without blocking the event loop (so another stage can run beside it); its output
// is held and written in one piece when it ends, so two stages' lines never interleave.
export function runAsync(cmd, args = [], opts = {}) {
  const shown = [cmd, ...args].join(" ");
  console.log(`\n$ ${shown}   (its output follows when it ends)`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], ...opts });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("error", (err) => reject(new Error(`${shown}: ${err.message}`)));
    child.on("close", (code, signal) => {
      process.stdout.write(`\n--- ${shown}\n${Buffer.concat(out).toString("utf8")}`);
      if (code === 0) resolve();
      else reject(new Error(`${shown} exited with ${code ?? signal}`));
    });
  });
}

export class Stages {
  constructor(title) {
    this.title = title;
    this.rows = [];
    this.start = now();
  }

  /** Runs fn (sync or async) as the stage `name`; records its time, and its failure. */
  async stage(name, fn, note = "") {
    const t0 = now();
    const cpu0 = childCpu();
    console.log(`\n=== ${this.title}: ${name}`);
    const row = { name, ms: 0, cpuMs: null, status: "running", note };
    this.rows.push(row);
    try {
      await fn();
      row.status = "ok";
    } catch (err) {
      row.status = "FAILED";
      err.stage ??= name;
      throw err;
    } finally {
      row.ms = now() - t0;
      const cpu1 = childCpu();
      // Stages run side by side share one count: the CPU time is the group's (see together()).
      if (cpu0 !== null && cpu1 !== null && !note.startsWith("beside")) row.cpuMs = cpu1 - cpu0;
    }
  }

  /**
   * Runs stages side by side ([name, fn] pairs); waits for all of them, then throws the first
   * failure, so no stage is left running behind a reported one.
   */
  async together(list) {
    const names = list.map(([name]) => name);
    const cpu0 = childCpu();
    const results = await Promise.allSettled(
      list.map(([name, fn]) => this.stage(name, fn, `beside ${names.filter((n) => n !== name).join(", ")}`)),
    );
    const cpu1 = childCpu();
    // The children of stages run side by side cannot be told apart: the group's CPU time is
    // shown on the last of them.
    if (cpu0 !== null && cpu1 !== null) this.rows[this.rows.length - 1].cpuMs = cpu1 - cpu0;
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  }

  /**
   * The table: one line per stage, its wall seconds and its CPU seconds (its processes' user +
   * system time, on both cores), the total last.
   */
  table() {
    const total = now() - this.start;
    const cpu = childCpu();
    const width = Math.max("total".length, ...this.rows.map((r) => r.name.length));
    const cpuText = (ms) => (ms === null ? "" : seconds(ms));
    const lines = [`${"stage".padEnd(width)}  ${"seconds".padStart(8)}  ${"CPU s".padStart(8)}  result`];
    lines.push(`${"-".repeat(width)}  ${"-".repeat(8)}  ${"-".repeat(8)}  ------`);
    for (const r of this.rows)
      lines.push(
        `${r.name.padEnd(width)}  ${seconds(r.ms).padStart(8)}  ${cpuText(r.cpuMs).padStart(8)}  ${r.status}${r.note ? ` (${r.note})` : ""}`,
      );
    lines.push(`${"total".padEnd(width)}  ${seconds(total).padStart(8)}  ${cpuText(cpu).padStart(8)}`);
    return lines.join("\n");
  }

  /**
   * Runs body(stages) and prints the table whatever happens; a failure ends the process with
   * exit code 1 after naming the stage that failed and how long it ran.
   */
  static async main(title, body) {
    const s = new Stages(title);
    try {
      await body(s);
      console.log(`\n${title}: every stage passed\n\n${s.table()}`);
    } catch (err) {
      const failed = s.rows.find((r) => r.status === "FAILED");
      console.error(`\n${title}: ${err.message}`);
      console.error(`\n${s.table()}`);
      if (failed) console.error(`\n${title}: stage "${failed.name}" failed after ${seconds(failed.ms)} s`);
      process.exit(1);
    }
  }
}
