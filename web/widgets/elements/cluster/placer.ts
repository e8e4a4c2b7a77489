// Where the cluster page's keys are placed: a short list on the page (at once, in the render: the
// page stays instant), a long one in a worker (cluster-worker.ts) while the page shows how far it
// got. A job is known by what it places (system, options, change, keys); the page asks again on
// each render, and gets the answers when they are for what it shows now: answers to a job the
// state has since left (a key typed meanwhile) are dropped.
import type { RinglabSystems } from "ringlab/systems";
import { RinglabError } from "ringlab";
import { errorFromData, pageError } from "../../core/errors";
import { errorData, placeNow, type ErrorData, type PlaceJob, type Placed } from "./placing";

/**
 * Keys placed on the page, at most: 2,000 keys take a few milliseconds there (bench/interactions.mjs
 * measures the 100,000), and a worker's answer comes a frame or more later, so short lists stay
 * synchronous and the page draws them in the same frame.
 */
export const ON_PAGE_KEYS = 2000;

export type Status =
  | { state: "done"; placed: Placed }
  | { state: "placing"; done: number; total: number }
  | { state: "failed"; error: RinglabError };

/** A job's identity: its fields (a file's bytes by the file's own identity). */
function jobKey(job: PlaceJob, fileId: number): string {
  return JSON.stringify({ ...job, keys: "text" in job.keys ? job.keys.text : `file:${fileId}` }, (_k, v: unknown) =>
    typeof v === "bigint" ? `${v}n` : v,
  );
}

export class Placer {
  private worker: Worker | undefined;
  private nextId = 1;
  private current: { key: string; id: number; status: Status } | undefined;
  /** Jobs sent to the worker (the tests count them while keys are typed). */
  requests = 0;

  /**
   * @param changed called when the job asked for last progresses or ends (the page draws again)
   * @param progress called with the job's progress alone (the page updates its bar, no redraw)
   */
  constructor(
    private readonly changed: () => void,
    private readonly progress: (done: number, total: number) => void,
  ) {}

  /** The job's status: its answers when known; else placed now (a short list) or sent to the worker. */
  status(rl: RinglabSystems, job: PlaceJob, fileId: number, keyCount: number): Status {
    const key = jobKey(job, fileId);
    if (this.current?.key === key) return this.current.status;
    const id = this.nextId++;
    if (keyCount <= ON_PAGE_KEYS || typeof Worker === "undefined") {
      this.current = { key, id, status: this.onPage(rl, job) };
      return this.current.status;
    }
    this.current = { key, id, status: { state: "placing", done: 0, total: keyCount } };
    this.send(id, job);
    return this.current.status;
  }

  private onPage(rl: RinglabSystems, job: PlaceJob): Status {
    try {
      return { state: "done", placed: placeNow(rl, job) };
    } catch (e) {
      return { state: "failed", error: e instanceof RinglabError ? e : errorFromData(errorData(e)) };
    }
  }

  private send(id: number, job: PlaceJob): void {
    if (!this.worker) {
      // This exact form lets Vite emit the worker as its own file, found next to this script.
      this.worker = new Worker(new URL("../../worker/cluster-worker.ts", import.meta.url), { type: "module" });
      this.worker.addEventListener("message", (e: MessageEvent<Answer>) => this.answer(e.data));
      this.worker.addEventListener("error", (e) => {
        const c = this.current;
        this.worker?.terminate();
        this.worker = undefined;
        if (c?.status.state !== "placing") return;
        c.status = {
          state: "failed",
          error: pageError("load_failed", "keysWorkerFailed", "", [e.message || "no message"]),
        };
        this.changed();
      });
    }
    this.requests++;
    this.worker.postMessage({ id, job });
  }

  private answer(a: Answer): void {
    const c = this.current;
    if (!c || c.id !== a.id) return; // an answer for a state the page has left
    if (a.progress) {
      c.status = { state: "placing", ...a.progress };
      this.progress(a.progress.done, a.progress.total);
      return;
    }
    c.status = a.placed ? { state: "done", placed: a.placed } : { state: "failed", error: errorFromData(a.error!) };
    this.changed();
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.current = undefined;
  }
}

type Answer = { id: number; progress?: { done: number; total: number }; placed?: Placed; error?: ErrorData };
