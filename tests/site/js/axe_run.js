async ({exclude, options, waived}) => {
  // Run the injected axe-core on the whole document, less the excluded parts, and return the
  // violations in a compact form: rule, impact, help, and per element its selector and markup.
  // A violation of a rule on an element that a waiver's selector matches is left out.
  const context = exclude.length ? {exclude} : document;
  const results = await axe.run(context, options);
  const isWaived = (rule, target) => {
    if (target.length !== 1) return false;  // inside a frame or shadow root: never waived
    const el = document.querySelector(target[0]);
    return Boolean(el) && waived.some(([r, sel]) => r === rule && el.matches(sel));
  };
  return results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.filter(n => !isWaived(v.id, n.target)).map(n => ({
      target: n.target.map(t => Array.isArray(t) ? t.join(" >>> ") : t).join(" "),
      impact: n.impact || v.impact, html: n.html, summary: n.failureSummary || ""})),
  })).filter(v => v.nodes.length);
}
