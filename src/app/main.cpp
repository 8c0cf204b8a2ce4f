// popscope: the desktop analyser for Graphcore IPU profiles.
#include "app/app_options.hpp"
#include "app/dialog_prompter.hpp"
#include "app/main_window.hpp"
#include "app/memory_allocator.hpp"
#include "app/settings_location.hpp"
#include "app/simulation_script.hpp"
#include "app/window_script.hpp"
#include "models/cache_folder.hpp"
#include "popscope/version.hpp"

#include <QApplication>
#include <QIcon>

#include <cstdio>

namespace {

// Prints --help / --version text or the arguments' error; the exit code, or -1 to go on.
int answerWithoutWindow(const popscope::AppOptions& options)
{
    if (!options.error.isEmpty()) {
        std::fprintf(
            stderr, "popscope: %s\nRun popscope --help for the options.\n", qPrintable(options.error));
        return 1;
    }
    if (!options.message.isEmpty()) {
        std::fputs(qPrintable(options.message), stdout);
        return 0;
    }
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    popscope::configureMemoryAllocator(argv); // before any thread
    QCoreApplication::setOrganizationName(QStringLiteral("popscope"));
    QCoreApplication::setApplicationName(QStringLiteral("popscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(POPSCOPE_VERSION));

    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    // Whatever needs no window works with no display (ssh, man page generation): the arguments are
    // read before the QApplication, which connects to the display, exists. --help and --version
    // are answered under a QCoreApplication (the help names the program from it); an error too,
    // unless it may come from an option of QApplication's own (-platform, -style), which the
    // QApplication takes out of the arguments.
    const popscope::AppOptions early = popscope::parseAppOptions(arguments);
    if (!early.message.isEmpty()) {
        const QCoreApplication textOnly(argc, argv);
        return answerWithoutWindow(popscope::parseAppOptions(QCoreApplication::arguments()));
    }
    if (!early.error.isEmpty() && !popscope::mayHoldQtOptions(arguments))
        return answerWithoutWindow(early);

    QApplication app(argc, argv);
    Q_INIT_RESOURCE(popscope);
    Q_INIT_RESOURCE(guide);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/popscope.svg")));
    popscope::startSpilling(); // a large report's names and tiles in the page cache, not the heap

    popscope::AppOptions options = popscope::parseAppOptions(QApplication::arguments());
    if (const int code = answerWithoutWindow(options); code >= 0)
        return code;
    // --fresh-settings (and --screenshot): settings live in a throw-away folder, so the window
    // shows the defaults and the user's own settings are neither read nor changed.
    const popscope::SettingsLocation settings(options);
    popscope::MainWindow window;
    // Host keys and passphrases of remote reports are asked in dialogs; a scripted run (--screenshot)
    // has nobody to ask, so it refuses unknown hosts rather than wait.
    popscope::DialogPrompter::install(options.screenshot.isEmpty() ? &window : nullptr);
    window.show();
    if (!options.simulate.isEmpty())
        (new popscope::SimulationScript(&window, options))->start();
    else
        (new popscope::WindowScript(&window, options))->start();
    return app.exec();
}
