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
# The project the PDF and the EPUB render from: the executed notebooks and their resources.
EXECUTED    := _executed
# The PDF and the EPUB are rendered into that project's output folder and copied into _book/:
# a render of one format into _book/ would replace the site's site_libs/ with its own (almost
# empty) one, and Quarto warns about an output folder outside its project.
FORMATS_DIR := $(EXECUTED)/_book
BOOK_FILE   := sequence-models-executed
# Quarto's Jupyter kernels start IPython with this folder: its startup files trace what each
# chapter reads, so that `make book` can tell when a frozen chapter has gone stale, and log
# every inline value, so that it can refuse one that renders a clause instead of a value.
IPYDIR := $(CURDIR)/$(VENV)/ipython

.PHONY: setup site-assets test timings-reset test-fast test-units test-site lint book pdf epub formats chapter \
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
test: timings-reset lint test-units book formats test-site
	@$(PY) code/build/stage_time.py summary

timings-reset: setup
	@rm -f $(TIMINGS)

test-units: setup
	@start=$$(date +%s.%N); $(PY) -m pytest -m "not site and not execution"; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no tests." >&2; rc=1; fi; \
	(exit $$rc); $(call stage_done,unit tests)

test-site: setup site-assets
	@start=$$(date +%s.%N); DLBOOK_REQUIRE_SITE=1 $(PY) -m pytest -m site tests/site; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no site tests." >&2; rc=1; fi; \
	(exit $$rc); $(call stage_done,site tests)

## test-fast: the quick tests only (no chapter execution, no training, no Slurm, no browser)
test-fast: setup
	$(PY) -m pytest -m "not slow and not site"

lint: setup
	@start=$$(date +%s.%N); $(PY) -m ruff check code tests figures; $(call stage_done,lint)

# Quarto: the one on PATH, else `pip install quarto-cli`, else a clear error. Sets $QUARTO.
define find_quarto
QUARTO=$$(command -v quarto || true); \
if [ -z "$$QUARTO" ]; then \
  $(PY) -m pip install --quiet quarto-cli >/dev/null 2>&1 && QUARTO=$$(command -v $(VENV)/bin/quarto || true); \
fi; \
if [ -z "$$QUARTO" ] || ! "$$QUARTO" --version >/dev/null 2>&1; then \
  echo "ERROR: Quarto was not found on PATH and 'pip install quarto-cli' did not provide it." >&2; \
  echo "Install Quarto (>= 1.5) from https://quarto.org/docs/get-started/ and run 'make $@' again." >&2; \
  exit 1; \
fi
endef

# Each stage of `make test` prints how long it took and keeps the line in $(TIMINGS):
# start a stage with `start=$$(date +%s.%N);` and end it with $(call stage_done,NAME).
TIMINGS := _build-timings.tsv
stage_done = rc=$$?; $(PY) code/build/stage_time.py done "$(1)" $$start $$rc; exit $$rc

# The one execution of the book: the site's render (`make book`). The freeze guard's hooks
# go around `quarto render --to html`; it keeps each notebook it executed in _freeze/ for
# the PDF and the EPUB (code/build/executed_book.py). Any WARN or ERROR line in the log, or
# an inline value that renders a clause, fails it.
define render_site
@start=$$(date +%s.%N); $(find_quarto); \
$(PY) code/build/freeze_inputs.py install-hook --ipython-dir "$(IPYDIR)" && \
$(PY) code/build/inline_values.py install-hook --ipython-dir "$(IPYDIR)" && \
$(PY) code/build/executed_book.py install-hook --ipython-dir "$(IPYDIR)" && \
$(PY) code/build/freeze_inputs.py invalidate || exit 1; \
set -o pipefail; \
IPYTHONDIR="$(IPYDIR)" PATH="$(CURDIR)/$(VENV)/bin:$$PATH" QUARTO_PYTHON="$(CURDIR)/$(PY)" \
  "$$QUARTO" render --to html 2>&1 | tee $(RENDER_LOG); rendered=$$?; \
$(PY) code/build/freeze_inputs.py record && [ $$rendered -eq 0 ] && \
$(PY) code/build/check_render_log.py $(RENDER_LOG) && \
$(PY) code/build/inline_values.py check; $(call stage_done,render html)
endef

# The PDF or the EPUB, from the notebooks the site's render executed: $(call
# render_executed,FORMAT,LOG). No kernel starts; `prepare` refuses a notebook that is missing
# or older than its page or anything the page read. TEXINPUTS finds book/latex/ (the PDF's
# stand-in for the fontawesome5 package, see README.md).
define render_executed
@start=$$(date +%s.%N); $(find_quarto); \
$(PY) code/build/executed_book.py prepare || exit 1; \
set -o pipefail; \
cd $(EXECUTED) && PATH="$(CURDIR)/$(VENV)/bin:$$PATH" QUARTO_PYTHON="$(CURDIR)/$(PY)" \
  TEXINPUTS="$(CURDIR)/book/latex//:" \
  "$$QUARTO" render --to $(1) 2>&1 \
  | tee "$(CURDIR)/$(2)"; rendered=$$?; cd "$(CURDIR)"; \
[ $$rendered -eq 0 ] && $(PY) code/build/check_render_log.py $(2); \
$(call stage_done,render $(1))
endef

## book: render the site (HTML) into _book/ with Quarto, executing every chapter that is not
##   frozen; any WARN or ERROR line fails it. A render of the whole site starts from an empty
##   _book/: run `make formats` after it.
book: setup
	$(render_site)

## pdf: the whole book as one PDF, _book/sequence-models-executed.pdf (XeLaTeX, TeX Live),
##   from the chapters `make book` executed; fails on a WARN/ERROR line and on text that
##   overflows the page (check_pdf.py)
pdf: setup
	$(call render_executed,pdf,$(PDF_LOG))
	@start=$$(date +%s.%N); \
	$(PY) code/build/check_pdf.py $(FORMATS_DIR)/$(BOOK_FILE).pdf $(EXECUTED)/index.log; \
	$(call stage_done,check pdf)
	mkdir -p _book && cp $(FORMATS_DIR)/$(BOOK_FILE).pdf _book/

## epub: the whole book as EPUB 3, _book/sequence-models-executed.epub, from the chapters
##   `make book` executed; epubcheck must pass
epub: setup
	$(call render_executed,epub,$(EPUB_LOG))
	@start=$$(date +%s.%N); \
	java -jar /usr/share/java/epubcheck.jar --failonwarnings $(FORMATS_DIR)/$(BOOK_FILE).epub; \
	$(call stage_done,epubcheck)
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
	       $(PDF_LOG) $(EPUB_LOG) $(TIMINGS) $(EXECUTED) $(BOOK_FILE).* index.aux index.log index.toc index.out \
	       index.lo[flt]
