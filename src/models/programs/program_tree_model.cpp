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
    if (program < 0) { // a group row
        const ProgramIndex& x = m_source->programIndex();
        const bool control = program == kControlGroup;
        if (role == Qt::DisplayRole && column == Name)
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
    const ProgramRow p = m_source->programs()[size_t(program)];
    const ProgramIndex& x = m_source->programIndex();
    const uint64_t cycles = sourceCycles(uint32_t(program));
    bool inTarget = false;
    const uint64_t target = m_target ? targetCycles(uint32_t(program), inTarget) : 0;
    const SignedDiff diff = signedDiff(cycles, target);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Name:
            return p.name.empty() ? QStringLiteral("(unnamed)") : toQString(p.name);
        case Type:
            return p.type == "Repeat" ? QStringLiteral("Repeat ×%1").arg(countText(p.repeatCount))
                                      : toQString(p.type);
        case Steps:
            return countText(x.totalSteps[size_t(program)]);
        case Cycles:
            return countText(cycles);
        case Share:
            return m_rootCycles
                ? QString::number(100.0 * double(cycles) / double(m_rootCycles), 'f', 1) + QLatin1Char('%')
                : QStringLiteral("—");
        case TargetCycles:
            return inTarget ? countText(target) : QStringLiteral("—");
        case Diff:
            return !inTarget         ? QStringLiteral("—")
                : diff.absolute == 0 ? QStringLiteral("0")
                                     : (diff.absolute > 0 ? QStringLiteral("+") : QStringLiteral("−"))
                    + countText(uint64_t(diff.absolute > 0 ? diff.absolute : -diff.absolute));
        case DiffPercent:
            if (!inTarget)
                return QStringLiteral("only in source");
            if (!diff.fraction)
                return diff.absolute ? QStringLiteral("from 0") : QStringLiteral("—");
            return (*diff.fraction > 0 ? QStringLiteral("+") : QString())
                + QString::number(100.0 * *diff.fraction, 'f', 1) + QLatin1Char('%');
        }
        break;
    case SortRole:
        switch (column) {
        case Steps:
            return qulonglong(x.totalSteps[size_t(program)]);
        case Cycles:
            return qulonglong(cycles);
        case TargetCycles:
            return qulonglong(target);
        case Diff:
            return qlonglong(diff.absolute);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::DecorationRole:
        if (column == Name)
            return programTypeIcon(p.type);
        break;
    case Qt::ToolTipRole:
        if (column == Name || column == Type)
            return toQString(p.name) + QStringLiteral("\n") + programTypeToolTip(p.type);
        if (column == Cycles)
            return QStringLiteral(
                "Cycles of this program's steps and its children's (a function counts under every Call)");
        if (column == DiffPercent && !inTarget)
            return QStringLiteral("No program of this name in the target");
        break;
    case Qt::TextAlignmentRole:
        if (column >= Steps)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    case Qt::ForegroundRole:
        if (column == Diff || column == DiffPercent) {
            if (inTarget && diff.absolute != 0)
                return QBrush(diff.absolute > 0 ? CompareColors::worse() : CompareColors::better());
        }
        if (column == Type)
            return QBrush(programTypeColor(p.type).darker(115));
        break;
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
