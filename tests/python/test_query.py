"""popscope.query: SQL over the query schema agrees with popscope.pva and popscope-cli."""
import os
import signal
import subprocess
import sys
import time

import pytest

import popscope
import popscope.pva as pva
from conftest import cli_json, profile


def test_rows_columns_and_dicts_agree_with_pva():
    report = pva.openReport(profile("demo"))
    summary = cli_json("summary", profile("demo"))
    rows = popscope.query(report, "SELECT count(*) AS n, sum(always_live) AS a FROM variables")
    assert rows.columns == ["n", "a"]
    assert rows == [(summary["graph"]["numVariables"], len(report.compilation.alwaysLiveVariables))]
    assert rows.dicts() == [{"n": rows[0][0], "a": rows[0][1]}]
    tiles = popscope.query(profile("demo"), "SELECT count(*) FROM tiles")
    assert tiles[0][0] == report.compilation.target.numTiles
    # The report's own query connection: the same rows.
    assert report.query("SELECT count(*) FROM tiles") == tiles
    pair = report.query("SELECT count(*) FROM target.tiles", target=pva.openReport(profile("batch-8")))
    assert pair[0][0] == pva.openReport(profile("batch-8")).compilation.target.numTiles


def test_two_reports_join_as_compare_reports_them():
    memory = cli_json("compare", profile("batch-4"), profile("batch-8"))["memory"]
    rows = popscope.query(profile("batch-4"), "SELECT (SELECT sum(memory_used) FROM source.tiles), "
                          "(SELECT sum(memory_used) FROM target.tiles)", target=profile("batch-8"))
    assert rows == [(memory["totalIncludingGaps"]["source"], memory["totalIncludingGaps"]["target"])]


def test_writes_and_runaway_queries_raise_pva_error():
    with pytest.raises(pva.Error, match="INSERT is refused"):
        popscope.query(profile("demo"), "INSERT INTO variables(id) VALUES (1)")
    with pytest.raises(pva.Error, match="time limit"):
        popscope.query(profile("demo"), "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
                       "SELECT count(*) FROM n", timeout=0.1)


def test_ctrl_c_stops_a_running_query_with_keyboard_interrupt():
    script = ("import popscope, sys\n"
              "try:\n"
              "    popscope.query(sys.argv[1], 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
              "SELECT count(*) FROM n', timeout=0)\n"
              "except KeyboardInterrupt:\n"
              "    print('interrupted')\n")
    child = subprocess.Popen([sys.executable, "-c", script, profile("demo")], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    time.sleep(1.5)  # the module imported and the query running
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=30)
    assert out.strip() == "interrupted"


def test_to_pandas():
    pandas = pytest.importorskip("pandas")
    frame = popscope.query(profile("demo"), "SELECT id, name FROM variables ORDER BY id LIMIT 5").to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == ["id", "name"] and len(frame) == 5
