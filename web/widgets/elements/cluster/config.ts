// The cluster page's configuration, from its state: the options for the systems module's
// `system()` (a change made here only where the module has no edit for it), and the field an error
// of `system()` belongs to.
import { latinDigits } from "../../core/numbers";
import { isDown, lines, scalar, withoutDown, type Config, type ErrorLike, type SystemOptions } from "./module";
import { MAX_BARS, type State } from "./state";
import { SYS } from "./systems";

export function optionValues(state: State): Map<string, string> {
  return new Map(new URLSearchParams(state.options));
}
export function serverLines(state: State): string[] {
  const list = SYS[state.system].list;
  return lines(state.servers ?? list?.def.join("\n") ?? "");
}

export function configText(state: State): string {
  return state.config ?? SYS[state.system].text?.def ?? "";
}

export function usesText(state: State): boolean {
  return state.format === "text" && SYS[state.system].text !== undefined;
}

/** A list entry's weight (after its last "=") typed in Bengali digits, as the module reads it. */
function weightDigits(entry: string): string {
  const at = entry.lastIndexOf("=");
  return at < 0 ? entry : entry.slice(0, at + 1) + latinDigits(entry.slice(at + 1));
}

/**
 * The options for `system()`, from the state. A change is made here only where the module has no
 * edit for it: a count one more or one fewer.
 */
export function configOf(state: State, change?: { kind: string; target: string }): Config {
  const sys = SYS[state.system];
  const values = optionValues(state);
  const options: SystemOptions = {};
  const text = usesText(state);
  if (text && sys.text) {
    options[sys.text.opt] = configText(state);
  } else if (sys.list) {
    // One entry a line: the list option's array (nginx's ` down` mark is the `down` option).
    const ls = serverLines(state).filter((l) => l.trim() !== "");
    options[sys.list.opt] = ls.map((l) => weightDigits(withoutDown(l)));
    const down = ls.filter(isDown).map(withoutDown);
    if (sys.down && down.length) options.down = down;
  }
  for (const f of sys.fields) {
    if (text && !f.withText) continue;
    const v = scalar(f, values.get(f.name) ?? f.def);
    if (v !== undefined) options[f.opt ?? f.name] = v;
  }
  if (sys.count && change && (change.kind === "add" || change.kind === "remove")) {
    const n = Number(options[sys.count]);
    options[sys.count] = change.kind === "add" ? n + 1 : n - 1;
  }
  let names: string[] = [];
  let count = 0;
  if (sys.count) {
    const n = Number(options[sys.count]);
    if (Number.isSafeInteger(n) && n > 0) count = n;
    if (count && count <= MAX_BARS)
      names = Array.from({ length: n }, (_, i) => (state.system === "redis" ? `node:${i}` : String(i)));
  }
  return { options, names, count };
}

/** The field (or the server list / text) an error of system() belongs to. */
export function errorField(state: State, e: unknown): string {
  const sys = SYS[state.system];
  // The error's parameter, as the module names it ("--mode", "tableSize", "servers").
  const param = ((e as ErrorLike)?.param ?? "").replace(/^--/, "");
  const text = usesText(state);
  for (const f of sys.fields) {
    if (text && !f.withText) continue;
    if ([f.name, f.opt, ...f.names].some((n) => n !== undefined && n.replace(/^--/, "") === param)) return f.name;
  }
  if (text) return "config";
  if (sys.list) return "servers";
  return sys.fields[0]?.name ?? "servers";
}
