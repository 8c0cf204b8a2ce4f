"""The compiler's cycle estimates (format 1.2) through libpva's fields agree with `popscope-cli
estimates`, are never above the measured cycles, and are absent (AttributeError) from older files."""
import shutil
import sqlite3

import pytest

import popscope.pva as pva
from conftest import cli_json, profile, run_cli

EXCHANGE_TYPES = {"DoExchange", "GlobalExchange", "StreamCopyBegin", "StreamCopyMid", "StreamCopyEnd"}


def ints(values):
    return [int(v) for v in values]


def test_compute_sets_and_vertices_agree_with_the_cli(sample):
    report = pva.openReport(profile(sample))
    cli = cli_json("estimates", profile(sample))
    assert cli["present"] and cli["computeSets"]
    num_tiles = report.compilation.target.numTiles
    sets = report.compilation.computeSets
    listed = set()
    for row in cli["computeSets"]:
        compute_set = sets[row["id"]]
        assert compute_set.name == row["name"]
        estimate = ints(compute_set.estimatedCyclesByTile)
        assert len(estimate) == num_tiles
        assert max(estimate) == row["estimatedCycles"] and sum(estimate) == row["estimatedTileCycles"]
        for vertex in row["vertices"]:
            entry = compute_set.vertices[vertex["position"]]
            assert entry.type.name == vertex["type"]
            assert entry.estimatedCycles == vertex["estimatedCycles"] > 0
        listed.add(row["id"])
    for compute_set in sets:  # a compute set without rows estimates no tile any cycle
        if compute_set.id not in listed:
            assert sum(ints(compute_set.estimatedCyclesByTile)) == 0


def test_exchange_programs_agree_with_the_cli_and_others_read_zero(sample):
    report = pva.openReport(profile(sample))
    cli = {row["id"]: row for row in cli_json("estimates", profile(sample))["programs"]}
    assert cli
    num_tiles = report.compilation.target.numTiles
    for program in report.compilation.programs:
        estimate = ints(program.estimatedCyclesByTile)
        assert len(estimate) == num_tiles
        row = cli.get(program.id)
        if row is None:
            assert sum(estimate) == 0, program
            continue
        assert program.type.value == row["type"] in EXCHANGE_TYPES
        assert max(estimate) == row["estimatedCycles"] and sum(estimate) == row["estimatedTileCycles"]


def test_steps_carry_their_compute_sets_estimates_never_above_the_measured_cycles(sample):
    report = pva.openReport(profile(sample))
    cli = {row["id"]: row for row in cli_json("estimates", profile(sample))["computeSets"]}
    executions, measured = {}, {}
    for step in report.execution.steps:
        for step_set in step.computeSets:
            estimate = ints(step_set.estimatedCyclesByTile)
            assert estimate == ints(step_set.computeSet.estimatedCyclesByTile)
            assert all(m >= e for m, e in zip(ints(step_set.cyclesByTile), estimate))
            key = step_set.computeSet.id
            executions[key] = executions.get(key, 0) + 1
            measured[key] = measured.get(key, 0) + max(ipu.cycles for ipu in step.ipus)
    assert executions
    for key, count in executions.items():
        assert cli[key]["executions"] == count and cli[key]["measuredCycles"] == measured[key]


def test_a_profile_of_format_1_1_has_no_estimates(tmp_path):
    old = str(tmp_path / "old.pop")
    shutil.copy(profile("demo"), old)
    with sqlite3.connect(old) as db:
        db.executescript("DROP TABLE compute_set_estimates; DROP TABLE vertex_estimates; DROP TABLE program_estimates;"
                         " DELETE FROM meta WHERE key LIKE 'rows.%estimates';"
                         " UPDATE meta SET value = '1' WHERE key = 'version_minor'")
    db.close()
    report = pva.openReport(old)
    assert (report.version.major, report.version.minor) == (1, 1)
    compute_set = report.compilation.computeSets[0]
    program = report.compilation.programs[0]
    step = next(s for s in report.execution.steps if s.computeSets)
    for owner, field in ((compute_set, "estimatedCyclesByTile"), (compute_set.vertices[0], "estimatedCycles"),
                         (program, "estimatedCyclesByTile"), (step.computeSets[0], "estimatedCyclesByTile")):
        with pytest.raises(AttributeError, match=field + " is not available: .*format 1.1"):
            getattr(owner, field)
        assert not hasattr(owner, field)
    assert "no cycle estimates" in run_cli("estimates", old)
    assert cli_json("estimates", old)["present"] is False
