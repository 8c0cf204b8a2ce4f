#pragma once
// Summary in compare mode: every figure of both reports' ProfileSummary in adjacent columns, with
// a Diff for every number. Rows are grouped by section (Target, Memory, Memory by category, Graph,
// Cycles by step type, Poplar); categories and step types are matched by name.
#include "models/report_table_model.hpp"
#include "popscope/summary.hpp"

#include <vector>

namespace popscope {

class SummaryFiguresModel : public ReportTableModel {
    Q_OBJECT
public:
    enum Column { Figure, Section, Source, Target, Diff, DiffPercent };
    explicit SummaryFiguresModel(QObject* parent = nullptr);
    void setSummaries(const ProfileSummary* source, const ProfileSummary* target);
    // The row of `figure` in `section`, or -1 (tests).
    int rowOf(const QString& section, const QString& figure) const;
    Kind cellKind(int row, int column) const override;
    bool present(int row, int column) const override;
    QString rowKey(int row) const override { return text(row, Figure); }
    bool isCompared(int) const override { return false; }

protected:
    int rows() const override { return int(m_rows.size()); }
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;
    int64_t signedNumber(int row, int column) const override;
    double fraction(int row, int column) const override;
    QString toolTip(int row, int column) const override;

private:
    enum class Unit { Text, Bytes, Count };
    struct Row {
        QString section, figure;
        Unit unit = Unit::Count;
        uint64_t source = 0, target = 0;
        QString sourceText, targetText;
        bool inSource = true, inTarget = true;
    };
    void add(const QString& section, const QString& figure, Unit unit, uint64_t source, uint64_t target);
    void addText(const QString& section, const QString& figure, const QString& source, const QString& target);
    void addMatched(const QString& section, Unit unit, const std::vector<NamedTotal>& source,
                    const std::vector<NamedTotal>& target, bool categoryLabels);
    std::vector<Row> m_rows;
};

} // namespace popscope
