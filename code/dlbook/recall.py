"""The memory test: read 80 random tokens, then name the first one.

Protocol (Chapter 3). Sequences of ``length = 80`` tokens drawn uniformly from a vocabulary
of 4 (chance is 25%); the label is the FIRST token. A recurrent layer (vanilla RNN, LSTM or
GRU, hidden 32) reads one-hot tokens and a linear head classifies its last output. Training:
2,000 sequences, 500 held-out test sequences, Adam with learning rate 3e-3, batch 128,
80 epochs, global gradient norm clipped to 1.0. The "signal at birth" is the mean norm of
the gradient that reaches the first input from the last output, at initialisation.

The keep-gate bias. PyTorch keeps two bias vectors per layer, ``bias_ih`` and ``bias_hh``,
and only their SUM enters a gate. ``keep_bias=b`` sets that sum to exactly ``b`` for the
LSTM forget gate (slice ``[H:2H]`` of order i, f, g, o) or for the GRU gate ``z`` (slice
``[H:2H]`` of order r, z, n). In PyTorch's GRU ``h' = (1 - z) * n + z * h``: ``z`` KEEPS the
old state, so ``b > 0`` favours remembering, exactly as a positive LSTM forget bias does.
``keep_bias="chrono"`` draws each LSTM unit's forget bias instead (:func:`set_chrono_bias`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import torch
from torch import nn
from torch.nn import functional as F

from dlbook._checks import int_at_least, positive_int, positive_number, token_ids
from dlbook.device import make_generator
from dlbook.probes import first_input_gradient, first_step_share

#: The six contenders of the memory test: name -> (kind, keep_bias).
CONTENDERS: dict[str, tuple[str, float | None]] = {
    "vanilla RNN": ("rnn", None),
    "LSTM": ("lstm", None),
    "LSTM (forget bias +1)": ("lstm", 1.0),
    "GRU": ("gru", None),
    "GRU (update bias +1)": ("gru", 1.0),
    "GRU (update bias +2)": ("gru", 2.0),
}

#: The seventh, run in a study of its own (``memory-test-chrono``): chrono initialisation.
CHRONO = "LSTM (chrono init)"
ALL_CONTENDERS: dict[str, tuple[str, float | str | None]] = {**CONTENDERS,
                                                            CHRONO: ("lstm", "chrono")}

_LAYERS = {"rnn": nn.RNN, "lstm": nn.LSTM, "gru": nn.GRU}


def make_recall_data(
    n: int, *, length: int = 80, vocab: int = 4, seed: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """``n`` sequences of ``length`` uniform tokens ``(n, length)`` and their labels ``(n,)``.

    The label of a sequence is its first token; every later token is a distractor.
    """
    n, length = positive_int("n", n), positive_int("length", length)
    int_at_least("vocab", vocab, 2, why=" (with one token there is nothing to recall)")
    tokens = torch.randint(0, vocab, (n, length), generator=make_generator(seed))
    return tokens, tokens[:, 0].clone()


def set_keep_bias(layer: nn.LSTM | nn.GRU, value: float) -> None:
    """Make ``bias_ih + bias_hh`` equal ``value`` on the keep gate of every unit.

    The keep gate is the LSTM forget gate or the GRU gate ``z``; both sit in the second
    slice ``[H:2H]``. The whole value goes into ``bias_ih`` and ``bias_hh`` is zeroed there:
    both vectors receive the same gradient, so how the sum is split never matters, but
    setting one and leaving the other at its random initialisation would not give ``value``.
    """
    if not isinstance(layer, nn.LSTM | nn.GRU):
        raise TypeError(f"layer must be an nn.LSTM or nn.GRU for a keep-gate bias, got "
                        f"{type(layer).__name__}; a vanilla RNN has no gate, so pass "
                        f"keep_bias=None")
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"value must be a finite number (the summed bias), got {value!r}")
    hidden = layer.hidden_size
    with torch.no_grad():
        for k in range(layer.num_layers):
            getattr(layer, f"bias_ih_l{k}")[hidden:2 * hidden] = value
            getattr(layer, f"bias_hh_l{k}")[hidden:2 * hidden] = 0.0


def set_chrono_bias(layer: nn.LSTM, horizon: int) -> None:
    """Chrono initialisation [Tallec & Ollivier 2018] of an LSTM for lags up to ``horizon``.

    Each unit's forget bias is ``log(u)`` with ``u ~ U(1, horizon - 1)`` and its input bias
    the opposite: a unit whose forget gate sits at ``sigmoid(log u) = u / (1 + u)`` keeps
    its cell for about ``u`` steps, so the units' memories spread over every time scale up
    to the horizon instead of all forgetting half their cell each step. The draws come from
    PyTorch's global generator (the caller seeds it); sums are set as in
    :func:`set_keep_bias`.
    """
    if not isinstance(layer, nn.LSTM):
        raise TypeError(f"layer must be an nn.LSTM for chrono initialisation, got "
                        f"{type(layer).__name__}")
    positive_int("horizon", horizon)
    if horizon < 3:
        raise ValueError(f"horizon must be at least 3 (u is drawn from U(1, horizon - 1)), got "
                         f"{horizon}")
    hidden = layer.hidden_size
    with torch.no_grad():
        for k in range(layer.num_layers):
            forget = torch.log(1 + (horizon - 2) * torch.rand(hidden))
            ih, hh = getattr(layer, f"bias_ih_l{k}"), getattr(layer, f"bias_hh_l{k}")
            ih[hidden:2 * hidden], ih[:hidden] = forget, -forget
            hh[:2 * hidden] = 0.0


class RecallClassifier(nn.Module):
    """A recurrent layer reading one-hot tokens, and a linear head on its last output.

    ``kind`` is ``"rnn"`` (tanh), ``"lstm"`` or ``"gru"``; ``keep_bias`` (gated kinds only)
    sets the summed bias of the keep gate (see :func:`set_keep_bias`), or is ``"chrono"``
    for an LSTM's chrono initialisation up to the lag ``horizon`` (:func:`set_chrono_bias`).
    The weights are drawn from ``seed`` without touching PyTorch's global generator.
    """

    def __init__(self, kind: str, *, vocab: int = 4, hidden: int = 32,
                 keep_bias: float | str | None = None, horizon: int = 80,
                 seed: int = 0) -> None:
        super().__init__()
        if kind not in _LAYERS:
            raise ValueError(f"kind must be one of {sorted(_LAYERS)}, got {kind!r}")
        positive_int("vocab", vocab)
        positive_int("hidden", hidden)
        self.vocab = vocab
        # fork_rng: PyTorch's initialisers draw from the global generator; seeding it inside
        # a fork gives every contender reproducible weights and leaves the caller's state alone.
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(seed)
            self.rnn = _LAYERS[kind](vocab, hidden, batch_first=True)
            self.head = nn.Linear(hidden, vocab)
            if keep_bias == "chrono":  # drawn after the weights: theirs stay as without it
                set_chrono_bias(self.rnn, horizon)
        if keep_bias is not None and keep_bias != "chrono":
            set_keep_bias(self.rnn, float(keep_bias))

    def encode(self, tokens: torch.Tensor) -> torch.Tensor:
        """One-hot inputs ``(B, T, vocab)`` for token ids ``(B, T)``."""
        return F.one_hot(token_ids("tokens", tokens, vocab=self.vocab, dim=2), self.vocab).float()

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        outputs, _ = self.rnn(self.encode(tokens))
        return self.head(outputs[:, -1])


def accuracy(model: nn.Module, tokens: torch.Tensor, labels: torch.Tensor) -> float:
    """Fraction of sequences whose first token the model names correctly."""
    if len(tokens) == 0 or len(tokens) != len(labels):
        raise ValueError(f"tokens and labels must hold the same, non-zero number of sequences, "
                         f"got {len(tokens)} and {len(labels)}")
    with torch.no_grad():
        return (model(tokens).argmax(-1) == labels).float().mean().item()


def train_recall(
    model: nn.Module,
    tokens: torch.Tensor,
    labels: torch.Tensor,
    *,
    epochs: int = 80,
    batch: int = 128,
    lr: float = 3e-3,
    clip: float = 1.0,
    seed: int = 0,
    on_epoch: Callable[[int, nn.Module], None] | None = None,
) -> list[float]:
    """Train ``model`` on the memory test; return the mean training loss of every epoch.

    Protocol: each epoch visits the sequences in a fresh order drawn from ``seed`` in
    minibatches of ``batch`` (the last one may be smaller); cross-entropy on the final
    output, global gradient norm clipped to ``clip``, one Adam step per minibatch. Plain
    tensor indexing, no DataLoader: at this size the loader's overhead would dominate.
    ``on_epoch(epoch, model)``, when given, is called after each epoch (1, 2, ...) to
    measure the model; it must leave the model and the random state as it found them.
    """
    for name, value in (("epochs", epochs), ("batch", batch)):
        positive_int(name, value)
    lr, clip = positive_number("lr", lr), positive_number("clip", clip)
    if tokens.dim() != 2 or 0 in tokens.shape:
        raise ValueError(f"tokens must be a non-empty (N, T) batch of sequences, got shape "
                         f"{tuple(tokens.shape)}")
    if isinstance(getattr(model, "vocab", None), int):
        token_ids("labels", labels, vocab=model.vocab, dim=1)
    if tokens.shape[0] != labels.shape[0]:
        raise ValueError(
            f"tokens hold {tokens.shape[0]} sequences but labels {labels.shape[0]}; pass one "
            f"label per sequence"
        )
    generator = make_generator(seed)
    optimiser = torch.optim.Adam(model.parameters(), lr=lr)
    losses = []
    model.train()
    for _ in range(epochs):
        order = torch.randperm(len(tokens), generator=generator)
        total = 0.0
        for start in range(0, len(tokens), batch):
            index = order[start:start + batch]
            loss = F.cross_entropy(model(tokens[index]), labels[index])
            if not math.isfinite(loss.item()):  # a NaN would train on silently and score 0.25
                raise ValueError(f"the training loss became {loss.item()} at epoch "
                                 f"{len(losses) + 1}; lower lr (got {lr}) or check the model")
            optimiser.zero_grad(set_to_none=True)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), clip)
            optimiser.step()
            total += loss.item() * len(index)
        losses.append(total / len(tokens))
        if on_epoch is not None:
            on_epoch(len(losses), model)
    model.eval()
    return losses


def signal_at_birth(model: RecallClassifier, tokens: torch.Tensor) -> float:
    """Mean norm of d(sum of last output)/d(first input) over ``tokens``, at this moment."""
    return first_input_gradient(model.rnn, model.encode(tokens)).mean().item()


def step_one_share_at_birth(
    contender: str,
    seed: int,
    *,
    n_train: int = 2000,
    n_test: int = 500,
    length: int = 80,
    vocab: int = 4,
    hidden: int = 32,
    batch: int = 128,
) -> dict[str, float]:
    """Per gate, the share of the training loss's gradient that step 1 contributes, at birth.

    Rebuilds the data and the initial weights of ``run_memory_test(contender, seed)`` (same
    protocol arguments) and applies :func:`dlbook.probes.first_step_share` to the first
    ``batch`` training sequences, the batch on which the run measures its signal at birth.
    """
    if contender not in ALL_CONTENDERS:
        raise ValueError(f"contender must be one of {list(ALL_CONTENDERS)}, got {contender!r}")
    kind, keep_bias = ALL_CONTENDERS[contender]
    tokens, labels = make_recall_data(n_train + n_test, length=length, vocab=vocab, seed=seed)
    model = RecallClassifier(kind, vocab=vocab, hidden=hidden, keep_bias=keep_bias,
                             horizon=length, seed=seed)
    return first_step_share(model.rnn, model.head, model.encode(tokens[:batch]), labels[:batch])


def run_memory_test(
    contender: str,
    seed: int,
    *,
    epochs: int = 80,
    n_train: int = 2000,
    n_test: int = 500,
    length: int = 80,
    vocab: int = 4,
    hidden: int = 32,
    lr: float = 3e-3,
    batch: int = 128,
    clip: float = 1.0,
    on_epoch: Callable[[int, nn.Module], None] | None = None,
) -> dict:
    """One run of the memory test: build, probe at birth, train, score on held-out data.

    ``seed`` fixes everything random: the data (train and test drawn together, so every
    contender sees the same sequences for a given seed), the initial weights and the
    minibatch order. The signal at birth is measured on the first ``batch`` training
    sequences before any step; ``on_epoch`` goes to :func:`train_recall`. Returns a
    picklable dict, so that ``dlbook.studies.runner.run_experiments`` can run the runs in
    worker processes.
    """
    if contender not in ALL_CONTENDERS:
        raise ValueError(f"contender must be one of {list(ALL_CONTENDERS)}, got {contender!r}")
    for name, value in (("n_train", n_train), ("n_test", n_test), ("batch", batch)):
        positive_int(name, value)  # an empty test set would score NaN
    began = time.perf_counter()
    kind, keep_bias = ALL_CONTENDERS[contender]
    tokens, labels = make_recall_data(n_train + n_test, length=length, vocab=vocab, seed=seed)
    model = RecallClassifier(kind, vocab=vocab, hidden=hidden, keep_bias=keep_bias,
                             horizon=length, seed=seed)
    birth = signal_at_birth(model, tokens[:batch])
    losses = train_recall(model, tokens[:n_train], labels[:n_train], epochs=epochs,
                          batch=batch, lr=lr, clip=clip, seed=seed, on_epoch=on_epoch)
    return {
        "contender": contender,
        "seed": seed,
        "signal_at_birth": birth,
        "test_accuracy": accuracy(model, tokens[n_train:], labels[n_train:]),
        "train_accuracy": accuracy(model, tokens[:n_train], labels[:n_train]),
        "losses": losses,
        "state_dict": {k: v.detach().clone() for k, v in model.state_dict().items()},
        "seconds": time.perf_counter() - began,
    }


def model_from_result(result: dict, *, vocab: int = 4, hidden: int = 32) -> RecallClassifier:
    """Rebuild the trained classifier of one :func:`run_memory_test` result."""
    kind, keep_bias = ALL_CONTENDERS[result["contender"]]
    model = RecallClassifier(kind, vocab=vocab, hidden=hidden, keep_bias=keep_bias)
    model.load_state_dict(result["state_dict"])
    return model.eval()
