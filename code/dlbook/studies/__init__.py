"""dlbook.studies: the machinery behind the book's result records, apart from the listings.

The chapters teach the listings of :mod:`dlbook`; this package runs them as studies on a
cluster and reads what they recorded. Dependencies point one way: from here to the
listings, never back, and within it from the studies to the records, from the records to
their schema and provenance.

Running studies
    ``study`` (what a study is: configurations x seeds, and the check of its records),
    ``experiments`` (every study the book declares, ``run_task``, ``load_study``), ``cli``
    (``python -m dlbook.studies list | tasks | run | check``), ``runner`` (independent runs
    in parallel worker processes, for the chapters' live seeds).
Result records
    ``records`` (writing, and the validating loader), ``record_schema`` (the schema, stated
    once), ``provenance`` (commit, source, device, scheduler; source checked in git history).
Each study's protocol and reading
    ``selection`` and ``checkpoints`` (Chapter 4's checkpoint on validation), ``task_studies``
    (Chapter 3's memory test, Chapter 5's copy sweep), ``shakespeare_studies`` (Chapter 6's
    data and reference check), ``budget_pilot``, ``budget_study`` and ``budget_results``
    (Chapter 6's equal-budget pilot, study and its reading).
"""
