// Insights ▸ Peak liveness in the real window: the box shows core's peak, its worst tiles and
// largest variables, Show in Liveness selects the peak step there, and in compare mode the
// target's box gives the source's peak and the difference.
#include "app/main_window.hpp"
#include "gui_fixture.hpp"
#include "popscope/peak_liveness.hpp"
#include "popscope/report.hpp"
#include "views/insights/insights_page.hpp"
#include "views/insights/peak_liveness_box.hpp"
#include "views/liveness/liveness_page.hpp"
#include "views/liveness/liveness_plot.hpp"

#include <QPushButton>
#include <QTreeView>

#include <catch2/catch.hpp>

using namespace popscope;
using popscope::test::sampleProfile;

TEST_CASE(
    "Insights shows the liveness peak and links to it on the Liveness page", "[insights][liveness][gui]")
{
    test::ShownWindow shown;
    MainWindow& window = shown.window;
    const QString demo = QString::fromUtf8(POPSCOPE_DEMO_PROFILE);
    REQUIRE(openReports(window, demo));
    REQUIRE(showPageAndWait(window, page_ids::insights));
    PeakLivenessBox* box = window.insightsPage()->peakLiveness();
    REQUIRE(box);
    const PeakLiveness expected = analysePeakLiveness(*Report::open(demo.toStdString()));
    REQUIRE(expected.available);
    CHECK(box->summaryText().startsWith(
        QStringLiteral("At liveness step %1 of ").arg(QLocale().toString(expected.step))));
    CHECK(box->summaryText().contains(
        QStringLiteral("The busiest IPU there is IPU %1").arg(expected.busiestIpu)));
    CHECK(box->tilesView()->model()->rowCount() == int(expected.worstTiles.size()));
    CHECK(box->tilesView()->model()->index(0, 0).data().toString()
        == QStringLiteral("Tile %1").arg(expected.worstTiles.front().tile));
    CHECK(box->variablesView()->model()->rowCount() == int(expected.variables.size()));
    CHECK(box->variablesView()->model()->index(0, 0).data().toString()
        == QString::fromStdString(expected.variables.front().name));

    box->showStepButton()->click();
    CHECK(window.currentPage() == page_ids::liveness);
    auto* liveness = qobject_cast<LivenessPage*>(window.page(page_ids::liveness));
    REQUIRE(waitForPage(liveness));
    CHECK(liveness->plot()->selectedSteps() == std::vector<uint32_t> { expected.step });
}

TEST_CASE("Insights in compare mode gives the target's peak against the source's",
    "[insights][liveness][gui][compare]")
{
    test::ShownWindow shown;
    MainWindow& window = shown.window;
    REQUIRE(openReports(window, sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop")));
    REQUIRE(showPageAndWait(window, page_ids::insights));
    const QList<PeakLivenessBox*> boxes = window.page(page_ids::insights)->findChildren<PeakLivenessBox*>();
    REQUIRE(boxes.size() == 2);
    const PeakLiveness source
        = analysePeakLiveness(*Report::open(sampleProfile("batch-4.pop").toStdString()));
    const PeakLiveness target
        = analysePeakLiveness(*Report::open(sampleProfile("batch-8.pop").toStdString()));
    REQUIRE(target.total() > source.total()); // twice the batch
    const auto sourceBox
        = boxes[0]->summaryText().contains(QStringLiteral("The source's peak")) ? boxes[1] : boxes[0];
    const auto targetBox = sourceBox == boxes[0] ? boxes[1] : boxes[0];
    CHECK_FALSE(sourceBox->summaryText().contains(QStringLiteral("The source's peak")));
    CHECK(targetBox->summaryText().contains(QStringLiteral("The source's peak holds")));
    CHECK(targetBox->summaryText().contains(QStringLiteral("+")));
}

TEST_CASE("Insights' tips name each report's levers at its own peak in compare mode",
    "[insights][liveness][gui][compare]")
{
    test::ShownWindow shown;
    MainWindow& window = shown.window;
    REQUIRE(openReports(window, sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop")));
    REQUIRE(showPageAndWait(window, page_ids::insights));
    const QList<InsightsPage*> pages = window.page(page_ids::insights)->findChildren<InsightsPage*>();
    REQUIRE(pages.size() == 2);
    QStringList batches;
    for (InsightsPage* page : pages) {
        const QString tips = page->tipsText();
        const PeakLevers& levers = page->data().peakLiveness.levers;
        CHECK(tips.contains(QStringLiteral("Recomputation: ")));
        CHECK(tips.contains(QStringLiteral("would lower the peak by about %1")
                                .arg(QString::fromStdString(formatBytes(levers.recompute.savingBytes)))));
        CHECK(tips.contains(QStringLiteral("FP16 at the liveness peak: ")));
        CHECK(tips.contains(QStringLiteral("a batch of up to %1 would fit there (today's is %2)")
                                .arg(QString::fromStdString(formatCount(levers.batch.largestBatch)))
                                .arg(levers.batch.batch)));
        batches << QString::number(levers.batch.batch);
    }
    batches.sort();
    CHECK(batches == QStringList { QStringLiteral("4"), QStringLiteral("8") });
}
