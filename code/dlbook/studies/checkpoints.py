"""Reading a study's validation curves: where each run chose its checkpoint, and what came after.

A result record keeps the validation curve of its run and the checkpoint that validation
selected (:mod:`dlbook.studies.records`). The selected checkpoint's test loss is what a summary
table shows; the curve shows *how* it was obtained. A run that selected an early step and
then saw its validation loss rise was over-fitting by the end of its budget, and its test
number is the number of an early-stopped model; a run that selected its last evaluation
was still improving when the budget ran out. :func:`selection_by_config` condenses the
curves of each configuration into those facts, for the tables and the asserts beside the prose.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def selection_by_config(records: Sequence[dict]) -> dict[str, dict]:
    """Per configuration: selected steps, validation loss at selection and at the end.

    Returns ``{config_name: {"selected_at": sorted steps, "valid_selected": mean loss at the
    selected checkpoint, "valid_final": mean loss at the last evaluation, "rise": mean of
    (final - selected), "last_at": the last evaluated step, "at_end": whether every seed
    selected one of its last two evaluations (still improving when training stopped)}}``.
    Losses are in the records' unit (nats per token).
    """
    if not records:
        raise ValueError("records is empty; load a study's records first")
    grouped: dict[str, list[dict]] = {}
    for record in records:
        try:
            curve = record["curves"]["valid_loss"]
            selected = record["selected"]
            name = record["config_name"]
        except KeyError as error:
            raise ValueError(f"record lacks {error}; pass validated result records") from error
        if not curve["at"] or len(curve["at"]) != len(curve["value"]):
            raise ValueError(f"record {name!r} seed {record.get('seed')!r} has a malformed "
                             f"valid_loss curve")
        grouped.setdefault(name, []).append(
            {"at": selected["at"], "selected": selected["valid_loss"],
             "final": curve["value"][-1], "last_at": curve["at"][-1],
             "late": selected["at"] in curve["at"][-2:]})
    out = {}
    for name, runs in grouped.items():
        out[name] = {
            "selected_at": sorted(r["at"] for r in runs),
            "valid_selected": statistics.fmean(r["selected"] for r in runs),
            "valid_final": statistics.fmean(r["final"] for r in runs),
            "rise": statistics.fmean(r["final"] - r["selected"] for r in runs),
            "last_at": max(r["last_at"] for r in runs),
            "at_end": all(r["late"] for r in runs),
        }
    return out
