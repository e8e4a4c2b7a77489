// A run made of named stages, each timed: `npm test` and `npm run check` print how long each stage
// took and the total at the end, and, when a stage fails, which one and after how long, so a slow
// or broken stage is found from the log's last lines.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import { exec, root } from "./proc.mjs";

const seconds = (ms) => (ms / 1000).toFixed(1);
// "1m2.50s" (the shell's `times`) in milliseconds.
const minutesSeconds = (t) => {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : 0;
};
const TIMES_MARK = "--- stage CPU time (times) ---";
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
export async function runAsync(cmd, args = [], opts = {}) {
  const shown = [cmd, ...args].join(" ");
  console.log(`\n$ ${shown}   (its output follows when it ends)`);
  const { code, signal, out } = await exec(cmd, args, opts);
  process.stdout.write(`\n--- ${shown}\n${out}`);
  if (code !== 0) throw new Error(`${shown} exited with ${code ?? signal}`);
}

// Puts a running stage back at normal priority: its session's autogroup (which Linux weighs
// against other sessions') and each of its processes. Best effort: a process that has just ended, or
// a kernel without autogroups, is passed over.
function unnice(sessionId) {
  try {
    writeFileSync(`/proc/${sessionId}/autogroup`, "0");
  } catch {
    // no autogroup here, or the stage has ended
  }
  // Twice: a process forked by one not yet reniced during the first pass is caught by the second.
  for (let pass = 0; pass < 2; pass++) {
    let pids = [];
    try {
      pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
    } catch {
      return;
    }
    for (const pid of pids) {
      try {
        // Field 6 of /proc/PID/stat, after the command name in parentheses, is the session id.
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        if (Number(fields[3]) === sessionId) setPriority(Number(pid), 0);
      } catch {
        // ended meanwhile, or not ours to change
      }
    }
  }
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
   * Runs commands as a graph, each as soon as the stages it comes after have passed, so that the
   * cores are never idle while some work could run: `list` holds { name, cmd, args, after, nice }.
   * A stage's own processes are counted apart from the others' (its shell's `times`, which
   * covers every process it waited for), so the table's CPU column is per stage even for stages
   * that ran together. `nice` (0–19) lowers a stage's priority: the stages on the longest path
   * run at 0 and the rest take the CPU they leave (a browser test waiting for a page, say). On the
   * first failure nothing more starts, and what runs is stopped (its whole process group), so no
   * stage is left running behind a reported one.
   */
  async graph(list) {
    const byName = new Map(list.map((g) => [g.name, g]));
    for (const g of list)
      for (const a of g.after ?? [])
        if (!byName.has(a)) throw new Error(`stage "${g.name}" comes after "${a}", which is not a stage`);
    const done = new Set();
    const started = new Set();
    const running = new Map(); // name -> child
    // Niced stages yield to the path to the browser tests. Once no stage at normal priority is
    // running, the niced ones have nothing left to yield to among ours; kept niced, they would only
    // yield to other work on the machine (a nice-10 build crawls beside two busy processes). So they
    // are put back at normal priority, and what starts from then on starts there.
    const niceOf = new Map(); // name -> the nice a stage was started at
    let lifted = false;
    const liftIfAlone = () => {
      const names = [...running.keys()];
      if (lifted || failure || names.length === 0 || names.some((n) => niceOf.get(n) === 0)) return;
      lifted = true;
      console.log(
        `\n=== ${this.title}: at ${seconds(now() - this.start)} s no stage runs at normal priority: ` +
          `${names.join(", ")} and what follows run at nice 0`,
      );
      for (const child of running.values()) unnice(child.pid);
    };
    let failure = null;
    await new Promise((resolve) => {
      const startReady = () => {
        if (failure) {
          if (running.size === 0) resolve();
          return;
        }
        for (const g of list) {
          if (started.has(g.name) || !(g.after ?? []).every((a) => done.has(a))) continue;
          started.add(g.name);
          const nice = lifted ? 0 : (g.nice ?? 0);
          niceOf.set(g.name, nice);
          this.launch({ ...g, nice }, running).then(
            () => {
              done.add(g.name);
              startReady();
            },
            (err) => {
              if (!failure) {
                failure = err;
                const stop = (signal) => {
                  for (const child of running.values()) {
                    try {
                      process.kill(-child.pid, signal);
                    } catch {
                      // already gone
                    }
                  }
                };
                stop("SIGTERM");
                // A program may outlive SIGTERM: Playwright answers it by closing its browser and
                // leaves the process running. What still runs after a grace period is killed.
                setTimeout(() => stop("SIGKILL"), 10_000).unref();
              }
              startReady();
            },
          );
        }
        liftIfAlone();
        if (running.size === 0 && started.size === done.size) resolve();
      };
      startReady();
    });
    if (failure) throw failure;
    // Stages that wait on each other in a circle never start: say so rather than pass without them.
    const never = list.filter((g) => !started.has(g.name)).map((g) => g.name);
    if (never.length) throw new Error(`stages that wait on each other never started: ${never.join(", ")}`);
  }

  // One stage of graph(): its command in a shell of its own (a process group, for stopping it),
  // niced, its output held and written in one piece when it ends.
  launch({ name, cmd, args = [], nice = 0 }, running) {
    const t0 = now();
    const shown = [cmd, ...args].join(" ");
    console.log(`\n=== ${this.title}: ${name} (started at ${seconds(t0 - this.start)} s)\n$ ${shown}`);
    const row = { name, ms: 0, cpuMs: null, status: "running", note: "", at: t0 - this.start };
    this.rows.push(row);
    // The stage is a session of its own (detached), and Linux schedules each session as one
    // group (autogroup), weighing groups by the group's nice and only then processes by theirs:
    // both are set, so a niced stage yields to the others whether or not autogroup is on.
    // `times` prints the shell's children's user and system time last: the stage's CPU time.
    const lower = nice > 0 ? `(echo ${nice} > /proc/self/autogroup) 2>/dev/null; nice -n ${nice} ` : "";
    const script = `${lower}"$@"; s=$?; echo; echo "${TIMES_MARK}"; times; exit $s`;
    return new Promise((resolve, reject) => {
      const child = spawn("sh", ["-c", script, "sh", cmd, ...args], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      running.set(name, child);
      const out = [];
      child.stdout.on("data", (d) => out.push(d));
      child.stderr.on("data", (d) => out.push(d));
      child.on("error", (err) => {
        running.delete(name);
        row.status = "FAILED";
        reject(Object.assign(new Error(`${shown}: ${err.message}`), { stage: name }));
      });
      child.on("close", (code, signal) => {
        running.delete(name);
        row.ms = now() - t0;
        let text = Buffer.concat(out).toString("utf8");
        const mark = text.lastIndexOf(`\n${TIMES_MARK}\n`);
        if (mark >= 0) {
          const clock = text
            .slice(mark)
            .split("\n")
            .filter((l) => /^\d+m[\d.]+s \d+m[\d.]+s$/.test(l.trim()));
          // The second line is the children's: user, then system.
          if (clock.length >= 2)
            row.cpuMs = clock[1]
              .trim()
              .split(" ")
              .map(minutesSeconds)
              .reduce((a, b) => a + b);
          text = text.slice(0, mark);
        }
        process.stdout.write(`\n--- ${name}: ${shown} (${seconds(row.ms)} s)\n${text}\n`);
        if (code === 0) {
          row.status = "ok";
          resolve();
        } else {
          row.status = signal === "SIGTERM" || code === 143 ? "stopped" : "FAILED";
          reject(Object.assign(new Error(`${shown} exited with ${code ?? signal}`), { stage: name }));
        }
      });
    });
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
    // Stages run as a graph say when they started, which shows what ran beside what.
    const at = this.rows.some((r) => r.at !== undefined);
    const atText = (r) => (at ? `${(r.at === undefined ? "" : seconds(r.at)).padStart(8)}  ` : "");
    const lines = [
      `${"stage".padEnd(width)}  ${at ? `${"from s".padStart(8)}  ` : ""}${"seconds".padStart(8)}  ${"CPU s".padStart(8)}  result`,
    ];
    lines.push(`${"-".repeat(width)}  ${at ? `${"-".repeat(8)}  ` : ""}${"-".repeat(8)}  ${"-".repeat(8)}  ------`);
    for (const r of this.rows)
      lines.push(
        `${r.name.padEnd(width)}  ${atText(r)}${seconds(r.ms).padStart(8)}  ${cpuText(r.cpuMs).padStart(8)}  ${r.status}${r.note ? ` (${r.note})` : ""}`,
      );
    lines.push(
      `${"total".padEnd(width)}  ${at ? `${"".padStart(8)}  ` : ""}${seconds(total).padStart(8)}  ${cpuText(cpu).padStart(8)}`,
    );
    lines.push(
      "(CPU s: user + system time of the processes each stage waited for, on both cores; a browser's",
      "renderer and GPU processes are not among them, so a browser stage's true figure is higher.)",
    );
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
