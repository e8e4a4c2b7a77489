// The docs page's only script (a file, not inline: the page runs under a strict CSP): a Copy
// button on every code block (without clipboard access it selects the code instead), and the
// keyboard's way into a code block or an attribute table that scrolls sideways.
const label = document.body.dataset.copyLabel ?? "Copy";
const copied = document.body.dataset.copiedLabel ?? "Copied";

function select(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

for (const pre of document.querySelectorAll("pre[data-copy]")) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.dataset.testid = "copy-snippet";
  button.textContent = label;
  button.addEventListener("click", () => {
    const done = () => {
      button.textContent = copied;
      setTimeout(() => (button.textContent = label), 1500);
    };
    if (navigator.clipboard?.writeText)
      navigator.clipboard.writeText(pre.textContent ?? "").then(done, () => select(pre));
    else select(pre);
  });
  pre.parentElement?.prepend(button);
}

// A code block or an attribute table wider than its column scrolls sideways: then it takes the
// focus, so the keyboard can scroll it too, with a name to say what it is (a table has its
// caption; a code block takes its section's heading). One that fits stays out of the tab order.
const scrollers = [...document.querySelectorAll("pre[data-copy], table.attrs")];
const focusIfScrolls = () => {
  for (const el of scrollers) {
    if (el.scrollWidth <= el.clientWidth + 1) {
      el.removeAttribute("tabindex");
      continue;
    }
    el.tabIndex = 0;
    const heading = el.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby");
    if (el.localName === "pre" && heading) {
      el.setAttribute("role", "group");
      el.setAttribute("aria-labelledby", heading);
    }
  }
};
const observer = new ResizeObserver(focusIfScrolls);
for (const el of scrollers) observer.observe(el);
document.fonts?.ready.then(focusIfScrolls);
