"""The programs' control code and variables (format 1.3) through libpva's fields: each program's
`controlCodeByTile` and `vars`, an exchange's `codeBytesByTile`, a tile's `memory.vertices`, and an
operation's `vars`, checked against the file's tables read with Python's sqlite3 and against the
report's query schema (never through the pva views themselves)."""
import collections
import shutil
import sqlite3
import struct

import pytest

import popscope
import popscope.pva as pva
from conftest import profile

QUICK = ["demo", "pipeline-grouped", "io-tiles-64"]


def table(name, sql):
    with sqlite3.connect(f"file:{profile(name)}?mode=ro", uri=True) as db:
        return db.execute(sql).fetchall()


def query(name, sql):
    return list(popscope.query(profile(name), sql, timeout=0))


def ints(values):
    return [int(v) for v in values]


def children_of(name):
    children = collections.defaultdict(list)
    for parent, child in table(name, "SELECT parent, child FROM program_children"):
        children[parent].append(child)
    return children


def subtree(children, program):
    seen, todo = set(), [program]
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.add(p)
            todo.extend(children[p])
    return seen


def own_control_code(name, num_tiles, tiles_per_ipu):
    """Each program's own control code on every tile, decoded from the run lists."""
    own = collections.defaultdict(lambda: [0] * num_tiles)
    for program, ipu, runs in table(name, "SELECT program, ipu, runs FROM program_control_code"):
        tile = ipu * tiles_per_ipu
        for tiles, size in struct.iter_unpack("<II", runs):
            for t in range(tile, tile + tiles):
                own[program][t] += size
            tile += tiles
        assert tile == (ipu + 1) * tiles_per_ipu
    return own


@pytest.mark.parametrize("name", QUICK)
def test_control_code_by_tile_is_the_subtree_and_fills_the_category(name):
    report = pva.openReport(profile(name))
    target = report.compilation.target
    own = own_control_code(name, target.numTiles, target.tilesPerIpu)
    assert own, "the simulator writes control code per program"
    children = children_of(name)
    programs = report.compilation.programs
    leaves = [0] * target.numTiles
    for program in programs:
        expected = [0] * target.numTiles
        for p in subtree(children, program.id):
            expected = [a + b for a, b in zip(expected, own.get(p, expected))] if p in own else expected
        assert ints(program.controlCodeByTile) == expected, program.name
        if not program.children:
            leaves = [a + b for a, b in zip(leaves, expected)]
    # A tile's controlCode category is its leaf programs' plus the engine's skeleton, the same on
    # every tile (the simulator's controlCodeBytesPerTile).
    category = [0] * target.numTiles
    for tile, size in query(name, "SELECT tile, sum(bytes) FROM tile_memory WHERE category = 'controlCode'"
                                  " AND overlapped = 0 GROUP BY tile"):
        category[tile] = size
    assert len({c - l for c, l in zip(category, leaves)}) == 1
    assert category[0] - leaves[0] > 0


@pytest.mark.parametrize("name", QUICK)
def test_program_and_operation_vars_are_the_brief_vars_of_what_they_use(name):
    report = pva.openReport(profile(name))
    children = children_of(name)
    uses = collections.defaultdict(set)
    for program, variable in table(name, "SELECT program, variable FROM program_variables"):
        uses[program].add(variable)
    assert uses, "the simulator writes the variables each program uses"
    briefs = collections.defaultdict(list)  # variable -> brief ids, numbered variable by variable
    next_id = 0
    tiles = collections.Counter(v for (v,) in query(name, "SELECT variable FROM variable_tiles"))
    for (variable,) in query(name, "SELECT id FROM variables ORDER BY id"):
        briefs[variable] = list(range(next_id, next_id + tiles[variable]))
        next_id += tiles[variable]

    def expected(programs):
        used = set()
        for program in programs:
            for p in subtree(children, program):
                used |= uses[p]
        return sorted(b for v in used for b in briefs[v])

    for program in report.compilation.programs:
        assert sorted(v._id for v in program.vars) == expected([program.id]), program.name
    owned = collections.defaultdict(list)
    for operation, program in query(name, "SELECT operation, program FROM operation_programs"):
        owned[operation].append(program)
    for op in pva.OperationAnalysis(report).operations:
        assert sorted(v._id for v in op.vars) == expected(owned[op.id]), op.name


@pytest.mark.parametrize("name", QUICK)
def test_exchange_code_and_tile_vertices(name):
    report = pva.openReport(profile(name))
    code = collections.defaultdict(dict)
    for exchange, tile, size in query(name, "SELECT exchange, tile, code_bytes FROM exchange_tiles"):
        code[exchange][tile] = size
    exchanges = dict(table(name, "SELECT id, total_bytes FROM exchanges"))
    for program in report.compilation.programs:
        if program.type == pva.Program.Type.DoExchange:
            exchange = table(name, f"SELECT exchange FROM programs WHERE id = {program.id}")[0][0]
            by_tile = ints(program.codeBytesByTile)
            assert {t: b for t, b in enumerate(by_tile) if b} == code[exchange]
            assert program.exchangeBytes == exchanges[exchange]
    types = dict((i, (n, c)) for i, n, c in table(name, "SELECT id, name, code_bytes FROM vertex_types"))
    on_tile = collections.defaultdict(set)
    for vertex_type, tile in query(name, "SELECT DISTINCT vertex_type, tile FROM compute_set_vertices WHERE count > 0"):
        on_tile[tile].add(types[vertex_type])
    for tile in sorted(on_tile)[:3] + [report.compilation.target.numTiles - 1]:
        got = {(v.type.name, v.codeBytes) for v in report.compilation.tiles[tile].memory.vertices}
        assert got == on_tile[tile]


def test_a_profile_of_format_1_2_has_no_program_facts(tmp_path):
    old = str(tmp_path / "old.pop")
    shutil.copy(profile("demo"), old)
    with sqlite3.connect(old) as db:
        db.executescript("DROP TABLE program_control_code; DROP TABLE program_variables;"
                         " DELETE FROM meta WHERE key IN ('rows.program_control_code', 'rows.program_variables');"
                         " UPDATE meta SET value = '2' WHERE key = 'version_minor'")
    db.close()
    report = pva.openReport(old)
    program = report.compilation.programs[0]
    for field in ("controlCodeByTile", "vars"):
        with pytest.raises(AttributeError, match=field + " is not available: .*format 1.2; it comes with format 1.3"):
            getattr(program, field)
        assert not hasattr(program, field)
    # An operation's vars fall back on its debug context's variables.
    for op in pva.OperationAnalysis(report).operations:
        assert sorted(v._id for v in op.vars) == sorted(b._id for variable in op.variables
                                                        for b in report.compilation.loweredVariables.forVariable(variable.id))
