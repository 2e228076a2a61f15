"""dlbook: the tested listings behind the executable book on sequence models.

Each module holds one concern, named in the book's vocabulary:

- ``device``     -- where tensors live (CPU by default, CUDA when present) and seeding;
- ``style``      -- the house plotting style and palette;
- ``listings``   -- print a function's live source as a cross-referenceable Quarto listing;
- ``training``   -- the next-token trainer, ``fit_next_token``;
- ``evaluation`` -- the fixed-window evaluation, ``fixed_window_loss``;
- ``charlm``     -- the character-level LSTM language model;
- ``probes``     -- gradient probes (the gradient that reaches the first input);
- ``runner``     -- independent runs in parallel worker processes, identical to serial runs.

Modules are imported explicitly (``from dlbook.training import fit_next_token``) so that
importing the package stays cheap.
"""

__version__ = "0.1.0"
