// The cluster page's "share and export" part: a link to the page as it is (long key lists packed
// into it, or left out with the key file offered, and the page saying so), each key's answer and
// the keys a change moves as CSV, JSON or a table to paste, and the `ringlab place` command that
// gives the same answers. Copies are confirmed in a status line that screen readers announce.
import { h, replace } from "../../core/dom";
import type { Command } from "./command";
import { KEY_FILE } from "./command";
import { answersTable, csv, download, json, keyFile, movesTable, tsv, type Move, type Table } from "./export";
import type { Moves } from "./moves";
import type { KeyRow } from "./module";
import type { SystemName } from "./systems";
import { rich } from "./text";
import type { Page } from "./view";

export const SHARE_STYLES = `
.share-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; margin: 0.35rem 0; }
.share-label { font-size: 0.9rem; min-width: 14rem; }
@media (max-width: 760px) { .share-label { min-width: 0; flex-basis: 100%; } }
.share .buttons { margin: 0; }
.command pre { white-space: pre; }
.undo .hint { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; }
`;

/** What the part shares, from the page's last drawing. */
export interface ShareData {
  system: SystemName;
  keys: readonly (string | Uint8Array)[];
  /** How many keys have an answer, and their rows (made when a table is asked for). */
  count: number;
  rows: () => KeyRow[];
  /** The keys the change moves (null: no change to show). */
  moves: Moves | null;
  command: Command | null;
  /** The page's address as its host writes it, every long text packed (undefined: no host link). */
  link: (() => Promise<string>) | undefined;
  /** The keys as the address carries them, when long (undefined: short enough to go as they are). */
  packedKeys: () => Promise<{ packed: string; fits: boolean } | undefined>;
}

export interface ShareParts {
  view: HTMLElement;
  data: ShareData | null;
  /** Bumped at each drawing: an answer that arrives late is for the drawing it was asked by. */
  drawn: number;
}

/** The moved keys as the tables take them (each key as it is, not as the page shows it), read from the placing's answers when asked for. */
function movedKeys(m: Moves | null, keys: ShareData["keys"]): Move[] {
  return m
    ? Array.from({ length: m.count }, (_, i) => ({ key: keys[m.index(i)] ?? m.key(i), from: m.from(i), to: m.to(i) }))
    : [];
}

const CSV = "text/csv;charset=utf-8";
const JSON_TYPE = "application/json;charset=utf-8";
const TEXT = "text/plain;charset=utf-8";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function shareParts(): ShareParts {
  return { view: h("div", { class: "share", "data-testid": "share" }), data: null, drawn: 0 };
}

export function drawShare(page: Page, parts: ShareParts, data: ShareData): void {
  const t = page.t.cluster.share;
  const f = page.f;
  parts.data = data;
  const drawn = ++parts.drawn;
  // Said again after a moment, so the same confirmation twice is announced twice.
  const status = h("p", { class: "hint", role: "status", "aria-live": "polite", "data-testid": "share-status" });
  const say = (text: string) => {
    status.textContent = "";
    setTimeout(() => (status.textContent = text), 50);
  };
  const button = (testid: string, label: string, act: () => void | Promise<void>, disabled = false) => {
    const b = h("button", { type: "button", "data-testid": testid, disabled }, rich(label));
    b.addEventListener("click", () => void act());
    return b;
  };
  const copyTable = async (table: Table) => {
    const ok = await copyText(tsv(table));
    say(ok ? t.tableCopied(table.rows.length, f.int(table.rows.length)) : t.copyFailed);
  };
  const saveKeys = () => download(KEY_FILE, TEXT, keyFile(data.keys));
  const keyFileButton = (testid: string) => button(testid, t.keyFile(KEY_FILE), saveKeys);

  const answers = () => answersTable(data.system, data.rows());
  const moved = () => movesTable(data.system, movedKeys(data.moves, data.keys));
  const linkNote = h("div", { "data-testid": "link-note" });
  const group = (label: string, testid: string, ...buttons: HTMLElement[]) => {
    const id = `cl-share-${testid}`;
    return h(
      "div",
      { class: "share-row", role: "group", "aria-labelledby": id, "data-testid": testid },
      h("span", { class: "share-label", id }, label),
      h("div", { class: "buttons" }, buttons),
    );
  };

  const rows: HTMLElement[] = [];
  if (data.link) {
    const link = data.link;
    rows.push(
      group(
        t.linkLabel,
        "share-link",
        button("copy-link", t.copyLink, async () => {
          const [href, keys] = await Promise.all([link(), data.packedKeys()]);
          const ok = await copyText(href);
          say(!ok ? t.copyFailed : keys && !keys.fits ? t.linkCopiedWithoutKeys : t.linkCopied);
        }),
      ),
    );
  }
  rows.push(
    group(
      t.answersLabel(f.int(data.count)),
      "share-answers",
      button("answers-csv", t.csv, () => download("answers.csv", CSV, csv(answers()))),
      button("answers-json", t.json, () => download("answers.json", JSON_TYPE, json(answers()))),
      button("answers-copy", t.copyTable, () => copyTable(answers())),
    ),
  );
  const noMoves = data.moves === null;
  rows.push(
    group(
      noMoves ? t.movesNone : t.movesLabel(f.int(data.moves?.count ?? 0)),
      "share-moves",
      button("moves-csv", t.csv, () => download("moves.csv", CSV, csv(moved())), noMoves),
      button("moves-json", t.json, () => download("moves.json", JSON_TYPE, json(moved())), noMoves),
      button("moves-copy", t.copyTable, () => copyTable(moved()), noMoves),
    ),
  );

  const command = data.command;
  const commandView = command
    ? h(
        "div",
        { class: "command" },
        h("p", { class: "sub", id: "cl-command-title" }, t.commandTitle),
        h("p", { class: "hint" }, rich(command.keyFile ? t.commandHintFile(KEY_FILE) : t.commandHint)),
        h(
          "pre",
          // Not wrapped (a shell reads it as shown); a phone scrolls it, from the keyboard too.
          { class: "scrolls", "aria-labelledby": "cl-command-title", tabindex: "0", translate: "no" },
          h("code", { "data-testid": "command", lang: "en" }, command.text),
        ),
        h(
          "div",
          { class: "buttons" },
          button("command-copy", t.copyCommand, async () =>
            say((await copyText(command.text)) ? t.commandCopied : t.copyFailed),
          ),
          command.keyFile ? keyFileButton("command-key-file") : null,
        ),
      )
    : null;

  replace(parts.view, h("p", { class: "part-title" }, t.title), rows, linkNote, status, commandView);

  // Whether the link can carry the keys is known once they are packed (asynchronously).
  void data.packedKeys().then((keys) => {
    if (drawn !== parts.drawn || !keys || keys.fits || !data.link) return;
    replace(
      linkNote,
      h(
        "p",
        { class: "field-error", "data-testid": "keys-left-out" },
        t.keysLeftOut(data.keys.length, f.int(data.keys.length), f.int(keys.packed.length)),
      ),
      h("div", { class: "buttons" }, keyFileButton("link-key-file")),
    );
  });
}
