() => {
  const out = {problems: [], ids: [], links: []};
  const say = text => out.problems.push(text);
  const main = document.querySelector("main") || document.body;
  const short = el => (el.outerHTML || "").slice(0, 160);

  // Text a reader sees, outside code and math.
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {acceptNode(node) {
    return node.parentElement.closest("pre, code, script, style, mjx-container, textarea, .sourceCode")
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
  }});
  let prose = "";
  for (let n = walker.nextNode(); n; n = walker.nextNode()) prose += n.textContent + " ";

  for (const m of prose.matchAll(/\?@[\w-]+/g)) say(`unresolved cross-reference ${m[0]}`);
  for (const el of main.querySelectorAll(".quarto-unresolved-ref")) say(`unresolved reference: ${el.textContent}`);
  // A source line that starts with "(@label)" inside a list becomes a pandoc example list,
  // and every @label in the chapter then prints the example's number instead of a link.
  for (const el of main.querySelectorAll("ol.example")) say(`pandoc example list (a line starting "(@"?): ${short(el)}`);
  for (const el of main.querySelectorAll(".citation")) {
    if (/\?/.test(el.textContent) && el.querySelector("strong")) say(`unresolved citation: ${el.textContent}`);
  }
  for (const el of main.querySelectorAll("span.math")) {
    if (!el.querySelector("mjx-container")) say(`math not rendered: ${el.textContent.slice(0, 80)}`);
  }
  for (const el of main.querySelectorAll("mjx-merror, [data-mjx-error]")) {
    say(`TeX error: ${el.getAttribute("data-mjx-error") || el.textContent.slice(0, 80)}`);
  }
  for (const m of prose.matchAll(/\\(?:\(|\)|\[|\]|begin\{|frac|mathbb|sigma|sum)|\$\$/g)) {
    say(`unrendered TeX near "${prose.slice(Math.max(0, m.index - 30), m.index + 30)}"`);
  }
  for (const m of prose.matchAll(/\b(?:np\.\w+|tensor|array|Decimal)\([^)]{0,40}\)/g)) {
    say(`a value printed as its repr: ${m[0]}`);
  }

  for (const img of document.querySelectorAll("img")) {
    if (!(img.getAttribute("alt") || "").trim()) say(`image without alt text: ${short(img)}`);
  }
  for (const svg of main.querySelectorAll('svg[role="img"]')) {
    if (!(svg.getAttribute("aria-label") || "").trim()) say(`svg image without aria-label: ${short(svg)}`);
  }
  for (const fig of main.querySelectorAll("figure")) {
    const cap = fig.querySelector("figcaption");
    if (!cap || !cap.textContent.trim()) say(`figure without caption: ${short(fig)}`);
  }
  for (const float of main.querySelectorAll('div.quarto-float[id^="fig-"], div[id^="fig-"].quarto-figure')) {
    const pictures = float.querySelectorAll("img.figure-img, .cell-output-display svg");
    if (float.querySelector(".quarto-subfloat-fig") || pictures.length > 1) {
      say(`figure ${float.id} holds ${pictures.length} pictures (sub-figures): a figure cell printed more than its figure`);
    }
  }
  for (const lst of main.querySelectorAll('div[id^="lst-"]')) {
    const code = lst.querySelector("pre code");
    if (!code || code.textContent.trim().split("\n").length < 2) say(`listing ${lst.id} shows no code`);
  }
  for (const button of main.querySelectorAll(".code-copy-button")) {
    const code = button.parentElement.querySelector("pre");
    if (button.offsetParent !== null && (!code || code.offsetParent === null)) {
      say(`a copy button shows with no visible code to copy: ${short(button.parentElement)}`);
    }
  }
  for (const el of main.querySelectorAll(".observablehq--error, .quarto-ojs-error, .quarto-ojs-syntax-error")) {
    say(`OJS runtime error: ${el.textContent.slice(0, 200)}`);
  }

  for (const el of document.querySelectorAll("[id]")) out.ids.push(el.id);
  for (const a of document.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href");
    if (!href || href.startsWith("javascript:") || href.startsWith("mailto:")) continue;
    const url = new URL(href, location.href);
    if (url.origin === location.origin) out.links.push(url.href);
  }
  return out;
}
