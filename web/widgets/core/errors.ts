// A module error in the page's language. The core words its messages in English from a few fixed
// templates ("servers must be between 1 and 100000, got 0"), and the module carries no structured
// parameters: the main entry's size budget has no room for them. So the parameters are read back
// here, from the templates, in one table keyed by the error's code, and the page's catalogue
// (`t.errors`) says them again. English keeps the module's message exactly as it is (the same text
// the command line and the docs show); a message no template matches is said by its code alone.
import type { Messages } from "../i18n/en";
import type { Fmt } from "./format";

/** What a message says, read back from its template: the rule and its parameters. */
export interface ErrorDetails {
  rule: string;
  /** The parameter's JavaScript name ("servers", "tableSize"), when the message names one. */
  name?: string;
  /** The template's other parts, in order (bounds, the value given, a server's name, …). */
  parts: string[];
}

type Rule = [rule: string, pattern: RegExp];

// "NAME must be REQUIREMENT, got VALUE": the core's rule for every checked parameter (params.cpp)
// and the wrapper's for JavaScript types (validate.ts). The requirement says which rule.
const MUST = /^(.+?) must be (.+), got (.*)$/s;
const REQUIREMENTS: Rule[] = [
  ["between", /^between (\S+) and (\S+)$/],
  ["atLeast", /^>= (\S+)$/],
  ["aboveFinite", /^finite and > (\S+)$/],
  ["atLeastFinite", /^finite and >= (\S+)$/],
  ["interval", /^in ([[(])(\S+), (\S+)([\])])$/],
  ["integer", /^(?:a safe integer|an integer)$/],
  ["number", /^a number$/],
  ["prime", /^a prime$/],
  ["list", /^a list of 1 to (\d+) values$/],
  ["oneOf", /^((?:[^,]+, )*[^,]+) or ([^,]+)$/],
];

// Messages about no single parameter, by code.
const MESSAGES: Partial<Record<string, Rule[]>> = {
  limit_exceeded: [
    ["ringCap", /^a ring of (\d+) points exceeds the ring's cap of (\d+)$/],
    ["serverCap", /^a server of vnodes x weight = (\S+) points exceeds the ring's cap of (\d+)$/],
    ["copiesCap", /^a run of (\d+) copies \(hot x copies\) exceeds the cap of (\d+)$/],
    ["scoresCap", /^a run of (\d+) scores \(keys x servers\) exceeds the cap of (\d+)$/],
    ["nameTooLong", /^a (?:server|backend) name is longer than (\d+) UTF-16 units$/],
    ["weightSum", /^the hosts' weights add up to (\d+), more than Envoy's (\d+) for a locality$/],
  ],
  duplicate_server: [
    ["duplicateNamed", /^server "(.*)" is (?:listed twice|already on the ring)$/s],
    ["duplicateNamed", /^duplicate server (.*)$/s],
    ["duplicate", /^a (?:server|backend) is listed twice$/],
    ["duplicateNamed", /^host "(.*)" is listed twice$/s],
    [
      "sameHash",
      /^two hosts hash as "(.*)" \(the second is "(.*)"\): Envoy would order their equal hashes arbitrarily$/s,
    ],
  ],
  unknown_server: [
    ["notOnRing", /^server "(.*)" is not on the ring$/s],
    ["notInScenario", /^the change names server "(.*)", which is not in the scenario$/s],
    ["downUnknown", /^--down names "(.*)", which is not one of the servers$/s],
  ],
  // Malachi's and Cassandra's rings: a vnode's id as the reader wrote it (an Elixir term).
  token_taken: [
    ["tokenHeld", /^token (\S+) is held by vnode (.+)$/s],
    ["tokenTwice", /^token (\S+) is given to both (.+) and (.+)$/s],
  ],
  already_present: [["vnodePresent", /^vnode (.+) is already on the ring$/s]],
  not_found: [["vnodeMissing", /^vnode (.+) is not on the ring$/s]],
  empty: [["noVnodes", /^the ring has no vnodes$/]],
  out_of_range: [
    [
      "noServer",
      /^(?:a ring needs at least one server|Maglev needs at least one backend|the change would leave no server)$/,
    ],
    ["capacity", /^capacities hold only (\d+) of (\d+) keys: raise epsilon$/],
  ],
  invalid_argument: [
    ["emptyName", /^a (?:server|backend) name must not be empty$/],
    ["badPort", /^invalid port in upstream "(.*)"$/s],
    ["emptyVnodeId", /^a vnode id must not be empty$/],
    ["notUnicode", /^(.+?) is not Unicode text \(it holds a lone surrogate\), so it has no UTF-8 bytes$/s],
    ["unknownClaim", /^unknown claim "(.*)": use (.*)$/s],
  ],
};

// Messages that say where, in what the reader typed, something is wrong (any code): a term that does
// not parse (its column, and line when there are several), a configuration (upstream block, ring,
// endpoints, server list or string) at a line and column, or an entry of a list. The `what` after
// the place is read again on its own (a term's by TERM_WHATS, the others as a whole message).
const LOCATED: Rule[] = [
  ["termAt", /^invalid (Elixir|Erlang) term: (.+) at (?:line (\d+), )?column (\d+)$/s],
  ["configAt", /^(upstream|ring|endpoints|server list) line (\d+)(?:, column (\d+))?: (.+)$/s],
  ["configAt", /^(server string)() column (\d+): (.+)$/s],
  ["entryAt", /^(--[\w-]+) entry (\d+)(?: \((".*?")\))?: (.+)$/s],
];

// The pages' own messages about a drawn ring (steps/token-ring.ts, steps/membership.ts) and about
// an empty server list to score (elements/rendezvous-stepper.ts), by code.
// Read before the core's "NAME must be …" rule: the span's message has that shape too.
const PAGE_MESSAGES: Partial<Record<string, Rule[]>> = {
  token_out_of_range: [
    ["tokenOutside", /^the token of (.+) (-?\d+) is outside the ring's positions 0–(\d+)$/s],
    ["keyOutside", /^the key position (-?\d+) is outside the ring's positions 0–(\d+)$/],
  ],
  out_of_range: [
    ["spanRange", /^the ring's span must be a whole number from 2 to 2\^32, got (.*)$/s],
    ["noServer", /^rendezvous needs at least one server to score the key$/],
  ],
  unknown_server: [["noServerNamed", /^no server named (.+) on the ring$/s]],
};

/** What is wrong in a term, by rule: the parser's most common words. */
const TERM_WHATS: Rule[] = [
  ["endOfText", /^expected .+, got end of text$/s],
  ["variable", /^variables are not terms \((.+)\)$/s],
  ["atomTooLong", /^atom name longer than (\d+) characters$/],
];

/** The rule of what is wrong in a term, read back from the parser's words; null when not known. */
export function termWhat(what: string): ErrorDetails | null {
  for (const [rule, pattern] of TERM_WHATS) {
    const r = pattern.exec(what);
    if (r) return { rule, parts: r.slice(1).map((p) => p ?? "") };
  }
  return null;
}

/** The rule and parameters of a module error's message, or null when no template matches. */
export function errorDetails(code: string, message: string): ErrorDetails | null {
  for (const [rule, pattern] of LOCATED) {
    const r = pattern.exec(message);
    if (r) return { rule, parts: r.slice(1).map((p) => p ?? "") };
  }
  for (const [rule, pattern] of PAGE_MESSAGES[code] ?? []) {
    const r = pattern.exec(message);
    if (r) return { rule, parts: r.slice(1) };
  }
  const m = MUST.exec(message);
  if (m) {
    const [, name = "", requirement = "", got = ""] = m;
    for (const [rule, pattern] of REQUIREMENTS) {
      const r = pattern.exec(requirement);
      if (!r) continue;
      if (rule === "oneOf") return { rule, name, parts: [...(r[1] ?? "").split(", "), r[2] ?? "", got] };
      return { rule, name, parts: [...r.slice(1), rule === "list" ? got.replace(/ values$/, "") : got] };
    }
    return { rule: "invalid", name, parts: [got] };
  }
  for (const [rule, pattern] of MESSAGES[code] ?? []) {
    const r = pattern.exec(message);
    if (r) return { rule, parts: r.slice(1) };
  }
  return null;
}

/**
 * An error as the page shows it: in English the module's own message; in another language the
 * same rule and parameters in that language's words and digits, or what its code means.
 */
export function errorText(t: Messages, f: Fmt, e: unknown): string {
  const err = (e ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof err.message === "string" ? err.message : String(e);
  if (t.lang === "en") return message;
  const code = typeof err.code === "string" ? err.code : "internal";
  const x = t.errors;
  const fallback = (x.codes as Record<string, string | undefined>)[code] ?? x.codes.internal;
  const d = errorDetails(code, message);
  if (!d) return fallback;
  // A value as the message wrote it: a quoted text stays the reader's own; numbers take the
  // page's digits (counts grouped); the words JavaScript writes for special numbers are said.
  const v = (s: string): string => {
    if (s.startsWith('"')) return s;
    const word = (x.values as Record<string, string | undefined>)[s];
    if (word !== undefined) return word;
    const n = Number(s);
    return /^-?\d+$/.test(s) && Number.isSafeInteger(n) ? f.int(n) : f.digitsIn(s);
  };
  const name = d.name === undefined ? "" : ((x.params as Record<string, string | undefined>)[d.name] ?? d.name);
  const [a = "", b = "", c = "", g = ""] = d.parts;
  switch (d.rule) {
    case "between":
      return x.between(name, v(a), v(b), v(c));
    case "atLeast":
      return x.atLeast(name, v(a), v(b));
    case "aboveFinite":
      return x.aboveFinite(name, v(a), v(b));
    case "atLeastFinite":
      return x.atLeastFinite(name, v(a), v(b));
    case "interval":
      return x.interval(name, `${a}${v(b)}, ${v(c)}${g}`, v(d.parts[4] ?? ""));
    case "integer":
      return x.integer(name, v(a));
    case "number":
      return x.number(name, v(a));
    case "prime":
      return x.prime(name, v(a));
    case "list":
      return x.list(name, v(a), v(b));
    case "oneOf":
      return x.oneOf(name, d.parts.slice(0, -1), v(d.parts.at(-1) ?? ""));
    case "invalid":
      return x.invalid(name, v(a));
    case "ringCap":
      return x.ringCap(v(a), v(b));
    case "serverCap":
      return x.serverCap(v(a), v(b));
    case "copiesCap":
      return x.copiesCap(v(a), v(b));
    case "scoresCap":
      return x.scoresCap(v(a), v(b));
    case "nameTooLong":
      return x.nameTooLong(v(a));
    case "duplicateNamed":
      return x.duplicateNamed(a);
    case "duplicate":
      return x.duplicate;
    case "notOnRing":
      return x.notOnRing(a);
    case "unknownClaim":
      return x.unknownClaim(a, b);
    case "notInScenario":
      return x.notInScenario(a);
    case "noServer":
      return x.noServer;
    case "capacity":
      return x.capacity(v(a), v(b));
    case "emptyName":
      return x.emptyName;
    case "termAt": {
      const w = termWhat(b);
      const what =
        w?.rule === "endOfText"
          ? x.termEnd
          : w?.rule === "variable"
            ? x.termVariable(w.parts[0] ?? "")
            : w?.rule === "atomTooLong"
              ? x.atomTooLong(v(w.parts[0] ?? ""))
              : "";
      return x.termAt(a, c ? v(c) : "", v(g), what);
    }
    case "configAt":
    case "entryAt": {
      // What is wrong there, said on its own (by its template, or by what its code means).
      const what = errorText(t, f, { code, message: g });
      return d.rule === "configAt" ? x.configAt(a, b ? v(b) : "", c ? v(c) : "", what) : x.entryAt(a, v(b), c, what);
    }
    case "downUnknown":
      return x.downUnknown(a);
    case "tokenHeld":
      return x.tokenHeld(v(a), b);
    case "tokenTwice":
      return x.tokenTwice(v(a), b, c);
    case "vnodePresent":
      return x.vnodePresent(a);
    case "vnodeMissing":
      return x.vnodeMissing(a);
    case "noVnodes":
      return x.noVnodes;
    case "badPort":
      return x.badPort(a);
    case "emptyVnodeId":
      return x.emptyVnodeId;
    case "notUnicode":
      return x.notUnicode(a);
    case "sameHash":
      return x.sameHash(a, b);
    case "weightSum":
      return x.weightSum(v(a), v(b));
    case "tokenOutside":
      return x.tokenOutside(a, v(b), v(c));
    case "keyOutside":
      return x.keyOutside(v(a), v(b));
    case "spanRange":
      return x.spanRange(v(a));
    case "noServerNamed":
      return x.noServerNamed(a);
  }
  return fallback;
}
