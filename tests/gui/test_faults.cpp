// The window under faults: a report's file changed, deleted or cut short while it is open, and a
// corpus of hostile files opened one after another. The window names the file and the problem,
// offers Reload, and keeps the report that was open usable. "[hostile-window]" also runs under
// Xvfb with the xcb platform (scripts/window-check.sh): the real window and real dialogs.
#include "app/file_changed_bar.hpp"
#include "app/main_window.hpp"
#include "gui_fixture.hpp"
#include "hostile_corpus.hpp"
#include "popscope/profile_writer.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
using namespace popscope::test;

namespace {

// Opens `path` and waits for the outcome; true when the report opened.
bool openReportAndWait(MainWindow& window, const QString& path, QString* failure = nullptr)
{
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.openFile(path);
    for (int i = 0; i < 150 && opened.isEmpty() && failed.isEmpty(); ++i)
        opened.wait(100);
    if (failure && !failed.isEmpty())
        *failure = failed.first().at(1).toString();
    return !opened.isEmpty();
}

bool reloadAndWait(MainWindow& window, QString* failure = nullptr)
{
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.reload();
    for (int i = 0; i < 150 && opened.isEmpty() && failed.isEmpty(); ++i)
        opened.wait(100);
    if (failure && !failed.isEmpty())
        *failure = failed.first().at(1).toString();
    return !opened.isEmpty();
}

size_t variableCount(const MainWindow& window)
{
    return window.state()->report()->variables().size();
}

// Writes another profile over `path` the way tools do: beside it, then renamed into place.
void replaceWithSmallerProfile(const TempDir& dir, const std::string& path)
{
    FixtureOptions other;
    other.numVariables = 3;
    writeProfile(makeDocument(other), dir.file("next.pop.tmp"));
    std::filesystem::rename(dir.file("next.pop.tmp"), path);
}

struct WindowWithValidProfile {
    TempDir dir;
    std::string path = writeValidProfile(dir, "open.pop");
    MainWindow window;
    WindowWithValidProfile()
    {
        window.setInteractive(false);
        window.resize(1280, 800);
        window.show();
        REQUIRE(openReportAndWait(window, QString::fromStdString(path)));
        REQUIRE(variableCount(window) == 40);
        REQUIRE(window.fileChangedBar()->text().isEmpty());
    }
};

} // namespace

TEST_CASE("a report whose file is rewritten on disk offers Reload, which opens the new version", "[faults]")
{
    WindowWithValidProfile w;
    replaceWithSmallerProfile(w.dir, w.path);
    w.window.fileChangedBar()->watcher()->check(); // the file system's news or the poll, without waiting
    const QString message = w.window.fileChangedBar()->text();
    CHECK(message.contains(QStringLiteral("open.pop")));
    CHECK(message.contains(QStringLiteral("changed on disk")));
    CHECK(variableCount(w.window) == 40); // nothing changes until the user asks

    REQUIRE(reloadAndWait(w.window));
    CHECK(variableCount(w.window) == 3);
    CHECK(w.window.fileChangedBar()->text().isEmpty());
}

TEST_CASE("a report whose file is deleted stays open and says so", "[faults]")
{
    WindowWithValidProfile w;
    std::filesystem::remove(w.path);
    w.window.fileChangedBar()->watcher()->check();
    const QString message = w.window.fileChangedBar()->text();
    CHECK(message.contains(QStringLiteral("open.pop")));
    CHECK(message.contains(QStringLiteral("deleted or moved")));
    CHECK(message.contains(QStringLiteral("stays open")));
    CHECK(showPageAndWait(w.window, page_ids::memory));
    CHECK(variableCount(w.window) == 40);
}

TEST_CASE(
    "reloading a file cut short in place fails with the file named and keeps the report open", "[faults]")
{
    WindowWithValidProfile w;
    std::filesystem::resize_file(w.path, 8192);
    w.window.fileChangedBar()->watcher()->check();
    CHECK(w.window.fileChangedBar()->text().contains(QStringLiteral("changed on disk")));

    QString failure;
    REQUIRE_FALSE(reloadAndWait(w.window, &failure));
    CHECK(failure.contains(QStringLiteral("open.pop")));
    CHECK((failure.contains(QStringLiteral("truncated")) || failure.contains(QStringLiteral("damaged"))));
    // The report read before the damage is still there and usable; a page whose parts were not read
    // yet says on that page that the file is damaged (the Summary no longer scans whole tables, so
    // Memory's parts are not in SQLite's cache by chance).
    CHECK(variableCount(w.window) == 40);
    if (!showPageAndWait(w.window, page_ids::memory)) {
        const QString error = w.window.page(page_ids::memory)->loadError();
        CHECK(error.contains(QStringLiteral("open.pop")));
        CHECK((error.contains(QStringLiteral("truncated")) || error.contains(QStringLiteral("damaged"))));
    }
    CHECK(showPageAndWait(w.window, page_ids::summary));
}

TEST_CASE("the window opens each hostile file in turn: a dialog names it, the open report stays",
    "[hostile-window]")
{
    WindowWithValidProfile w;
    w.window.setInteractive(true); // real error dialogs, closed below as a person would
    const auto corpus = writeHostileCorpus(w.dir);
    REQUIRE(corpus.size() >= 10);
    for (const HostileFile& file : corpus) {
        INFO(file.what << ": " << file.path);
        QString dialogText;
        QTimer closer;
        closer.setInterval(50);
        QObject::connect(&closer, &QTimer::timeout, [&dialogText] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                dialogText = box->text() + QLatin1Char('\n') + box->informativeText();
                box->reject();
            }
        });
        closer.start();
        QString failure;
        const QString name = QFileInfo(QString::fromStdString(file.path)).fileName();
        if (!openReportAndWait(w.window, QString::fromStdString(file.path), &failure)) {
            for (int i = 0; i < 50 && dialogText.isEmpty(); ++i)
                QTest::qWait(50);
            closer.stop();
            CHECK(dialogText.contains(name));
            CHECK(dialogText.contains(QString::fromStdString(file.problem), Qt::CaseInsensitive));
            CHECK(QApplication::activeModalWidget() == nullptr);
            // The report that was open is still the one shown, and it still works.
            CHECK(QFileInfo(w.window.state()->report()->path).fileName() == QStringLiteral("open.pop"));
            CHECK(variableCount(w.window) == 40);
            continue;
        }
        closer.stop();
        // Opening reads the summary alone, which is intact: the page that reads the damaged part
        // names the file and the problem in place, and the other pages keep working.
        QString pageError;
        for (const char* id : { "memory", "insights", "liveness", "program-tree", "operations" }) {
            const PageId pageId = w.window.pages().find(QString::fromLatin1(id))->id;
            CHECK(w.window.showPage(pageId));
            ReportPage* page = w.window.page(pageId);
            if (!waitForPage(page) && pageError.isEmpty())
                pageError = page->loadError();
        }
        CHECK(pageError.contains(name));
        CHECK(pageError.contains(QString::fromStdString(file.problem), Qt::CaseInsensitive));
        CHECK(showPageAndWait(w.window, page_ids::summary));
        CHECK(QApplication::activeModalWidget() == nullptr);
        REQUIRE(openReportAndWait(w.window, QString::fromStdString(w.path)));
    }
    CHECK(showPageAndWait(w.window, page_ids::memory));
}
