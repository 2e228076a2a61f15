# The book's two everyday commands are `make book` and `make test` (see README.md).
SHELL  := /bin/bash
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
CDN    := tests/site/cdn
RENDER_LOG := _book-render.log
PDF_LOG    := _book-render-pdf.log
EPUB_LOG   := _book-render-epub.log
# The PDF and the EPUB are rendered into a folder of their own and copied into _book/: a render
# of one format into _book/ would replace the site's site_libs/ with its own (almost empty) one.
FORMATS_DIR := _book-formats
BOOK_FILE   := sequence-models-executed
# Quarto's Jupyter kernels start IPython with this folder: its startup files trace what each
# chapter reads, so that `make book` can tell when a frozen chapter has gone stale, and log
# every inline value, so that it can refuse one that renders a clause instead of a value.
IPYDIR := $(CURDIR)/$(VENV)/ipython

.PHONY: setup site-assets test test-fast test-units test-site lint book pdf epub formats chapter \
        screenshots figures benchmarks notebooks clean

## setup: create .venv and install dlbook (editable), the test tools and the Jupyter kernel
setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e ".[test]"
	# The kernel Quarto and the chapter tests run: named python3, living inside .venv.
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (dlbook)"
	touch $(STAMP)

## site-assets: local npm copies for the offline site tests: MathJax (the CDN package the site
##   loads) and axe-core (the accessibility engine the tests inject)
site-assets: $(CDN)/node_modules/.installed

$(CDN)/node_modules/.installed: $(CDN)/package.json $(CDN)/package-lock.json
	npm ci --prefix $(CDN) --no-audit --no-fund --loglevel=error
	touch $@

## test: lint; unit, structure and Slurm tests; render the site, the PDF and the EPUB; test
##   the site in Chromium
test: lint test-units book formats test-site

test-units: setup
	@$(PY) -m pytest -m "not site and not execution"; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no tests." >&2; exit 1; fi; exit $$rc

test-site: setup site-assets
	@DLBOOK_REQUIRE_SITE=1 $(PY) -m pytest -m site tests/site; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no site tests." >&2; exit 1; fi; \
	exit $$rc

## test-fast: the quick tests only (no chapter execution, no training, no Slurm, no browser)
test-fast: setup
	$(PY) -m pytest -m "not slow and not site"

lint: setup
	$(PY) -m ruff check code tests figures

# One render of the whole book to one format: $(call render,FORMAT,LOG,FLAGS). The freeze
# guard's hooks go around `quarto render --to FORMAT`, and any WARN or ERROR line in LOG, or
# an inline value that renders a clause, fails it. TEXINPUTS finds book/latex/ (the PDF's
# stand-in for the fontawesome5 package, see README.md).
define render
@QUARTO=$$(command -v quarto || true); \
if [ -z "$$QUARTO" ]; then \
  $(PY) -m pip install --quiet quarto-cli >/dev/null 2>&1 && QUARTO=$$(command -v $(VENV)/bin/quarto || true); \
fi; \
if [ -z "$$QUARTO" ] || ! "$$QUARTO" --version >/dev/null 2>&1; then \
  echo "ERROR: Quarto was not found on PATH and 'pip install quarto-cli' did not provide it." >&2; \
  echo "Install Quarto (>= 1.5) from https://quarto.org/docs/get-started/ and run 'make $@' again." >&2; \
  exit 1; \
fi; \
$(PY) code/build/freeze_inputs.py install-hook --ipython-dir "$(IPYDIR)" && \
$(PY) code/build/inline_values.py install-hook --ipython-dir "$(IPYDIR)" && \
$(PY) code/build/freeze_inputs.py invalidate || exit 1; \
set -o pipefail; \
IPYTHONDIR="$(IPYDIR)" PATH="$(CURDIR)/$(VENV)/bin:$$PATH" QUARTO_PYTHON="$(CURDIR)/$(PY)" \
  TEXINPUTS="$(CURDIR)/book/latex//:" \
  "$$QUARTO" render --to $(1) $(3) 2>&1 | tee $(2); rendered=$$?; \
$(PY) code/build/freeze_inputs.py record && [ $$rendered -eq 0 ] && \
$(PY) code/build/check_render_log.py $(2) && \
$(PY) code/build/inline_values.py check
endef

## book: render the site (HTML) into _book/ with Quarto; any WARN or ERROR line fails it.
##   A render of the whole site starts from an empty _book/: run `make formats` after it.
book: setup
	$(call render,html,$(RENDER_LOG))

## pdf: the whole book as one PDF, _book/sequence-models-executed.pdf (XeLaTeX, TeX Live);
##   fails on a WARN/ERROR line and on text that overflows the page (check_pdf.py)
pdf: setup
	$(call render,pdf,$(PDF_LOG),--output-dir $(FORMATS_DIR))
	$(PY) code/build/check_pdf.py $(FORMATS_DIR)/$(BOOK_FILE).pdf
	mkdir -p _book && cp $(FORMATS_DIR)/$(BOOK_FILE).pdf _book/

## epub: the whole book as EPUB 3, _book/sequence-models-executed.epub; epubcheck must pass
epub: setup
	$(call render,epub,$(EPUB_LOG),--output-dir $(FORMATS_DIR))
	java -jar /usr/share/java/epubcheck.jar --failonwarnings $(FORMATS_DIR)/$(BOOK_FILE).epub
	mkdir -p _book && cp $(FORMATS_DIR)/$(BOOK_FILE).epub _book/

## formats: the PDF and the EPUB, added to the _book/ that `make book` rendered
formats: pdf epub

## chapter: render one chapter as a web page, e.g. `make chapter CH=book/01-sequences.qmd`
chapter: setup
	@test -n "$(CH)" || { echo "usage: make chapter CH=book/01-sequences.qmd" >&2; exit 1; }
	IPYTHONDIR="$(IPYDIR)" PATH="$(CURDIR)/$(VENV)/bin:$$PATH" QUARTO_PYTHON="$(CURDIR)/$(PY)" \
	  quarto render $(CH) --to html

## notebooks: write every chapter as a Jupyter notebook into _book/notebooks/ (the render
## does this too, as its post-render step)
notebooks: setup
	$(PY) code/build/notebooks.py

## screenshots: a PNG of every page, desktop and phone, light and dark, into screenshots/
screenshots: setup site-assets
	$(PY) tests/site/screenshots.py screenshots

## figures: regenerate the static diagrams in figures/ (deterministic)
figures: setup
	$(PY) figures/make_figures.py

## benchmarks: run the benchmark scripts and print their results
benchmarks: setup
	for b in code/benchmarks/bench_*.py; do $(PY) $$b || exit 1; done

clean:
	rm -rf _book $(FORMATS_DIR) .quarto .pytest_cache .ruff_cache screenshots $(RENDER_LOG) \
	       $(PDF_LOG) $(EPUB_LOG) $(BOOK_FILE).* index.aux index.log index.toc index.out \
	       index.lo[flt]
