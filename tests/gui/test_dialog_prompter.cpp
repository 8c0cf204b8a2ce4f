// DialogPrompter: a connection thread's questions shown on the GUI thread, without an sshd. A thread
// whose waiter gave up (the GUI thread itself waiting for it: a loader cancelled or destroyed during
// a reconnect) gets no answer and shows nothing, instead of waiting for a dialog that never comes.
#include "app/dialog_prompter.hpp"

#include <QApplication>
#include <QInputDialog>
#include <QTest>
#include <QTimer>

#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

using namespace popscope;

TEST_CASE(
    "dialog prompter: an asker that gives up while the GUI thread waits for it gets no answer", "[prompter]")
{
    QWidget parent;
    DialogPrompter prompter(&parent);
    std::optional<std::string> answer = std::string("unset");
    std::thread asking([&] {
        const remote::CancelScope cancelled([] { return true; });
        answer = prompter.askSecret("Passphrase for the key /tmp/k:");
    });
    asking.join(); // the GUI thread waits and runs no event: a blocking call would never return
    CHECK_FALSE(answer.has_value());
    QApplication::processEvents(); // the abandoned question is dropped, not shown
    CHECK(QApplication::activeModalWidget() == nullptr);
}

TEST_CASE("dialog prompter: a connection thread's question is answered in a dialog", "[prompter]")
{
    QWidget parent;
    DialogPrompter prompter(&parent);
    QTimer answering;
    answering.setInterval(20);
    QObject::connect(&answering, &QTimer::timeout, [] {
        if (auto* input = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
            input->setTextValue(QStringLiteral("s3cret"));
            input->accept();
        }
    });
    answering.start();
    std::atomic<bool> done = false;
    std::optional<std::string> answer;
    std::thread asking([&] {
        answer = prompter.askSecret("Passphrase for the key /tmp/k:");
        done = true;
    });
    for (int i = 0; i < 1000 && !done; ++i)
        QTest::qWait(20);
    asking.join();
    REQUIRE(answer.has_value());
    CHECK(*answer == "s3cret");
}
