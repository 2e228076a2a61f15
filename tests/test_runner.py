"""The experiment runner: parallel workers give bit-identical results to one process."""

import pytest
import torch

from dlbook.recall import run_memory_test
from dlbook.studies.runner import default_workers, run_experiments

TINY = dict(epochs=2, n_train=64, n_test=32, length=8, hidden=8, batch=32)


def _equal(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a if k != "seconds")
    if isinstance(a, torch.Tensor):
        return torch.equal(a, b)
    if isinstance(a, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    return a == b


@pytest.mark.slow
def test_workers_give_bit_identical_results_in_job_order():
    jobs = [dict(contender=c, seed=s, **TINY)
            for c, s in (("LSTM", 0), ("GRU (update bias +1)", 1), ("vanilla RNN", 6050))]
    serial = run_experiments(run_memory_test, jobs, workers=1)
    parallel = run_experiments(run_memory_test, jobs, workers=2)
    assert [r["contender"] for r in parallel] == ["LSTM", "GRU (update bias +1)", "vanilla RNN"]
    for a, b in zip(serial, parallel, strict=True):
        assert _equal(a, b)
    # and the runs really differ from one another, so the comparison can fail
    assert not _equal(serial[0]["losses"], serial[1]["losses"])


def test_non_importable_fn_is_refused_with_workers():
    def local(x):
        return x

    with pytest.raises(ValueError, match="cannot import"):
        run_experiments(local, [{"x": 1}, {"x": 2}], workers=2)
    with pytest.raises(ValueError, match="cannot import"):
        run_experiments(lambda x: x, [{"x": 1}, {"x": 2}], workers=2)
    # in one process it is fine
    assert run_experiments(local, [{"x": 1}, {"x": 2}], workers=1) == [1, 2]


def test_workers_argument_and_environment(monkeypatch):
    with pytest.raises(ValueError, match="workers"):
        run_experiments(run_memory_test, [], workers=0)
    monkeypatch.setenv("DLBOOK_WORKERS", "3")
    assert default_workers() == 3
    monkeypatch.setenv("DLBOOK_WORKERS", "many")
    with pytest.raises(ValueError, match="DLBOOK_WORKERS"):
        default_workers()
