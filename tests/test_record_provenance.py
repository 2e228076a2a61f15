"""Provenance is enforced when records are loaded (issue 13, items 3, 7 and 8; issue 14.20).

The committed width-sweep records are the reference: they load as they are, and each test
corrupts a copy of them (in a temporary folder) in one way the loader must refuse.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dlbook.studies import cli, experiments, provenance, records
from recordkit import (
    FIRST_COMMIT,
    ROOT,
    RUNS,
    committed_copy,
    fake_record,
    rewrite,
    write_tiny_grid,
)


def width_copy(tmp_path: Path) -> tuple[Path, list[Path]]:
    folder = tmp_path / "charlm-width"
    return folder, committed_copy(folder)


def refused(folder: Path, match: str, *, study: str | None = None, **kwargs) -> None:
    """The loader refuses the folder; with ``study``, so does the check against what that
    study declares (:func:`experiments.study_files`), which also runs the loader."""
    with pytest.raises(records.RecordError, match=match):
        if study is None:
            records.load_records(folder, **kwargs)
        else:
            experiments.study_files(study, folder, **kwargs)


def test_the_committed_records_pass_every_check_as_they_are():
    assert provenance.history() == "full", "these tests need a clone with its history"
    found = records.load_records(RUNS / "charlm-width", experiment="charlm-width")
    records.check_grid(found, experiments.get_study("charlm-width").grid())
    assert {r["git"]["dirty"] for r in found} == {False}


def test_a_commit_that_does_not_exist_is_refused(tmp_path):
    folder, paths = width_copy(tmp_path)
    for path in paths:
        rewrite(path, lambda r: r["git"].update(commit="0123456789" * 4))
    refused(folder, f"{paths[0].name}: field 'git.commit' 0123456789.* is not a commit")


def test_mixed_commits_in_one_folder_are_refused(tmp_path):
    folder, paths = width_copy(tmp_path)
    rewrite(paths[3], lambda r: r["git"].update(commit=FIRST_COMMIT))
    refused(folder, "field 'git.commit' .* one code version")


def test_a_dirty_tree_is_refused_unless_explicitly_allowed(tmp_path):
    folder, paths = width_copy(tmp_path)
    rewrite(paths[0], lambda r: r["git"].update(dirty=True))
    refused(folder, f"{paths[0].name}: field 'git.dirty' is true")
    assert len(records.load_records(folder, allow_dirty=True)) == 9


def test_data_from_another_corpus_is_refused(tmp_path):
    folder, paths = width_copy(tmp_path)
    for path in paths:  # all nine agree with each other, but not with the pinned snapshot
        rewrite(path, lambda r: r["data"].update(sha256="ab" * 32))
    assert len(records.load_records(folder)) == 9  # the loader alone knows no study
    refused(folder, "field 'data.sha256' .* study 'charlm-width' trains on 'e438b969",
            study="charlm-width")
    rewrite(paths[0], lambda r: r["data"].update(sha256="cd" * 32))
    refused(folder, "field 'data' .* one data set")


def test_swapped_configuration_labels_are_refused(tmp_path):
    folder, paths = width_copy(tmp_path)
    by_name = {json.loads(p.read_text())["config_name"]: p for p in paths}
    rewrite(by_name["hidden=64"], lambda r: r.update(config_name="hidden=128"))
    refused(folder, "field 'config_name' says hidden=128 but config has hidden=64",
            study="charlm-width")


def test_a_label_without_its_value_is_checked_against_the_study(tmp_path):
    configs = dict(experiments.get_study("wikitext2-lstm").configs)
    data = {"name": "wikitext-2-v1", "sha256": {"train": "ab" * 32}}

    def write(folder, name, config, seed):
        records.write_record(fake_record(name, config, seed, experiment="wikitext2-lstm",
                                         data=data), folder)

    write(tmp_path / "a", "small", configs["small"], 0)
    assert len(records.load_records(tmp_path / "a")) == 1
    write(tmp_path / "a", "small", configs["medium"], 1)
    refused(tmp_path / "a", "field 'config_name' is 'small' but config has dim=650",
            study="wikitext2-lstm")
    write(tmp_path / "b", "huge", configs["small"], 0)
    refused(tmp_path / "b", "field 'config_name' 'huge' is not a configuration",
            study="wikitext2-lstm")


def test_a_selected_loss_that_disagrees_with_its_curve_is_refused(tmp_path):
    folder, paths = width_copy(tmp_path)
    rewrite(paths[0], lambda r: r["selected"].update(valid_loss=r["selected"]["valid_loss"]
                                                     + 0.1, valid_ppl=2.0))
    refused(folder, "field 'selected.valid_loss' .* the two disagree")


def test_a_selection_that_is_not_the_best_point_is_refused(tmp_path):
    record = fake_record()
    record["curves"]["valid_loss"] = {"at": [0, 10], "value": [1.5, 1.6]}
    with pytest.raises(records.RecordError, match="must be the best on validation"):
        records.validate_record(record)


def test_a_non_utf8_byte_names_the_file_and_how_to_restore_it(tmp_path):
    folder, paths = width_copy(tmp_path)
    data = bytearray(paths[2].read_bytes())
    data[10] = 0xFF
    paths[2].write_bytes(bytes(data))
    refused(folder, f"{paths[2]}: byte 10 is not UTF-8.*git checkout -- ")


@pytest.mark.parametrize("name", ["b c", "b/c", "b__c", "_b", "b_", ""])
def test_names_that_could_share_a_file_are_refused(name):
    with pytest.raises(records.RecordError, match="config_name"):
        records.validate_record(fake_record(config_name=name))


def test_distinct_records_get_distinct_file_names():
    names = ["b-c", "b_c", "b.c", "b=c", "bc"]
    files = {records.record_filename(fake_record(config_name=n)) for n in names}
    assert len(files) == len(names)


def test_a_record_from_other_overrides_is_not_overwritten_without_force(tmp_path):
    name, config, seed = experiments.get_study("tiny").tasks()[0]
    path = records.write_record(fake_record(name, config, seed), tmp_path)
    other = fake_record(name, {**config, "steps": 5}, seed)
    with pytest.raises(records.RecordError, match=r"steps: 30 -> 5.*--force"):
        records.write_record(other, tmp_path)
    # refused before any training: run_task checks first (this would otherwise take seconds)
    with pytest.raises(records.RecordError, match=r"steps: 30 -> 5"):
        experiments.run_task("tiny", 0, tmp_path, overrides={"steps": 5})
    assert records.write_record(other, tmp_path, force=True) == path
    assert records.load_records(tmp_path)[0]["config"]["steps"] == 5


def test_overrides_may_not_change_what_a_configuration_is_named_after(tmp_path):
    with pytest.raises(ValueError, match=r"may not change \['hidden'\]"):
        experiments.run_task("tiny", 0, tmp_path, overrides={"hidden": 64})
    with pytest.raises(ValueError, match=r"\['stepz'\] are not configuration keys"):
        experiments.run_task("tiny", 0, tmp_path, overrides={"stepz": 5})


def test_source_files_count_modules_run_under_any_name(monkeypatch):
    import types

    main = types.ModuleType("__main__")
    main.__file__ = str(ROOT / "code" / "dlbook" / "studies" / "__main__.py")
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.delitem(sys.modules, "dlbook.studies.__main__", raising=False)
    assert "studies/__main__.py" in provenance.source_files()


@pytest.mark.slow  # a real `python -m dlbook.studies run` of one tiny task
def test_a_record_made_with_python_m_lists_the_protocol_module(tmp_path):
    env = {**os.environ, "DLBOOK_DEVICE": "cpu", "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-m", "dlbook.studies", "run", "--study", "tiny",
                           "--task-id", "0", "--out", str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (record,) = records.load_records(tmp_path, allow_dirty=True)
    files = record["git"]["source_files"]
    package = ROOT / "code" / "dlbook"
    for module in ("studies/__main__.py", "studies/cli.py", "studies/experiments.py"):
        assert files[module] == hashlib.sha256((package / module).read_bytes()).hexdigest()
    assert {"studies/selection.py", "training.py", "studies/records.py"} <= set(files)


def test_a_study_folder_checked_from_the_command_line_reports_without_a_traceback(
        tmp_path, capsys):
    write_tiny_grid(tmp_path, dirty=True)
    assert cli.main(["check", "--study", "tiny", str(tmp_path)]) == 1
    assert "field 'git.dirty' is true" in capsys.readouterr().err


# --- source files, checked in git's history (issue 21) --------------------------------------
COMMITTED = sorted({p.parent for p in RUNS.rglob("*.json")})


@pytest.mark.parametrize("folder", COMMITTED, ids=lambda p: str(p.relative_to(RUNS)))
def test_every_committed_record_names_the_source_of_its_commit(folder):
    assert provenance.history() == "full", "these tests need a clone with its history"
    study = folder.relative_to(RUNS).parts[0]
    found = experiments.study_files(study, folder)  # the loader checks the history itself
    git = found[0][1]["git"]
    at_commit = provenance.source_at_commit(git["commit"])
    assert at_commit is not None and git["source_files"].items() <= at_commit.items()


def test_records_written_before_the_move_are_checked_against_their_old_paths():
    (record, *_) = records.load_records(RUNS / "shakespeare-budget")
    named = set(record["git"]["source_files"])
    package = ROOT / "code" / "dlbook"
    gone = {name for name in named if not (package / name).exists()}
    assert {"experiments.py", "records.py", "budget_study.py"} <= gone  # now in studies/
    assert named <= set(provenance.source_at_commit(record["git"]["commit"]))


def test_a_source_digest_its_commit_does_not_have_is_refused(tmp_path):
    folder, paths = width_copy(tmp_path)

    def tamper(record):
        record["git"]["source_files"]["training.py"] = "0" * 64
        record["git"]["source_sha256"] = records.source_fingerprint(
            record["git"]["source_files"])

    for path in paths:  # all nine agree with each other, not with their commit
        rewrite(path, tamper)
    refused(folder, "field 'git.source_files' gives training.py digests that commit "
                    "f9820570170a does not have")


def test_a_source_path_its_commit_does_not_have_is_refused(tmp_path):
    folder, paths = width_copy(tmp_path)

    def moved(record):  # the path of today's layout, which did not exist at that commit
        files = record["git"]["source_files"]
        files["studies/records.py"] = files.pop("records.py")
        record["git"]["source_sha256"] = records.source_fingerprint(files)

    for path in paths:
        rewrite(path, moved)
    refused(folder, "field 'git.source_files' gives studies/records.py digests")


def test_a_cpu_record_names_the_instruction_set_its_kernels_used():
    import torch

    from dlbook.studies.provenance import device_provenance
    from dlbook.studies.record_schema import Device

    found = device_provenance(torch.device("cpu"))
    assert found["cpu_capability"] == torch.backends.cpu.get_cpu_capability()
    assert found["threads"] == torch.get_num_threads()
    Device.model_validate(found)  # and the schema takes it, as it takes older records without
    Device.model_validate({k: v for k, v in found.items() if k != "cpu_capability"})
