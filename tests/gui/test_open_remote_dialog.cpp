// File > Open Remote…: the address decides whether Open is possible, and a host that cannot be
// reached is named in the dialog, which stays usable (the listing runs off the GUI thread). The
// listing of a real server is tested in tests/remote, against a private sshd.
#include "app/open_remote_dialog.hpp"

#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("Open Remote: Open needs a file address, and an unreachable host is named", "[remote][dialog]")
{
    OpenRemoteDialog dialog(QString(), nullptr);
    dialog.show();
    auto* address = dialog.findChild<QLineEdit*>(QStringLiteral("remoteAddress"));
    auto* status = dialog.findChild<QLabel*>(QStringLiteral("remoteStatus"));
    QPushButton* open = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Open);
    REQUIRE(address);
    REQUIRE(status);
    CHECK_FALSE(open->isEnabled());

    address->setText(QStringLiteral("ssh://nobody@127.0.0.1:1/data/run1/profile.pop"));
    CHECK(open->isEnabled());
    CHECK(dialog.address() == QStringLiteral("ssh://nobody@127.0.0.1:1/data/run1/profile.pop"));
    address->setText(QStringLiteral("not an address"));
    CHECK_FALSE(open->isEnabled());

    // A folder: it is listed after a pause in typing; port 1 refuses at once.
    address->setText(QStringLiteral("ssh://nobody@127.0.0.1:1/data/"));
    CHECK_FALSE(open->isEnabled());
    QElapsedTimer waited;
    waited.start();
    while (!status->text().contains(QStringLiteral("cannot connect")) && waited.elapsed() < 20000)
        QTest::qWait(50);
    CHECK(status->text().contains(QStringLiteral("cannot connect")));
    CHECK(status->text().contains(QStringLiteral("127.0.0.1:1")));
}
