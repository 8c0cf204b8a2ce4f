#!/usr/bin/env python3
"""Checks what lupdate extracts from the GUI sources, as the translation template target does.

    check_template.py LUPDATE MIN_MESSAGES -- LUPDATE_ARGS...

Runs LUPDATE with LUPDATE_ARGS into a temporary .ts file and fails unless
  - lupdate exists and runs without warnings (a tr() in a class without Q_OBJECT, a tr() lupdate
    cannot read, a class it cannot place in its namespace: each gives text a context the running
    program never asks for);
  - it finds at least MIN_MESSAGES messages;
  - known window text is among them (menus, a Memory page header, empty states).
Python standard library only.
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# (context, source text): one from each part of the window.
EXPECTED = [
    ("popscope::MainWindow", "&File"),
    ("popscope::MainWindow", "&Open…"),
    ("popscope::MainWindow", "&Compare Two Reports…"),
    ("popscope::BuiltInPages", "Memory"),
    ("popscope::MemoryPage", "Breakdown:"),
    ("popscope::MemoryTablesView", "Variables"),
    ("popscope::DetailsModel", "Memory including gaps"),
    ("popscope::VariablesModel", "Always live"),
    ("popscope::StartPage", "No recent reports yet. Open one with “Open a report…”, or try the demo."),
    ("popscope::TablePanel", "Nothing to show."),
    ("popscope::SummaryPage", "No report open"),
    ("popscope::InsightsCharts", "Tiles"),
    ("popscope::ExecutionTracePage", "Open a report to see its execution trace."),
    ("popscope::WhatChangedPage", "What changed needs two reports"),
]


def main():
    if len(sys.argv) < 4 or sys.argv[3] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    lupdate, minimum, args = sys.argv[1], int(sys.argv[2]), sys.argv[4:]
    if not lupdate or lupdate.endswith("NOTFOUND") or not os.access(lupdate, os.X_OK):
        print("FAIL: lupdate not found: install qt6-l10n-tools (scripts/packages-test.txt; Debian puts "
              "lupdate in /usr/lib/qt6/bin), then configure again")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        ts = os.path.join(folder, "popscope.ts")
        run = subprocess.run([lupdate, *args, "-ts", ts], capture_output=True, text=True)
        output = run.stdout + run.stderr
        if run.returncode != 0 or not os.path.exists(ts):
            print(f"FAIL: lupdate exited {run.returncode}:\n{output}")
            return 1
        warnings = [line for line in output.splitlines() if line.startswith("/") or "warning" in line.lower()]
        messages = {}
        for context in ET.parse(ts).getroot().iter("context"):
            name = context.findtext("name")
            for message in context.iter("message"):
                messages.setdefault(name, set()).add(message.findtext("source"))
    status = 0
    for warning in warnings:
        print(f"FAIL: lupdate warns: {warning}")
        status = 1
    count = sum(len(texts) for texts in messages.values())
    if count < minimum:
        print(f"FAIL: lupdate finds {count} messages, fewer than {minimum}: is text losing its tr()?")
        status = 1
    for context, text in EXPECTED:
        if text not in messages.get(context, set()):
            print(f"FAIL: '{text}' is not in context {context} of the template")
            status = 1
    if status == 0:
        print(f"ok: lupdate finds {count} messages in {len(messages)} contexts, the expected ones among them")
    return status


if __name__ == "__main__":
    sys.exit(main())
