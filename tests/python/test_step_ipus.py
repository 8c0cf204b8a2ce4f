"""`step.ipus`: one entry per IPU of the target, and every field of every entry reads, whether the
step runs on that IPU or not (libpva scripts walk them all)."""
import glob
import os

import pytest

import popscope.pva as pva
from popscope._execution import StepIpu
from conftest import PROFILES, exported, profile

SPECS = os.path.join(os.path.dirname(__file__), "..", "..", "profiles")
# Every sample profile the build simulates (profiles/*.json but the bench-* ones, built on demand).
ALL_SAMPLES = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(SPECS, "*.json"))
                     if not os.path.basename(p).startswith("bench-"))
FIELDS = sorted(name for name in dir(StepIpu) if not name.startswith("_"))


def read_every_field(entry):
    """Reads each public field of a step.ipus entry (and of activeCycles) and returns them."""
    values = {name: getattr(entry, name) for name in FIELDS}
    active = values["activeCycles"]
    values["activeCycles"] = [getattr(getattr(active, end), bound)
                              for end in ("cyclesFrom", "cyclesTo") for bound in ("min", "max")]
    values["cyclesByTile"] = [int(c) for c in values["cyclesByTile"]]
    return values


def test_the_samples_are_built_and_the_fields_are_libpvas():
    assert len(ALL_SAMPLES) >= 10
    missing = [name for name in ALL_SAMPLES if not os.path.exists(profile(name))]
    assert not missing, f"not in {PROFILES}: {missing}"
    for name in ("cycles", "activeCycles", "tileBalance", "activeTileBalance", "dataIn", "dataOut",
                 "cyclesByTile", "runs", "cyclesBase", "activeTiles"):
        assert name in FIELDS


@pytest.mark.parametrize("name", ALL_SAMPLES)
def test_every_field_of_every_entry_of_every_step_reads(name):
    report = pva.openReport(profile(name))
    target = report.compilation.target
    runs_somewhere = 0
    for step in report.execution.steps:
        assert len(step.ipus) == target.numIPUs
        for ipu, entry in enumerate(step.ipus):
            values = read_every_field(entry)
            assert values["ipu"] == ipu
            assert len(values["cyclesByTile"]) == target.tilesPerIpu
            assert max(values["cyclesByTile"]) <= values["cycles"]
            first, _, _, last = values["activeCycles"]
            assert values["cyclesBase"] <= first <= last <= values["cyclesBase"] + values["cycles"]
            assert 0.0 <= values["tileBalance"] <= values["activeTileBalance"] <= 1.0
            runs_somewhere += values["runs"]
    assert runs_somewhere > 0


def ipu_clock(stored, step, ipu):
    """The IPU's clock at `step` from the exported file: the end of its previous step, or the start
    of its next one when that is earlier or there is no previous one."""
    def on(s):
        return next((i for i in stored[s]["ipus"] if i["ipu"] == ipu), None)
    before = next((on(s) for s in range(step - 1, -1, -1) if on(s)), None)
    after = next((on(s) for s in range(step + 1, len(stored)) if on(s)), None)
    ends = [before["cyclesBase"] + before["cycles"]] if before else []
    starts = [after["cyclesBase"]] if after else []
    return min(ends + starts) if ends else (starts[0] if starts else 0)


@pytest.mark.parametrize("name", ["demo", "pipeline-grouped"])
def test_an_ipu_the_step_does_not_run_on_has_no_cycles_at_its_clock(name, export_dir):
    report = pva.openReport(profile(name))
    stored = exported(name, export_dir)["execution"]["steps"]
    tiles = report.compilation.target.tilesPerIpu
    checked = 0
    for step in report.execution.steps:
        on = {i["ipu"] for i in stored[step.id]["ipus"]}
        for ipu, entry in enumerate(step.ipus):
            assert entry.runs == (ipu in on)
            if entry.runs:
                continue
            clock = ipu_clock(stored, step.id, ipu)
            active = entry.activeCycles
            assert entry.cyclesBase == clock
            assert (active.cyclesFrom.min, active.cyclesFrom.max, active.cyclesTo.min, active.cyclesTo.max) == (
                clock, clock, clock, clock)
            assert (entry.cycles, entry.dataIn, entry.dataOut, entry.activeTiles) == (0, 0, 0, 0)
            assert list(entry.cyclesByTile) == [0] * tiles and not entry.hasCyclesByTile
            assert entry.tileBalance == entry.activeTileBalance == 0.0
            checked += 1
    assert checked > 0


def test_a_step_without_per_tile_cycles_reads_as_the_trace_draws_it():
    report = pva.openReport(profile("demo"))
    tiles = report.compilation.target.tilesPerIpu
    sync = next(s for s in report.execution.steps if s.type == "Sync")
    entry = next(e for e in sync.ipus if e.runs)
    assert not entry.hasCyclesByTile and entry.activeTiles > 0
    # The first activeTiles tiles busy for the whole step, the rest waiting.
    assert list(entry.cyclesByTile) == [entry.cycles] * entry.activeTiles + [0] * (tiles - entry.activeTiles)
    assert entry.tileBalance == pytest.approx(entry.activeTiles / tiles)
    compute = next(s for s in report.execution.steps if s.type == "OnTileExecute")
    assert next(e for e in compute.ipus if e.runs).hasCyclesByTile


def test_the_libpva_walk_that_used_to_fail():
    # A libpva-style script: the start of every step on every IPU, summed cycles per IPU.
    report = pva.openReport(profile("demo"))
    starts, totals = [], [0] * report.compilation.target.numIPUs
    for step in report.execution.steps:
        for i, ipu in enumerate(step.ipus):
            starts.append(ipu.activeCycles.cyclesFrom.min)
            totals[i] += ipu.cycles
    assert len(starts) == len(report.execution.steps) * len(totals) and all(totals)
