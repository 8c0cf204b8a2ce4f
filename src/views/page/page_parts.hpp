#pragma once
// Pieces the pages build alike: the red error label, a grey hint line, the chart column, and the
// splitter between the chart and the tables.
#include <QString>
#include <Qt>

class QLabel;
class QSplitter;
class QVBoxLayout;
class QWidget;

namespace popscope::PageParts {

// The one error label of the pages: red, wrapped, selectable (to copy the file's name and the
// problem), hidden until given a text. A page that shows an error instead of its views centres it.
QLabel* errorLabel(QWidget* parent, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter);
QLabel* hintLabel(const QString& text, QWidget* parent); // placeholder-coloured
QVBoxLayout* chartColumn(QWidget* column); // no margins, 2 px between parts
QSplitter* chartAndTables(QWidget* chart, QWidget* tables, QWidget* parent); // 3 : 2, never collapsed

} // namespace popscope::PageParts
