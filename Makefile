# The book's two everyday commands are `make book` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: setup test test-fast lint book chapter figures benchmarks clean

## setup: create .venv and install dlbook (editable), the test tools and the Jupyter kernel
setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e ".[test]"
	# The kernel Quarto and the chapter tests run: named python3, living inside .venv.
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (dlbook)"
	touch $(STAMP)

## test: lint, then every test (listings, book structure, chapter execution, Slurm)
test: setup lint
	@$(PY) -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no tests; refusing to call an empty run a pass." >&2; exit 1; fi; \
	exit $$rc

## test-fast: the quick tests only (no chapter execution, no training, no Slurm)
test-fast: setup
	$(PY) -m pytest -m "not slow"

lint: setup
	$(PY) -m ruff check code tests figures

## book: render the whole site into _book/ with Quarto
book: setup
	@QUARTO=$$(command -v quarto || true); \
	if [ -z "$$QUARTO" ]; then \
	  $(PY) -m pip install --quiet quarto-cli >/dev/null 2>&1 && QUARTO=$$(command -v $(VENV)/bin/quarto || true); \
	fi; \
	if [ -z "$$QUARTO" ] || ! "$$QUARTO" --version >/dev/null 2>&1; then \
	  echo "ERROR: Quarto was not found on PATH and 'pip install quarto-cli' did not provide it." >&2; \
	  echo "Install Quarto (>= 1.5) from https://quarto.org/docs/get-started/ and run 'make book' again." >&2; \
	  exit 1; \
	fi; \
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" QUARTO_PYTHON="$(CURDIR)/$(PY)" "$$QUARTO" render

## chapter: render one chapter, e.g. `make chapter CH=book/01-sequences.qmd`
chapter: setup
	@test -n "$(CH)" || { echo "usage: make chapter CH=book/01-sequences.qmd" >&2; exit 1; }
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" QUARTO_PYTHON="$(CURDIR)/$(PY)" quarto render $(CH)

## figures: regenerate the static diagrams in figures/ (deterministic)
figures: setup
	$(PY) figures/make_figures.py

## benchmarks: run the benchmark scripts and print their results
benchmarks: setup
	for b in code/benchmarks/bench_*.py; do $(PY) $$b || exit 1; done

clean:
	rm -rf _book .quarto .pytest_cache .ruff_cache
