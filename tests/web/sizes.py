"""What a thumb and an eye need on a phone, measured in the browser: every control
at least 44x44 CSS pixels (WCAG 2.5.5, Apple's and Android's guidelines), every
line of text at least 16 px; and on a French page, the space French sets before
":", ";", "!" and "?"."""

import re

TARGET_PX = 44
TEXT_PX = 16

# The controls a person taps, and every element that holds text of its own, as
# the page lays them out now; what is hidden is not measured.
MEASURE = """([target, text]) => {
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const name = (e) => e.id ? `#${e.id}` : `${e.tagName.toLowerCase()}.${e.className}`
    + ` "${(e.textContent || e.value || "").trim().slice(0, 24)}"`;
  const small = [];
  const controls = "button, select, input, a.button, [role=button], summary, label.rule";
  for (const e of document.querySelectorAll(controls)) {
    // A checkbox inside its label is tapped by the label; the board picture's
    // rings are measured by the picture's own test.
    const labelled = e.matches("input[type=checkbox]") && e.closest("label");
    if (!shown(e) || e.closest("svg") || labelled) continue;
    const r = e.getBoundingClientRect();
    if (r.width < target - 0.5 || r.height < target - 0.5) {
      small.push(`${name(e)}: ${Math.round(r.width)}x${Math.round(r.height)} px`);
    }
  }
  for (const e of document.querySelectorAll("body *")) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !shown(e) || e.closest("svg, .sr") || e.tagName === "OPTION") continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < text - 0.05) small.push(`${name(e)}: text ${size} px`);
  }
  return small;
}"""


# French sets a space before ":", ";", "!" and "?" (a digit before it is a time or
# a score, a letter before "//" an address).
UNSPACED = re.compile(r"[^\s\u00a0\u202f\d]([:;!?])(?=\s|$)")


def unspaced_in_french(page):
    """The lines of a French page where a ":", ";", "!" or "?" lacks its space."""
    return [line for line in page.evaluate("document.body.innerText").splitlines()
            if UNSPACED.search(line)]


def too_small(page):
    """Every control under 44x44 px and every text under 16 px on the page now."""
    return page.evaluate(MEASURE, [TARGET_PX, TEXT_PX])
