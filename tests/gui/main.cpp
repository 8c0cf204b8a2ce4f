// test_gui: Catch2 with a QApplication (run with QT_QPA_PLATFORM=offscreen). Catch's implementation is
// compiled once in tests/support/catch_implementation.cpp; the listener needs its external interfaces.
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <catch2/catch.hpp>

#include "catch_session.hpp"

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace {

// Every test case starts from empty settings, also when one run holds several.
struct FreshSettings : Catch::TestEventListenerBase {
    using TestEventListenerBase::TestEventListenerBase;
    void testCaseStarting(const Catch::TestCaseInfo&) override { QSettings().clear(); }
};
CATCH_REGISTER_LISTENER(FreshSettings)

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    Q_INIT_RESOURCE(popscope);
    Q_INIT_RESOURCE(guide);
    QStandardPaths::setTestModeEnabled(true); // QSettings and caches go to a test location
    QApplication::setOrganizationName(QStringLiteral("popscope-tests"));
    QApplication::setApplicationName(QStringLiteral("test_gui"));
    // Each run has settings of its own, so what one test remembers (the last page used, recent
    // files) never reaches another, also when ctest runs them side by side.
    QTemporaryDir settings;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    return popscope::test::runCatchSession(argc, argv);
}
