// The window's questions for a remote report, answered as a person would (hidden: tests/remote runs
// it against its private sshd). POPSCOPE_REMOTE_UNKNOWN is a report on a host not in known_hosts;
// POPSCOPE_REMOTE_LOCKED one behind a key with the passphrase POPSCOPE_REMOTE_PASSPHRASE.
#include "app/dialog_prompter.hpp"
#include "app/main_window.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <catch2/catch.hpp>

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
