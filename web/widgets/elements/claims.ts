// <ringlab-claims section="4" playground="https://…/playground/">
// Every claim of the chapter (or one section's, `section`), each as <ringlab-claim> draws it,
// grouped under its section's heading, under a count of the verdicts and a choice of section
// (which writes `section`, so the address keeps it). The playground's claims page.
import type { Claim } from "ringlab/claims";
import { claimCard, sectionName } from "../core/claim-card";
import { ClaimsWidget, cardWords, type Catalogue } from "../core/claims";
import { h, replace } from "../core/dom";
import { optionalStr, str, type StateOf } from "../core/params";
import { messagesFor } from "../i18n/index";

const spec = {
  section: str(""),
  playground: optionalStr(),
};
type State = StateOf<typeof spec>;

/** "4", "§4" and " §4 " name the same section; "" is every section. */
const sectionOf = (text: string): string => text.trim().replace(/^§/, "");

export class ClaimsElement extends ClaimsWidget<typeof spec> {
  static override spec = spec;
  private summary!: HTMLParagraphElement;
  private filterLabel!: HTMLSpanElement;
  private filter!: HTMLSelectElement;
  private out!: HTMLDivElement;

  protected build(box: HTMLDivElement): void {
    const t = messagesFor(this.closest("[lang]")?.getAttribute("lang"));
    this.summary = h("p", { "data-testid": "summary", "aria-live": "polite" }, t.claims.computing);
    this.filterLabel = h("span");
    this.filter = h("select", { "data-testid": "section-filter" });
    this.filter.addEventListener("change", () => this.setState({ section: this.filter.value }, true));
    this.out = h("div", { "data-testid": "claims" });
    box.append(this.summary, h("label", { class: "claims-filter" }, this.filterLabel, this.filter), this.out);
  }

  protected heading(): string {
    return this.t.claims.title;
  }

  protected render(catalogue: Catalogue, s: State): void {
    const { t, f } = this;
    const wanted = sectionOf(s.section);
    const sections = [...new Set(catalogue.claims.map((c) => c.section))];
    const of = (section: string) => catalogue.claims.filter((c) => c.section === section);
    this.filterLabel.textContent = t.claims.section;
    replace(
      this.filter,
      h("option", { value: "" }, t.claims.allSections(f.int(catalogue.claims.length))),
      sections.map((sec) =>
        h("option", { value: sectionOf(sec) }, t.claims.sectionOption(sectionName(t, sec), f.int(of(sec).length))),
      ),
    );
    this.filter.value = sections.some((sec) => sectionOf(sec) === wanted) ? wanted : "";

    const shown = catalogue.claims.filter((c) => wanted === "" || sectionOf(c.section) === wanted);
    const count = (v: string) => shown.filter((c) => c.verdict === v).length;
    this.summary.textContent = t.claims.summary(
      f.int(shown.length),
      f.int(count("match")),
      f.int(count("within")),
      f.int(count("differs")),
      count("differs") === 0,
    );
    const card = (c: Claim) => claimCard(c, { t, f, ...cardWords(catalogue, c, t.lang, f), base: s.playground });
    // On a phone the whole catalogue is a list of sections to open one by one (32 cards are some
    // 11,000 px there); a section chosen, or a wider screen, shows the claims open.
    const folded = wanted === "" && typeof matchMedia === "function" && matchMedia("(max-width: 480px)").matches;
    replace(
      this.out,
      sections
        .filter((sec) => shown.some((c) => c.section === sec))
        .map((sec) => {
          const group = h(
            "details",
            {
              class: "claims-section",
              "data-section": sec,
              "data-testid": "claims-section",
              open: !folded || this.opened.has(sec),
            },
            h(
              "summary",
              {},
              h("h2", {}, sectionName(t, sec)),
              h("span", { class: "hint" }, t.claims.count(f.int(shown.filter((c) => c.section === sec).length))),
            ),
            shown.filter((c) => c.section === sec).map(card),
          );
          group.addEventListener("toggle", () => {
            if (group.open) this.opened.add(sec);
            else this.opened.delete(sec);
          });
          return group;
        }),
    );
  }

  /** The sections the reader opened on a phone: a re-render keeps them open. */
  private readonly opened = new Set<string>();
}
