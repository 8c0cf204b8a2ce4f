#pragma once
// The program tree (control programs and functions) as a lazy Qt tree: a node's children are
// made when the view first asks for them, so bench-large's 83 k programs cost nothing until
// expanded. Programs are shown with their type's colour and icon, steps and cycles (the compiler's
// estimate beside the measured cycles, or alone for a report captured without execution); in compare
// mode each program is matched by name with the target's (the k-th "x" with the k-th "x") and
// shows the target's cycles and the difference. Programs of the operations a page picks are
// highlighted.
#include "models/programs/program_tree_cells.hpp"
#include "popscope/report.hpp"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace popscope {

class ProgramTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // Estimated and EstimateDiff: the compiler's estimate of the same steps and the measured cycles
    // less it (reports with estimates and execution).
    enum Column {
        Name,
        Type,
        Steps,
        Cycles,
        Estimated,
        EstimateDiff,
        Share,
        TargetCycles,
        Diff,
        DiffPercent
    };
    static constexpr int kSingleColumns = Share + 1;

    explicit ProgramTreeModel(QObject* parent = nullptr);

    // `target` null = single mode.
    void setReports(std::shared_ptr<const Report> source, std::shared_ptr<const Report> target);
    const Report* source() const { return m_source.get(); }
    bool isComparing() const { return bool(m_target); }
    // Measured cycles, or the compiler's estimates when a report holds no execution (and both
    // hold estimates): what Cycles, Share and the compare columns show, and their headers say.
    CycleBasis cycleBasis() const { return m_basis; }
    // Whether a column has figures for these reports (the page hides the others).
    bool columnApplies(int column) const;
    // The target's program matched to a source program, or -1.
    int64_t targetProgram(uint32_t sourceProgram) const;
    // Target programs no source program matches (flagged in the page).
    size_t targetOnlyPrograms() const { return m_targetOnly; }

    // The program a row shows, or -1 for the group rows ("Control programs", "Functions").
    int64_t programAt(const QModelIndex& index) const;
    // The row of `program` along its first-parent path (making the nodes on the way).
    QModelIndex indexOfProgram(uint32_t program);
    // Marks these programs (any order); an empty list clears.
    void setHighlighted(const std::vector<uint32_t>& programs);
    bool isHighlighted(uint32_t program) const
    {
        return program < m_highlight.size() && m_highlight[program] == 1;
    }
    // Holds a highlighted program below it (drawn with a lighter tint).
    bool holdsHighlighted(uint32_t program) const
    {
        return program < m_highlight.size() && m_highlight[program] == 2;
    }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    static constexpr int64_t kControlGroup = -1, kFunctionGroup = -2, kRootNode = -3;
    struct Node {
        int64_t program = kRootNode;
        int parent = -1; // node id
        int row = 0;
        bool built = false;
        std::vector<int> children; // node ids
    };
    int nodeOf(const QModelIndex& index) const { return index.isValid() ? int(index.internalId()) : 0; }
    void build(int node) const;
    uint64_t cyclesOf(const Report& report, size_t program) const; // on the basis
    uint64_t sourceCycles(uint32_t program) const;
    uint64_t targetCycles(uint32_t program, bool& present) const;

    std::shared_ptr<const Report> m_source, m_target;
    mutable std::vector<Node> m_nodes;
    std::vector<int32_t> m_targetOf; // per source program (matchRows' rows are 32-bit)
    size_t m_targetOnly = 0;
    uint64_t m_rootCycles = 0; // the control programs' cycles, for Share
    CycleBasis m_basis = CycleBasis::Measured;
    bool m_showsEstimates = false; // measured basis and the source holds estimates
    std::vector<uint8_t> m_highlight; // 1 highlighted, 2 an ancestor of one
};

} // namespace popscope
