#pragma once
// The Liveness page's state and logic, without widgets: the open reports' curves in the page's
// scope and their step match, an index of each report's not-always-live variables by name (for
// the lifetimes and their completion), the step filter by program name, and the info line's HTML.
// The page builds and wires widgets over it; tests check it on a profile without a window.
#include "models/liveness/liveness_plot_data.hpp"
#include "models/loaded_report.hpp"
#include "popscope/units.hpp"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace popscope {

// The info line over the plot: figures of the curves and the selection (HTML), and how the curve
// was obtained with what always-live memory holds (the tooltip). No curve: the text says so and
// the tooltip is left as it was.
struct LivenessInfo {
    bool hasCurve = false;
    QString text, toolTip;
};

class LivenessViewState {
public:
    static constexpr int kMaxLifetimes = 12; // lifetime rows under the plot, the latest picks kept
    // The scope box's choices besides an IPU's index.
    static constexpr int kAllIpus = -1;
    static constexpr int kSelectedTiles = -2;

    // The open reports (`target` null outside compare mode). New reports list their variables'
    // names once; the same reports again keep the list and the index.
    void setReports(std::shared_ptr<const LoadedReport> source, std::shared_ptr<const LoadedReport> target);
    const std::shared_ptr<const LoadedReport>& source() const { return m_reports[0]; }
    const std::shared_ptr<const LoadedReport>& target() const { return m_reports[1]; }

    // The scope a choice of the scope box means: an IPU, the selected tiles the reports have in
    // common (all IPUs when none), or all IPUs.
    static LivenessScope scopeFor(int choice, std::vector<uint32_t> selectedTiles, uint32_t commonTiles);
    // Reads both reports' curves in `scope` and, in compare mode, matches their steps. A part that
    // cannot be read leaves the data empty and says why in `error` (the file and the problem).
    LivenessPlotData build(const LivenessScope& scope, QString* error);
    const LivenessScope& scope() const { return m_scope; }
    const StepMatch& match() const { return m_match; }
    // Steps as people type them ("269, 300-310"), each below `steps`; none, with why, when the
    // text names none or one out of range.
    static std::vector<uint32_t> parseSteps(const QString& text, size_t steps, QString* error);

    // The not-always-live variable called `name` in report `slot` (0 source, 1 target), or -1.
    int64_t findVariable(int slot, const QString& name) const;
    // Both reports' not-always-live variables, each name once: the lifetime box's completion.
    const QStringList& variableNames() const { return m_names; }

    // Adds a variable's lifetime by name (moved to the end if picked before); false with a
    // message for people when neither report has it as a not-always-live variable.
    bool addLifetime(const QString& name, QString* error);
    void removeLifetime(const QString& name) { m_lifetimes.removeAll(name); }
    void clearLifetimes() { m_lifetimes.clear(); }
    const QStringList& lifetimeNames() const { return m_lifetimes; }
    // The picked variables' live ranges and bytes in the scope, in each report that has them.
    std::vector<LifetimeRow> lifetimeRows() const;

    // Marks the steps of `steps` whose program name contains `text` (any case); returns how many.
    // Empty text or no steps clears the filter.
    size_t filterSteps(const QString& text, const LivenessCurve* steps);
    const std::vector<uint8_t>& filterMatches() const { return m_matches; }
    // The first marked step after the last selected one, wrapping around; none when none is marked.
    std::optional<uint32_t> nextMatch(const std::vector<uint32_t>& selected) const;

    // The info line for `data` (as build made it) with `selected` steps. `alwaysLiveVariables`
    // is what the always-live variables hold; the tables show `maxStepColumns` steps at most.
    LivenessInfo info(const LivenessPlotData& data, const std::vector<uint32_t>& selected, MemoryUnit unit,
        uint64_t alwaysLiveVariables, size_t maxStepColumns) const;

private:
    void listNames();
    const std::vector<uint32_t>& byName(int slot) const;

    std::shared_ptr<const LoadedReport> m_reports[2];
    // Each report's not-always-live variables by name (4 bytes a variable), sorted at the first
    // lookup: only a page that shows lifetimes pays for it.
    mutable std::vector<uint32_t> m_byName[2];
    mutable bool m_sorted[2] = { false, false };
    QStringList m_names;
    LivenessScope m_scope;
    StepMatch m_match;
    QString m_basis;
    QStringList m_lifetimes;
    std::vector<uint8_t> m_matches;
};

} // namespace popscope
