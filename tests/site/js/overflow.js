() => {
  const root = document.documentElement, width = root.clientWidth;
  if (root.scrollWidth <= width + 1) return [];
  // Name the widest offenders that are not inside a box that scrolls on its own.
  const culprits = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.right <= width + 1 || box.width === 0) continue;
    let scroller = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") { scroller = true; break; }
    }
    if (!scroller) culprits.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}` +
                                 `${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""}` +
                                 ` (right edge ${Math.round(box.right)} px)`);
  }
  return [`the page scrolls sideways: ${root.scrollWidth} px wide in a ${width} px viewport; ` +
          `widest: ${culprits.slice(-3).join("; ") || "unknown"}`];
}
