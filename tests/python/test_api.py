"""The libpva surface: absent fields, enums, the visitor, lazy sequences, bad files."""
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

import popscope.pva as pva
from conftest import profile


@pytest.fixture(scope="module")
def demo():
    return pva.openReport(profile("demo"))


def test_absent_fields_raise_attribute_error_naming_field_and_why(demo):
    variable = next(v for v in demo.compilation.alwaysLiveVariables if v._get()[5] < 0)
    with pytest.raises(AttributeError, match="debugContext is not available: the variable has no debug context"):
        variable.debugContext
    assert not hasattr(variable, "debugContext")
    with pytest.raises(AttributeError, match="major is not available: .*not a release number"):
        demo.poplarVersion.major
    with pytest.raises(AttributeError, match="category.noSuchThing"):
        demo.compilation.tiles[0].memory.category.noSuchThing
    sequence = next(p for p in demo.compilation.programs if p.type == pva.Program.Type.Sequence)
    with pytest.raises(AttributeError, match="computeset is not available: Sequence program"):
        sequence.computeset


def test_program_types_and_visitor(demo):
    for name in ("OnTileExecute", "DoExchange", "GlobalExchange", "StreamCopyBegin", "StreamCopyMid",
                 "StreamCopyEnd", "Sync", "SyncAns", "Sans", "Sequence", "Repeat", "WriteUndef", "Call", "Unknown"):
        assert getattr(pva.Program.Type, name).value == name

    class Counter(pva.ProgramVisitor):
        def __init__(self):
            self.seen = {}

        def visitOnTileExecute(self, program):
            self.seen[program.id] = program.computeset.name

        def visitDoExchange(self, program):
            self.seen[program.id] = "exchange"

    counter = Counter()
    for program in demo.compilation.programs:
        program.accept(counter)
    with sqlite3.connect(f"file:{profile('demo')}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT p.id, COALESCE(c.name, 'exchange') FROM programs p LEFT JOIN compute_sets c "
                          "ON c.compute_set = p.compute_set WHERE p.type IN ('OnTileExecute', 'DoExchange')").fetchall()
    assert counter.seen == dict(rows)


def test_sequences_are_lazy_views(demo):
    steps = demo.execution.steps
    assert len(steps) > 0 and steps[-1].id == len(steps) - 1
    with pytest.raises(IndexError):
        steps[len(steps)]
    assert [s.id for s in steps[2:5]] == [2, 3, 4]
    run_steps = demo.execution.runs[1].steps
    assert all(0 <= s.id < len(steps) for s in run_steps)
    assert sum(len(r.steps) for r in demo.execution.runs) == len(steps)


def test_numpy_arrays_when_present_and_sequences_without(demo):
    numpy = pytest.importorskip("numpy")
    by_tile = demo.compilation.tiles.memory.total.includingGaps
    assert isinstance(by_tile, numpy.ndarray) and len(by_tile) == demo.compilation.target.numTiles
    assert list(by_tile[:10]) == [t.memory.total.includingGaps for t in demo.compilation.tiles[:10]]
    # Without NumPy (hidden from a child interpreter) the same figures come as sequences.
    code = ("import sys; sys.modules['numpy'] = None; import popscope.pva as pva; "
            f"r = pva.openReport({profile('demo')!r}); a = r.compilation.tiles.memory.total.includingGaps; "
            "print(type(a).__name__, sum(a))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["PackedArray", str(int(by_tile.sum()))]


def test_open_report_accepts_debug_info_with_a_note():
    with pytest.warns(UserWarning, match="debugInfo argument is ignored"):
        report = pva.openReport(profile("demo"), "debug.cbor")
    assert report.compilation.target.numIPUs == 2


def _hostile_corpus(folder):
    """The cases of tests/support/hostile_corpus.cpp, made from a sample profile."""
    good = profile("sort-single")
    with open(good, "rb") as f:
        data = f.read()
    corpus = []

    def write(name, content):
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(content)
        return path

    def damaged(name, sql):
        path = os.path.join(folder, name)
        shutil.copyfile(good, path)
        with sqlite3.connect(path) as db:
            db.executescript(sql)
        db.close()
        return path

    corpus.append((write("empty.pop", b""), "empty"))
    corpus.append((write("text.pop", b"name,bytes\nlayer1,1024\n"), "not an SQLite database"))
    corpus.append((write("cut.pop", data[:len(data) // 2 + 100]), "truncated"))
    smashed = bytearray(data)
    smashed[4096::3] = bytes([0xA5]) * len(smashed[4096::3])
    corpus.append((write("smashed.pop", bytes(smashed)), ""))
    corpus.append((damaged("newer.pop", "UPDATE meta SET value = '2' WHERE key = 'version_major';"
                                        " UPDATE meta SET value = '0' WHERE key = 'version_minor'"), "version 2.0"))
    corpus.append((damaged("trigger.pop", "CREATE TABLE log(x); CREATE TRIGGER steps AFTER INSERT ON meta "
                           "BEGIN INSERT INTO log VALUES(1); END"), "trigger"))
    corpus.append((damaged("absurd.pop", "UPDATE target SET num_ipus = 1000000000"), "numIPUs"))
    corpus.append((damaged("offtile.pop", "UPDATE vars_info SET tile = 999999 WHERE rowid = 1"), "tile 999999"))
    corpus.append((damaged("blob.pop", "UPDATE memory_by_tile SET bytes = zeroblob(12) WHERE rowid = 1"),
                   "memory_by_tile.bytes"))
    corpus.append((damaged("negative.pop", "UPDATE variables SET size_bytes = -5 WHERE id = 0"), "variables.size_bytes"))
    corpus.append((damaged("estimate.pop", "UPDATE compute_set_estimates SET cycles = x'0102030405'"),
                   "holds 5 bytes, expected 2 or 4 per tile"))
    corpus.append((damaged("control.pop", "UPDATE program_control_code SET runs = x'01000000'"),
                   "holds 4 bytes, not (tiles, bytes) pairs of 8"))
    corpus.append((damaged("uses.pop", "UPDATE program_variables SET variable = 999999 WHERE (program, variable) = "
                                       "(SELECT program, variable FROM program_variables LIMIT 1)"),
                   "program_variables.variable is 999999"))
    os.mkdir(os.path.join(folder, "report-folder"))
    corpus.append((os.path.join(folder, "report-folder"), "no profile.pop"))
    corpus.append((os.path.join(folder, "missing.pop"), "no such file"))
    return corpus


def _read_everything(report):
    """Reads every part: a damaged part is found when it is read (opening reads the header only)."""
    c = report.compilation
    c.graph.numVertices
    sum(c.tiles.memory.total.includingGaps)
    [v.name for v in c.alwaysLiveVariables]
    c.alwaysLiveVariablesForTile(0)  # the variables with their tiles
    [s.notAlwaysLiveMemory.bytes for s in c.livenessProgramSteps]
    [p.name for p in c.programs]
    [cs.name for cs in c.computeSets]
    [cs.estimatedCyclesByTile for cs in c.computeSets]
    [s.ipus[0].cycles for s in report.execution.steps]
    [op.name for op in pva.OperationAnalysis(report).operations]
    len(c.loweredVariables.allBriefVars)
    c.programs[0].controlCodeByTile  # the programs' control code and variables (format 1.3)
    c.programs[0].vars


def test_hostile_files_raise_pva_error_naming_the_file(tmp_path):
    assert issubclass(pva.Error, RuntimeError)
    for path, problem in _hostile_corpus(str(tmp_path)):
        with pytest.raises(pva.Error) as caught:
            _read_everything(pva.openReport(path))
        message = str(caught.value)
        assert os.path.basename(path) in message, message
        assert problem in message, (path, message)


def test_a_dropped_report_is_freed_with_its_views(tmp_path):
    import gc
    from popscope import _popscope
    gc.collect()
    before = _popscope._live_reports()
    report = pva.openReport(profile("demo"))
    by_tile = report.compilation.tiles.memory.total.includingGaps  # a view onto the report's data
    steps = list(report.execution.steps[:5])
    assert _popscope._live_reports() == before + 1
    del report, steps
    gc.collect()
    assert _popscope._live_reports() == before + 1  # the array still reads the report's memory
    total = int(sum(by_tile))
    del by_tile
    gc.collect()
    assert _popscope._live_reports() == before and total > 0
    for path, _ in _hostile_corpus(str(tmp_path)):  # failed opens and failed parts keep nothing
        try:
            _read_everything(pva.openReport(path))
        except pva.Error:
            pass
    gc.collect()
    assert _popscope._live_reports() == before


def test_visitor_finds_compute_sets_with_several_vertex_types(tmp_path, export_dir):
    # No sample has such a compute set: give one of demo's a second vertex type, through the JSON form.
    from conftest import exported, run_cli
    import copy
    import json
    doc = copy.deepcopy(exported("demo", export_dir))
    compute_set = doc["compilation"]["computeSets"][3]
    other = (compute_set["vertices"][0]["type"] + 1) % len(doc["compilation"]["vertexTypes"])
    compute_set["vertices"].append({"type": other, "countByTile": [[0, 2], [5, 1]]})
    source, target = tmp_path / "mixed.json", tmp_path / "mixed.pop"
    source.write_text(json.dumps(doc))
    run_cli("import", str(source), "-o", str(target))

    class Visitor(pva.ProgramVisitor):
        def __init__(self):
            self.names = []

        def visitOnTileExecute(self, onTileExecute):
            if len(onTileExecute.computeset.vertices) > 1:
                self.names.append(onTileExecute.name)

    report = pva.openReport(str(target))
    visitor = Visitor()
    for program in report.compilation.programs:
        program.accept(visitor)
    expected = [p["name"] for p in doc["compilation"]["programs"] if p.get("computeSet") == 3]
    assert visitor.names == expected and expected
    added = report.compilation.computeSets[3].vertices[1]
    assert added.type.name == doc["compilation"]["vertexTypes"][other]["name"]
    assert (added.countByTile[0], added.countByTile[5], sum(int(c) for c in added.countByTile)) == (2, 1, 3)
