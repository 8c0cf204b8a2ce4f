#!/usr/bin/env python3
"""Fails when user-visible text in the GUI sources bypasses tr().

    scripts/check-tr.py [SOURCE_ROOT]

Scans src/app, src/views and src/models (under SOURCE_ROOT, the repository by default) for raw
QStringLiteral("...") text handed straight to a setter that shows it: labels, buttons, menus,
tool tips, window titles, placeholders, message boxes, chart titles and legends, tabs, combo box
items, table headers. Such text must go through tr() (QObject classes with Q_OBJECT) or
QCoreApplication::translate() / QT_TRANSLATE_NOOP (free functions, tables), so lupdate puts it in
translations/popscope.ts. Prints file:line for each one and exits 1 if any.

A literal without words (an arrow, a number format, HTML around a %1) is not text to translate and
passes. Python standard library only.
"""
import os
import re
import sys

# Folders or files not checked (none: every user-visible text of the window goes through tr()).
EXCLUDED: list = []

SCANNED = ["src/app", "src/views", "src/models"]

# Names that are the same in every language.
UNTRANSLATED = {"popscope"}

LITERAL = r'QStringLiteral\(\s*"(?P<text>(?:[^"\\]|\\.)*)"'
ARG = r"[^,();]*"  # one simple argument before the text (a parent, a widget, an index)
SETTERS = [
    r"\b(?:setText|setToolTip|setStatusTip|setWhatsThis|setWindowTitle|setPlaceholderText|setTitle"
    r"|setTitleText|setName|setEmptyText|setLabelText|setInformativeText|setDetailedText"
    r"|setPlainText|setSuffix|setPrefix|addAction|addMenu|addItem|addRow|showMessage)\(\s*",
    r"\bnew\s+(?:QLabel|QPushButton|QToolButton|QCheckBox|QRadioButton|QGroupBox|QAction|QMenu"
    r"|QBarSet)\(\s*",
    r"\b(?:addItems|setHeaderLabels|setHorizontalHeaderLabels)\(\s*\{\s*",
    r"\bQMessageBox::\w+\(" + ARG + r",\s*",
    r"\bQMessageBox::\w+\(" + ARG + r",\s*" + ARG + r",\s*",
    r"\bQ(?:Input|File)Dialog::\w+\(" + ARG + r",\s*",
    r"\b(?:addTab|setTabText|insertTab)\(" + ARG + r",\s*",
]
PATTERN = re.compile("(?:" + "|".join(SETTERS) + ")" + LITERAL)


def has_words(text):
    """True when the literal holds words a translator would translate."""
    text = re.sub(r"<[^>]*>", " ", text)  # HTML tags and their attributes
    text = re.sub(r"&\w+;|%\d+|%L?n", " ", text)  # entities and placeholders
    if text.strip() in UNTRANSLATED:
        return False
    return re.search(r"[A-Za-z]{2,}", text) is not None


def check_file(path, relative):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    problems = []
    for match in PATTERN.finditer(source):
        if has_words(match.group("text")):
            line = source.count("\n", 0, match.start("text")) + 1
            problems.append(f'{relative}:{line}: raw text "{match.group("text")}": use tr() or '
                            "QCoreApplication::translate()")
    return problems


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    problems = []
    checked = 0
    for folder in SCANNED:
        for directory, _, files in sorted(os.walk(os.path.join(root, folder))):
            for name in sorted(files):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, root).replace(os.sep, "/")
                if any(relative.startswith(excluded) for excluded in EXCLUDED):
                    continue
                checked += 1
                problems += check_file(path, relative)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-tr: {len(problems)} user-visible text(s) without tr() in {checked} files")
        return 1
    print(f"check-tr: OK: {checked} files, every user-visible literal goes through tr()")
    return 0


if __name__ == "__main__":
    sys.exit(main())
