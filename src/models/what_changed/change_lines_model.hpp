#pragma once
// The What changed table: core's ranked ChangeLines (whatChanged) with Source, Target, Diff and
// Diff % in each line's own unit (bytes, tiles, counts, cycles, shares in percent). Each line links to the
// report and row it comes from (targetAt).
#include "models/navigation_target.hpp"
#include "models/report_table_model.hpp"
#include "popscope/report_comparison.hpp"

#include <vector>

namespace popscope {

class ChangeLinesModel : public ReportTableModel {
    Q_OBJECT
public:
    enum Column { Sentence, Change, Subject, Source, Target, Diff, DiffPercent };
    explicit ChangeLinesModel(QObject* parent = nullptr);
    void setLines(std::vector<ChangeLine> lines);
    const ChangeLine& line(int row) const { return m_lines.at(size_t(row)); }
    // The page and row the line links to.
    NavigationTarget targetAt(int row) const;
    Kind cellKind(int row, int column) const override;
    bool present(int row, int column) const override;
    QString absentText(int row, int column) const override;
    bool isCompared(int) const override { return false; }

protected:
    int rows() const override { return int(m_lines.size()); }
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;
    int64_t signedNumber(int row, int column) const override;
    double fraction(int row, int column) const override;
    QString toolTip(int row, int column) const override;
    int cellWorseDirection(
        int row, int column) const override; // the line's own (efficiency: a fall is worse)

private:
    std::vector<ChangeLine> m_lines;
};

} // namespace popscope
