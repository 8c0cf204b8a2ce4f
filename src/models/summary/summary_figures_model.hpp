#pragma once
// Summary in compare mode: every figure of both reports' summary table (summaryFigures, the one
// the CLI and the Summary page show) in adjacent columns, with a Diff for every number. Rows keep
// the table's sections and order; figures are matched by key (SummaryFigure::key) within a section.
#include "models/report_table_model.hpp"
#include "popscope/summary_figures.hpp"

#include <string>
#include <vector>

namespace popscope {

class SummaryFiguresModel : public ReportTableModel {
    Q_OBJECT
public:
    enum Column { Figure, Section, Source, Target, Diff, DiffPercent };
    explicit SummaryFiguresModel(QObject* parent = nullptr);
    void setSummaries(const ProfileSummary* source, const ProfileSummary* target);
    // The row of `figure` in `section`, or -1 (tests).
    int rowOf(std::string_view key) const; // the row of the figure with this key (SummaryFigure::key)
    Kind cellKind(int row, int column) const override;
    bool present(int row, int column) const override;
    bool isCompared(int) const override { return false; }

protected:
    int rows() const override { return int(m_rows.size()); }
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;
    int64_t signedNumber(int row, int column) const override;
    double fraction(int row, int column) const override;
    QString toolTip(int row, int column) const override;
    // Shown as text but a quantity ("74.4%", "1.33 GHz"): aligned with the numbers.
    QVariant data(const QModelIndex& index, int role) const override;

private:
    enum class Unit { Text, Bytes, Count };
    struct Row {
        std::string key;
        QString section, figure;
        Unit unit = Unit::Count;
        uint64_t source = 0, target = 0;
        QString sourceText, targetText;
        bool inSource = true, inTarget = true;
        bool quantityText = false; // a percentage or a frequency kept as each report words it
    };
    void addSection(std::string_view section, const std::vector<SummaryFigure>& source,
        const std::vector<SummaryFigure>& target);
    std::vector<Row> m_rows;
};

} // namespace popscope
