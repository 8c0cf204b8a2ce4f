// LivenessViewState: the Liveness page's state and logic without widgets, on the sample pipeline
// profiles: the curves and step match core computes, the variable index against a scan of the
// variables, the lifetimes, the step filter and the info line's figures.
#include "gui_fixture.hpp"
#include "models/liveness/liveness_view_state.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"
#include "popscope/liveness.hpp"
#include "popscope/report.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

std::shared_ptr<const LoadedReport> sample(const char* name)
{
    return loadReport(sampleProfile(name));
}

// The first not-always-live variable called `name`, by scanning them all (what the page did).
int64_t scan(const Report& report, std::string_view name)
{
    const auto& variables = report.variables();
    for (size_t v = 0; v < variables.size(); ++v)
        if (!variables[v].alwaysLive && variables[v].name == name)
            return int64_t(v);
    return -1;
}

// The steps whose program contains `needle` in any case, counted apart from the state.
std::vector<uint32_t> stepsNamed(const LivenessCurve& curve, const QString& needle)
{
    std::vector<uint32_t> steps;
    for (size_t s = 0; s < curve.numSteps(); ++s)
        if (toQString(curve.stepName(s)).contains(needle, Qt::CaseInsensitive))
            steps.push_back(uint32_t(s));
    return steps;
}

// The grouped pipeline in the state, its curve of all IPUs built.
struct GroupedPipeline {
    std::shared_ptr<const LoadedReport> report = sample("pipeline-grouped.pop");
    LivenessViewState view;
    QString error;
    LivenessPlotData data;
    GroupedPipeline()
    {
        view.setReports(report, nullptr);
        data = view.build(LivenessScope::allIpus(), &error);
    }
};

} // namespace

TEST_CASE("liveness view state: the curve, the peak and the info line of one report", "[liveness][state]")
{
    GroupedPipeline grouped;
    REQUIRE(grouped.error.isEmpty());
    const LivenessSeries series = livenessSeries(*grouped.report->core, LivenessScope::allIpus());
    REQUIRE(grouped.data.source.notAlwaysLive == series.notAlwaysLive);
    REQUIRE(grouped.data.source.alwaysLive == series.alwaysLive);
    REQUIRE(grouped.data.sourceSteps == &grouped.report->core->liveness());
    REQUIRE(grouped.data.targetSteps == nullptr);
    REQUIRE(grouped.data.sourceName == grouped.report->fileName());
    REQUIRE(grouped.data.capacityLabel == QStringLiteral("Capacity of all IPUs"));

    const LivenessPeak peak = findPeak(series.notAlwaysLive);
    const LivenessCurve& curve = grouped.report->core->liveness();
    const LivenessInfo one = grouped.view.info(grouped.data, { peak.step }, MemoryUnit::Binary, 1234, 8);
    REQUIRE(one.hasCurve);
    REQUIRE(one.text.startsWith(QStringLiteral("<b>All IPUs</b> · peak %1 at step %2 <i>%3</i>")
                                    .arg(bytesText(peak.bytes, MemoryUnit::Binary), countText(peak.step),
                                        toQString(curve.stepName(peak.step)))));
    REQUIRE(one.text.endsWith(QStringLiteral("<br>Selected step %1: <i>%2</i> (%3)")
                                  .arg(countText(peak.step), toQString(curve.stepName(peak.step)),
                                      QString::fromStdString(curve.stepType(peak.step)))));
    REQUIRE(one.toolTip.contains(QString::fromStdString(series.basis)));
    REQUIRE(one.toolTip.contains(
        QStringLiteral("Always live %1, of which variables %2")
            .arg(bytesText(series.alwaysLive, MemoryUnit::Binary), bytesText(1234, MemoryUnit::Binary))));
    const LivenessInfo many
        = grouped.view.info(grouped.data, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, MemoryUnit::Bytes, 0, 8);
    REQUIRE(many.text.endsWith(QStringLiteral("<br>10 steps selected (the tables show the first 8)")));
    REQUIRE(grouped.view.info(grouped.data, { 1, 2 }, MemoryUnit::Bytes, 0, 8)
                .text.endsWith(QStringLiteral("<br>2 steps selected")));

    // No curve: the text says so while a report is open, and nothing once none is.
    const LivenessInfo empty = grouped.view.info({}, {}, MemoryUnit::Binary, 0, 8);
    REQUIRE_FALSE(empty.hasCurve);
    REQUIRE(empty.text == QStringLiteral("This report has no liveness steps."));
    grouped.view.setReports(nullptr, nullptr);
    REQUIRE(grouped.view.info(grouped.data, {}, MemoryUnit::Binary, 0, 8).text.isEmpty());
}

TEST_CASE(
    "liveness view state: the variable index finds what a scan of the variables finds", "[liveness][state]")
{
    const auto source = sample("pipeline-grouped.pop"), target = sample("pipeline-interleaved.pop");
    LivenessViewState view;
    view.setReports(source, target);
    std::set<QString> notAlwaysLive;
    for (int slot = 0; slot < 2; ++slot) {
        const Report& report = *(slot == 0 ? source : target)->core;
        for (const VariableRow v : report.variables()) {
            REQUIRE(
                view.findVariable(slot, QString::fromStdString(std::string(v.name))) == scan(report, v.name));
            if (!v.alwaysLive)
                notAlwaysLive.insert(QString::fromStdString(std::string(v.name)));
        }
    }
    REQUIRE(!notAlwaysLive.empty());
    REQUIRE(size_t(view.variableNames().size()) == notAlwaysLive.size());
    REQUIRE(std::set<QString>(view.variableNames().begin(), view.variableNames().end()) == notAlwaysLive);
    REQUIRE(view.findVariable(0, QStringLiteral("no/such/variable")) == -1);
    REQUIRE(view.findVariable(2, *notAlwaysLive.begin()) == -1);
}

TEST_CASE("liveness view state: lifetimes of picked variables in both reports, the latest twelve",
    "[liveness][state]")
{
    const auto source = sample("pipeline-grouped.pop"), target = sample("pipeline-interleaved.pop");
    LivenessViewState view;
    view.setReports(source, target);
    QString error;
    view.build(LivenessScope::onIpu(1), &error);
    REQUIRE(error.isEmpty());

    const QString name = QStringLiteral("stage0/layer0/dense/fifo/activations");
    REQUIRE(view.addLifetime(name, &error));
    REQUIRE_FALSE(view.addLifetime(QStringLiteral("no/such/variable"), &error));
    REQUIRE(error.contains(QStringLiteral("“no/such/variable”")));
    const auto rows = view.lifetimeRows();
    REQUIRE(rows.size() == 1);
    const int64_t s = scan(*source->core, name.toStdString()), t = scan(*target->core, name.toStdString());
    REQUIRE((s >= 0 && t >= 0));
    REQUIRE(rows[0].inSource);
    REQUIRE(rows[0].inTarget);
    const auto sourceRanges = source->variables()[size_t(s)].liveRanges;
    const auto targetRanges = target->variables()[size_t(t)].liveRanges;
    REQUIRE(
        std::equal(rows[0].source.begin(), rows[0].source.end(), sourceRanges.begin(), sourceRanges.end()));
    REQUIRE(
        std::equal(rows[0].target.begin(), rows[0].target.end(), targetRanges.begin(), targetRanges.end()));
    REQUIRE(rows[0].sourceBytes == variableBytes(*source->core, uint32_t(s), LivenessScope::onIpu(1)));
    REQUIRE(rows[0].targetBytes == variableBytes(*target->core, uint32_t(t), LivenessScope::onIpu(1)));

    // More picks than rows: the oldest go; picking one again moves it to the end.
    const QStringList& names = view.variableNames();
    REQUIRE(names.size() > LivenessViewState::kMaxLifetimes);
    for (int i = 0; i <= LivenessViewState::kMaxLifetimes; ++i)
        REQUIRE(view.addLifetime(names[i], &error));
    REQUIRE(view.lifetimeNames().size() == LivenessViewState::kMaxLifetimes);
    REQUIRE(view.lifetimeNames().front() == names[1]);
    REQUIRE(view.addLifetime(names[1], &error));
    REQUIRE(view.lifetimeNames().back() == names[1]);
    view.removeLifetime(names[1]);
    REQUIRE(!view.lifetimeNames().contains(names[1]));
    view.clearLifetimes();
    REQUIRE(view.lifetimeRows().empty());
}

TEST_CASE("liveness view state: the step filter marks the steps of matching programs", "[liveness][state]")
{
    GroupedPipeline grouped;
    const std::vector<uint32_t> expected
        = stepsNamed(*grouped.data.sourceSteps, QStringLiteral("MatMulGradWeights"));
    REQUIRE(expected.size() >= 2);
    REQUIRE(grouped.view.filterSteps(QStringLiteral("  matmulgradWEIGHTS "), grouped.data.sourceSteps)
        == expected.size());
    std::vector<uint32_t> marked;
    for (size_t s = 0; s < grouped.view.filterMatches().size(); ++s)
        if (grouped.view.filterMatches()[s])
            marked.push_back(uint32_t(s));
    REQUIRE(marked == expected);
    REQUIRE(grouped.view.nextMatch({}) == expected.front());
    REQUIRE(grouped.view.nextMatch({ expected.front() }) == expected[1]);
    REQUIRE(grouped.view.nextMatch({ expected.back() }) == expected.front()); // wraps around
    REQUIRE(
        grouped.view.filterSteps(QStringLiteral("no program is called this"), grouped.data.sourceSteps) == 0);
    REQUIRE(!grouped.view.nextMatch({}));
    REQUIRE(grouped.view.filterSteps(QString(), grouped.data.sourceSteps) == 0);
    REQUIRE(grouped.view.filterMatches().empty());

    // Steps typed by people (--steps, What changed's links): in range, sorted, said as steps.
    const size_t steps = grouped.data.source.notAlwaysLive.size();
    REQUIRE(LivenessViewState::parseSteps(QStringLiteral("%1, 3-5 1").arg(steps - 1), steps, &grouped.error)
        == std::vector<uint32_t> { 1, 3, 4, 5, uint32_t(steps - 1) });
    REQUIRE(LivenessViewState::parseSteps(QString::number(steps), steps, &grouped.error).empty());
    REQUIRE(grouped.error.contains(QStringLiteral("step")));
    REQUIRE_FALSE(grouped.error.contains(QStringLiteral("tile")));
    REQUIRE(LivenessViewState::parseSteps(QStringLiteral(" "), steps, &grouped.error).empty());
    REQUIRE(grouped.error == QStringLiteral("no steps given"));
}

TEST_CASE(
    "liveness view state: compare mode matches the steps, the scopes, a missing IPU", "[liveness][state]")
{
    const auto source = sample("pipeline-grouped.pop"), target = sample("pipeline-interleaved.pop");
    LivenessViewState view;
    view.setReports(source, target);
    QString error;
    const LivenessPlotData data = view.build(LivenessScope::onIpu(0), &error);
    REQUIRE(error.isEmpty());
    const StepMatch match = matchSteps(source->core->liveness(), target->core->liveness());
    REQUIRE(data.match == &view.match());
    REQUIRE(view.match().targetOf == match.targetOf);
    REQUIRE(
        data.target.notAlwaysLive == livenessSeries(*target->core, LivenessScope::onIpu(0)).notAlwaysLive);
    REQUIRE(data.capacityLabel == QStringLiteral("IPU capacity"));
    const LivenessInfo info = view.info(data, {}, MemoryUnit::Binary, 0, 8);
    REQUIRE(info.text.contains(
        QStringLiteral("steps matched %1 (%2 of %3)")
            .arg(match.byName ? QStringLiteral("by program name") : QStringLiteral("by index"),
                countText(match.matched), countText(data.source.notAlwaysLive.size()))));

    REQUIRE(LivenessViewState::scopeFor(2, {}, 100) == LivenessScope::onIpu(2));
    REQUIRE(
        LivenessViewState::scopeFor(LivenessViewState::kAllIpus, { 1, 2 }, 100) == LivenessScope::allIpus());
    REQUIRE(LivenessViewState::scopeFor(LivenessViewState::kSelectedTiles, { 0, 5, 150 }, 100)
        == LivenessScope::onTiles({ 0, 5 }));
    REQUIRE(LivenessViewState::scopeFor(LivenessViewState::kSelectedTiles, { 150 }, 100)
        == LivenessScope::allIpus());

    // An IPU the reports lack: no curve, and why.
    const uint32_t missing = source->summary.target.numIpus + 1;
    const LivenessPlotData none = view.build(LivenessScope::onIpu(missing), &error);
    REQUIRE(!error.isEmpty());
    REQUIRE(none.sourceSteps == nullptr);
    REQUIRE(none.source.notAlwaysLive.empty());
}
