// The window with remote reports, against tests/remote's private sshd (hidden tests: tests/remote
// runs them with the addresses in the environment).
// [remote-dialogs]: the questions, answered as a person would. POPSCOPE_REMOTE_UNKNOWN is a report on
// a host not in known_hosts; POPSCOPE_REMOTE_LOCKED one behind a key with the passphrase
// POPSCOPE_REMOTE_PASSPHRASE.
// [remote-faults]: the server killed while a page reads, then back (Retry), and the file replaced on
// the server. POPSCOPE_REMOTE_REPORT is the address, POPSCOPE_REMOTE_LOCAL the same file's local
// path, POPSCOPE_REMOTE_SIGNALS a folder where the test and pytest leave each other marks.
// [remote-stall]: the server stops answering while a page reads (hostile_sftp.py), then answers (Retry).
// [remote-cache-first]: reopened from the disk cache while the server is down, then the server back
// with another version of the file (the same variables).
#include "app/dialog_prompter.hpp"
#include "app/file_changed_bar.hpp"
#include "app/main_window.hpp"
#include "event_loop_gap.hpp"
#include "gui_fixture.hpp"
#include "models/report_state.hpp"
#include "popscope/profile.hpp"
#include "popscope/remote/sftp_file.hpp"
#include "views/page/report_page.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace popscope;

namespace {

// Opens `address` in the window and answers each dialog with `answer`; the texts of the dialogs
// seen, in order. Returns when the report opened or failed (20 s at most).
bool openAnswering(MainWindow& window, const QString& address, const std::function<void(QWidget*)>& answer,
    QStringList* seen)
{
    QTimer watcher;
    watcher.setInterval(50);
    QObject::connect(&watcher, &QTimer::timeout, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal || modal->property("answered").toBool())
            return;
        modal->setProperty("answered", true);
        if (auto* box = qobject_cast<QMessageBox*>(modal))
            *seen << box->text() + QLatin1Char('\n') + box->informativeText();
        else if (auto* input = qobject_cast<QInputDialog*>(modal))
            *seen << input->labelText();
        answer(modal);
    });
    watcher.start();
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.openFile(address);
    QElapsedTimer waited;
    waited.start();
    while (opened.isEmpty() && failed.isEmpty() && waited.elapsed() < 20000)
        QTest::qWait(50);
    return !opened.isEmpty();
}

// Leaves the mark `name` for pytest, or waits (20 s at most) for pytest's.
void mark(const QString& name)
{
    std::ofstream(qEnvironmentVariable("POPSCOPE_REMOTE_SIGNALS").toStdString() + "/" + name.toStdString());
}

bool waitForMark(const QString& name)
{
    const std::string path
        = qEnvironmentVariable("POPSCOPE_REMOTE_SIGNALS").toStdString() + "/" + name.toStdString();
    QElapsedTimer waited;
    waited.start();
    while (!std::filesystem::exists(path) && waited.elapsed() < 20000)
        QTest::qWait(50);
    return std::filesystem::exists(path);
}

// A new run writing over the file: a copy a minute newer renamed into place.
void replaceWithNewerCopy(const std::string& local)
{
    const std::string replacement = local + ".new";
    std::filesystem::copy_file(local, replacement);
    std::filesystem::last_write_time(
        replacement, std::filesystem::last_write_time(local) + std::chrono::seconds(60));
    std::filesystem::rename(replacement, local);
}

// Whether the file-changed bar says the file changed on its server (asked every 200 ms, 20 s at most).
bool changedBarShown(MainWindow& window)
{
    QElapsedTimer waited;
    waited.start();
    while (!window.fileChangedBar()->isVisible() && waited.elapsed() < 20000) {
        window.fileChangedBar()->watcher()->check();
        QTest::qWait(200);
    }
    return window.fileChangedBar()->text().contains(QStringLiteral("changed on its server"));
}

} // namespace

TEST_CASE(
    "a remote report asks about an unknown host and a key's passphrase in dialogs", "[.][remote-dialogs]")
{
    const QString unknown = qEnvironmentVariable("POPSCOPE_REMOTE_UNKNOWN");
    const QString locked = qEnvironmentVariable("POPSCOPE_REMOTE_LOCKED");
    const QString passphrase = qEnvironmentVariable("POPSCOPE_REMOTE_PASSPHRASE");
    REQUIRE_FALSE(unknown.isEmpty());
    MainWindow window;
    window.setInteractive(false);
    DialogPrompter::install(&window);
    window.show();

    QStringList seen;
    const auto clickYes = [](QWidget* modal) {
        if (auto* box = qobject_cast<QMessageBox*>(modal))
            box->button(QMessageBox::Yes)->click();
    };
    CHECK(openAnswering(window, unknown, clickYes, &seen));
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].contains(QStringLiteral("has not connected to 127.0.0.1:")));
    CHECK(seen[0].contains(QStringLiteral("SHA256:")));

    seen.clear();
    const auto typePassphrase = [&](QWidget* modal) {
        if (auto* input = qobject_cast<QInputDialog*>(modal)) {
            input->setTextValue(passphrase);
            input->accept();
        }
    };
    CHECK(openAnswering(window, locked, typePassphrase, &seen));
    REQUIRE(seen.size() == 1); // the host is known now: only the passphrase is asked
    CHECK(seen[0].contains(QStringLiteral("Passphrase for the key")));
    remote::setRemoteSettings({}); // no prompter outlives the window
}

TEST_CASE(
    "a remote report survives its server dying (Retry) and notices its file replaced", "[.][remote-faults]")
{
    const QString address = qEnvironmentVariable("POPSCOPE_REMOTE_REPORT");
    const std::string local = qEnvironmentVariable("POPSCOPE_REMOTE_LOCAL").toStdString();
    REQUIRE_FALSE(address.isEmpty());
    MainWindow window;
    window.setInteractive(false);
    window.show();
    QStringList seen;
    REQUIRE(openAnswering(
        window, address, [](QWidget*) {}, &seen));
    CHECK(seen.isEmpty()); // a known host and a plain key: nothing to ask

    // The server dies: the page whose data was not read (the trace's build opens its own connection)
    // says so, naming the host; the rest works.
    mark(QStringLiteral("opened"));
    REQUIRE(waitForMark(QStringLiteral("killed")));
    CHECK_FALSE(showPageAndWait(window, page_ids::executionTrace));
    ReportPage* trace = window.page(page_ids::executionTrace);
    INFO(trace->loadError().toStdString());
    CHECK(trace->loadError().contains(QStringLiteral("127.0.0.1")));
    CHECK(trace->loadError().contains(QStringLiteral("cannot connect")));
    CHECK(showPageAndWait(window, page_ids::summary));

    // Back: Retry reads the parts over a new connection.
    mark(QStringLiteral("failed"));
    REQUIRE(waitForMark(QStringLiteral("restarted")));
    REQUIRE(window.showPage(page_ids::executionTrace));
    trace->retry();
    CHECK(waitForPage(trace));

    // The file replaced on the server (a new run writing over it): the bar says so, from the SFTP stat.
    replaceWithNewerCopy(local);
    CHECK(changedBarShown(window));
}

TEST_CASE("a remote page whose server stops answering shows its error with Retry in time, the window usable",
    "[.][remote-stall]")
{
    const QString address = qEnvironmentVariable("POPSCOPE_REMOTE_REPORT");
    REQUIRE_FALSE(address.isEmpty());
    remote::RemoteSettings settings = remote::remoteSettings();
    settings.timeoutSeconds = 3; // the longest silence allowed
    remote::setRemoteSettings(settings);
    MainWindow window;
    window.setInteractive(false);
    window.show();
    QStringList seen;
    REQUIRE(openAnswering(
        window, address, [](QWidget*) {}, &seen));

    // The server stops answering reads: the trace page, not read yet, fails within the timeout and
    // 5 s, saying why, while the event loop keeps turning.
    mark(QStringLiteral("opened"));
    REQUIRE(waitForMark(QStringLiteral("killed")));
    const test::EventLoopGaps gaps;
    QElapsedTimer waited;
    waited.start();
    CHECK_FALSE(showPageAndWait(window, page_ids::executionTrace));
    CHECK(waited.elapsed() < (3 + 5) * 1000);
    ReportPage* trace = window.page(page_ids::executionTrace);
    INFO(trace->loadError().toStdString());
    CHECK(trace->loadError().contains(QStringLiteral("sent nothing for 3 s")));
    CHECK(gaps.longestMs() < 3000); // generous, for a loaded machine
    CHECK(showPageAndWait(window, page_ids::summary));

    // Answering again: Retry connects anew and the page shows.
    mark(QStringLiteral("failed"));
    REQUIRE(waitForMark(QStringLiteral("restarted")));
    REQUIRE(window.showPage(page_ids::executionTrace));
    trace->retry();
    CHECK(waitForPage(trace));
    remote::setRemoteSettings({});
}

TEST_CASE("a remote report reopens from the disk cache before the server answers, then is checked",
    "[.][remote-cache-first]")
{
    const QString address = qEnvironmentVariable("POPSCOPE_REMOTE_REPORT");
    const std::string local = qEnvironmentVariable("POPSCOPE_REMOTE_LOCAL").toStdString();
    REQUIRE_FALSE(address.isEmpty());
    QStringList seen;
    {
        MainWindow window;
        window.setInteractive(false);
        DialogPrompter::install(&window); // the window's settings: open from the cache, then check
        window.show();
        REQUIRE(openAnswering(
            window, address, [](QWidget*) {}, &seen));
        CHECK(showPageAndWait(window, page_ids::memory)); // its blocks go to the disk cache
    }
    // The server is down: the Summary and Memory come from the disk, with no handshake to wait for.
    mark(QStringLiteral("cached"));
    REQUIRE(waitForMark(QStringLiteral("killed")));
    MainWindow window;
    window.setInteractive(false);
    DialogPrompter::install(&window);
    window.show();
    REQUIRE(openAnswering(
        window, address, [](QWidget*) {}, &seen));
    CHECK(seen.isEmpty());
    CHECK(showPageAndWait(window, page_ids::memory));

    // The server is back with another version of the file: the background check tells the bar.
    const int64_t opened = window.state()->report()->core->profile().remoteFile()->modified();
    replaceWithNewerCopy(local);
    mark(QStringLiteral("replaced"));
    REQUIRE(waitForMark(QStringLiteral("restarted")));
    CHECK(changedBarShown(window));

    // Reload opens the server's version, not the old one from the disk cache, and reads its parts.
    QSignalSpy reopened(&window, &MainWindow::reportOpened);
    window.reload();
    REQUIRE(reopened.wait(20000));
    CHECK(window.state()->report()->core->profile().remoteFile()->modified() > opened);
    CHECK(showPageAndWait(window, page_ids::programTree));
    CHECK_FALSE(window.fileChangedBar()->isVisible());
    remote::setRemoteSettings({}); // no prompter outlives the window
}
