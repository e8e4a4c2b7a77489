// Text as the cluster page shows it: `backquoted` parts as code, and names under the bars.
import { h, type Child } from "../../core/dom";

/** Text with `backquoted` parts as code (commands, syntax, names the system itself uses). */
export function rich(text: string): Child[] {
  return text.split("`").map((part, i) => (i % 2 ? h("code", {}, part) : part));
}

/** The same text where no markup can go (an <option>). */
export const plain = (text: string) => text.replace(/`/g, "");

/**
 * Names under the bars: without the part every name shares ("10.0.0.1:11211", "10.0.0.2:11211" →
 * "…1:11211", "…2:11211") when they would not fit side by side (a phone). The table beneath keeps them whole.
 */
export function axisLabels(names: string[], room: number): string[] {
  // About 7 px a character at the axis's 12 px: names that fit stay whole.
  const fits = (xs: string[]) => Math.max(...xs.map((x) => x.length)) * 7 + 8 <= room;
  if (names.length < 2 || fits(names)) return names;
  let n = 0;
  const first = names[0] ?? "";
  while (n < first.length && names.every((x) => x[n] === first[n])) n++;
  // Cut after a separator, so "10.0.0." goes and "1" stays whole.
  const cut = first.slice(0, n).search(/[.:/][^.:/]*$/) + 1;
  const short = cut >= 4 ? names.map((x) => `…${x.slice(cut)}`) : names;
  if (fits(short)) return short;
  // Still too many (Kafka's partitions): every k-th name, the bars between unnamed.
  const every = Math.ceil((Math.max(...short.map((x) => x.length)) * 7 + 8) / Math.max(room, 1));
  return short.map((x, i) => (i % every === 0 ? x : ""));
}
