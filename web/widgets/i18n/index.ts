// Languages. Every file beside this one (en.ts, bn.ts, …) is a catalogue with the keys of en.ts
// (the type `Messages` makes a missing key a compile error); adding a language is adding a file.
import en, { type Messages } from "./en";

export type { Messages } from "./en";

// Every .ts file here (this one is skipped by name; a negated glob is not honoured by every Vite
// dev server).
const files = import.meta.glob<{ default?: Messages }>("./*.ts", { eager: true });
const catalogues = new Map<string, Messages>();
for (const [path, mod] of Object.entries(files)) {
  const m = /^\.\/(.+)\.ts$/.exec(path);
  if (m?.[1] && m[1] !== "index" && mod.default) catalogues.set(m[1].toLowerCase(), mod.default);
}

/** The catalogue for a BCP 47 tag ("bn", "bn-BD", "en-GB"): by primary language, English otherwise. */
export function messagesFor(lang: string | null | undefined): Messages {
  const primary = (lang ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return catalogues.get(primary) ?? en;
}

/** The languages available, as their primary tags. */
export function languages(): string[] {
  return [...catalogues.keys()].sort();
}
