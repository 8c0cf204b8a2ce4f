#include "models/programs/program_tree_model.hpp"

#include "models/compare_colors.hpp"
#include "models/item_roles.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/programs/program_type_style.hpp"
#include "models/qt_text.hpp"
#include "popscope/row_match.hpp"

#include <QBrush>
#include <QCoreApplication>
#include <QFont>

namespace popscope {

namespace {

using Column = ProgramTreeModel::Column;

// A group row ("Control programs", "Functions"): its name, bold, and what it holds.
QVariant groupRowData(const ProgramIndex& x, bool control, int column, int role)
{
    if (role == Qt::DisplayRole && column == Column::Name)
        return control ? QCoreApplication::translate("popscope::ProgramTreeModel", "Control programs (%1)")
                             .arg(x.controlPrograms.size())
                       : QCoreApplication::translate("popscope::ProgramTreeModel", "Functions (%1)")
                             .arg(x.functions.size());
    if (role == Qt::FontRole) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole)
        return control ? QCoreApplication::translate(
                   "popscope::ProgramTreeModel", "The programs the engine runs, in order")
                       : QCoreApplication::translate(
                           "popscope::ProgramTreeModel", "Shared programs that Call programs run");
    return {};
}

// Estimates when a report holds no execution and every report holds estimates.
CycleBasis chooseBasis(const Report& source, const Report* target)
{
    const auto executed = [](const Report& r) { return r.stepCycles().size() > 0; };
    const auto estimated = [](const Report& r) { return r.programCycleEstimates().present; };
    const bool allExecuted = executed(source) && (!target || executed(*target));
    const bool allEstimated = estimated(source) && (!target || estimated(*target));
    return !allExecuted && allEstimated ? CycleBasis::Estimated : CycleBasis::Measured;
}

} // namespace

ProgramTreeModel::ProgramTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    m_nodes.push_back({});
}

void ProgramTreeModel::setReports(std::shared_ptr<const Report> source, std::shared_ptr<const Report> target)
{
    beginResetModel();
    m_source = std::move(source);
    m_target = m_source ? std::move(target) : nullptr;
    m_nodes.assign(1, Node {});
    m_targetOf.clear();
    m_targetOnly = 0;
    m_rootCycles = 0;
    m_highlight.clear();
    m_basis = CycleBasis::Measured;
    m_showsEstimates = false;
    if (m_source) {
        m_basis = chooseBasis(*m_source, m_target.get());
        m_showsEstimates = m_basis == CycleBasis::Measured && m_source->programCycleEstimates().present;
        const ProgramIndex& index = m_source->programIndex();
        for (uint32_t root : index.controlPrograms)
            m_rootCycles += cyclesOf(*m_source, root);
        if (m_target) {
            // The names read in place: views of every program's took 13 MiB for bench-huge's pair.
            const auto names = [](const Report& r) {
                const ProgramTable& programs = r.programs();
                return KeyList(programs.size(), [&programs](size_t p) { return programs.name(p); });
            };
            m_targetOf.assign(m_source->programs().size(), -1);
            for (const MatchedRow& m : matchRows(names(*m_source), names(*m_target))) {
                if (m.source >= 0)
                    m_targetOf[size_t(m.source)] = m.target;
                else
                    ++m_targetOnly;
            }
        }
    }
    endResetModel();
}

int64_t ProgramTreeModel::targetProgram(uint32_t sourceProgram) const
{
    return sourceProgram < m_targetOf.size() ? m_targetOf[sourceProgram] : -1;
}

void ProgramTreeModel::build(int node) const
{
    if (m_nodes[size_t(node)].built || !m_source)
        return;
    m_nodes[size_t(node)].built = true;
    const int64_t program = m_nodes[size_t(node)].program;
    const ProgramIndex& index = m_source->programIndex();
    std::vector<int64_t> children;
    if (program == kRootNode) {
        children.push_back(kControlGroup);
        if (!index.functions.empty())
            children.push_back(kFunctionGroup);
    } else if (program == kControlGroup || program == kFunctionGroup) {
        const auto& roots = program == kControlGroup ? index.controlPrograms : index.functions;
        children.assign(roots.begin(), roots.end());
    } else {
        const auto& list = m_source->programs()[size_t(program)].children;
        children.assign(list.begin(), list.end());
    }
    std::vector<int> ids;
    ids.reserve(children.size());
    for (size_t row = 0; row < children.size(); ++row) {
        ids.push_back(int(m_nodes.size()));
        m_nodes.push_back({ children[row], node, int(row), false, {} });
    }
    m_nodes[size_t(node)].children = std::move(ids);
}

int64_t ProgramTreeModel::programAt(const QModelIndex& index) const
{
    if (!index.isValid())
        return -1;
    const int64_t program = m_nodes[size_t(nodeOf(index))].program;
    return program >= 0 ? program : -1;
}

QModelIndex ProgramTreeModel::indexOfProgram(uint32_t program)
{
    if (!m_source || program >= m_source->programs().size())
        return {};
    const ProgramIndex& index = m_source->programIndex();
    const std::vector<uint32_t> path = pathTo(index, program);
    if (path.empty())
        return {};
    // The path starts at a control program or a function root.
    const bool control = std::find(index.controlPrograms.begin(), index.controlPrograms.end(), path.front())
        != index.controlPrograms.end();
    build(0);
    int node = -1;
    for (int child : m_nodes[0].children)
        if (m_nodes[size_t(child)].program == (control ? kControlGroup : kFunctionGroup))
            node = child;
    for (uint32_t step : path) {
        if (node < 0)
            return {};
        build(node);
        int next = -1;
        for (int child : m_nodes[size_t(node)].children)
            if (m_nodes[size_t(child)].program == int64_t(step)) {
                next = child;
                break;
            }
        node = next;
    }
    return node < 0 ? QModelIndex() : createIndex(m_nodes[size_t(node)].row, 0, quintptr(node));
}

void ProgramTreeModel::setHighlighted(const std::vector<uint32_t>& programs)
{
    const size_t n = m_source ? m_source->programs().size() : 0;
    std::vector<uint8_t> marks(n, 0);
    for (uint32_t p : programs)
        if (p < n)
            marks[p] = 1;
    // Their ancestors get a lighter tint, so a collapsed row shows that it holds some.
    const ProgramIndex* tree = m_source ? &m_source->programIndex() : nullptr;
    for (uint32_t p : programs)
        if (p < n)
            for (int64_t a = tree->parent[p]; a >= 0 && marks[size_t(a)] == 0; a = tree->parent[size_t(a)])
                marks[size_t(a)] = 2;
    if (marks == m_highlight)
        return;
    m_highlight = std::move(marks);
    // Only made nodes can be on screen: repaint their rows.
    for (size_t node = 0; node < m_nodes.size(); ++node)
        if (m_nodes[node].built && !m_nodes[node].children.empty()) {
            const QModelIndex parent
                = node == 0 ? QModelIndex() : createIndex(m_nodes[node].row, 0, quintptr(node));
            emit dataChanged(index(0, 0, parent),
                index(int(m_nodes[node].children.size()) - 1, columnCount() - 1, parent),
                { Qt::BackgroundRole, Qt::FontRole });
        }
}

QModelIndex ProgramTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount())
        return {};
    const int node = nodeOf(parent);
    build(node);
    const auto& children = m_nodes[size_t(node)].children;
    if (row >= int(children.size()))
        return {};
    return createIndex(row, column, quintptr(children[size_t(row)]));
}

QModelIndex ProgramTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int parent = m_nodes[size_t(nodeOf(child))].parent;
    if (parent <= 0)
        return {};
    return createIndex(m_nodes[size_t(parent)].row, 0, quintptr(parent));
}

int ProgramTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!m_source || (parent.isValid() && parent.column() != 0))
        return 0;
    const int node = nodeOf(parent);
    build(node);
    return int(m_nodes[size_t(node)].children.size());
}

int ProgramTreeModel::columnCount(const QModelIndex&) const
{
    return m_target ? DiffPercent + 1 : kSingleColumns;
}

bool ProgramTreeModel::hasChildren(const QModelIndex& parent) const
{
    if (!m_source)
        return false;
    if (!parent.isValid())
        return true;
    if (parent.column() != 0)
        return false;
    const int64_t program = m_nodes[size_t(nodeOf(parent))].program;
    if (program == kControlGroup)
        return !m_source->programIndex().controlPrograms.empty();
    if (program == kFunctionGroup)
        return !m_source->programIndex().functions.empty();
    return program >= 0 && !m_source->programs()[size_t(program)].children.empty();
}

bool ProgramTreeModel::columnApplies(int column) const
{
    switch (column) {
    case Steps:
        return m_basis == CycleBasis::Measured;
    case Estimated:
    case EstimateDiff:
        return m_showsEstimates && !m_target; // in compare mode the comparison takes the width
    default:
        return column < columnCount();
    }
}

uint64_t ProgramTreeModel::cyclesOf(const Report& report, size_t program) const
{
    return m_basis == CycleBasis::Estimated ? report.programCycleEstimates().total[program]
                                            : report.programIndex().totalCycles[program];
}

uint64_t ProgramTreeModel::sourceCycles(uint32_t program) const
{
    return cyclesOf(*m_source, program);
}

uint64_t ProgramTreeModel::targetCycles(uint32_t program, bool& present) const
{
    const int64_t t = targetProgram(program);
    present = t >= 0;
    return present ? cyclesOf(*m_target, size_t(t)) : 0;
}

QVariant ProgramTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_source)
        return {};
    const int column = index.column();
    const int64_t program = m_nodes[size_t(nodeOf(index))].program;
    if (program < 0) // a group row
        return groupRowData(m_source->programIndex(), program == kControlGroup, column, role);
    const ProgramRow p = m_source->programs()[size_t(program)];
    ProgramRowFigures f;
    f.steps = m_source->programIndex().totalSteps[size_t(program)];
    f.cycles = sourceCycles(uint32_t(program));
    f.hasEstimate = m_showsEstimates;
    f.estimated = m_showsEstimates ? m_source->programCycleEstimates().total[size_t(program)] : 0;
    f.target = m_target ? targetCycles(uint32_t(program), f.inTarget) : 0;
    f.diff = signedDiff(f.cycles, f.target);
    switch (role) {
    case Qt::DisplayRole:
        return programCellText(p, column, f, m_rootCycles);
    case SortRole:
        if (QVariant number = programCellSortNumber(column, f); number.isValid())
            return number;
        return data(index, Qt::DisplayRole);
    case Qt::DecorationRole:
        if (column == Name)
            return programTypeIcon(p.type);
        break;
    case Qt::ToolTipRole:
        return programCellToolTip(p, column, f, m_basis);
    case Qt::TextAlignmentRole:
        if (column >= Steps)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    case Qt::ForegroundRole:
        return programCellForeground(p, column, f);
    case Qt::BackgroundRole:
        if (size_t(program) < m_highlight.size() && m_highlight[size_t(program)]) {
            QColor tint(0xf2, 0xc1, 0x4e); // amber: the operation's programs; lighter: rows holding some
            tint.setAlpha(m_highlight[size_t(program)] == 1 ? 110 : 40);
            return QBrush(tint);
        }
        break;
    default:
        break;
    }
    return {};
}

QVariant ProgramTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    return programColumnHeader(section, role, bool(m_target), m_basis);
}

} // namespace popscope
