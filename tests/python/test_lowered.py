"""compilation.loweredVariables and the operations' compile-time fields (firstStepIndex,
lastStepIndex, vars) as libpva gives them, checked against the report's query schema (SQL run by
core's query module, not by the pva views)."""
import collections
import json
import sqlite3

import pytest

import popscope
import popscope.pva as pva
from conftest import profile, run_cli

QUICK = ["demo", "pipeline-grouped", "sort-bitonic"]


def rows(name, sql):
    return list(popscope.query(profile(name), sql, timeout=0))


def variable_tiles(name):
    tiles = collections.defaultdict(list)
    for variable, tile, size in rows(name, "SELECT variable, tile, bytes FROM variable_tiles"):
        tiles[variable].append((tile, size))
    return tiles


def expected_steps(name):
    """Each variable's liveness as libpva's half-open intervals: always-live variables over every
    liveness step, the others over their merged live ranges."""
    steps = rows(name, "SELECT count(DISTINCT step) FROM liveness_steps")[0][0]
    ranges = collections.defaultdict(list)
    for variable, first, last in rows(name, "SELECT variable, first_step, last_step FROM variable_live_ranges"):
        ranges[variable].append((first, last + 1))
    out = {}
    for variable, always in rows(name, "SELECT id, always_live FROM variables"):
        if always:
            out[variable] = [(0, steps)] if steps else []
            continue
        merged = []
        for start, end in sorted(ranges[variable]):
            if merged and start <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        out[variable] = merged
    return out


@pytest.mark.parametrize("name", QUICK)
def test_brief_vars_are_the_variables_tiles(name):
    lowered = pva.openReport(profile(name)).compilation.loweredVariables
    briefs = lowered.allBriefVars
    tiles = variable_tiles(name)
    assert len(briefs) == sum(len(t) for t in tiles.values())
    got = collections.defaultdict(list)
    last_variable = -1
    for i, brief in enumerate(briefs):
        assert brief.id == brief._id == i
        variable = brief.variable.id
        assert variable >= last_variable  # numbered variable by variable
        last_variable = variable
        got[variable].append((brief.tileId, brief.bytes))
    assert {v: sorted(t) for v, t in got.items()} == {v: sorted(t) for v, t in tiles.items()}


@pytest.mark.parametrize("name", QUICK)
def test_equivalence_classes_hold_the_liveness_intervals(name):
    report = pva.openReport(profile(name))
    expected = expected_steps(name)
    class_of_steps, steps_of_class = {}, {}
    for brief in report.compilation.loweredVariables.allBriefVars:
        cls = brief.equivalenceClass
        steps = [(s.start, s.end) for s in cls.steps]
        assert steps == expected[brief.variable.id]
        # One class per liveness: the same steps give the same class, and a class one set of steps.
        assert class_of_steps.setdefault((brief.variable.alwaysLive, tuple(steps)), cls.id) == cls.id
        assert steps_of_class.setdefault(cls.id, steps) == steps
    assert all(0 <= s.start < s.end <= len(report.compilation.livenessProgramSteps)
               for c in report.compilation.loweredVariables.equivalenceClasses for s in c.steps)


@pytest.mark.parametrize("name", QUICK)
def test_for_tile_gives_the_briefs_on_the_tile(name):
    report = pva.openReport(profile(name))
    lowered = report.compilation.loweredVariables
    by_tile = collections.defaultdict(list)
    for variable, tile, size in rows(name, "SELECT variable, tile, bytes FROM variable_tiles"):
        by_tile[tile].append((variable, size))
    num_tiles = report.compilation.target.numTiles
    for tile in sorted({0, 1, num_tiles // 2, num_tiles - 1} | set(list(by_tile)[:3])):
        on_tile = lowered.forTile(tile)
        assert all(b.tileId == tile for b in on_tile)
        assert sorted((b.variable.id, b.bytes) for b in on_tile) == sorted(by_tile[tile])
        assert {c.id for c in on_tile.equivalenceClasses} == {b.equivalenceClass.id for b in on_tile}
    with pytest.raises(IndexError):
        lowered.forTile(num_tiles)


def descendants(name):
    children = collections.defaultdict(list)
    for parent, child in rows(name, "SELECT parent, child FROM program_children"):
        children[parent].append(child)

    def below(program):
        out, todo = set(), [program]
        while todo:
            p = todo.pop()
            if p not in out:
                out.add(p)
                todo.extend(children[p])
        return out
    return below


def operation_spans(name):
    """Per operation: the first and last liveness step running one of its programs or a program
    below one, from SQL alone."""
    below = descendants(name)
    step_program = dict(rows(name, "SELECT DISTINCT step, program FROM liveness_steps"))
    programs = collections.defaultdict(set)
    for operation, program in rows(name, "SELECT operation, program FROM operation_programs"):
        programs[operation] |= below(program)
    spans = {}
    for (operation,) in rows(name, "SELECT id FROM operations"):
        steps = [s for s, p in step_program.items() if p in programs[operation]]
        spans[operation] = (min(steps), max(steps)) if steps else None
    return spans


@pytest.mark.parametrize("name", QUICK)
def test_operations_span_liveness_steps(name):
    report = pva.openReport(profile(name))
    spans = operation_spans(name)
    for op in pva.OperationAnalysis(report).operations:
        if spans[op.id] is None:
            with pytest.raises(AttributeError, match="firstStepIndex is not available: no liveness"):
                op.firstStepIndex
        else:
            assert (op.firstStepIndex, op.lastStepIndex) == spans[op.id]
    # Liveness steps no operation owns (syncs, stream copies) lie between operations' spans.
    owned = set()
    for op in pva.OperationAnalysis(report).operations:
        if spans[op.id] is not None:
            owned |= {p.id for p in op.programs()}
    assert any(s.program.id not in owned for s in report.compilation.livenessProgramSteps)


def test_a_compile_only_report_has_the_same_compile_time_fields(tmp_path):
    """Without execution steps, the liveness spans and variables are still there (libpva's meaning)."""
    exported = tmp_path / "demo.json"
    run_cli("export", profile("demo"), "-o", str(exported))
    document = json.loads(exported.read_text())
    document["execution"] = {"runs": [], "steps": []}
    document["operations"] = [dict(op, cycles=0) for op in document["operations"]]
    compile_only = tmp_path / "compile-only.json"
    compile_only.write_text(json.dumps(document))
    run_cli("import", str(compile_only), "-o", str(tmp_path / "compile-only.pop"))
    original = pva.OperationAnalysis(pva.openReport(profile("demo"))).operations
    converted_report = pva.openReport(str(tmp_path / "compile-only.pop"))
    assert len(converted_report.execution.steps) == 0
    converted = pva.OperationAnalysis(converted_report).operations
    for a, b in zip(original, converted):
        assert (a.firstStepIndex, a.lastStepIndex) == (b.firstStepIndex, b.lastStepIndex)
        assert [v._id for v in a.vars] == [v._id for v in b.vars]
        assert b.executionSteps == []


def test_version_has_a_point():
    with sqlite3.connect(f"file:{profile('demo')}?mode=ro", uri=True) as db:
        meta = dict(db.execute("SELECT key, value FROM meta"))
    version = pva.openReport(profile("demo")).version
    assert (version.major, version.minor, version.point) == (int(meta["version_major"]), int(meta["version_minor"]), 0)
    assert str(version) == f"{version.major}.{version.minor}.0" and version.isUnstableFormat is False
