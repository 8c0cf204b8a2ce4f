// test_gui: Catch2 with a QApplication (run with QT_QPA_PLATFORM=offscreen).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QStandardPaths>

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
    return Catch::Session().run(argc, argv);
}
