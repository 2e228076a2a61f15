"""dlbook: the tested listings behind the executable book on sequence models.

One module per concern, named in the book's vocabulary.

Foundations
    ``device`` (CPU by default, CUDA when present; seeding), ``style`` (house plotting
    style), ``listings`` (print live source as a Quarto listing), ``tables`` (Markdown
    tables of computed results), ``runner`` (independent runs in parallel processes).
Chapter 1, sequences and recurrent state
    ``recurrence`` (the vanilla loop, padding, masks, packing, the causality probe).
Chapter 2, gradients through time
    ``jacobians`` (scalar traces, Jacobian products, clipping), ``probes`` (the gradient
    that reaches the first input), ``truncation`` (truncated BPTT over a long stream).
Chapter 3, gated memory
    ``cells`` (LSTM and GRU steps by hand), ``recall`` (the memory test), ``gates`` (the
    forget-gate trace).
Chapter 4, recurrent language models
    ``corpus`` (the frozen snapshot of the book's prose), ``charlm`` (the character LSTM),
    ``training`` (the next-token trainer), ``evaluation`` (the fixed-window evaluation),
    ``sampling`` (temperature sampling, greedy decoding), ``wikitext`` (WikiText-2).
Chapter 5, encoder–decoder and attention
    ``seq2seq`` (GRU encoder–decoder), ``decoding`` (greedy, beam search, accuracies),
    ``attention`` (additive attention), ``copytask`` (the copy sweep), ``blind`` (the blind
    decoder).
Appendix B, beyond the loop
    ``ctc``, ``scan``, ``ssm``, ``convolution``.
Experiments at cluster scale (Appendix C)
    ``records`` (result records: writing and the validating loader), ``record_schema``
    (their schema), ``provenance`` (commit, source, device, scheduler), ``experiments``
    (declared studies and their tasks), ``selection`` (checkpoint selection on validation);
    interactive panels: ``panels``.

Modules are imported explicitly (``from dlbook.training import fit_next_token``) so that
importing the package stays cheap.
"""

__version__ = "0.1.0"
