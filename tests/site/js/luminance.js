() => {
  // Relative luminance (WCAG) of the page's background and text colours.
  const lum = c => {
    const [r, g, b] = c.match(/[\d.]+/g).map(Number);
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const s = getComputedStyle(document.body);
  return {bg: lum(s.backgroundColor), fg: lum(s.color)};
}
