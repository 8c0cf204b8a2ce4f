#pragma once
// Compare mode for any flat table: the source's and the target's rows of the same table joined by
// their key (core's matchRows: a variable's name, a vertex type's, ...). Text columns come from
// whichever side has the row; every compared number becomes Source, Target, Diff and Diff %
// ("—" where a side lacks the row). Rows start ordered by |Diff| of the first compared column,
// largest first; Diff cells are red where the target uses more, green where less.
#include "models/report_table_model.hpp"
#include "popscope/row_match.hpp"

#include <QPointer>

namespace popscope {

class CompareTableModel : public ReportTableModel {
    Q_OBJECT
public:
    // SourceText / TargetText: a text column split in two (setSplitText), e.g. option values.
    enum class Part { Text, Source, Target, Diff, DiffPercent, SourceText, TargetText };

    // Joins `source` and `target` (owned by the caller); call rebuild() after setting both.
    CompareTableModel(ReportTableModel* source, ReportTableModel* target, QObject* parent = nullptr);

    // Joins the two sides again: call once both are set.
    void rebuild();
    // Keep only rows that differ: on one side only, or any shown value changed.
    void setOnlyDifferences(bool only);
    bool onlyDifferences() const { return m_onlyDifferences; }
    // Show each non-key text column as two, Source and Target (Summary's engine options), instead
    // of one "a → b" column. Call before the first rebuild or call rebuild() after.
    void setSplitText(bool split) { m_splitText = split; }
    // Tint the rows that differ (Summary's engine options).
    void setHighlightDifferences(bool highlight) { m_highlight = highlight; }
    bool rowDiffers(int row) const { return differs(m_rows.at(size_t(row))); }
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    int sourceRow(int row) const { return int(m_rows.at(size_t(row)).source); }
    int targetRow(int row) const { return int(m_rows.at(size_t(row)).target); }
    // Which base column and part a column shows.
    int baseColumn(int column) const { return m_map.at(size_t(column)).base; }
    Part part(int column) const { return m_map.at(size_t(column)).part; }
    // The column showing `part` of the base column `base`, or -1.
    int columnOf(int base, Part part) const;
    // The row whose key is `key`, or -1.
    int rowOf(const QString& key) const { return rowOfKey(key.toStdString()); }
    std::string_view keyView(int row) const override;
    bool present(int row, int column) const override;
    QString absentText(int row, int column) const override;

protected:
    int rows() const override { return int(m_rows.size()); }
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;
    int64_t signedNumber(int row, int column) const override;
    double fraction(int row, int column) const override;
    QString toolTip(int row, int column) const override;
    int worseDirection(int column) const override; // the sides' direction for the column

private:
    struct ColumnMap {
        int base = 0;
        Part part = Part::Text;
    };
    uint64_t sideNumber(int row, int base, bool target) const;
    bool differs(const MatchedRow& row) const;
    void sortByLargestChange();
    QPointer<ReportTableModel> m_source;
    QPointer<ReportTableModel> m_target;
    std::vector<ColumnMap> m_map;
    std::vector<MatchedRow> m_rows;
    bool m_onlyDifferences = false;
    bool m_highlight = false;
    bool m_splitText = false;
};

} // namespace popscope
