// popscope: the desktop analyser for Graphcore IPU profiles.
#include "app/app_options.hpp"
#include "app/main_window.hpp"
#include "app/settings_location.hpp"
#include "app/window_script.hpp"

#include <QApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    Q_INIT_RESOURCE(popscope);
    Q_INIT_RESOURCE(guide);
    QApplication::setOrganizationName(QStringLiteral("popscope"));
    QApplication::setApplicationName(QStringLiteral("popscope"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/popscope.svg")));

    popscope::AppOptions options = popscope::parseAppOptions(QApplication::arguments());
    if (!options.error.isEmpty()) {
        std::fprintf(stderr, "popscope: %s\nRun popscope --help for the options.\n", qPrintable(options.error));
        return 1;
    }
    // --fresh-settings (and --screenshot): settings live in a throw-away folder, so the window
    // shows the defaults and the user's own settings are neither read nor changed.
    const popscope::SettingsLocation settings(options);
    popscope::MainWindow window;
    auto* script = new popscope::WindowScript(&window, options);
    window.show();
    script->start();
    return app.exec();
}
