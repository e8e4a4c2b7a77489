// <ringlab-claims section="4" playground="https://…/playground/">
// Every claim of the chapter (or one section's, `section`), each as <ringlab-claim> draws it,
// under a count of the verdicts. The playground's claims page.
import { claimCard } from "../core/claim-card";
import { ClaimsWidget, type Catalogue } from "../core/claims";
import { h, replace } from "../core/dom";
import { str, type StateOf } from "../core/params";
import { messagesFor } from "../i18n/index";

const spec = {
  section: str(""),
  playground: str(""),
};
type State = StateOf<typeof spec>;

export class ClaimsElement extends ClaimsWidget<typeof spec> {
  static override spec = spec;
  private summary!: HTMLParagraphElement;
  private out!: HTMLDivElement;

  protected build(box: HTMLDivElement): void {
    const t = messagesFor(this.closest("[lang]")?.getAttribute("lang"));
    this.summary = h("p", { "data-testid": "summary", "aria-live": "polite" }, t.claims.computing);
    this.out = h("div", { "data-testid": "claims" });
    box.append(this.summary, this.out);
  }

  protected heading(): string {
    return this.t.claims.title;
  }

  protected render(catalogue: Catalogue, s: State): void {
    const wanted = s.section.trim().replace(/^§/, "");
    const shown = catalogue.claims.filter((c) => wanted === "" || c.section === `§${wanted}`);
    const count = (v: string) => shown.filter((c) => c.verdict === v).length;
    const f = this.f;
    this.summary.textContent = this.t.claims.summary(
      f.int(shown.length),
      f.int(count("match")),
      f.int(count("within")),
      f.int(count("differs")),
      count("differs") === 0,
    );
    const texts = catalogue.texts[this.t.lang];
    replace(
      this.out,
      shown.map((c) => claimCard(c, { t: this.t, f, text: texts?.[c.id], base: s.playground })),
    );
  }
}
