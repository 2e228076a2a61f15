"""dlbook: the tested listings behind the executable book on sequence models.

One module per concern, named in the book's vocabulary; every listing the book prints is a
whole function or class from one of these modules. They are listed in :data:`__all__`:

Foundations
    ``device`` (CPU by default, CUDA when present; seeding), ``stats`` (intervals for rates
    and means over seeds, and for their differences), ``comparisons`` (rates paired by
    seed, McNemar's test, Holm's correction).
Chapter 1, sequences and recurrent state
    ``recurrence`` (the vanilla loop, padding, masks, packing, the causality probe).
Chapter 2, gradients through time
    ``jacobians`` (scalar traces, Jacobian products, clipping), ``probes`` (the gradient
    that reaches the first input), ``truncation`` (truncated BPTT over a long stream).
Chapter 3, gated memory
    ``cells`` (LSTM and GRU steps by hand), ``recall`` (the memory test), ``gates`` (the
    keep-gate trace), ``recall_probes`` (where a trained network's keep gate acts, and
    whether it reads the first token or the ending).
Chapter 4, recurrent language models
    ``corpus`` (the frozen snapshot of the book's prose), ``charlm`` (the character LSTM),
    ``training`` (the next-token trainer), ``evaluation`` (the fixed-window evaluation),
    ``sampling`` (temperature sampling, greedy decoding), ``wikitext`` (WikiText-2).
Chapter 5, encoder–decoder and attention
    ``seq2seq`` (GRU encoder–decoder), ``decoding`` (greedy, beam search, accuracies),
    ``attention`` (additive attention), ``luong`` (Luong attention), ``copytask`` (the copy
    sweep's task), ``blind`` (the blind decoder).
Chapter 6, recurrence against attention
    ``shakespeare`` (Tiny Shakespeare, checksummed), ``baselines`` (unigram and bigram
    losses), ``transformer`` (a small decoder-only transformer), ``generation_cost`` (seconds
    per generated character against context).
Appendix B, beyond the loop
    ``ctc``, ``scan``, ``ssm``, ``convolution``.

Two subpackages hold what is not a listing: :mod:`dlbook.studies`, the machinery that runs
the listings as studies and reads their result records (``python -m dlbook.studies``), and
:mod:`dlbook.book`, the book's rendering helpers (listings, tables, plotting style, panels).
The listings never import either.

Modules are imported explicitly (``from dlbook.training import fit_next_token``) so that
importing the package stays cheap.
"""

__version__ = "0.1.0"

#: The listing modules, by chapter (imported on demand, never here).
__all__ = [
    "device", "stats", "comparisons",
    "recurrence",
    "jacobians", "probes", "truncation",
    "cells", "recall", "gates", "recall_probes",
    "corpus", "charlm", "training", "evaluation", "sampling", "wikitext",
    "seq2seq", "decoding", "attention", "luong", "copytask", "blind",
    "shakespeare", "baselines", "transformer", "generation_cost",
    "ctc", "scan", "ssm", "convolution",
]
