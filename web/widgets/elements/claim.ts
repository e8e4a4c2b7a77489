// <ringlab-claim id="ring-moves-21.9" playground="https://…/playground/">
// One claim of the chapter, for a course page to place beside the paragraph that makes it: the
// chapter's figure and ringlab's live figure side by side, each tagged measured or formula, the
// verdict, the tolerance, and a link to the playground page that shows it (`playground`: the
// playground's address; "" for the page itself, as inside the playground; without it a course
// page has no playground to link to, so the card shows no link). The claims are computed once a
// page, off the main thread, by the claims module (core/claims.ts).
import { claimCard, sectionName } from "../core/claim-card";
import { ClaimsWidget, cardWords, type Catalogue } from "../core/claims";
import { pageError } from "../core/errors";
import { h, replace } from "../core/dom";
import { optionalStr, str, type StateOf } from "../core/params";
import { messagesFor } from "../i18n/index";

const spec = {
  id: str(""),
  playground: optionalStr(),
};
type State = StateOf<typeof spec>;

export class ClaimElement extends ClaimsWidget<typeof spec> {
  static override spec = spec;
  private out!: HTMLDivElement;

  protected build(box: HTMLDivElement): void {
    const t = messagesFor(this.closest("[lang]")?.getAttribute("lang"));
    this.out = h(
      "div",
      { "aria-live": "polite" },
      h("p", { class: "hint", "data-testid": "computing" }, t.claims.computing),
    );
    box.append(this.out);
  }

  protected heading(): string {
    const c = this.rl?.claims.find((x) => x.id === this.state.id);
    return c ? this.t.claims.one(sectionName(this.t, c.section)) : this.t.claims.title;
  }

  protected render(catalogue: Catalogue, s: State): void {
    const c = catalogue.claims.find((x) => x.id === s.id);
    if (!c) {
      replace(this.out);
      throw pageError("invalid_argument", "unknownClaim", "", [s.id, ...catalogue.claims.map((x) => x.id)]);
    }
    replace(
      this.out,
      claimCard(c, { t: this.t, f: this.f, ...cardWords(catalogue, c, this.t.lang, this.f), base: s.playground }),
    );
  }
}
