#include "models/summary/summary_figures_model.hpp"

#include "popscope/row_match.hpp"
#include "popscope/summary_figures.hpp"

#include <algorithm>

namespace popscope {

namespace {

// "memory" of "memory.share-used": the section a figure joins within.
std::string_view sectionKey(const SummaryFigure& f)
{
    return std::string_view(f.key).substr(0, f.key.find('.'));
}

// Long texts (a Poplar version with its build) would push the numbers out of a small window.
QString shortened(const QString& text)
{
    return text.size() > 26 ? text.left(24) + QStringLiteral("…") : text;
}
} // namespace

SummaryFiguresModel::SummaryFiguresModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Figure"), Kind::Text, {} }, { tr("Section"), Kind::Text, {} },
        { tr("Source"), Kind::Count, tr("In the source report") },
        { tr("Target"), Kind::Count, tr("In the target report") },
        { tr("Diff"), Kind::DiffCount, tr("Target − source") },
        { tr("Diff %"), Kind::Percent, tr("(Target − source) ÷ source") } });
}

// One row per figure of either report, matched by key within each section, in the table's order.
void SummaryFiguresModel::setSummaries(const ProfileSummary* s, const ProfileSummary* t)
{
    beginResetModel();
    m_rows.clear();
    if (s && t) {
        const std::vector<SummaryFigure> source = summaryFigures(*s), target = summaryFigures(*t);
        // Sections by their key (a figure key's first part), in the source's order, then the target's.
        std::vector<std::string_view> sections;
        for (const auto* figures : { &source, &target })
            for (const SummaryFigure& f : *figures)
                if (std::find(sections.begin(), sections.end(), sectionKey(f)) == sections.end())
                    sections.push_back(sectionKey(f));
        for (std::string_view section : sections)
            addSection(section, source, target);
    }
    endResetModel();
}

void SummaryFiguresModel::addSection(std::string_view section, const std::vector<SummaryFigure>& source,
    const std::vector<SummaryFigure>& target)
{
    std::vector<const SummaryFigure*> a, b;
    std::vector<std::string_view> aKeys, bKeys;
    for (const SummaryFigure& f : source)
        if (sectionKey(f) == section) {
            a.push_back(&f);
            aKeys.push_back(f.key);
        }
    for (const SummaryFigure& f : target)
        if (sectionKey(f) == section) {
            b.push_back(&f);
            bKeys.push_back(f.key);
        }
    for (const MatchedRow& m : matchRows(aKeys, bKeys)) {
        const SummaryFigure* from = m.source >= 0 ? a[size_t(m.source)] : nullptr;
        const SummaryFigure* to = m.target >= 0 ? b[size_t(m.target)] : nullptr;
        const SummaryFigure& named = from ? *from : *to;
        Row row;
        row.key = named.key;
        row.section = QString::fromStdString(named.section);
        row.figure = QString::fromStdString(named.label);
        const bool counted = named.kind == FigureKind::Count || named.kind == FigureKind::Cycles;
        row.unit = named.kind == FigureKind::Bytes ? Unit::Bytes : counted ? Unit::Count : Unit::Text;
        if (row.unit == Unit::Text) {
            // Shown as each report says it ("1.33 GHz", "32.1%"); a report without the figure shows a dash.
            row.sourceText = from ? QString::fromStdString(figureText(*from)) : QStringLiteral("—");
            row.targetText = to ? QString::fromStdString(figureText(*to)) : QStringLiteral("—");
        } else {
            row.source = from ? from->number : 0;
            row.target = to ? to->number : 0;
        }
        row.inSource = from != nullptr;
        row.inTarget = to != nullptr;
        row.quantityText = named.kind == FigureKind::Percent || named.kind == FigureKind::Hz;
        m_rows.push_back(std::move(row));
    }
}

int SummaryFiguresModel::rowOf(std::string_view key) const
{
    for (size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r].key == key)
            return int(r);
    return -1;
}

ReportTableModel::Kind SummaryFiguresModel::cellKind(int row, int column) const
{
    const Unit unit = m_rows[size_t(row)].unit;
    if (unit == Unit::Text && column >= Source)
        return Kind::Text;
    const bool bytes = unit == Unit::Bytes;
    switch (column) {
    case Source:
    case Target:
        return bytes ? Kind::Bytes : Kind::Count;
    case Diff:
        return bytes ? Kind::DiffBytes : Kind::DiffCount;
    default:
        return columnKind(column);
    }
}

QVariant SummaryFiguresModel::data(const QModelIndex& index, int role) const
{
    if (role == Qt::TextAlignmentRole && index.isValid() && index.column() >= Source
        && m_rows[size_t(index.row())].quantityText)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    return ReportTableModel::data(index, role);
}

bool SummaryFiguresModel::present(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    if (r.unit == Unit::Text)
        return true;
    switch (column) {
    case Source:
        return r.inSource;
    case Target:
        return r.inTarget;
    case DiffPercent:
        return r.inSource && r.source > 0;
    default:
        return true;
    }
}

QString SummaryFiguresModel::toolTip(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    if (r.unit == Unit::Text && (column == Source || column == Target))
        return column == Source ? r.sourceText : r.targetText; // the whole text of a shortened cell
    return {};
}

QString SummaryFiguresModel::text(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    switch (column) {
    case Section:
        return r.section;
    case Figure:
        return r.figure;
    case Source:
        return shortened(r.sourceText);
    case Target:
        return shortened(r.targetText);
    case Diff:
        return r.sourceText == r.targetText ? QString() : tr("differs");
    default:
        return {};
    }
}

uint64_t SummaryFiguresModel::number(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    return column == Source ? r.source : column == Target ? r.target : 0;
}

int64_t SummaryFiguresModel::signedNumber(int row, int) const
{
    const Row& r = m_rows[size_t(row)];
    return signedDiff(r.source, r.target).absolute;
}

double SummaryFiguresModel::fraction(int row, int) const
{
    const Row& r = m_rows[size_t(row)];
    return signedDiff(r.source, r.target).fraction.value_or(0.0);
}

} // namespace popscope
