#include "models/liveness/liveness_view_state.hpp"

#include <QCoreApplication>

#include "models/memory/tile_range_parser.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"
#include "popscope/errors.hpp"
#include "popscope/free_memory.hpp"
#include "popscope/spilled_array.hpp"

#include <algorithm>
#include <cctype>

namespace popscope {

void LivenessViewState::setReports(
    std::shared_ptr<const LoadedReport> source, std::shared_ptr<const LoadedReport> target)
{
    if (source == m_reports[0] && target == m_reports[1])
        return;
    m_reports[0] = std::move(source);
    m_reports[1] = std::move(target);
    listNames();
}

void LivenessViewState::listNames()
{
    m_names = {}; // clear() would keep its capacity
    for (int slot = 0; slot < 2; ++slot) {
        freeMemory(m_byName[slot]);
        m_sorted[slot] = false;
        if (!m_reports[slot])
            continue;
        const VariableTable& variables = m_reports[slot]->variables();
        spill::ScanPacer pacer(1024); // every variable's name and flag are read
        for (size_t v = 0; v < variables.size(); ++v) {
            pacer.step();
            if (!variables.alwaysLive(v))
                m_names << toQString(variables.name(v));
        }
        spill::releaseResidentPages(); // every variable was read
    }
    m_names.removeDuplicates();
}

const std::vector<uint32_t>& LivenessViewState::byName(int slot) const
{
    if (m_sorted[slot] || !m_reports[slot])
        return m_byName[slot];
    // Sorted by name, and by index among equal names: the first of a name is the one the scan
    // of every variable found, which this replaces (twice per lifetime on every refresh).
    const auto& variables = m_reports[slot]->variables();
    std::vector<uint32_t>& order = m_byName[slot];
    for (size_t v = 0; v < variables.size(); ++v)
        if (!variables.alwaysLive(v))
            order.push_back(uint32_t(v));
    std::stable_sort(order.begin(), order.end(),
        [&variables](uint32_t a, uint32_t b) { return variables.name(a) < variables.name(b); });
    m_sorted[slot] = true;
    return order;
}

LivenessScope LivenessViewState::scopeFor(
    int choice, std::vector<uint32_t> selectedTiles, uint32_t commonTiles)
{
    if (choice >= 0)
        return LivenessScope::onIpu(uint32_t(choice));
    if (choice == kSelectedTiles) {
        std::erase_if(selectedTiles, [commonTiles](uint32_t t) { return t >= commonTiles; });
        if (!selectedTiles.empty())
            return LivenessScope::onTiles(std::move(selectedTiles));
    }
    return LivenessScope::allIpus();
}

LivenessPlotData LivenessViewState::build(const LivenessScope& scope, QString* error)
{
    const auto& report = m_reports[0];
    const auto& target = m_reports[1];
    LivenessPlotData data;
    m_match = {};
    if (!report)
        return data;
    m_scope = scope;
    try {
        data.source = livenessSeries(*report->core, m_scope);
        data.sourceSteps = &report->core->liveness();
        data.sourceName = report->fileName();
        if (target) {
            data.target = livenessSeries(*target->core, m_scope);
            data.targetSteps = &target->core->liveness();
            data.targetName = target->fileName();
            m_match = matchSteps(*data.sourceSteps, *data.targetSteps);
            data.match = &m_match;
        }
        m_basis = QString::fromStdString(data.source.basis);
    } catch (const ProfileError& problem) {
        if (error)
            *error = QString::fromUtf8(problem.what());
        data = {};
    }
    data.capacityLabel = m_scope.kind == LivenessScope::Kind::Tiles
        ? QCoreApplication::translate("popscope::LivenessViewState", "Capacity of %1")
              .arg(QString::fromStdString(m_scope.describe()))
        : m_scope.kind == LivenessScope::Kind::Ipu
        ? QCoreApplication::translate("popscope::LivenessViewState", "IPU capacity")
        : QCoreApplication::translate("popscope::LivenessViewState", "Capacity of all IPUs");
    return data;
}

std::vector<uint32_t> LivenessViewState::parseSteps(const QString& text, size_t steps, QString* error)
{
    const TileRangeResult parsed = TileRangeParser::parse(text, uint32_t(steps));
    if (!parsed.ok() || parsed.tiles.empty()) {
        if (error)
            *error = parsed.ok()
                ? QCoreApplication::translate("popscope::LivenessViewState", "no steps given")
                : QString(parsed.error).replace(QStringLiteral("tile"), QStringLiteral("step"));
        return {};
    }
    return parsed.tiles;
}

int64_t LivenessViewState::findVariable(int slot, const QString& name) const
{
    if (slot < 0 || slot > 1 || !m_reports[slot])
        return -1;
    const std::vector<uint32_t>& order = byName(slot);
    const auto& variables = m_reports[slot]->variables();
    const std::string key = name.toStdString();
    const auto found = std::lower_bound(order.begin(), order.end(), key,
        [&variables](uint32_t v, const std::string& wanted) { return variables.name(v) < wanted; });
    return found != order.end() && variables.name(*found) == key ? int64_t(*found) : -1;
}

bool LivenessViewState::addLifetime(const QString& name, QString* error)
{
    if (findVariable(0, name) < 0 && findVariable(1, name) < 0) {
        if (error && !name.isEmpty())
            *error = QCoreApplication::translate("popscope::LivenessViewState",
                "No not-always-live variable is called “%1”. Always-live variables are live "
                "at every step; pick a name from the list.")
                         .arg(name);
        return false;
    }
    m_lifetimes.removeAll(name);
    m_lifetimes << name;
    while (m_lifetimes.size() > kMaxLifetimes)
        m_lifetimes.removeFirst();
    return true;
}

std::vector<LifetimeRow> LivenessViewState::lifetimeRows() const
{
    std::vector<LifetimeRow> rows;
    for (const QString& name : m_lifetimes) {
        LifetimeRow row;
        row.name = name;
        for (int slot = 0; slot < 2; ++slot) {
            const int64_t v = findVariable(slot, name);
            if (v < 0)
                continue;
            const LoadedReport& report = *m_reports[slot];
            (slot == 0 ? row.inSource : row.inTarget) = true;
            const auto ranges = report.variables()[size_t(v)].liveRanges;
            (slot == 0 ? row.source : row.target).assign(ranges.begin(), ranges.end());
            (slot == 0 ? row.sourceBytes : row.targetBytes)
                = variableBytes(*report.core, uint32_t(v), m_scope);
        }
        if (row.inSource || row.inTarget)
            rows.push_back(std::move(row));
    }
    return rows;
}

size_t LivenessViewState::filterSteps(const QString& text, const LivenessCurve* steps)
{
    m_matches.clear();
    const QString needleText = text.trimmed();
    if (needleText.isEmpty() || !steps)
        return 0;
    const std::string needle = needleText.toLower().toStdString();
    // Programs first (fewer than steps), then steps.
    std::vector<uint8_t> programMatches(steps->programs.size(), 0);
    for (size_t p = 0; p < steps->programs.size(); ++p) {
        std::string name(steps->programs.name(p));
        std::transform(
            name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        programMatches[p] = name.find(needle) != std::string::npos;
    }
    size_t count = 0;
    m_matches.resize(steps->numSteps());
    for (size_t s = 0; s < steps->numSteps(); ++s)
        count += m_matches[s] = programMatches[steps->stepProgram[s]];
    return count;
}

std::optional<uint32_t> LivenessViewState::nextMatch(const std::vector<uint32_t>& selected) const
{
    const size_t start = selected.empty() ? 0 : selected.back() + 1;
    for (size_t i = 0; i < m_matches.size(); ++i) {
        const size_t s = (start + i) % m_matches.size();
        if (m_matches[s])
            return uint32_t(s);
    }
    return std::nullopt;
}

LivenessInfo LivenessViewState::info(const LivenessPlotData& d, const std::vector<uint32_t>& selected,
    MemoryUnit unit, uint64_t alwaysLiveVariables, size_t maxStepColumns) const
{
    LivenessInfo info;
    if (!m_reports[0] || !d.sourceSteps || d.source.notAlwaysLive.empty()) {
        if (m_reports[0])
            info.text = QCoreApplication::translate(
                "popscope::LivenessViewState", "This report has no liveness steps.");
        return info;
    }
    info.hasCurve = true;
    const LivenessPeak peak = findPeak(d.source.notAlwaysLive);
    QString scope = QString::fromStdString(m_scope.describe());
    scope[0] = scope[0].toUpper();
    // One line of figures; how the curve was obtained shows in it only when it was computed from
    // the variables (a tile selection without per-tile liveness), else in the tooltip.
    info.text = QCoreApplication::translate(
        "popscope::LivenessViewState", "<b>%1</b>%2 · peak %3 at step %4 <i>%5</i>")
                    .arg(scope,
                        d.source.computedFromVariables
                            ? QStringLiteral(" (") + m_basis.toHtmlEscaped() + QLatin1Char(')')
                            : QString(),
                        bytesText(peak.bytes, unit), countText(peak.step),
                        toQString(d.sourceSteps->stepName(peak.step)).toHtmlEscaped());
    if (d.targetSteps && !d.target.notAlwaysLive.empty()) {
        const LivenessPeak t = findPeak(d.target.notAlwaysLive);
        const int64_t diff = int64_t(t.bytes) - int64_t(peak.bytes);
        info.text
            += QCoreApplication::translate(
                "popscope::LivenessViewState", "; target %1 at step %2 (%3) · steps matched %4 (%5 of %6)")
                   .arg(bytesText(t.bytes, unit), countText(t.step), signedBytesText(diff, unit),
                       m_match.byName
                           ? QCoreApplication::translate("popscope::LivenessViewState", "by program name")
                           : QCoreApplication::translate("popscope::LivenessViewState", "by index"),
                       countText(m_match.matched), countText(d.source.notAlwaysLive.size()));
    }
    // Always-live memory is more than the always-live variables: say what the rest is.
    info.toolTip = QCoreApplication::translate("popscope::LivenessViewState",
        "Curve: %1.<br>Always live %2, of which variables %3; the rest is code, constants, "
        "vertex state and exchange buffers.")
                       .arg(m_basis.toHtmlEscaped(), bytesText(d.source.alwaysLive, unit),
                           bytesText(alwaysLiveVariables, unit));
    if (selected.size() == 1)
        info.text += QCoreApplication::translate(
            "popscope::LivenessViewState", "<br>Selected step %1: <i>%2</i> (%3)")
                         .arg(countText(selected[0]),
                             toQString(d.sourceSteps->stepName(selected[0])).toHtmlEscaped(),
                             QString::fromStdString(d.sourceSteps->stepType(selected[0])));
    else if (selected.size() > 1)
        info.text += QCoreApplication::translate("popscope::LivenessViewState", "<br>%1 steps selected%2")
                         .arg(countText(selected.size()),
                             selected.size() > maxStepColumns ? QCoreApplication::translate(
                                 "popscope::LivenessViewState", " (the tables show the first %1)")
                                                                    .arg(maxStepColumns)
                                                              : QString());
    return info;
}

} // namespace popscope
