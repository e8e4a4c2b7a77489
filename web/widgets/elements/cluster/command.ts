// The page's configuration and keys as the command that gives the same answers: `ringlab place
// SYSTEM` with the system's flags, its configuration files written by heredocs, and the keys
// inline when few, else in a key file (`--keys keys.txt`) the page offers for download.
import type { RinglabSystems, SystemName as ModuleSystemName } from "ringlab/systems";
import type { SystemOptions } from "./module";
import type { SystemName } from "./systems";

/** The file a file option's text is written to. */
const FILES: Record<string, string> = {
  upstream: "upstream.conf",
  serverFile: "servers.txt",
  ring: "ring.txt",
  endpoints: "endpoints.yaml",
};

/** Keys given on the command line itself when at most this many, and this long together. */
export const INLINE_KEYS = 20;
export const INLINE_CHARS = 600;
export const KEY_FILE = "keys.txt";

/** A word as a POSIX shell reads it back unchanged: bare when it is plainly safe, else in single quotes. */
export function shellWord(w: string): string {
  if (/^[A-Za-z0-9_./:@%+,-][A-Za-z0-9_./:@%+,=-]*$/.test(w)) return w;
  return `'${w.replace(/'/g, `'\\''`)}'`;
}

/** A heredoc's end word that is no line of the text. */
function endWord(text: string): string {
  const ls = new Set(text.split("\n"));
  let w = "EOF";
  for (let i = 1; ls.has(w); i++) w = `EOF${i}`;
  return w;
}

export interface Command {
  /** The shell text: heredocs writing the configuration's files, then the command. */
  text: string;
  /** Whether the keys are in the key file (`keys.txt`) rather than on the line. */
  keyFile: boolean;
}

/**
 * The command for the page's system, options (as the page gives them to `system()`) and keys.
 * Each option's flag and type are the module's (options()): a file option becomes a file of its own.
 */
export function placeCommand(
  rl: RinglabSystems,
  system: SystemName,
  options: SystemOptions,
  keys: readonly (string | Uint8Array)[],
): Command {
  // Each option's flag and type as the core's option table defines them (the one table both
  // the command line's flags and the module's options come from).
  const table = new Map(rl.options(system as ModuleSystemName).map((o) => [o.name, o]));
  const files: string[] = [];
  const words = ["ringlab", "place", system];
  for (const [name, value] of Object.entries(options)) {
    const spec = table.get(name);
    const flag = spec?.flag ?? `--${name}`;
    const type = spec?.type;
    if (type === "flag") {
      if (value === true) words.push(flag);
    } else if (type === "file") {
      const file = FILES[name] ?? `${name}.txt`;
      const text = String(value);
      const end = endWord(text);
      files.push(`cat > ${file} <<'${end}'\n${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${end}`);
      words.push(flag, file);
    } else {
      words.push(flag, shellWord(Array.isArray(value) ? value.join(",") : String(value)));
    }
  }
  // A key given as bytes (no UTF-8) cannot be an argument: such keys go in the key file.
  const text = keys.every((k) => typeof k === "string") ? (keys as readonly string[]) : null;
  const inline =
    text !== null && text.length <= INLINE_KEYS && text.reduce((n, k) => n + k.length + 3, 0) <= INLINE_CHARS;
  if (inline) {
    // A key that starts with "--" would be read as a flag: "--" ends the flags.
    if (text.some((k) => k.startsWith("--"))) words.push("--");
    words.push(...text.map(shellWord));
  } else words.push("--keys", KEY_FILE);
  return { text: [...files, words.join(" ")].join("\n"), keyFile: !inline };
}
