#!/usr/bin/env python3
"""popscope.pva against its budgets on bench-large (each figure cold: a freshly opened report,
so reading the part from the file is included).

    cmake --build build/release --target bench_large_profile _popscope popscope_python
    PYTHONPATH=build/release/python python3 bench/bench_python.py [build/release/profiles/bench-large.pop]
"""
import resource
import sys
import time

import popscope.pva as pva

PROFILE = sys.argv[1] if len(sys.argv) > 1 else "build/release/profiles/bench-large.pop"


def timed(label, budget_ms, work):
    report = pva.openReport(PROFILE)
    start = time.perf_counter()
    result = work(report)
    ms = (time.perf_counter() - start) * 1000
    verdict = "ok" if ms <= budget_ms else "OVER BUDGET"
    print(f"{label:<72} {ms:9.1f} ms  (budget {budget_ms:>5} ms, {verdict})  -> {result}")
    return ms <= budget_ms


def open_only(_):
    return pva.openReport(PROFILE).compilation.target.numTiles


def vertex_code(report):
    return sum(tile.memory.category.vertexCode.total for tile in report.compilation.tiles)


def always_live(report):
    count = total = 0
    for variable in report.compilation.alwaysLiveVariables:
        variable.name
        total += variable.size
        count += 1
    return f"{count} variables, {total} bytes"


def step_cycles(report):
    steps = report.execution.steps
    return f"{len(steps)} steps, {sum(step.ipus[0].cycles for step in steps)} cycles"


def liveness_peak(report):
    steps = report.compilation.livenessProgramSteps
    peak = max(steps, key=lambda step: step.notAlwaysLiveMemoryForIpu(0).bytes)
    return f"{len(steps)} steps, peak {peak.notAlwaysLiveMemoryForIpu(0).bytes} bytes"


def main():
    print(f"popscope.pva on {PROFILE}")
    ok = all([
        timed("openReport", 100, open_only),
        timed("sum tile.memory.category.vertexCode.total over all tiles", 200, vertex_code),
        timed("iterate alwaysLiveVariables with name and size", 1000, always_live),
        timed("sum step.ipus[0].cycles over all execution steps", 1000, step_cycles),
        timed("max(livenessProgramSteps, key=notAlwaysLiveMemoryForIpu(0).bytes)", 1000, liveness_peak),
    ])
    print(f"peak resident memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
