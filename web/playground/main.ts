// The playground: one page per stepper, experiment and calculator, each the same custom element
// a course page embeds. The URL hash is the whole state: `#/<page>?<widget params>&lang=bn` —
// the widget's attributes, so a link reproduces the exact step. Hash routing keeps the built
// site working from any sub-path of any static server.
import { defineWidgets } from "../widgets/index";
import { h, replace } from "../widgets/core/dom";
import type { LinkRequestDetail, StateChangeDetail } from "../widgets/core/element";
import { messagesFor, type Messages } from "../widgets/i18n/index";

interface Route {
  id: string;
  /** Tutorial section (1–8), or a group for the tools. */
  group: number | "experiments" | "tools" | "systems" | "claims";
  tag: string;
  /** Attributes that make the page what it is (not part of the URL). */
  fixed?: Record<string, string>;
}

const routes: Route[] = [
  { id: "modn", group: 1, tag: "ringlab-modn-stepper" },
  { id: "ring", group: 2, tag: "ringlab-ring-stepper" },
  { id: "membership", group: 3, tag: "ringlab-membership-stepper" },
  { id: "vnodes", group: 4, tag: "ringlab-vnodes-stepper" },
  { id: "search", group: 5, tag: "ringlab-search-stepper" },
  { id: "rendezvous", group: 6, tag: "ringlab-rendezvous-stepper" },
  { id: "jump", group: 7, tag: "ringlab-jump-stepper" },
  { id: "buckets", group: 7, tag: "ringlab-bucket-stepper" },
  { id: "maglev", group: 7, tag: "ringlab-maglev-stepper" },
  { id: "bounded", group: 7, tag: "ringlab-bounded-stepper" },
  { id: "hotkey", group: 8, tag: "ringlab-hotkey-stepper" },
  { id: "clients", group: 8, tag: "ringlab-clients-stepper" },
  { id: "ring-vs-mod", group: "experiments", tag: "ringlab-experiment", fixed: { name: "ring-vs-mod" } },
  { id: "vnode-sweep", group: "experiments", tag: "ringlab-experiment", fixed: { name: "vnode-sweep" } },
  { id: "hrw-jump", group: "experiments", tag: "ringlab-experiment", fixed: { name: "hrw-jump" } },
  { id: "cache", group: "tools", tag: "ringlab-cache-whatif" },
  { id: "vnode-calculator", group: "tools", tag: "ringlab-vnode-calculator" },
  { id: "compare", group: "tools", tag: "ringlab-compare" },
  { id: "lab", group: "tools", tag: "ringlab-lab" },
  { id: "cluster", group: "systems", tag: "ringlab-cluster" },
  { id: "malachi", group: "systems", tag: "ringlab-malachi-ring" },
  { id: "plan", group: "systems", tag: "ringlab-plan" },
  // The claims' links open this playground's own pages.
  { id: "claims", group: "claims", tag: "ringlab-claims", fixed: { playground: "" } },
  { id: "lab-claims", group: "claims", tag: "ringlab-lab-claims" },
];

const page = document.getElementById("page") as HTMLElement;
const toc = document.getElementById("toc") as HTMLElement;
const langSelect = document.getElementById("lang") as HTMLSelectElement;
const themeSelect = document.getElementById("theme") as HTMLSelectElement;

interface Location_ {
  route: Route | undefined;
  params: Record<string, string>;
  lang: string;
}

function parseHash(): Location_ {
  const raw = location.hash.replace(/^#\/?/, "");
  const q = raw.indexOf("?");
  const id = decodeURIComponent(q < 0 ? raw : raw.slice(0, q));
  const search = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
  const params: Record<string, string> = {};
  for (const [k, v] of search) params[k] = v;
  const lang = params.lang ?? "en";
  delete params.lang;
  return { route: routes.find((r) => r.id === id), params, lang };
}

function hashOf(route: Route | undefined, params: Record<string, string>, lang: string): string {
  // The route's fixed attributes (an experiment's name) are the page itself, not URL state.
  const q = new URLSearchParams(Object.entries(params).filter(([k]) => !(k in (route?.fixed ?? {}))));
  if (lang !== "en") q.set("lang", lang);
  const qs = q.toString();
  return `#/${route?.id ?? ""}${qs ? `?${qs}` : ""}`;
}

let navigated = false;
let current: { route: Route | undefined; el: HTMLElement | undefined; lang: string } = {
  route: undefined,
  el: undefined,
  lang: "",
};

function groupTitle(t: Messages, g: Route["group"]): string {
  return typeof g === "number" ? (t.playground.sections[g - 1] ?? "") : t.playground.groups[g];
}

function renderToc(t: Messages, active: Route | undefined, lang: string): void {
  const groups: Route["group"][] = [1, 2, 3, 4, 5, 6, 7, 8, "experiments", "tools", "systems", "claims"];
  // On a phone the contents fold away (a <details>), open on wider screens.
  const wide = window.matchMedia("(min-width: 761px)").matches;
  replace(
    toc,
    h(
      "details",
      { open: wide, "data-testid": "toc-details" },
      h("summary", { class: "toc-title" }, t.playground.contents),
      h(
        "ol",
        {},
        groups.map((g) =>
          h(
            "li",
            {},
            h("span", { class: "group" }, groupTitle(t, g)),
            h(
              "ul",
              {},
              routes
                .filter((r) => r.group === g)
                .map((r) =>
                  h(
                    "li",
                    {},
                    h(
                      "a",
                      {
                        href: hashOf(r, {}, lang),
                        "aria-current": r === active ? "page" : undefined,
                        "data-testid": `nav-${r.id}`,
                      },
                      t.playground.routes[r.id as keyof Messages["playground"]["routes"]]?.title ?? r.id,
                    ),
                  ),
                ),
            ),
          ),
        ),
      ),
    ),
  );
}

function applyTheme(el: Element): void {
  const theme = themeSelect.value;
  if (theme === "auto") el.removeAttribute("theme");
  else el.setAttribute("theme", theme);
}

function render(): void {
  const loc = parseHash();
  const t = messagesFor(loc.lang);
  document.documentElement.lang = t.lang;
  langSelect.value = t.lang;
  (document.getElementById("lang-label") as HTMLElement).textContent = t.playground.language;
  (document.getElementById("theme-label") as HTMLElement).textContent = t.playground.theme;
  (document.getElementById("tagline") as HTMLElement).textContent = t.playground.tagline;
  for (const o of themeSelect.options) o.textContent = t.playground.themes[o.value as "auto" | "light" | "dark"];
  (document.querySelector(".skip") as HTMLElement).textContent = t.playground.skip;
  toc.setAttribute("aria-label", t.playground.contents);
  renderToc(t, loc.route, t.lang);

  // Same page: hand the widget its new state (back/forward, an edited URL) without rebuilding it.
  if (loc.route && loc.route === current.route && current.el && current.lang === t.lang) {
    (current.el as unknown as { params: Record<string, string> }).params = { ...loc.params, ...loc.route.fixed };
    return;
  }
  const samePage = loc.route === current.route;
  current = { route: loc.route, el: undefined, lang: t.lang };
  const route = loc.route;
  if (!route) {
    document.title = `ringlab — ${t.playground.tagline}`;
    replace(
      page,
      h("h1", {}, t.playground.homeTitle),
      h("p", { class: "lead" }, t.playground.homeIntro),
      h("p", {}, t.playground.homeNumbers),
      h(
        "ul",
        { class: "cards", "data-testid": "home-list" },
        routes.map((r) => {
          const info = t.playground.routes[r.id as keyof Messages["playground"]["routes"]];
          return h(
            "li",
            {},
            h(
              "a",
              { href: hashOf(r, {}, t.lang) },
              h("span", { class: "card-group" }, groupTitle(t, r.group)),
              h("strong", {}, info.title),
            ),
            h("p", {}, info.intro),
          );
        }),
      ),
    );
    return;
  }
  const info = t.playground.routes[route.id as keyof Messages["playground"]["routes"]];
  document.title = `${info.title} — ringlab`;
  const el = document.createElement(route.tag);
  for (const [k, v] of Object.entries(route.fixed ?? {})) el.setAttribute(k, v);
  for (const [k, v] of Object.entries(loc.params)) el.setAttribute(k, v);
  el.setAttribute("data-testid", "widget-host");
  applyTheme(el);
  current.el = el;
  replace(
    page,
    h("p", { class: "crumb" }, groupTitle(t, route.group)),
    h("h1", { "data-testid": "page-title" }, info.title),
    h("p", { class: "lead" }, info.intro),
    el,
  );
  // After a navigation (not on first load), move focus to the page, as a new document would.
  if (!samePage && navigated) page.focus({ preventScroll: true });
  navigated = true;
}

// A widget's state changed by the user: the URL follows (replaceState: stepping is not navigation;
// a change the reader may want to go back from, "make it the cluster", is a history entry).
document.addEventListener("ringlab-statechange", (e) => {
  const detail = (e as CustomEvent<StateChangeDetail>).detail;
  if (!current.route || e.target !== current.el) return;
  const hash = hashOf(current.route, detail.params, current.lang);
  if (detail.navigation) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
});

// A widget's "copy link": the address of its state on this page.
document.addEventListener("ringlab-link", (e) => {
  const detail = (e as CustomEvent<LinkRequestDetail>).detail;
  if (!current.route || e.target !== current.el) return;
  detail.href = new URL(hashOf(current.route, detail.params, current.lang), location.href).href;
});

langSelect.addEventListener("change", () => {
  const loc = parseHash();
  const params = current.el ? (current.el as unknown as { params: Record<string, string> }).params : loc.params;
  location.hash = hashOf(loc.route, params, langSelect.value);
});

themeSelect.value = localStorage.getItem("ringlab-theme") ?? "auto";
document.documentElement.dataset.theme = themeSelect.value;
themeSelect.addEventListener("change", () => {
  localStorage.setItem("ringlab-theme", themeSelect.value);
  document.documentElement.dataset.theme = themeSelect.value;
  if (current.el) applyTheme(current.el);
});

// The skip link moves focus to the page's content. Its href="#page" would change the address, and
// the address is the page's state (hash routing): following it would leave the page, so the
// click (Enter on the link is a click too) only moves the focus.
document.querySelector(".skip")?.addEventListener("click", (e) => {
  e.preventDefault();
  page.focus();
  page.scrollIntoView({ block: "start" });
});

defineWidgets();
window.addEventListener("hashchange", render);
render();
