"""WikiText-2 loading, batching, truncated BPTT, the tied LSTM and its training protocol.

WikiText-2 cannot be downloaded here, so every test writes a small corpus in the same file
format (a leading space, `` = Heading = `` lines, blank lines, ``<unk>``) into a temp dir.
"""

from __future__ import annotations

import hashlib
import math
import zipfile

import pytest
import torch

from dlbook import wikitext

SUBJECTS, VERBS, OBJECTS = ["the cat", "a dog", "the <unk>"], ["sees", "eats"], ["fish", "grass"]


def synthetic_lines(n: int, seed: int) -> list[str]:
    """Heading, blank and sentence lines in WikiText's layout, drawn from a fixed grammar."""
    g = torch.Generator().manual_seed(seed)
    lines = [" = Synthetic = ", ""]
    for _ in range(n):
        s, v, o = (int(torch.randint(0, len(p), (1,), generator=g)) for p in
                   (SUBJECTS, VERBS, OBJECTS))
        lines.append(f" {SUBJECTS[s]} {VERBS[v]} {OBJECTS[o]} . ")
    return lines


def write_corpus(directory, sizes=(400, 60, 70)):
    for name, n, seed in zip(wikitext.SPLITS.values(), sizes, (0, 1, 2), strict=True):
        (directory / name).write_text("\n".join(synthetic_lines(n, seed)) + "\n")
    return directory


def test_every_line_ends_with_eos_and_the_vocabulary_comes_from_train(tmp_path):
    (tmp_path / "f.tokens").write_text(" = A = \n\n the cat sees fish . \n")
    assert wikitext.read_words(tmp_path / "f.tokens") == [
        "=", "A", "=", "<eos>", "<eos>", "the", "cat", "sees", "fish", ".", "<eos>"]
    data = wikitext.load_wikitext(write_corpus(tmp_path))
    train_words = wikitext.read_words(tmp_path / "wiki.train.tokens")
    assert data.vocab.words == list(dict.fromkeys(train_words))
    assert len(data.train) == len(train_words)
    assert data.vocab.words[int(data.valid[-1])] == "<eos>"
    assert data.sha256["test"] == hashlib.sha256(
        (tmp_path / "wiki.test.tokens").read_bytes()).hexdigest()


def test_loader_refuses_missing_files_and_words_unknown_to_train(tmp_path):
    with pytest.raises(FileNotFoundError, match="download_wikitext2"):
        wikitext.load_wikitext(tmp_path)
    write_corpus(tmp_path)
    (tmp_path / "wiki.valid.tokens").write_text(" the zebra sees fish . \n")
    with pytest.raises(ValueError, match=r"valid split .*'zebra'"):
        wikitext.load_wikitext(tmp_path)


def _zip_of_corpus(tmp_path):
    (tmp_path / "src").mkdir()
    source = write_corpus(tmp_path / "src")
    archive = tmp_path / "wikitext-2-v1.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for name in wikitext.SPLITS.values():
            zipped.write(source / name, f"wikitext-2/{name}")
    return source, archive


def test_download_verifies_the_checksum_before_extracting(tmp_path):
    source, archive = _zip_of_corpus(tmp_path)
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    with pytest.raises(OSError, match="SHA-256"):
        wikitext.download_wikitext2(tmp_path / "bad", urls=[archive.as_uri()], sha256="0" * 64)
    assert not list((tmp_path / "bad").glob("*.tokens"))
    target = wikitext.download_wikitext2(tmp_path / "good", urls=["file:///no/such/mirror.zip",
                                                                  archive.as_uri()], sha256=digest)
    for name in wikitext.SPLITS.values():
        assert (target / name).read_bytes() == (source / name).read_bytes()
    assert len(wikitext.WIKITEXT2_SHA256) == 64


def test_batchify_makes_contiguous_rows_and_drops_the_remainder():
    stream = torch.arange(23)
    batched = wikitext.batchify(stream, batch=4)
    assert batched.shape == (4, 5)
    assert torch.equal(batched[1], torch.arange(5, 10))  # each row reads on in the text
    with pytest.raises(ValueError, match="lower batch"):
        wikitext.batchify(torch.arange(5), batch=4)


def test_targets_are_the_inputs_shifted_by_one_across_every_chunk():
    batched = wikitext.batchify(torch.arange(100), batch=4)  # rows of 25
    chunks = list(wikitext.bptt_chunks(batched, length=7))
    assert [x.shape[1] for x, _ in chunks] == [7, 7, 7, 3]  # 24 predictions per row
    inputs = torch.cat([x for x, _ in chunks], dim=1)
    targets = torch.cat([y for _, y in chunks], dim=1)
    assert torch.equal(inputs, batched[:, :-1]) and torch.equal(targets, batched[:, 1:])
    assert torch.equal(targets[:, :-1], inputs[:, 1:])


class Spy(torch.nn.Module):
    """Wraps a model and notes, at each call, whether the incoming state still has a graph."""

    def __init__(self, model):
        super().__init__()
        self.model, self.incoming = model, []

    def forward(self, x, state=None):
        self.incoming.append(None if state is None else
                             [(s.requires_grad, s.grad_fn is None) for s in state])
        return self.model(x, state)


def test_carried_state_is_detached_at_every_chunk_boundary():
    torch.manual_seed(0)
    spy = Spy(wikitext.TiedLSTM(10, dim=6, layers=2, dropout=0.0))
    batched = wikitext.batchify(torch.randint(0, 10, (200,)), batch=5)  # 40 columns
    optimizer = torch.optim.SGD(spy.parameters(), lr=0.1)
    wikitext.train_epoch(spy, batched, bptt=8, optimizer=optimizer, clip=1.0)
    assert len(spy.incoming) == 5 and spy.incoming[0] is None
    assert all(entry == [(False, True), (False, True)] for entry in spy.incoming[1:])
    state = (torch.ones(2, requires_grad=True) * 2, torch.ones(2, requires_grad=True) * 3)
    detached = wikitext.detach_state(state)
    assert all(s.grad_fn is None and not s.requires_grad for s in detached)
    assert torch.equal(detached[0], state[0])


def test_evaluation_carries_state_across_chunks_so_chunk_length_does_not_matter():
    torch.manual_seed(0)
    model = wikitext.TiedLSTM(10, dim=6, layers=1, dropout=0.5)
    batched = wikitext.batchify(torch.randint(0, 10, (120,)), batch=3)
    a = wikitext.evaluate_stream(model, batched, bptt=5)
    b = wikitext.evaluate_stream(model, batched, bptt=39)  # dropout is off in evaluation
    assert a == pytest.approx(b, rel=1e-5)


@pytest.mark.parametrize("size", sorted(wikitext.SIZES))
def test_parameter_counts_of_the_three_sizes(size):
    vocab, spec = 33_278, wikitext.SIZES[size]
    d, layers = spec["dim"], spec["layers"]
    # shared embedding/decoder matrix, per layer 4 gates x (input + recurrent) weights and
    # PyTorch's two bias vectors, and the decoder's bias
    expected = vocab * d + layers * (4 * d * (d + d) + 2 * 4 * d) + vocab
    model = wikitext.TiedLSTM.of_size(vocab, size)
    assert wikitext.count_parameters(model) == expected
    assert model.decoder.weight is model.embed.weight
    assert model.lstm.dropout == spec["dropout"]


def test_model_shapes_and_argument_errors():
    model = wikitext.TiedLSTM(12, dim=4, layers=2, dropout=0.1)
    logits, (h, c) = model(torch.zeros(3, 5, dtype=torch.long))
    assert logits.shape == (3, 5, 12) and h.shape == (2, 3, 4) and c.shape == (2, 3, 4)
    with pytest.raises(ValueError, match="size must be one of"):
        wikitext.TiedLSTM.of_size(12, "huge")
    with pytest.raises(ValueError, match="dropout"):
        wikitext.TiedLSTM(12, dim=4, layers=1, dropout=1.0)


@pytest.mark.slow
def test_training_learns_selects_on_validation_and_opens_test_once(tmp_path, monkeypatch):
    data = wikitext.load_wikitext(write_corpus(tmp_path, sizes=(200, 40, 50)))
    test_shape = wikitext.batchify(data.test, batch=4).shape
    calls = []
    real = wikitext.evaluate_stream

    def spying(model, batched, *, bptt):
        calls.append("test" if batched.shape == test_shape else "valid")
        return real(model, batched, bptt=bptt)

    monkeypatch.setattr(wikitext, "evaluate_stream", spying)
    torch.manual_seed(0)
    model = wikitext.TiedLSTM(data.vocab.size, dim=16, layers=1, dropout=0.0)
    result = wikitext.train_wikitext(model, data, batch=8, eval_batch=4, bptt=10, epochs=4,
                                     lr=2.0, lr_decay=4.0, clip=0.5)
    assert calls == ["valid"] * 4 + ["test"]
    valid = result["curves"]["valid_loss"]
    selected = result["selected"]
    assert valid["at"] == list(range(1, 5))
    assert selected["valid_loss"] == min(valid["value"])
    assert selected["at"] == valid["at"][valid["value"].index(selected["valid_loss"])]
    assert selected["test_ppl"] == pytest.approx(math.exp(selected["test_loss"]))
    # uniform guessing costs log(vocab); the grammar is learnable, so the model does far better
    assert selected["valid_loss"] < 0.6 * math.log(data.vocab.size)
    assert selected["test_loss"] < 0.6 * math.log(data.vocab.size)
