// Finishing touches: the in-app user guide, table column widths, empty states, settings isolation.
#include "app/app_options.hpp"
#include "app/main_window.hpp"
#include "app/settings_location.hpp"
#include "app/user_guide_dialog.hpp"
#include "gui_fixture.hpp"
#include "views/memory/memory_page.hpp"
#include "views/summary/summary_page.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemView>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>

#include <catch2/catch.hpp>

using namespace popscope;
using namespace popscope::test;

TEST_CASE("Help > User Guide shows the guide and its screenshots from the resources", "[polish]")
{
    const QString markdown = UserGuideDialog::guideMarkdown();
    REQUIRE(markdown.startsWith(QStringLiteral("# popscope user guide")));

    MainWindow window;
    window.setInteractive(false);
    UserGuideDialog* guide = window.showUserGuide();
    REQUIRE(guide != nullptr);
    REQUIRE(guide->isVisible());
    REQUIRE(window.showUserGuide() == guide); // one window, raised again
    QTextBrowser* browser = guide->browser();
    REQUIRE(browser->toPlainText().startsWith(QStringLiteral("popscope user guide")));
    REQUIRE(browser->toPlainText().contains(QStringLiteral("Bottom tabs")));
    // Every screenshot the guide refers to is compiled in (resources/guide.qrc).
    QStringList images;
    for (const auto& match :
        QRegularExpression(QStringLiteral("images/[a-z0-9-]+\\.png")).globalMatch(markdown))
        images << match.captured(0);
    images.removeDuplicates();
    REQUIRE(images.size() >= 11); // single-report pages and compare mode
    for (const QString& image : images) {
        INFO(image.toStdString());
        const QVariant data = browser->loadResource(QTextDocument::ImageResource, QUrl(image));
        REQUIRE(!QImage::fromData(data.toByteArray()).isNull());
    }
    guide->close();
}

TEST_CASE("Summary shows 'not recorded' for a missing or epoch timestamp", "[polish]")
{
    REQUIRE(SummaryPage::timestampText("") == QStringLiteral("not recorded"));
    REQUIRE(SummaryPage::timestampText("1970-01-01T00:00:00Z") == QStringLiteral("not recorded"));
    REQUIRE(SummaryPage::timestampText("1970-01-01 00:00:00") == QStringLiteral("not recorded"));
    REQUIRE(SummaryPage::timestampText("2024-05-01T10:20:30Z") == QStringLiteral("2024-05-01T10:20:30Z"));
}

TEST_CASE("table name columns take the room the numbers leave", "[polish]")
{
    GuiFixture f;
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.openFile(QString::fromStdString(f.path));
    REQUIRE(opened.wait(5000));
    REQUIRE(showPageAndWait(window, page_ids::memory));
    MemoryPage* memory = window.memoryPage();
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Variables));
    QTest::qWait(50);
    QAbstractItemView* view = memory->panel(MemoryTab::Variables)->view();
    QHeaderView* header = memory->panel(MemoryTab::Variables)->header();
    REQUIRE(view->textElideMode() == Qt::ElideMiddle);
    REQUIRE(header->logicalIndex(0) == 0); // the name stays the first column
    int total = 0;
    for (int c = 0; c < header->count(); ++c)
        total += header->sectionSize(c);
    // The columns fill the table: no empty right half, no horizontal scrolling.
    REQUIRE(std::abs(total - view->viewport()->width()) <= 2);
    REQUIRE(header->sectionSize(0) > header->sectionSize(1));

    // A wider window gives the extra width to the name column only.
    const int nameBefore = header->sectionSize(0), sizeBefore = header->sectionSize(3);
    window.resize(1700, 900);
    QTest::qWait(50);
    REQUIRE(header->sectionSize(0) > nameBefore);
    REQUIRE(header->sectionSize(3) == sizeBefore);
}

TEST_CASE("tests and screenshots leave the user's settings alone", "[polish]")
{
    const QString app = QStringLiteral("popscope");
    REQUIRE(parseAppOptions(
        { app, QStringLiteral("--demo"), QStringLiteral("--screenshot"), QStringLiteral("x.png") })
                .freshSettings);
    REQUIRE(parseAppOptions({ app, QStringLiteral("--fresh-settings") }).freshSettings);
    REQUIRE(!parseAppOptions({ app, QStringLiteral("--demo") }).freshSettings);

    // test_gui itself runs in Qt's test mode, so its settings are under the test location.
    REQUIRE(QStandardPaths::isTestModeEnabled());
    const QString testConfig = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    REQUIRE(testConfig.contains(QStringLiteral("qttest")));
    // test_gui's main gives each run a folder of its own (outside the user's config too); the app's
    // usual location, which SettingsLocation goes back to, is the test location.
    const QString before = QSettings().fileName();
    REQUIRE(!before.startsWith(QDir::homePath() + QStringLiteral("/.config")));
    QDir runFolder = QFileInfo(before).dir(); // FOLDER/organisation/application.conf
    runFolder.cdUp();
    const auto usual = [&] { return QSettings().fileName().startsWith(testConfig + QLatin1Char('/')); };

    // What popscope --screenshot / --fresh-settings does: a throw-away folder for the run.
    QString freshFile, freshFolder;
    {
        const SettingsLocation fresh(parseAppOptions({ app, QStringLiteral("--fresh-settings") }));
        freshFolder = fresh.folder();
        REQUIRE(!freshFolder.isEmpty());
        REQUIRE(!freshFolder.startsWith(testConfig));
        QSettings settings;
        freshFile = settings.fileName();
        REQUIRE(freshFile.startsWith(freshFolder + QLatin1Char('/')));
        settings.setValue(QStringLiteral("probe"), 42);
        settings.sync();
        REQUIRE(QFileInfo::exists(freshFile));
    }
    REQUIRE(!QFileInfo::exists(freshFolder)); // gone with the run
    REQUIRE(usual()); // and the usual location is back

    // --settings-dir keeps them in the folder a script chose.
    TempDir dir;
    const QString chosen = QString::fromStdString(dir.path().string());
    {
        const SettingsLocation scripted(parseAppOptions({ app, QStringLiteral("--settings-dir"), chosen }));
        REQUIRE(QSettings().fileName().startsWith(chosen + QLatin1Char('/')));
    }
    REQUIRE(usual());
    QSettings::setPath(
        QSettings::NativeFormat, QSettings::UserScope, runFolder.path()); // this run's own again
    REQUIRE(QSettings().fileName() == before);
}
