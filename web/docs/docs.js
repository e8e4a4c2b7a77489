// The docs page's only script (a file, not inline: the page runs under a strict CSP): a Copy
// button on every code block. Without clipboard access it selects the code instead.
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
