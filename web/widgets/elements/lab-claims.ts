// <ringlab-lab-claims seed="16">
// The papers' claims about the newer bucket hashers (`ringlab lab --claims`), each as a card the
// way the chapter's claims page draws its own: the claim, the paper's figure beside ringlab's,
// whether it holds, and, folded, the figures around it, the check it is held to and the paper
// cited. The claims count the traces of 10^5 keys and place 10^6, which takes about a second, so
// they are computed in the lab's worker (ringlab/lab's claimsInWorker), once for each seed asked.
import type { LabClaim, RinglabLab } from "ringlab/lab";
import { claimStyles } from "../core/claim-card";
import { h, replace } from "../core/dom";
import { RinglabElement } from "../core/element";
import { getLab, labClaimsInWorker, labIfLoaded } from "../core/lab";
import { fieldDigits, latinDigits, readNumber } from "../core/numbers";
import { str, type StateOf } from "../core/params";
import { bnLabClaims, type LabClaimText } from "../claims/lab-claim-texts";

const spec = {
  seed: str(""),
};
type State = StateOf<typeof spec>;

/** The translations by language; English shows the core's own words. */
const texts: Record<string, Record<string, LabClaimText>> = { bn: bnLabClaims };

export class LabClaimsElement extends RinglabElement<typeof spec, RinglabLab> {
  static override spec = spec;
  private form!: HTMLFormElement;
  private seedLabel!: HTMLSpanElement;
  private seedInput!: HTMLInputElement;
  private computeButton!: HTMLButtonElement;
  private summary!: HTMLParagraphElement;
  private out!: HTMLDivElement;
  /** The claims computed, or being computed, for a seed (its text, "" for the default). */
  private job: { seed: string; abort: AbortController; claims?: readonly LabClaim[]; error?: unknown } | undefined;

  protected heading(): string {
    return this.t.labClaims.title;
  }

  protected override loadModule(): Promise<RinglabLab> {
    return getLab();
  }

  protected override moduleIfLoaded(): RinglabLab | undefined {
    return labIfLoaded();
  }

  protected override extraStyles(): string {
    return claimStyles + ".claim-paper{margin:0 0 .4rem;color:var(--_muted);font-size:.875rem}";
  }

  protected build(box: HTMLDivElement): void {
    this.seedLabel = h("span");
    this.seedInput = h("input", {
      type: "text",
      inputmode: "numeric",
      class: "num",
      name: "seed",
      "data-testid": "field-seed",
      spellcheck: "false",
      autocomplete: "off",
    });
    this.computeButton = h("button", { type: "submit", class: "primary", "data-testid": "compute" });
    this.form = h(
      "form",
      { class: "params", "data-testid": "params" },
      h("label", {}, this.seedLabel, this.seedInput),
      this.computeButton,
    );
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      // Bengali digits typed are the same number; the attribute keeps Latin ones.
      const seed = latinDigits(this.seedInput.value.trim());
      if (seed === "") this.removeAttribute("seed");
      this.setState(seed === "" ? {} : { seed }, true);
      this.requestUpdate();
    });
    this.summary = h("p", { "data-testid": "summary", "aria-live": "polite" });
    this.out = h("div", { "data-testid": "lab-claims" });
    box.append(this.form, this.summary, this.out);
  }

  protected override disconnected(): void {
    this.job?.abort.abort(new Error("disconnected"));
    this.job = undefined;
  }

  protected render(lab: RinglabLab, state: State): void {
    const { t, f } = this;
    const seedParam = lab.params().find((p) => p.name === "seed")!;
    this.seedLabel.textContent = t.labClaims.seed;
    this.seedInput.placeholder = fieldDigits(String(seedParam.defaultValue), t.lang);
    if (this.shadowRoot?.activeElement !== this.seedInput) this.seedInput.value = fieldDigits(state.seed, t.lang);
    this.computeButton.textContent = t.labClaims.compute;

    const job = this.jobFor(state.seed);
    if (job.claims || job.error !== undefined) this.box.removeAttribute("aria-busy");
    if (job.error !== undefined) {
      this.summary.textContent = "";
      replace(this.out);
      throw job.error;
    }
    if (!job.claims) {
      this.box.setAttribute("aria-busy", "true");
      this.summary.textContent = t.labClaims.computing;
      this.out.style.opacity = "0.5";
      return;
    }
    this.out.style.opacity = "";
    const claims = job.claims;
    const holding = claims.filter((c) => c.holds).length;
    this.summary.textContent = t.labClaims.summary(f.int(claims.length), f.int(holding), holding === claims.length);
    replace(
      this.out,
      claims.map((c) => this.card(c)),
    );
  }

  /** The claims for the seed's text: those computed, or a computation started in the worker. */
  private jobFor(seed: string): NonNullable<LabClaimsElement["job"]> {
    if (this.job?.seed === seed) return this.job;
    this.job?.abort.abort(new Error("superseded"));
    const job: NonNullable<LabClaimsElement["job"]> = { seed, abort: new AbortController() };
    this.job = job;
    // An empty field is the core's default; any other text is the number it reads as (NaN for
    // none), which the core names as the error it is.
    labClaimsInWorker(seed === "" ? undefined : readNumber(seed), job.abort.signal).then(
      (claims) => {
        if (this.job !== job) return;
        job.claims = claims;
        this.requestUpdate();
      },
      (error: unknown) => {
        if (this.job !== job) return;
        job.error = error;
        this.requestUpdate();
      },
    );
    return job;
  }

  private card(c: LabClaim): HTMLElement {
    const { t, f } = this;
    const text = texts[t.lang]?.[c.algorithm];
    const verdict = c.holds ? "holds" : "differs";
    const name = t.algorithms[c.algorithm as keyof typeof t.algorithms] ?? c.algorithm;
    const figure = (row: string, label: string, testid: string, value: string, cls: string) =>
      h("div", { "data-row": row }, h("dt", {}, label), h("dd", { "data-testid": testid, class: cls }, value));
    return h(
      "article",
      {
        // The chapter's cards' colours: a claim that holds as one that matches.
        class: `claim ${c.holds ? "match" : "differs"}`,
        "data-algorithm": c.algorithm,
        "data-holds": String(c.holds),
        "data-testid": "lab-claim",
      },
      h(
        "p",
        { class: "claim-head" },
        h("span", { class: "claim-algorithm" }, h("strong", {}, name)),
        h(
          "span",
          { class: `verdict ${c.holds ? "match" : "differs"}`, "data-testid": "verdict" },
          t.labClaims.verdicts[verdict],
        ),
      ),
      h("p", { class: "claim-text", "data-testid": "claim-text" }, text ? text.claim : c.claim),
      h(
        "dl",
        { class: "claim-figures", "data-testid": "figures", "aria-label": t.labClaims.figures },
        figure("paper", t.labClaims.paperFigure, "paper-figure", text ? text.paperFigure : c.paperFigure, ""),
        figure(
          "ringlab",
          t.labClaims.ringlab,
          "ringlab",
          text ? text.ringlab(c.values, f) : c.ringlab,
          `live main ${c.holds ? "match" : "differs"}`,
        ),
      ),
      // The citation is the paper's own, in its own language: names and a journal, not words of the page.
      h(
        "p",
        { class: "claim-paper", "data-testid": "paper" },
        `${t.labClaims.cited}: `,
        h("cite", { lang: "en", translate: "no" }, c.paper),
      ),
      h(
        "details",
        { class: "claim-how" },
        h("summary", {}, t.labClaims.how),
        h("p", { class: "hint", "data-testid": "detail" }, text ? text.detail(c.values, f) : c.detail),
        h(
          "p",
          { class: "hint", "data-testid": "check" },
          h("strong", {}, `${t.labClaims.check}: `),
          text ? text.check : c.check,
        ),
      ),
    );
  }
}
