// A run made of named stages, each timed: `npm test` and `npm run check` print how long each stage
// took and the total at the end, and, when a stage fails, which one and after how long, so a slow
// or broken stage is found from the log's last lines.
import { spawn } from "node:child_process";
import { root } from "./proc.mjs";

const seconds = (ms) => (ms / 1000).toFixed(1);
const now = () => Number(process.hrtime.bigint() / 1_000_000n);

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
    console.log(`\n=== ${this.title}: ${name}`);
    const row = { name, ms: 0, status: "running", note };
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
    }
  }

  /**
   * Runs stages side by side ([name, fn] pairs); waits for all of them, then throws the first
   * failure, so no stage is left running behind a reported one.
   */
  async together(list) {
    const names = list.map(([name]) => name);
    const results = await Promise.allSettled(
      list.map(([name, fn]) => this.stage(name, fn, `beside ${names.filter((n) => n !== name).join(", ")}`)),
    );
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  }

  /** The table: one line per stage, the total wall time last. */
  table() {
    const total = now() - this.start;
    const width = Math.max("total (wall)".length, ...this.rows.map((r) => r.name.length));
    const lines = [`${"stage".padEnd(width)}  ${"seconds".padStart(8)}  result`];
    lines.push(`${"-".repeat(width)}  ${"-".repeat(8)}  ------`);
    for (const r of this.rows)
      lines.push(`${r.name.padEnd(width)}  ${seconds(r.ms).padStart(8)}  ${r.status}${r.note ? ` (${r.note})` : ""}`);
    lines.push(`${"total (wall)".padEnd(width)}  ${seconds(total).padStart(8)}`);
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
