#include "models/programs/program_tree_model.hpp"

#include "models/compare_colors.hpp"
#include "models/item_roles.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/programs/program_type_style.hpp"
#include "models/qt_text.hpp"
#include "popscope/row_match.hpp"

#include <QBrush>
#include <QFont>

namespace popscope {

namespace {

using Column = ProgramTreeModel::Column;

// A group row ("Control programs", "Functions"): its name, bold, and what it holds.
QVariant groupRowData(const ProgramIndex& x, bool control, int column, int role)
{
    if (role == Qt::DisplayRole && column == Column::Name)
        return control ? QStringLiteral("Control programs (%1)").arg(x.controlPrograms.size())
                       : QStringLiteral("Functions (%1)").arg(x.functions.size());
    if (role == Qt::FontRole) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole)
        return control ? QStringLiteral("The programs the engine runs, in order")
                       : QStringLiteral("Shared programs that Call programs run");
    return {};
}

// One program row's figures: its steps and cycles, and in compare mode the target's cycles.
struct RowFigures {
    uint64_t steps = 0;
    uint64_t cycles = 0;
    uint64_t target = 0;
    bool inTarget = false;
    SignedDiff diff;
};

QString diffText(const RowFigures& f)
{
    return !f.inTarget         ? QStringLiteral("—")
        : f.diff.absolute == 0 ? QStringLiteral("0")
                               : (f.diff.absolute > 0 ? QStringLiteral("+") : QStringLiteral("−"))
            + countText(uint64_t(f.diff.absolute > 0 ? f.diff.absolute : -f.diff.absolute));
}

QString diffPercentText(const RowFigures& f)
{
    if (!f.inTarget)
        return QStringLiteral("only in source");
    if (!f.diff.fraction)
        return f.diff.absolute ? QStringLiteral("from 0") : QStringLiteral("—");
    return (*f.diff.fraction > 0 ? QStringLiteral("+") : QString())
        + QString::number(100.0 * *f.diff.fraction, 'f', 1) + QLatin1Char('%');
}

QVariant displayText(const ProgramRow& p, int column, const RowFigures& f, uint64_t rootCycles)
{
    switch (column) {
    case Column::Name:
        return p.name.empty() ? QStringLiteral("(unnamed)") : toQString(p.name);
    case Column::Type:
        return p.type == "Repeat" ? QStringLiteral("Repeat ×%1").arg(countText(p.repeatCount))
                                  : toQString(p.type);
    case Column::Steps:
        return countText(f.steps);
    case Column::Cycles:
        return countText(f.cycles);
    case Column::Share:
        return rootCycles
            ? QString::number(100.0 * double(f.cycles) / double(rootCycles), 'f', 1) + QLatin1Char('%')
            : QStringLiteral("—");
    case Column::TargetCycles:
        return f.inTarget ? countText(f.target) : QStringLiteral("—");
    case Column::Diff:
        return diffText(f);
    case Column::DiffPercent:
        return diffPercentText(f);
    }
    return {};
}

// The number a column sorts by, or nothing for the columns that sort by their text.
QVariant sortNumber(int column, const RowFigures& f)
{
    switch (column) {
    case Column::Steps:
        return qulonglong(f.steps);
    case Column::Cycles:
        return qulonglong(f.cycles);
    case Column::TargetCycles:
        return qulonglong(f.target);
    case Column::Diff:
        return qlonglong(f.diff.absolute);
    default:
        return {};
    }
}

QVariant toolTip(const ProgramRow& p, int column, const RowFigures& f)
{
    if (column == Column::Name || column == Column::Type)
        return toQString(p.name) + QStringLiteral("\n") + programTypeToolTip(p.type);
    if (column == Column::Cycles)
        return QStringLiteral(
            "Cycles of this program's steps and its children's (a function counts under every Call)");
    if (column == Column::DiffPercent && !f.inTarget)
        return QStringLiteral("No program of this name in the target");
    return {};
}

QVariant foreground(const ProgramRow& p, int column, const RowFigures& f)
{
    if (column == Column::Diff || column == Column::DiffPercent) {
        if (f.inTarget && f.diff.absolute != 0)
            return QBrush(f.diff.absolute > 0 ? CompareColors::worse() : CompareColors::better());
    }
    if (column == Column::Type)
        return QBrush(programTypeColor(p.type).darker(115));
    return {};
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
    if (m_source) {
        const ProgramIndex& index = m_source->programIndex();
        for (uint32_t root : index.controlPrograms)
            m_rootCycles += index.totalCycles[root];
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

uint64_t ProgramTreeModel::sourceCycles(uint32_t program) const
{
    return m_source->programIndex().totalCycles[program];
}

uint64_t ProgramTreeModel::targetCycles(uint32_t program, bool& present) const
{
    const int64_t t = targetProgram(program);
    present = t >= 0;
    return present ? m_target->programIndex().totalCycles[size_t(t)] : 0;
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
    RowFigures f;
    f.steps = m_source->programIndex().totalSteps[size_t(program)];
    f.cycles = sourceCycles(uint32_t(program));
    f.target = m_target ? targetCycles(uint32_t(program), f.inTarget) : 0;
    f.diff = signedDiff(f.cycles, f.target);
    switch (role) {
    case Qt::DisplayRole:
        return displayText(p, column, f, m_rootCycles);
    case SortRole:
        if (QVariant number = sortNumber(column, f); number.isValid())
            return number;
        return data(index, Qt::DisplayRole);
    case Qt::DecorationRole:
        if (column == Name)
            return programTypeIcon(p.type);
        break;
    case Qt::ToolTipRole:
        return toolTip(p, column, f);
    case Qt::TextAlignmentRole:
        if (column >= Steps)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    case Qt::ForegroundRole:
        return foreground(p, column, f);
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
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name:
            return QStringLiteral("Program");
        case Type:
            return QStringLiteral("Type");
        case Steps:
            return QStringLiteral("Steps");
        case Cycles:
            return m_target ? QStringLiteral("Cycles · Source") : QStringLiteral("Cycles");
        case Share:
            return QStringLiteral("% of run");
        case TargetCycles:
            return QStringLiteral("Cycles · Target");
        case Diff:
            return QStringLiteral("Cycles · Diff");
        case DiffPercent:
            return QStringLiteral("Cycles · Diff %");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Steps:
            return QStringLiteral(
                "Execution steps of the program and its children (a Repeat's body runs once per count)");
        case Cycles:
            return QStringLiteral(
                "Cycles of the program's steps and its children's, each step at its slowest IPU");
        case Share:
            return QStringLiteral("Share of the control programs' cycles");
        case TargetCycles:
            return QStringLiteral("The target's program of the same name (the k-th of that name)");
        default:
            break;
        }
    }
    return {};
}

} // namespace popscope
