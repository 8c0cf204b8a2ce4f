"""The bridge: a sample profile walked through popscope.pva's libpva API, written as the JSON
interchange form, imported, and compared with the original: no figure the API carries changes."""
import json
import os
import subprocess
import sys

import pytest

from conftest import CLI, SAMPLES, cli_json, profile

# What neither libpva's API nor popscope.pva's carries (docs/python.md, "What cannot survive the trip").
LOST_TABLES = set()
LOST_METRICS = {"parallel efficiency", "tile-cycles waiting for sync"}


STANDIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libpva_standin")


def convert(name, folder, *options, module="popscope"):
    """Converts a sample with popscope.pva, or (module "libpva") with the libpva stand-in: popscope.pva
    with libpva's documented attributes only (libpva_standin/pva.py)."""
    out = os.path.join(folder, name + ".pop")
    env = dict(os.environ, POPSCOPE_CLI=CLI)
    if module == "libpva":
        env["PYTHONPATH"] = os.pathsep.join([STANDIN, env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-m", "popscope.convert", profile(name), "-o", out, "--pva", module,
                           *options], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def converted_once(tmp_path_factory):
    """convert(name) made once for the module: the round-trip tests read the same conversion."""
    made = {}

    def get(name):
        if name not in made:
            made[name] = convert(name, str(tmp_path_factory.mktemp(name)))
        return made[name]
    return get


def unchanged(section):
    return all(section.get(k, 0) == 0 for k in ("addedRows", "removedRows", "grownRows", "shrunkRows"))


@pytest.mark.parametrize("name", SAMPLES)
def test_round_trip_keeps_every_figure_the_api_carries(name, converted_once):
    converted = converted_once(name)
    diff = cli_json("compare", profile(name), converted)
    for table in ("variables", "computeSets", "vertexCode", "vertexState", "exchangeCode", "exchangeBytes",
                  "operationCycles", "operationCode", "operationFlops"):
        assert unchanged(diff[table]), (table, diff[table])
    memory = diff["memory"]
    for figure in ("alwaysLive", "notAlwaysLive", "usedIncludingGaps", "usedExcludingGaps"):
        if figure in memory:
            assert memory[figure]["diff"]["absolute"] == 0, figure
    assert all(c["diff"]["absolute"] == 0 for c in memory["byCategory"]), memory["byCategory"]
    changed = [w for w in diff["whatChanged"] if w["diff"]["absolute"] not in (0, None)]
    assert all(w["table"] in LOST_TABLES or w["metric"] in LOST_METRICS for w in changed), changed
    trace = diff["executionTrace"]
    assert trace["totalCycles"]["source"] == trace["totalCycles"]["target"]
    for state, cycles in trace["stepCycles"]["source"].items():
        assert trace["stepCycles"]["target"][state]["cycles"] == cycles["cycles"], state
    summary = cli_json("summary", converted)
    original = cli_json("summary", profile(name))
    assert summary["execution"] == original["execution"]
    assert summary["graph"]["numComputeSets"] == original["graph"]["numComputeSets"]
    assert summary["memory"]["byCategory"] == original["memory"]["byCategory"]
    assert summary["reportFiles"]["Application Information (app.json)"]  # holds what was left out


def by_name(document):
    contexts = document.get("debugContexts", [])

    def context(index):
        return (contexts[index]["layer"], contexts[index]["name"]) if index >= 0 else None
    names = [v["name"] for v in document["compilation"]["variables"]]
    variables = {v["name"]: (v.get("category", "variable"), v.get("type", ""), v.get("alwaysLive", False), v["size"],
                             sorted(map(tuple, v.get("tiles", []))), v.get("liveRanges", []),
                             context(v.get("debugContext", -1)))
                 for v in document["compilation"]["variables"]}
    programs = [(p["name"], p.get("controlCodeByIpu", []), sorted(names[v] for v in p.get("variables", [])))
                for p in document["compilation"]["programs"]]
    exchanges = sorted((e["name"], e.get("totalBytes", 0)) for e in document["compilation"]["exchanges"])
    operations = [(o["name"], o.get("flops", 0), context(o.get("debugContext", -1))) for o in document["operations"]]
    return variables, programs, exchanges, operations


@pytest.mark.parametrize("name", ["demo", "pipeline-grouped"])
def test_round_trip_keeps_variables_program_facts_and_contexts(name, converted_once, tmp_path):
    converted = converted_once(name)
    documents = [exported(path, str(tmp_path)) for path in (profile(name), converted)]
    original, copy = (by_name(d) for d in documents)
    assert copy[0] == original[0]  # category, element type, size, tiles, live ranges, debug context
    assert copy[1] == original[1]  # each program's own control code and the variables it uses
    assert copy[2] == original[2]  # exchange bytes
    assert copy[3] == original[3]  # operations' FLOPs and debug contexts
    assert any(p[1] for p in original[1]) and any(p[2] for p in original[1])
    assert len(documents[1]["debugContexts"]) == len(documents[0]["debugContexts"])


def exported(path, folder):
    out = os.path.join(folder, os.path.basename(path) + ".json")
    subprocess.run([CLI, "export", path, "-o", out], check=True, capture_output=True)
    with open(out) as f:
        return json.load(f)


def test_through_libpvas_documented_api(tmp_path):
    """What a conversion from libpva keeps, and that its app.json names what libpva lacks."""
    converted = convert("demo", str(tmp_path), module="libpva")
    original, copy = exported(profile("demo"), str(tmp_path)), exported(converted, str(tmp_path))
    left_out = copy["app"]["popscope.convert"]["leftOut"]
    for lacking in ("variables' category", "variables' elementType", "variables' debug contexts",
                    "not-always-live variables' tiles", "the variables each program uses",
                    "bytes moved by each exchange", "operations' FLOPs", "target architecture (Mk2 assumed)"):
        assert lacking in left_out
    assert "programs' control code" not in left_out
    assert copy["generator"] == "popscope.convert (libpva API, pva)"
    # Each program's own control code and the operations' cycles and code come through libpva.
    assert [p.get("controlCodeByIpu") for p in copy["compilation"]["programs"]] == \
        [p.get("controlCodeByIpu") for p in original["compilation"]["programs"]]
    assert [(o["name"], o["cycles"], o["codeBytes"]) for o in copy["operations"]] == \
        [(o["name"], o["cycles"], o["codeBytes"]) for o in original["operations"]]
    diff = cli_json("compare", profile("demo"), converted)  # operations match by layer, which libpva lacks
    for table in ("variables", "computeSets", "vertexCode", "exchangeCode"):
        assert unchanged(diff[table]), (table, diff[table])
    assert all(c["diff"]["absolute"] == 0 for c in diff["memory"]["byCategory"])


def test_tile_liveness_is_written_when_asked_for(tmp_path):
    import popscope.pva as pva
    converted = convert("io-tiles-64", str(tmp_path), "--tile-liveness")
    original, copy = pva.openReport(profile("io-tiles-64")), pva.openReport(converted)
    stored = cli_json("query", converted, "SELECT count(*) FROM liveness_step_tiles WHERE bytes > 0")
    assert stored["rows"][0][0] > 0
    steps = len(original.compilation.livenessProgramSteps)
    tiles = original.compilation.target.numTiles
    for tile in (0, 1, tiles // 2, tiles - 1):
        for step in (0, steps // 3, steps // 2, steps - 1):
            a = original.compilation.livenessProgramSteps[step].notAlwaysLiveMemoryForTile(tile)
            b = copy.compilation.livenessProgramSteps[step].notAlwaysLiveMemoryForTile(tile)
            assert a.bytes == b.bytes


def test_bad_input_names_the_file(tmp_path):
    bad = tmp_path / "bad.pop"
    bad.write_bytes(b"not a profile")
    done = subprocess.run([sys.executable, "-m", "popscope.convert", str(bad), "-o", str(tmp_path / "x.json"),
                           "--pva", "popscope"], capture_output=True, text=True)
    assert done.returncode == 1 and "bad.pop" in done.stderr and "not an SQLite database" in done.stderr


def test_the_converter_knows_every_category_pva_does():
    from popscope import _memory, convert
    assert convert.CATEGORIES == _memory.CATEGORIES
