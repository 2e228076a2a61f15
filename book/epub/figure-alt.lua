-- The EPUB's figures: Quarto writes a figure's alt text (fig-alt) on the image, where it
-- belongs, and also as an `alt` attribute of the figure's <div>, which HTML does not allow
-- and epubcheck refuses (RSC-005). This filter, run for the EPUB only, after Quarto's own
-- filters, drops it from every div; the image keeps its alt text.
function Div(div)
  if div.attributes["alt"] ~= nil then
    div.attributes["alt"] = nil
    return div
  end
end
