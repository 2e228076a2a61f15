"""The chapter notebooks (code/build/notebooks.py): what the generator writes, and that a
generated notebook runs top to bottom in a fresh kernel from a folder outside the repository.
"""

from __future__ import annotations

import base64
import sys
import time
from pathlib import Path

import nbformat
import pytest
import yaml
from nbclient import NotebookClient

from bookfiles import book_files, read_chapter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "code" / "build"))
import notebooks  # noqa: E402 - the build's own generator

CHAPTERS = [p for p in book_files() if p.parent.name == "book"]

#: A chapter with every construct the generator handles.
SAMPLE = """\
---
code-links:
  - text: Jupyter notebook
    href: ../notebooks/sample.ipynb
---

# A sample chapter {#sec-sample}

The loss is `{python} loss_s`, and the width `{python} widths[
0]` spans two lines.

```{python}
#| echo: false
loss_s = "0.5"
widths = [3]
```

$$
y = x
$$ {#eq-sample}

![A diagram.](pic.svg){#fig-pic fig-alt="A box."}

The sample's loss fell. []{#claim-sample-fell} <!-- exempt: a sample -->

```{python}
#| eval: false
train_for_a_week()
```

```bash
echo `{python} not_a_value` {#not-an-attribute}
```

::: {.callout-note}
Inside a callout.
:::

::: {.callout-tip collapse="true"}
## Answers

Forty-two.
:::

```{ojs}
//| output: false
hidden_helpers = 1
```

::: {.dlbook-panel}
**Try it.**

```{ojs}
viewof k = Inputs.range([0, 1])
```

```{ojs}
plot(k)
```
:::

The end.
"""


@pytest.fixture
def sample(tmp_path):
    (tmp_path / "pic.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    path = tmp_path / "sample.qmd"
    path.write_text(SAMPLE, encoding="utf-8")
    return notebooks.chapter_notebook(path)


def _markdown(nb) -> str:
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_the_notebook_opens_with_what_it_is_and_what_it_needs(sample):
    first, check = sample.cells[0], sample.cells[1]
    assert first.cell_type == "markdown" and "A sample chapter" in first.source
    assert "pip install -e ." in first.source and "DLBOOK_DATA" in first.source
    assert check.cell_type == "code" and "data_dir()" in check.source
    assert sample.metadata.kernelspec["name"] == "python3"


def test_python_cells_become_code_cells_with_their_options_and_no_outputs(sample):
    code = [c for c in sample.cells if c.cell_type == "code"][1:]  # after the check cell
    assert [c.source for c in code] == ['#| echo: false\nloss_s = "0.5"\nwidths = [3]']
    assert all(c.outputs == [] and c.execution_count is None for c in sample.cells
               if c.cell_type == "code")


def test_a_cell_quarto_does_not_run_is_shown_not_run(sample):
    assert "```python\ntrain_for_a_week()\n```" in _markdown(sample)


def test_inline_values_are_shown_as_code_and_quarto_syntax_goes(sample):
    text = _markdown(sample)
    assert "The loss is `loss_s`, and the width `widths[ 0]` spans" in text
    assert "{python}" not in text.replace("echo `{python} not_a_value`", "")
    assert "{#sec-sample}" not in text and "{#eq-sample}" not in text
    assert "{#fig-pic" not in text and ":::" not in text and "code-links" not in text
    assert "The sample's loss fell." in text and "[]" not in text and "claim-" not in text
    assert "# A sample chapter\n" in text


def test_code_blocks_in_the_prose_are_left_as_written(sample):
    assert "echo `{python} not_a_value` {#not-an-attribute}" in _markdown(sample)


def test_callouts_become_block_quotes_of_their_own(sample):
    quotes = [c.source for c in sample.cells if c.source.startswith(">")]
    assert "> **Note.**\n>\n> Inside a callout." in quotes
    assert "> ## Answers\n>\n> Forty-two." in quotes


def test_ojs_panels_become_one_note_and_hidden_ojs_cells_go(sample):
    text = _markdown(sample)
    assert "{ojs}" not in text and "hidden_helpers" not in text and "Inputs.range" not in text
    notes = [c for c in sample.cells if "**Interactive panel.**" in c.source]
    assert len(notes) == 1 and "sample.html" in notes[0].source
    after = sample.cells[sample.cells.index(notes[0]) + 1]
    assert after.source == "The end."


def test_local_images_travel_as_attachments(sample):
    cell = next(c for c in sample.cells if "attachment:pic.svg" in c.source)
    assert cell.attachments["pic.svg"]["image/svg+xml"].startswith("<svg")


def test_the_same_source_writes_the_same_notebook(tmp_path):
    first = notebooks.write_notebooks(tmp_path / "a")
    second = notebooks.write_notebooks(tmp_path / "b")
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


@pytest.mark.parametrize("path", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_every_chapter_has_a_valid_notebook_with_all_its_cells(path):
    nb = notebooks.chapter_notebook(path)
    nbformat.validate(nb)
    ran = [c for c in read_chapter(path).python_cells
           if c.options.get("eval", True) is not False]
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == 1 + len(ran)  # the setup check, then every cell Quarto runs
    text = _markdown(nb)
    for leftover in ("```{python}", "```{ojs}", "`{python}", "\n:::"):
        assert leftover not in text, f"{path.name}: {leftover!r} left in the notebook's prose"
    has_panels = any(c.engine == "ojs" for c in read_chapter(path).cells)
    assert ("**Interactive panel.**" in text) == has_panels


@pytest.mark.parametrize("path", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_every_chapter_page_links_its_notebook(path):
    front = yaml.safe_load(path.read_text(encoding="utf-8").split("---\n")[1])
    hrefs = [link["href"] for link in front.get("code-links", [])]
    assert hrefs == [f"../notebooks/{notebooks.notebook_name(path)}"]


def test_quarto_writes_the_notebooks_after_every_render():
    config = yaml.safe_load((ROOT / "_quarto.yml").read_text(encoding="utf-8"))
    assert config["project"].get("post-render") == "code/build/notebooks.py"


#: Chapters fast enough to execute as a test (seconds each on a quiet machine). Appendix C
#: reads result records: it checks that a notebook finds the data from any folder.
FAST = ["01-sequences", "appendix-c-experiments"]


# Marked slow but not execution, so that `make test` runs it: the render executes the
# chapters, but nothing else runs a notebook the way a reader does.
@pytest.mark.slow
@pytest.mark.parametrize("stem", FAST)
def test_a_downloaded_notebook_runs_in_a_fresh_kernel_from_any_folder(stem, tmp_path):
    """Write the notebook as the site does, then run it as a reader would: a fresh kernel
    whose working directory is an empty folder outside the repository."""
    written = notebooks.write_notebooks(tmp_path / "site" / "notebooks")
    path = next(p for p in written if p.stem == stem)
    nb = nbformat.read(path, as_version=4)
    folder = tmp_path / "reader"
    folder.mkdir()
    client = NotebookClient(nb, timeout=900, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}})
    began = time.perf_counter()
    client.execute()  # raises CellExecutionError naming the cell that failed
    print(f"{stem}.ipynb ran in {time.perf_counter() - began:.0f} s")
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert not errors
    figures = [c for c in nb.cells if c.cell_type == "code" and "#| label: fig-" in c.source]
    assert figures, "the chapter has no figure cells to check"
    for cell in figures:
        images = [o for o in cell.outputs if "image/png" in o.get("data", {})]
        assert len(images) == 1, f"{cell.source.splitlines()[0]}: no figure drawn"
        assert base64.b64decode(images[0].data["image/png"])[:4] == b"\x89PNG"
