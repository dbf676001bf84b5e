"""Render benchmarks/results.json into the README and the docs, so no figure is typed by hand.

A document holds generated blocks between ``<!-- figures:NAME -->`` and
``<!-- /figures:NAME -->``. ``python benchmarks/figures.py --write`` renders every block of
README.md and docs/*.md from the results file; ``--check`` exits 1 naming any block that
differs (tests/test_figures.py runs the same check). A section the renderer does not know
(a new ``bench_<name>.py``) is listed generically in the README's performance block, so a
new module needs no change here to be quoted.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results.json"
BLOCK = re.compile(
    r"(<!-- figures:(?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /figures:(?P=name) -->)", re.S
)
#: Typography of the rendered text: ranges and negative numbers.
DASH = "\u2013"
MINUS = "\u2212"
#: Sections the README renders by name; any other is listed generically.
KNOWN = (
    "batch",
    "engine",
    "evaluation",
    "equity",
    "simulation",
    "vector",
    "rl",
    "server",
    "server_budget",
    "ladder",
)

Results = dict[str, Any]


def number(value: float) -> str:
    """A rate or count as the docs write it: 3.12 M, 745 k, 8,131, 0.83."""
    if value >= 1e6:
        return f"{value / 1e6:.2f} M"
    if value >= 1e4:
        return f"{value / 1e3:.0f} k"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}"


def spread(figure: dict[str, Any]) -> str:
    """A figure's median, unit and range over repeats."""
    unit = figure["unit"]
    low, median, high = figure["min"], figure["median"], figure["max"]
    if unit == "s":
        return f"{median * 1000:.1f} ms ({low * 1000:.1f}{DASH}{high * 1000:.1f})"
    if unit == "x":
        return f"{median:.2f}x ({low:.2f}{DASH}{high:.2f})"
    return f"{number(median)} {unit} ({number(low)}{DASH}{number(high)})"


def short(figure: dict[str, Any] | None) -> str:
    """A figure's median alone (table cells)."""
    if figure is None:
        return "n/a"
    return f"{number(figure['median'])}"


def noise(*figures: dict[str, Any], cores: int = 2) -> str:
    """A sentence naming speed-ups above the core count as noise: single runs, or medians
    (then the CPU-time ratio is no result, and the wall-time one stands)."""
    if any(f["median"] > cores for f in figures):
        return (
            f" A CPU-time ratio above {cores}x, the core count, is measurement noise (the "
            "one-thread run's CPU time inflated by other work on the machine), not a "
            "result: read the wall-time ratios."
        )
    if any(f["max"] > cores for f in figures):
        return (
            f" Single runs above {cores}x, the core count, are measurement noise of the "
            "shared machine (one run's CPU time inflated by other work); the medians stand."
        )
    return ""


def times(ratio: dict[str, Any]) -> str:
    """A ratio, as ``3.5x``."""
    return f"{ratio['value']:.1f}x"


def machines(results: Results) -> str:
    """The processors the sections ran on, each with its sections when there are several
    (a later session's machine may differ from an earlier one's)."""
    by_cpu: dict[str, list[str]] = {}
    for name, section in sorted(results["sections"].items()):
        cpu = section.get("machine", results["machine"])["cpu"]
        by_cpu.setdefault(cpu, []).append(name)
    if len(by_cpu) == 1:
        return next(iter(by_cpu))
    return ", ".join(f"{cpu} ({', '.join(names)})" for cpu, names in by_cpu.items())


def header(results: Results) -> str:
    """Where and when the figures were measured."""
    machine = results["machine"]
    dates = sorted({s["date"][:10] for s in results["sections"].values()})
    commits = sorted({s["commit"] for s in results["sections"].values()})
    return (
        f"Measured by `python benchmarks/run.py` into `benchmarks/results.json` "
        f"({', '.join(dates)}; commit {', '.join(commits)}) on {machines(results)}, "
        f"{machine['cores']} cores shared with other work, Python {machine['python']}. "
        f"Each figure is the median of several runs (min{DASH}max beside it) in CPU time unless "
        "it says otherwise, so other processes on the machine distort it little; peers "
        "are measured in the same run.\n"
    )


def batch_block(f: Results) -> str:
    """The batch engine against OpenSpiel, and threads."""
    ratios = f["ratios"]
    return (
        "**Batch engine** (`parlour.batch`, `fast` extra; random play, every hand kept so "
        "that its record can be rebuilt; docs/batch.md):\n\n"
        "| | hands/s | decisions/s |\n|---|---:|---:|\n"
        f"| Americana heads-up limit, one core | {spread(f['americana_hu_limit'])} | "
        f"{short(f['americana_hu_limit_decisions'])} |\n"
        f"| the same, results only (`keep=False`) | {spread(f['americana_hu_limit_bare'])} | |\n"
        f"| OpenSpiel `universal_poker` heads-up limit hold'em, C++ random playouts | "
        f"{spread(f['openspiel_hulhe_cpp'])} | {short(f['openspiel_hulhe_cpp_decisions'])} |\n"
        f"| OpenSpiel, the same from a Python loop | {spread(f['openspiel_hulhe_python'])} | |\n"
        f"| Palace, 4 players, one core | {spread(f['palace_4'])} | |\n"
        f"| Palace, 10 players, one core | {spread(f['palace_10'])} | |\n\n"
        f"Americana heads-up limit plays {times(ratios['americana_over_openspiel_cpp'])} "
        "OpenSpiel's C++ playouts per second "
        f"({times(ratios['americana_over_openspiel_cpp_decisions'])} in decisions: "
        f"{f['americana_decisions_per_hand']:.1f} decisions per hand against "
        f"{f['openspiel_decisions_per_playout']:.1f}). The OpenSpiel figure is its "
        "`RandomRolloutEvaluator` in C++ (driven once by an `MCTSBot` of one simulation), "
        "playouts starting at the first decision, which leaves it slightly less work than a "
        "whole hand. Two threads against one, counted in CPU time per thread: "
        f"Americana {spread(f['threads_americana']['speedup'])}, "
        f"Palace {spread(f['threads_palace']['speedup'])} "
        "(wall time on the shared machine: "
        f"{f['threads_americana']['speedup_wall']['median']:.2f}x "
        f"and {f['threads_palace']['speedup_wall']['median']:.2f}x)."
        + noise(f["threads_americana"]["speedup"], f["threads_palace"]["speedup"])
        + "\n"
    )


def engine_block(f: Results) -> str:
    """The reference engines against PokerKit, and copies."""
    r = f["ratios"]
    return (
        "**Reference engines** (pure Python, the law the batch engine is tested against; "
        "random play):\n\n"
        "| | parlour | PokerKit five-card stud, 32 cards | ratio |\n|---|---:|---:|---:|\n"
        f"| Americana heads-up, hands/s | {spread(f['americana_2'])} | "
        f"{spread(f['pokerkit_stud5_32_2'])} | {times(r['americana_2_hands'])} |\n"
        f"| the same, decisions/s | {short(f['americana_2_decisions'])} | "
        f"{short(f['pokerkit_stud5_32_2_decisions'])} | {times(r['americana_2_decisions'])} |\n"
        f"| Americana 6-handed, hands/s | {spread(f['americana_6'])} | "
        f"{spread(f['pokerkit_stud5_32_6'])} | {times(r['americana_6_hands'])} |\n"
        f"| the same, decisions/s | {short(f['americana_6_decisions'])} | "
        f"{short(f['pokerkit_stud5_32_6_decisions'])} | {times(r['americana_6_decisions'])} |\n"
        f"| Palace 4 players, hands/s | {spread(f['palace_4'])} | (no peer plays Palace) | |\n"
        f"| Palace 10 players, hands/s | {spread(f['palace_10'])} | | |\n\n"
        "parlour's random policy may fold when checking is free (A-13) and PokerKit's "
        "never does, so parlour's hands are shorter: compare the decisions. PokerKit has no "
        "32-card five-card stud; the benchmark builds one from its `State` (standard hand "
        "ranking). Copying a mid-hand state: parlour's hand-written `copy()` makes "
        f"{short(f['copy_americana'])} copies/s against PokerKit's `copy.deepcopy` "
        f"{short(f['deepcopy_pokerkit'])}/s ({times(r['copy_over_pokerkit_deepcopy'])}: a "
        "hand-written copy against a deepcopy); `copy.deepcopy` of parlour's state makes "
        f"{short(f['deepcopy_americana'])}/s ({times(r['deepcopy_over_pokerkit_deepcopy'])} "
        "PokerKit's, like for like).\n"
    )


ROWS = (
    ("one_hand_checked", "parlour, one hand, checked (`standard_value`)"),
    ("one_hand_unchecked", "parlour, one hand, unchecked (`standard_value_unchecked`)"),
    ("batch_numpy", "parlour batch, NumPy, checked, from a `uint8` array"),
    ("batch_numba", "parlour batch, numba, checked, from a `uint8` array"),
    ("batch_numba_lists", "parlour batch, numba, checked, from lists of cards"),
    ("phevaluator_c", "phevaluator's C code, called from a compiled loop (C anchor)"),
    ("phevaluator_pheval_python", "phevaluator `_pheval`, a Python call per hand"),
    ("phevaluator_python", "phevaluator `evaluate_cards`, a Python call per hand"),
    ("eval7", "eval7, a Python call per hand"),
    ("treys", "treys, a Python call per hand"),
    ("pokerkit", "PokerKit, a Python call per hand"),
)


def evaluation_block(f: Results) -> str:
    """The evaluator and its peers."""
    lines = ["| hands/s | 5 cards | 7 cards | 9 cards |", "|---|---:|---:|---:|"]
    for key, label in ROWS:
        cells = [short(f[f"cards_{n}"].get(key)) for n in (5, 7, 9)]
        lines.append(f"| {label} | {' | '.join(cells)} |")
    r = f["ratios"]
    return (
        "**Hand evaluation** (standard ranking):\n\n"
        + "\n".join(lines)
        + "\n\nSeven cards: the numba batch evaluates "
        f"{times(r['numba_batch_over_fastest_python_peer_7'])} the hands per second of the "
        f"fastest peer called from Python, {times(r['numba_batch_over_phevaluator_c_7'])} "
        "phevaluator's C code in a compiled loop, and from Python lists of cards "
        f"{times(r['numba_lists_over_fastest_python_peer_7'])} the fastest peer. "
        f"`import parlour.evaluation` takes {spread(f['import_seconds'])} (the tables ship "
        "with the package; numba is not imported), the first numba batch call "
        f"{spread(f['first_numba_batch_seconds'])}.\n"
    )


def equity_block(f: Results) -> str:
    """Exact equity."""
    return (
        "**Exact equity** of a heads-up Americana spot after the first upcards "
        f"(7,534,800 deals): {spread(f['americana_heads_up'])} per call; counting by "
        f"inclusion-exclusion over shared cards takes {spread(f['count_inclusion_exclusion'])} "
        f"against {spread(f['count_enumeration'])} for enumerating every pair of holdings "
        f"({times(f['ratios']['enumeration_over_inclusion_exclusion'])}, the same exact "
        f"result); the first call of a process {spread(f['first_call_seconds'])}.\n"
    )


def simulation_block(f: Results) -> str:
    """Pools, Monte Carlo decisions, matches on the batch engine."""
    return (
        "**Simulation**: `parlour simulate` plays matches of random bots and array "
        f"policies on the batch engine, {short(f['batch_match_americana'])} Americana and "
        f"{short(f['batch_match_palace'])} Palace hands per CPU second with four bots and "
        "their statistics, on one worker; matches with other bots take the reference "
        "engine. Two workers against one (CPU time of the parent and the busier worker): "
        f"{spread(f['pool_americana']['speedup'])} for Americana and "
        f"{spread(f['pool_palace']['speedup'])} for Palace, identical results "
        f"({f['pool_americana']['speedup_wall']['median']:.2f}x and "
        f"{f['pool_palace']['speedup_wall']['median']:.2f}x in wall time at load average "
        f"{f['pool_americana']['load_average']:.1f})."
        + noise(f["pool_americana"]["speedup"], f["pool_palace"]["speedup"])
        + " A `montecarlo` bot decides in "
        f"{spread(f['montecarlo_americana'])} (Americana) and "
        f"{spread(f['montecarlo_palace'])} (Palace).\n"
    )


def vector_block(f: Results) -> str:
    """The vector environments."""
    return (
        "**RL**: `parlour.rl.vector.AmericanaVectorEnv` (8,192 heads-up tables, random "
        f"opponents) runs {spread(f['vector_2_cores'])} of the learner's on two cores and "
        f"{spread(f['vector_1_core'])} on one (the main thread's CPU plus the slower kernel "
        f"thread's), against {spread(f['single_seat_python'])} for the one-table "
        "`SingleSeatEnv`.\n"
    )


#: The table shapes of bench_rl, as the docs name them.
RL_SHAPES = {
    "americana_2p_limit": "Americana, 2 players, limit",
    "americana_3p_no_limit": "Americana, 3 players, no-limit",
    "palace_2p_limit": "Palace, 2 players, limit",
    "palace_4p_no_limit": "Palace, 4 players, no-limit",
}


#: bench_rl's two kinds of environment, as the docs name them.
RL_KINDS = {"aec": "AEC", "single_seat": "single seat"}


def _rl_case(name: str) -> tuple[str, str]:
    """A bench_rl case name split into its shape's label and its observation."""
    shape, _, observation = name.rpartition("_")
    return RL_SHAPES.get(shape, shape), observation


def rl_block(f: Results) -> str:
    """The plain environments before and after issue 13's speed work (README)."""
    aec = f["aec"]
    ratios = [c["ratio_steps_per_s_over_before"]["median"] for c in aec.values()]
    single = [c["ratio_steps_per_s_over_before"]["median"] for c in f["single_seat"].values()]
    issue = [c["ratio_hands_per_s_over_issue"]["median"] for c in aec.values() if "issue" in c]
    issue_single = [
        c["ratio_hands_per_s_over_issue"]["median"]
        for c in f["single_seat"].values()
        if "issue" in c
    ]
    layer = [c["ratio_layer_before_over_after"]["median"] for c in aec.values()]
    return (
        "**RL, one table** (`parlour.rl`'s PettingZoo and Gymnasium environments, random "
        "legal rows; docs/rl.md): the AEC environments run "
        f"{min(ratios):.1f}{DASH}{max(ratios):.1f}x the agent steps per second they did "
        "before reading the engine's hand directly (the single-seat environment against "
        f"random bots {min(single):.1f}{DASH}{max(single):.1f}x); their own work per step, "
        "everything but the engine's deal and decisions, takes "
        f"{min(layer):.1f}{DASH}{max(layer):.1f}x less time; and they run "
        f"{min(issue):.1f}{DASH}{max(issue):.1f}x the hands per second of the whole package "
        "when issue 13 was filed, its engine included (default observation"
        + (
            f"; the single seat {min(issue_single):.1f}{DASH}{max(issue_single):.1f}x"
            if issue_single
            else ""
        )
        + ").\n"
    )


def rl_table(results: Results) -> str:
    """docs/rl.md's table: every bench_rl case, before, after, the ratio."""
    section = results["sections"].get("rl")
    if section is None:
        return "Not measured yet: `python benchmarks/run.py --only rl`.\n"
    f = section["figures"]
    lines = [
        header(results),
        f"{f['repeats']} repeats of {f['hands_per_repeat']} hands per case, sides interleaved.\n",
        "| environment | observation | before, steps/s | after, steps/s | ratio "
        "| layer, µs per step: before → after | at the issue → after, hands/s |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for kind, title in RL_KINDS.items():
        for name in sorted(f[kind], key=lambda n: (_rl_case(n)[0], _rl_case(n)[1] != "view")):
            case = f[kind][name]
            label, observation = _rl_case(name)
            issue = ""
            if "issue" in case:
                issue = (
                    f"{short(case['issue']['hands_per_s'])} → "
                    f"{short(case['after']['hands_per_s'])} "
                    f"({times_median(case['ratio_hands_per_s_over_issue'])})"
                )
            layer = ""
            if "ratio_layer_before_over_after" in case:
                layer = (
                    f"{case['before']['layer_us_per_step']['median']:.0f} → "
                    f"{case['after']['layer_us_per_step']['median']:.0f} "
                    f"({times_median(case['ratio_layer_before_over_after'])})"
                )
            lines.append(
                f"| {title}: {label} | {observation} "
                f"| {spread(case['before']['steps_per_s'])} "
                f"| {spread(case['after']['steps_per_s'])} "
                f"| {spread(case['ratio_steps_per_s_over_before'])} | {layer} | {issue} |"
            )
    lines.append("")
    lines.append(rl_goal(f))
    return "\n".join(lines) + "\n"


def rl_goal(f: Results) -> str:
    """Which cases reach issue 13's 3x (medians), against the oracle and the issue's commit."""

    def names(kind: str, ratio: str) -> list[str]:
        met = []
        for name, case in sorted(f[kind].items()):
            if ratio in case and case[ratio]["median"] >= 3:
                label, observation = _rl_case(name)
                met.append(f"{RL_KINDS[kind]} {label} ({observation})")
        return met

    before = names("aec", "ratio_steps_per_s_over_before")
    before += names("single_seat", "ratio_steps_per_s_over_before")
    issue = names("aec", "ratio_hands_per_s_over_issue")
    issue += names("single_seat", "ratio_hands_per_s_over_issue")
    issue_cases = sum("issue" in c for kind in RL_KINDS for c in f[kind].values())
    total = len(f["aec"]) + len(f["single_seat"])
    return (
        f"Issue 13's goal, 3x: against *before*, {len(before)} of {total} cases reach it "
        f"({'; '.join(before) or 'none'}); against the whole package when the issue was filed "
        f"(its own engine; hands per second), {len(issue)} of {issue_cases} "
        f"({'; '.join(issue) or 'none'})."
    )


def times_median(figure: dict[str, Any]) -> str:
    """A ratio's median, as ``3.5x``."""
    return f"{figure['median']:.1f}x"


def server_block(f: Results) -> str:
    """The server under load (``bench_server``): one and two processes, and abuse."""
    load = f["load"]
    goal = load["goal_ms"]
    one, two = load["one_process"], load["two_processes"]
    base = load.get("one_process_shared", one)
    floods = [v for k, v in f["abuse"].items() if isinstance(v, dict) and "p99_during_ms" in v]
    during = [v["p99_during_ms"] for v in floods]
    peak = max(v["peak_rss_mib"] for v in floods)
    return (
        "**Server** (`benchmarks/bench_server.py`; tables of six human-like players and a "
        "spectator, the load generator on the same 2 cores): one process (SQLite) carried "
        f"{one['players_under_100ms']} seated players with the 99th percentile from an action "
        f"to every viewer's snapshot under 100 ms, knee (p99 past {goal:.0f} ms) "
        f"{knee(one)}, {cpu_per_action(one)} of server CPU per action; two processes "
        f"(`--workers 2`, PostgreSQL and Redis) {two['players_under_100ms']} under 100 ms "
        f"against {base['players_under_100ms']} for one process on the same database, "
        f"knee {knee(two)}, {cpu_per_action(two)} per action (the load generator sharing the "
        f"two cores bounds the ratio at {bound(load)} here). "
        f"Under hello, message and download floods, giant bodies, idle sockets and table "
        f"creations from one address, a normal table's p99 stayed between {min(during):.0f} "
        f"and {max(during):.0f} ms; memory peaked at {peak:.0f} MiB. docs/server.md says "
        "what these show and what they do not.\n"
    )


def server_budget_block(f: Results) -> str:
    """Two server processes against one with each held to the same share of a core."""
    if "runs" not in f:
        return ""
    under, knee = f["ratio_two_to_one"], f["knee_ratio_two_to_one"]
    return (
        f"**Server, two processes against one** (`benchmarks/bench_server_budget.py`): with "
        f"each server process held to {f['cores_per_process']:g} of a core, so that the "
        f"server and not the shared machine is the bottleneck, two processes carried "
        f"{times_spread(under)} the players one carried under 100 ms p99, and their knee "
        f"came at {times_spread(knee)} one's ({len(f['runs'])} rounds; docs/server.md).\n"
    )


def times_spread(figure: Results) -> str:
    """A ratio's median with its range over rounds, as ``2.00x (1.81-2.83)``."""
    return spread({**figure, "unit": "x"})


def bound(load: Results) -> str:
    """The two-to-one ratio this machine allows (``bench_server.two_to_one_bound``)."""
    value = load.get("bound_two_to_one")
    return "-" if value is None else f"{value:.2f}"


def knee(run: Results) -> str:
    """Where p99 passed the goal, in players (or that it never did in the steps measured)."""
    if run["knee_players"] is None:
        top = max(s["players"] for s in run["steps"])
        return f"not reached by {top} players"
    return f"{run['knee_players']} players"


def cpu_per_action(run: Results) -> str:
    """Server CPU per action: median over the load steps, min-max beside it."""
    cpu = run.get("cpu_ms_per_action")
    if cpu is None:
        return "not measured"
    return f"{cpu['median']:.2f} ms ({cpu['min']:.2f}{DASH}{cpu['max']:.2f})"


def server_load(results: Results) -> str:
    """docs/server.md's capacity tables: every load step of one and two processes, abuse."""
    section = results["sections"].get("server")
    if section is None:
        return "Not measured yet: `python benchmarks/run.py --only server`.\n"
    f = section["figures"]
    load, abuse = f["load"], f["abuse"]
    lines = [
        f"Measured by `python benchmarks/run.py --only server` ({section['date'][:10]}, "
        f"commit {section['commit']}, {section.get('machine', results['machine'])['cpu']}; "
        f"{load['window_s']:.0f} s per step).\n",
        "| processes | players | actions/s | p50 | p99 | server CPU, cores "
        "| server CPU per action | generator CPU | PostgreSQL + Redis CPU |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    runs = [
        ("1 (SQLite)", load["one_process"]),
        ("1 (PostgreSQL, Redis)", load.get("one_process_shared")),
        ("2 (PostgreSQL, Redis)", load["two_processes"]),
    ]
    for label, run in runs:
        if run is not None:
            lines += step_rows(label, run)
    one, two = load["one_process"], load["two_processes"]
    base = load.get("one_process_shared", one)
    ratio = load["ratio_two_to_one"]
    lines += [
        "",
        f"Players under 100 ms p99: {one['players_under_100ms']} on one process (SQLite), "
        f"{base['players_under_100ms']} on one process and {two['players_under_100ms']} on "
        f"two (PostgreSQL and Redis; ratio {'-' if ratio is None else f'{ratio:.2f}'}); the "
        f"knee (p99 past {load['goal_ms']:.0f} ms): {knee(one)}, {knee(base)} and "
        f"{knee(two)}. Server CPU per action: {cpu_per_action(one)}, {cpu_per_action(base)} "
        f"and {cpu_per_action(two)} "
        f"(two processes {cell(load, 'cpu_per_action_two_to_one', '{:.2f}')} times one's on "
        f"the same database). With the load generator, PostgreSQL and Redis on the same two "
        f"cores, the CPU each action costs bounds two processes at {bound(load)} times "
        "one's throughput on this machine.",
        "",
        *budget_lines(results["sections"].get("server_budget")),
        f"Abuse: ten normal tables of four human-like players while an attacker (a process "
        f"of its own, other loopback addresses) attacks for {abuse['window_s']:.0f} s; "
        f"without attack their p99 is {abuse['normal']['p99_ms']:.0f} ms at "
        f"{abuse['normal']['rss_mib']:.0f} MiB.",
        "",
        "| attack | normal p99 during | p99 in the second after | server memory peak |",
        "|---|---:|---:|---:|",
    ]
    for name, title in ATTACKS.items():
        row = abuse.get(name)
        if row is not None:
            cells = [
                title,
                cell(row, "p99_during_ms", "{:.0f} ms"),
                cell(row, "p99_second_after_ms", "{:.0f} ms"),
                cell(row, "peak_rss_mib", "{:.0f} MiB"),
            ]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def step_rows(label: str, run: Results) -> list[str]:
    """One table row per load step of a run."""
    rows = []
    for step in run["steps"]:
        cells = [
            label,
            str(step["players"]),
            cell(step, "actions_per_s", "{:.0f}"),
            cell(step, "p50_ms", "{:.0f} ms"),
            cell(step, "p99_ms", "{:.0f} ms"),
            cell(step, "server_cpu_share", "{:.2f}"),
            cell(step, "server_cpu_ms_per_action", "{:.2f} ms"),
            cell(step, "clients_cpu_share", "{:.2f}"),
            cell(step, "database_redis_cpu_share", "{:.2f}"),
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def budget_lines(section: Results | None) -> list[str]:
    """The rounds with each server process held to a fixed share of a core, and the ratios."""
    if section is None or "runs" not in section["figures"]:
        return ["Not measured yet: `python benchmarks/run.py --only server_budget`.", ""]
    budget = section["figures"]
    cores = budget["cores_per_process"]
    lines = [
        f"Two processes against one with each server process held to {cores:g} of a core "
        "(`python benchmarks/run.py --only server_budget`, "
        f"{section['date'][:10]}, commit {section['commit']}; {budget['window_s']:.0f} s per "
        "step; Linux's CPU controller, the front process of `--workers` in the first "
        "worker's share), so that the server and not the machine is the bottleneck: the "
        "load generator, PostgreSQL and Redis have the rest of the two cores in both runs. "
        "One process, then two, in turn, each round; every step of every round is in "
        "results.json.",
        "",
        "| round | one: players under 100 ms | one: knee | one: CPU per action "
        "| two: players under 100 ms | two: knee | two: CPU per action "
        "| ratio under 100 ms | ratio at the knee |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for number, run in enumerate(budget["runs"], 1):
        one, two = run["one"], run["two"]
        cells = [
            str(number),
            str(one["players_under_100ms"]),
            knee(one),
            cpu_per_action(one),
            str(two["players_under_100ms"]),
            knee(two),
            cpu_per_action(two),
            cell(run, "ratio_two_to_one", "{:.2f}"),
            cell(run, "knee_ratio_two_to_one", "{:.2f}"),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    lines += [
        "",
        f"Median ratios: {times_spread(budget['ratio_two_to_one'])} under 100 ms and "
        f"{times_spread(budget['knee_ratio_two_to_one'])} at the knee.",
        "",
    ]
    return lines


def cell(row: Results, key: str, form: str) -> str:
    """A figure of a row as ``form`` writes it, or a dash where it was not measured."""
    value = row.get(key)
    if value is None or value != value:  # not measured, or no sample in its window (NaN)
        return "-"
    return form.format(value)


ATTACKS = {
    "hello_flood": "40 sockets, 10 hellos/s each, made-up tokens",
    "message_flood": "10 sockets sending chat junk as fast as they can",
    "chunked_giant_body": "chunked 200 MiB bodies, one after another",
    "download_flood": "20 clients downloading and replaying hands non-stop",
    "idle_sockets_1000": "1,000 idle sockets from 16 addresses",
    "table_creation_flood": "5,000 table creations from one address",
}


def generic_block(name: str, section: Results) -> str:
    """Any other section: each figure with its median and range."""
    parts = []
    for key, value in section["figures"].items():
        if isinstance(value, dict) and "median" in value:
            parts.append(f"{key} {spread(value)}")
    listed = "; ".join(parts) if parts else "see benchmarks/results.json"
    return f"**{name}** (`benchmarks/bench_{name}.py`): {listed}.\n"


#: Each speed section's paragraph, in the README's order.
SPEED: dict[str, Callable[[Results], str]] = {
    "batch": batch_block,
    "engine": engine_block,
    "evaluation": evaluation_block,
    "equity": equity_block,
    "simulation": simulation_block,
    "vector": vector_block,
    "rl": rl_block,
    "server": server_block,
    "server_budget": server_budget_block,
}


def performance(results: Results) -> str:
    """The README's performance section."""
    sections = results["sections"]
    parts = [header(results)]
    for name, render in SPEED.items():
        if name in sections:
            parts.append(render(sections[name]["figures"]))
    for name in sorted(sections):
        if name not in KNOWN:
            parts.append(generic_block(name, sections[name]))
    return "\n".join(parts)


def interval(value: dict[str, Any]) -> str:
    """A win rate with its 95% interval, as ``parlour simulate`` prints it."""
    text = f"{value['mean']:+.1f} [{value['low']:+.1f}, {value['high']:+.1f}]"
    return text.replace("-", MINUS)


def ladder_table(results: Results, *, both_random: bool) -> str:
    """The bot ladder (win rates, from ``bench_ladder``) as a table."""
    section = results["sections"].get("ladder")
    if section is None:
        return "Not measured yet: `python benchmarks/run.py --only ladder`.\n"
    randoms = ["random #1", "random #2"] if both_random else ["random"]
    head = ["game", "montecarlo", "rules", *randoms]
    head += [f"montecarlo {MINUS} rules", f"rules {MINUS} {randoms[0]}"]
    lines = ["| " + " | ".join(head) + " |", "|---" + "|---:" * (len(head) - 1) + "|"]
    for name, game in section["figures"]["games"].items():
        rates = game["bb_per_100"]
        cells = [f"{name.split('_')[0].title()} ({game['hands']:,} hands)"]
        cells += [interval(rates["montecarlo"]), interval(rates["rules"])]
        cells += [interval(rates[f"random#{k + 1}"]) for k in range(len(randoms))]
        cells += [interval(game["montecarlo_minus_rules"]), interval(game["rules_minus_random1"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def ladder(results: Results) -> str:
    """The README's ladder: the first random bot only."""
    return ladder_table(results, both_random=False)


def ladder_full(results: Results) -> str:
    """docs/bots.md's ladder: both random bots."""
    return ladder_table(results, both_random=True)


def docs_speed(name: str) -> Callable[[Results], str]:
    """A docs block quoting one section through its README renderer."""

    def render(results: Results) -> str:
        section = results["sections"].get(name)
        if section is None:
            return f"Not measured yet: `python benchmarks/run.py --only {name}`.\n"
        return header(results) + "\n" + SPEED[name](section["figures"])

    return render


RENDERERS: dict[str, Callable[[Results], str]] = {
    "performance": performance,
    "ladder": ladder,
    "ladder-full": ladder_full,
    "rl-table": rl_table,
    "server-load": server_load,
    **{f"{name}-speed": docs_speed(name) for name in SPEED},
}


def documents() -> list[Path]:
    """The files that may hold blocks."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def rendered(text: str, results: Results) -> str:
    """``text`` with every block rendered from ``results``."""

    def one(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in RENDERERS:
            raise KeyError(f"unknown figures block {name!r}; known: {', '.join(RENDERERS)}")
        return match.group(1) + RENDERERS[name](results) + match.group(4)

    return BLOCK.sub(one, text)


def main(argv: Sequence[str] | None = None) -> int:
    """Write or check every block."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="render the blocks into the files")
    parser.add_argument("--check", action="store_true", help="exit 1 if a block differs")
    args = parser.parse_args(argv)
    results = json.loads(RESULTS.read_text(encoding="utf-8"))
    stale = []
    for path in documents():
        text = path.read_text(encoding="utf-8")
        fresh = rendered(text, results)
        if fresh != text:
            stale.append(path.relative_to(ROOT))
            if args.write:
                path.write_text(fresh, encoding="utf-8")
    for path in stale:
        print(f"{'rendered' if args.write else 'stale'}: {path}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
