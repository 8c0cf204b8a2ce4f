"""A pipeline split planned from a compile-only, out-of-memory, single-IPU report, walking the
fields a libpva planning script walks: livenessProgramSteps, loweredVariables (brief variables,
equivalence classes), each operation's firstStepIndex, lastStepIndex and vars, each leaf program's
controlCodeByTile, the exchanges' codeBytesByTile and the tiles' memory.vertices."""
import json

import popscope.pva as pva
from conftest import run_cli


def compile_only_out_of_memory(folder):
    simulated, exported = folder / "oom.pop", folder / "oom.json"
    run_cli("simulate", "--workload", "matmul", "layers=10", "inputs=4096", "outputs=4096", "batch=8",
            "-o", str(simulated), "-q")
    run_cli("export", str(simulated), "-o", str(exported))
    document = json.loads(exported.read_text())
    document["execution"] = {"runs": [], "steps": []}
    document["operations"] = [dict(op, cycles=0) for op in document["operations"]]
    exported.write_text(json.dumps(document))
    run_cli("import", str(exported), "-o", str(folder / "compile-only.pop"))
    return pva.openReport(str(folder / "compile-only.pop"))


def variable_peak_by_tile(stage, lowered, live, num_tiles):
    """Per tile, the most bytes the stage's variables hold at one of its liveness steps."""
    first, last = stage["first"], stage["last"]
    peaks = []
    for tile in range(num_tiles):
        by_step = [0] * (last + 1 - first)
        for var in stage["vars"]:
            cls, size, var_tile = lowered[var]
            if var_tile == tile:
                for i, on in enumerate(live[cls][first:last + 1]):
                    by_step[i] += size if on else 0
        peaks.append(max(by_step, default=0))
    return peaks


def test_a_split_planned_from_a_compile_only_report(tmp_path):
    report = compile_only_out_of_memory(tmp_path)
    c = report.compilation
    assert report.compilation.target.numIPUs == 1 and len(report.execution.steps) == 0
    assert any(t > c.target.bytesPerTile for t in c.tiles.memory.total.includingGaps)  # out of memory
    steps = [s.program._id for s in c.livenessProgramSteps]
    lowered, live = {}, {}
    for var in c.loweredVariables.allBriefVars:
        lowered[var.id] = (var.equivalenceClass.id, int(var.bytes), var.tileId)
        if var.equivalenceClass.id not in live:
            flags = [False] * len(steps)
            for interval in var.equivalenceClass.steps:
                flags[interval.start:interval.end] = [True] * (interval.end - interval.start)
            live[var.equivalenceClass.id] = flags
    control = [0] * c.target.numTiles
    exchange = [0] * c.target.numTiles
    for program in c.programs:
        if not program.children:
            control = [a + int(b) for a, b in zip(control, program.controlCodeByTile)]
        if program.type == pva.Program.Type.DoExchange:
            exchange = [a + int(b) for a, b in zip(exchange, program.codeBytesByTile)]
    assert sum(control) > 0 and sum(exchange) > 0
    assert all(v.codeBytes > 0 for t in (0, 1) for v in c.tiles[t].memory.vertices)

    operations = sorted((op for op in pva.OperationAnalysis(report).operations if op.programs()),
                        key=lambda op: op.firstStepIndex)
    assert operations

    def stage(ops):
        return {"first": min(op.firstStepIndex for op in ops), "last": max(op.lastStepIndex for op in ops),
                "vars": {v._id for op in ops for v in op.vars}}
    whole = stage(operations)
    halves = [stage(operations[:len(operations) // 2]), stage(operations[len(operations) // 2:])]
    assert all(0 <= s["first"] <= s["last"] < len(steps) for s in [whole] + halves)
    assert all(v in lowered for v in whole["vars"])
    assert halves[0]["vars"] | halves[1]["vars"] == whole["vars"]
    tiles = min(c.target.numTiles, 64)  # the first tiles are enough to see the split
    peak = variable_peak_by_tile(whole, lowered, live, tiles)
    split = [variable_peak_by_tile(h, lowered, live, tiles) for h in halves]
    assert all(max(a, b) <= p for a, b, p in zip(*split, peak))
    assert sum(max(a, b) for a, b in zip(*split)) < sum(peak)  # each stage holds less than the whole
