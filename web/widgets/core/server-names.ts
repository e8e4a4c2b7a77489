// A server list as an attribute: names ("S0,S1,S7"), or a bare count ("4"), which means the
// course's servers S0 … S3 — so links written when these pages took a count keep working.
import type { Codec } from "./params";

export function serverNames(count: number): Codec<string[]> {
  const course = (n: number) => Array.from({ length: n }, (_, i) => `S${i}`);
  return {
    def: course(count),
    parse: (t) => {
      const text = t.trim();
      if (/^\d+$/.test(text)) return course(Math.min(Number(text), 100_000));
      return text
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== "");
    },
    format: (v) => v.join(","),
  };
}
