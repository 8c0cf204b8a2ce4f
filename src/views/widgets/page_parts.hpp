#pragma once
// Pieces the chart pages (Memory, Liveness) build alike: a red error line, a grey hint line, the
// chart column, and the splitter between the chart and the tables.
#include <QString>

class QLabel;
class QSplitter;
class QVBoxLayout;
class QWidget;

namespace popscope::PageParts {

QLabel* errorLabel(QWidget* parent);                       // hidden until given a text
QLabel* hintLabel(const QString& text, QWidget* parent);   // placeholder-coloured
QVBoxLayout* chartColumn(QWidget* column);                 // no margins, 2 px between parts
QSplitter* chartAndTables(QWidget* chart, QWidget* tables, QWidget* parent); // 3 : 2, never collapsed

} // namespace popscope::PageParts
