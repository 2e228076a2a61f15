"""Chapter 6's claims on the third study, which chose the final grid's settings, and on the
recheck round after the grid.

As in :mod:`dlbook.book.claims_budget`, each function is the condition of one sentence of
``book/06-equal-budget.qmd`` as the sentence words it. A claim on the third study takes the
records of its rounds (:data:`ROUNDS`), in that order, and makes the study's choices from them
with the rules of :mod:`dlbook.studies.cpu_sizes`, so that moved records move the choices too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from dlbook.book.claims import claim
from dlbook.book.claims_budget import KINDS
from dlbook.stats import Difference, paired_difference
from dlbook.studies import cpu_final, cpu_sizes

#: The third study's rounds: size, size edge, warm-up, rate and each rate edge round.
ROUNDS = (cpu_sizes.SIZE_STUDY, cpu_sizes.SIZE_EDGE_STUDY, cpu_sizes.WARMUP_STUDY,
          cpu_sizes.RATE_STUDY, *(cpu_sizes.RATE_EDGE_STUDY.format(i + 1)
                                  for i in range(len(cpu_sizes.RATE_EDGE_ROUNDS))))
#: The recheck round, run after the grid.
RECHECK = (cpu_final.RECHECK_STUDY,)
#: The learning rates that led their runner-up by at least the seed spread, as the text says.
LED_ABOVE = [("learning rate", "gru"), ("learning rate", "transformer")]


def shape_of(config: dict) -> tuple[int, int]:
    """A configuration's (layers, width)."""
    return config["layers"], config.get("hidden", config.get("dim"))


@dataclass(frozen=True)
class ThirdStudy:
    """The third study's rounds, read from the records of :data:`ROUNDS`, and its choices."""

    rounds: tuple[list[dict], ...]

    @cached_property
    def size_edge(self) -> list[dict]:
        return self.rounds[1]

    @cached_property
    def size_runs(self) -> list[dict]:
        return self.rounds[0] + self.size_edge

    @cached_property
    def warm_runs(self) -> list[dict]:
        return self.rounds[2]

    @cached_property
    def rate_pool(self) -> list[dict]:
        # the chapter's pool, read from these records rather than the committed ones
        return cpu_final.rate_pool(dict(zip(ROUNDS, self.rounds, strict=True)).__getitem__)

    @cached_property
    def chosen(self) -> tuple[dict, dict, dict]:
        """Each round's choice: shape, warm-up, learning rate."""
        return (cpu_sizes.size_choice(self.size_runs),
                cpu_sizes.warmup_choice(self.size_runs, self.warm_runs),
                cpu_sizes.rate_choice_again(self.rate_pool))

    @cached_property
    def margins(self) -> dict[str, dict]:
        """Each setting's margins, by kind, in the order the text names the settings."""
        size_chosen = self.chosen[0]
        return {"shape": cpu_sizes.size_margins(self.size_runs),
                "warm-up (updates)": cpu_sizes.size_margins(
                    [r for r in self.size_runs if r["config_name"] in size_chosen.values()]
                    + self.warm_runs),
                "learning rate": cpu_sizes.size_margins(self.rate_pool)}

    @cached_property
    def runs(self) -> list[dict]:
        # every run once: the rate rule's pool repeats the earlier rounds' runs
        return list({(r["config_name"], r["seed"]): r
                     for r in self.size_runs + self.warm_runs + self.rate_pool}.values())

    @cached_property
    def configs(self) -> dict[str, dict]:
        return {r["config_name"]: r["config"] for r in self.runs}

    @cached_property
    def final_config(self) -> dict[str, dict]:
        return {k: self.configs[self.chosen[2][k]] for k in KINDS}

    def updates(self, name: str) -> float:
        """The mean updates a configuration made over its seeds."""
        return np.mean([r["scores"]["steps"] for r in self.runs if r["config_name"] == name])


def led_below(third: ThirdStudy) -> tuple[int, int]:
    """How many choices led their runner-up by less than the seed spread, of how many."""
    below = sum(m[k]["margin"] < m[k]["spread"] for m in third.margins.values() for k in KINDS)
    return below, len(third.margins) * len(KINDS)


@claim("budget-settings-inside", says="edge rounds ran for the GRU's and the transformer's "
       "shapes and the transformer's rate, and every kind's chosen shape now lies between one "
       "with fewer parameters and one with more that ran, its chosen rate between a lower and a "
       "higher one", studies=ROUNDS)
def settings_inside(*rounds: list[dict]) -> bool:
    third = ThirdStudy(rounds)
    params = {r["config_name"]: r["parameters"] for r in third.runs}
    size_params = {k: sorted({params[r["config_name"]] for r in third.size_runs
                              if r["config"]["kind"] == k}) for k in KINDS}
    rates_ran = {k: sorted({third.configs[r["config_name"]]["lr"] for r in third.rate_pool
                            if r["config"]["kind"] == k}) for k in KINDS}
    edge_kinds = ({r["config"]["kind"] for r in third.size_edge}, {
        r["config"]["kind"] for r in third.rate_pool
        if r["experiment"].startswith(cpu_sizes.RATE_EDGE_STUDY.format(""))})
    return edge_kinds == ({"gru", "transformer"}, {"transformer"}) and all(
        size_params[k][0] < params[third.chosen[2][k]] < size_params[k][-1]
        and rates_ran[k][0] < third.final_config[k]["lr"] < rates_ran[k][-1] for k in KINDS)


@claim("budget-settings-warmup-edge", says="the GRU and the transformer took the longest "
       "warm-up the warm-up round tried", studies=ROUNDS)
def warmup_at_the_edge(*rounds: list[dict]) -> bool:
    final = ThirdStudy(rounds).final_config
    return [k for k in KINDS if final[k]["warmup"] == max(cpu_sizes.WARMUPS)] == [
        "gru", "transformer"]


@claim("budget-settings-margins", says="more than half of the choices led their runner-up by "
       "less than the seed spread, and the others are the GRU's and the transformer's rates",
       studies=ROUNDS)
def margins_mostly_below(*rounds: list[dict]) -> bool:
    third = ThirdStudy(rounds)
    led_above = [(setting, k) for setting, m in third.margins.items() for k in KINDS
                 if m[k]["margin"] >= m[k]["spread"]]
    return most_led_below(*rounds) and led_above == LED_ABOVE


@claim("budget-summary-margins", says="more than half of the third study's choices led their "
       "runner-up by less than the seed spread", studies=ROUNDS)
def most_led_below(*rounds: list[dict]) -> bool:
    below, settings = led_below(ThirdStudy(rounds))
    return bool(below > settings / 2)


def choice_intervals(third: ThirdStudy) -> dict[tuple[str, str], Difference]:
    """Each choice, by (setting, kind): the chosen candidate's selection-half loss minus its
    runner-up's, paired by seed (every candidate of a round reads the same windows on a
    seed). With two seeds the interval has one degree of freedom: what the margin against
    the seed spread, a yardstick and not a test, cannot say."""
    loss = {(r["config_name"], r["seed"]): r["scores"][cpu_sizes.SCORE] for r in third.runs}
    return {(setting, k): paired_difference([loss[m[k]["chosen"], s] for s in cpu_sizes.SEEDS],
                                            [loss[m[k]["runner_up"], s] for s in cpu_sizes.SEEDS])
            for setting, m in third.margins.items() for k in KINDS}


@claim("budget-settings-unresolved", says="no choice's paired interval against its runner-up "
       "over the two seeds excludes zero, the two rates that led by more than the spread "
       "included", studies=ROUNDS)
def no_choice_resolved(*rounds: list[dict]) -> bool:
    return all(d.lead == 0 for d in choice_intervals(ThirdStudy(rounds)).values())


def round_speed_gains(third: ThirdStudy) -> dict[str, float]:
    """Each kind's chosen shape: its mean updates per CPU second in the warm-up round over
    that in the size round, minus one. The same code on the same machine: what changed
    between the rounds is the machine's speed, and a CPU clock judges a candidate by it."""
    def speed(runs: list[dict], k: str) -> float:
        return np.mean([r["scores"]["steps_per_second"] for r in runs
                        if shape_of(r["config"]) == shape_of(third.final_config[k])
                        and r["config"]["kind"] == k])

    return {k: speed(third.warm_runs, k) / speed(third.size_runs, k) - 1 for k in KINDS}


def short_warmup_shortfall(third: ThirdStudy) -> dict[str, float]:
    """Each kind: one minus the updates its chosen shape made at the shortest warm-up (in the
    size round) over those its chosen warm-up made (in the warm-up round), so how much of a
    warm-up's loss may be the slower round's."""
    short = {k: next(r["config_name"] for r in third.size_runs if r["config"]["kind"] == k
                     and shape_of(r["config"]) == shape_of(third.final_config[k])
                     and r["config"]["warmup"] == min(cpu_sizes.WARMUPS)) for k in KINDS}
    return {k: 1 - third.updates(short[k]) / third.updates(third.chosen[1][k]) for k in KINDS}


def rate_update_ratios(third: ThirdStudy) -> dict[str, float]:
    """Each kind: the updates of its chosen rate over those of its runner-up."""
    return {k: third.updates(m["chosen"]) / third.updates(m["runner_up"])
            for k, m in third.margins["learning rate"].items()}


@claim("budget-reading-round-speeds", says="every kind's chosen shape made more than 15% more "
       "updates per CPU second in the warm-up round than in the size round", studies=ROUNDS)
def warmup_round_faster(*rounds: list[dict]) -> bool:
    return all(gain > 0.15 for gain in round_speed_gains(ThirdStudy(rounds)).values())


@claim("budget-reading-warm-updates", says="every kind's run at the shortest warm-up made more "
       "than 10% fewer updates than its chosen warm-up's", studies=ROUNDS)
def short_warmup_fewer_updates(*rounds: list[dict]) -> bool:
    return all(fewer > 0.1 for fewer in short_warmup_shortfall(ThirdStudy(rounds)).values())


@claim("budget-reading-rate-updates", says="the LSTM's and the GRU's chosen rates won with more "
       "than 10% more updates than their runners-up, the transformer's with fewer",
       studies=ROUNDS)
def rates_won_on_updates(*rounds: list[dict]) -> bool:
    ratio = rate_update_ratios(ThirdStudy(rounds))
    return all(ratio[k] > 1.1 for k in ("lstm", "gru")) and bool(ratio["transformer"] < 1)


@claim("budget-settings-halves", says="every run of the third study scored higher on the report "
       "half than on the selection half", studies=ROUNDS)
def report_half_harder(*rounds: list[dict]) -> bool:
    return all(r["scores"]["final_report_loss"] > r["scores"]["final_select_loss"]
               for r in ThirdStudy(rounds).runs)


@claim("budget-recheck-moved", says="the largest margin is below the smallest seed spread, and "
       "each kind's recheck choice was ahead of the final choice on one seed and behind on the "
       "other", studies=RECHECK)
def recheck_moved(recheck: list[dict]) -> bool:
    margins = cpu_sizes.size_margins(recheck)
    loss = {(r["config_name"], r["seed"]): r["scores"][cpu_sizes.SCORE] for r in recheck}
    split_seeds = all(sorted(loss[m["chosen"], s] < loss[m["runner_up"], s]
                             for s in cpu_sizes.SEEDS) == [False, True]
                      for m in margins.values())
    return bool(max(m["margin"] for m in margins.values()) < min(
        m["spread"] for m in margins.values())) and split_seeds


@claim("budget-recheck-order", says="on the report half every LSTM run of the recheck round "
       "scored below every GRU run, and every GRU run below every transformer run",
       studies=RECHECK)
def recheck_order(recheck: list[dict]) -> bool:
    report = {k: [r["scores"]["final_report_loss"] for r in recheck if r["config"]["kind"] == k]
              for k in KINDS}
    return max(report["lstm"]) < min(report["gru"]) and max(report["gru"]) < min(
        report["transformer"])


@claim("budget-summary-recheck", says="the recheck round picked another run for every kind, "
       "each ahead by less than the seed spread, and on the report half every LSTM run scored "
       "below every GRU run and every GRU run below every transformer run",
       studies=(*ROUNDS, *RECHECK))
def recheck_picked_others(*records: list[dict]) -> bool:
    *rounds, recheck = records
    rate_chosen = ThirdStudy(tuple(rounds)).chosen[2]
    return all(m["chosen"] != rate_chosen[k] and m["margin"] < m["spread"]
               for k, m in cpu_sizes.size_margins(recheck).items()) and recheck_order(recheck)

