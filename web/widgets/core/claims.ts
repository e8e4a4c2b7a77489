// The chapter's claims, computed once a page by the claims module (`ringlab/claims`), in a worker
// when the browser has workers (the catalogue runs the chapter's experiments: about a second),
// else on the page. The module, its .wasm and the translations of the claims are files of their
// own: only a page with a claim widget downloads them. Every claim widget of a page shares one
// computation.
import type { Claim } from "ringlab/claims";
import type { ClaimText, ClaimValues } from "../claims/claim-texts";
import type { Fmt } from "./format";
import { claimStyles } from "./claim-card";
import { RinglabElement } from "./element";
import type { Spec } from "./params";

/** An error from the claims worker, shaped like the RinglabError it was. */
export class WorkerError extends Error {
  constructor(
    name: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = name;
  }
}

export interface Catalogue {
  readonly claims: readonly Claim[];
  /** The claims' texts by language and id (English pages use the core's own words). */
  readonly texts: Readonly<Record<string, Readonly<Record<string, ClaimText>>>>;
  /** The scenarios in words by language and id (claims/claim-texts.ts). */
  readonly scenarios: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** What ringlab measures beside a formula, by id. */
  readonly measurements: Readonly<Record<string, (v: ClaimValues, f: Fmt, lang: string) => string>>;
}

let pending: Promise<Catalogue> | undefined;
let loaded: Catalogue | undefined;

function inWorker(): Promise<string> {
  return new Promise((resolve, reject) => {
    // This exact form lets Vite emit the worker as its own file, found next to this script.
    const w = new Worker(new URL("../worker/claims-worker.ts", import.meta.url), { type: "module" });
    w.addEventListener("message", (e: MessageEvent<{ json?: string; error?: { code: string; message: string } }>) => {
      w.terminate();
      if (e.data.json !== undefined) resolve(e.data.json);
      else
        reject(new WorkerError("RinglabError", e.data.error?.code ?? "internal", e.data.error?.message ?? "no claims"));
    });
    w.addEventListener("error", (e) => {
      w.terminate();
      reject(new WorkerError("RinglabError", "load_failed", `the claims worker failed: ${e.message || "no message"}`));
    });
    w.postMessage({});
  });
}

async function onPage(): Promise<string> {
  const { load } = await import("ringlab/claims");
  return (await load()).claimsJson();
}

export function getClaims(): Promise<Catalogue> {
  pending ??= Promise.all([
    typeof Worker !== "undefined" ? inWorker() : onPage(),
    import("../claims/claim-texts"),
  ]).then(
    ([json, i18n]) =>
      (loaded = {
        claims: JSON.parse(json) as Claim[],
        texts: { bn: i18n.bnClaims },
        scenarios: i18n.scenarios,
        measurements: i18n.measurements,
      }),
    (e: unknown) => {
      pending = undefined; // a later widget may retry
      throw e;
    },
  );
  return pending;
}

/** The catalogue if it has been computed, else undefined. */
export function claimsIfLoaded(): Catalogue | undefined {
  return loaded;
}

/** The words a card needs for one claim in one language (claim-card.ts: CardContext). */
export function cardWords(
  catalogue: Catalogue,
  c: Claim,
  lang: string,
  f: Fmt,
): { text: ClaimText | undefined; scenario: string | undefined; measured: string | undefined } {
  const m = catalogue.measurements[c.id];
  return {
    text: catalogue.texts[lang]?.[c.id],
    scenario: (catalogue.scenarios[lang] ?? catalogue.scenarios.en)?.[c.id],
    measured: m ? m(c.ringlab.values, f, lang) : undefined,
  };
}

/** The base of the claim widgets: their "module" is the catalogue, and they draw claim cards. */
export abstract class ClaimsWidget<S extends Spec> extends RinglabElement<S, Catalogue> {
  protected override loadModule(): Promise<Catalogue> {
    return getClaims();
  }
  protected override moduleIfLoaded(): Catalogue | undefined {
    return claimsIfLoaded();
  }
  protected override extraStyles(): string {
    return claimStyles;
  }
}
