#include "app/app_options.hpp"

#include "app/page_registry.hpp"
#include "popscope/version.hpp"

#include <QCommandLineParser>
#include <QRegularExpression>

namespace popscope {

namespace {

// --page's help: every page the registry holds, so the help cannot drift from what --page accepts.
QString pageOptionHelp()
{
    const PageRegistry registry = builtInPages();
    QStringList pages;
    for (const PageInfo& info : registry.pages()) {
        if (info.needs == PageInfo::Needs::Planned)
            continue;
        QString text = info.id;
        if (!info.aliases.isEmpty())
            text += QStringLiteral(" (or %1)").arg(info.aliases.join(QStringLiteral(", ")));
        if (info.needs == PageInfo::Needs::Comparison)
            text += QStringLiteral(" (compare mode)");
        pages << text;
    }
    pages << QStringLiteral("start");
    return QStringLiteral("Report to show: %1.").arg(pages.join(QStringLiteral(", ")));
}

} // namespace

bool mayHoldQtOptions(const QStringList& arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if (argument == QStringLiteral("--"))
            break; // what follows is a file name
        if (argument.size() > 2 && argument[0] == QLatin1Char('-') && argument[1] != QLatin1Char('-'))
            return true;
    }
    return false;
}

AppOptions parseAppOptions(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("popscope: analyse Graphcore IPU profiles (.pop)"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("A profile (.pop) to open."), QStringLiteral("[FILE]"));
    const QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Open the demo profile."));
    const QCommandLineOption compare(QStringLiteral("compare"),
                                     QStringLiteral("Compare FILE (the source) with this report (the target)."),
                                     QStringLiteral("target.pop"));
    const QCommandLineOption page(QStringLiteral("page"), pageOptionHelp(), QStringLiteral("name"));
    const QCommandLineOption select(QStringLiteral("select"), QStringLiteral("Select tiles, e.g. \"0, 5, 100-120\"."),
                                    QStringLiteral("tiles"));
    const QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("Bottom tab of the page shown (Memory: Details, "
                                                                       "Variables, Vertices, Exchanges or Compute Sets; "
                                                                       "Liveness: Always Live Variables, Not Always Live "
                                                                       "Variables, Vertices or Cycle Estimates; "
                                                                       "Execution Trace: Summary, Where the Cycles Wait "
                                                                       "or Details)."),
                                 QStringLiteral("name"));
    const QCommandLineOption steps(QStringLiteral("steps"),
                                   QStringLiteral("Liveness: select steps, \"peak\" or e.g. \"269, 300\"."), QStringLiteral("steps"));
    const QCommandLineOption lifetime(QStringLiteral("lifetime"),
                                      QStringLiteral("Liveness: draw this variable's lifetime (repeat for more)."),
                                      QStringLiteral("name"));
    const QCommandLineOption breakdown(QStringLiteral("breakdown"),
                                       QStringLiteral("Memory breakdown: none, category, region or liveness."), QStringLiteral("name"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save the window as a PNG once the page is shown, then exit."),
                                        QStringLiteral("out.png"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size, e.g. 1920x1080."), QStringLiteral("WxH"));
    const QCommandLineOption fresh(QStringLiteral("fresh-settings"),
                                   QStringLiteral("Start from default settings and keep nothing (implied by --screenshot)."));
    const QCommandLineOption settingsDir(QStringLiteral("settings-dir"),
                                         QStringLiteral("Keep settings (recent files, preferences) in this folder instead of "
                                                        "the user's; used to script screenshots with recent files."),
                                         QStringLiteral("folder"));
    const QCommandLineOption traceScale(QStringLiteral("trace-scale"),
        QStringLiteral("Execution Trace in compare mode: same (one time scale) or own (each trace on its own)."),
        QStringLiteral("scale"));
    const QCommandLineOption traceView(QStringLiteral("trace-view"),
        QStringLiteral("Execution Trace: flame (steps nested in their programs) or flat (the steps alone)."),
        QStringLiteral("view"));
    const QCommandLineOption traceStep(QStringLiteral("trace-step"),
        QStringLiteral("Execution Trace: zoom to this step and show its details."), QStringLiteral("step"));
    const QCommandLineOption traceAlign(QStringLiteral("trace-align"),
        QStringLiteral("Execution Trace in compare mode: align the two traces at --trace-step and its partner."));

    const QCommandLineOption show(QStringLiteral("show"),
                                  QStringLiteral("Show a row of the page: TABLE=KEY, e.g. \"operations=popart: layer1/Conv\", "
                                                 "\"operations=#1\" (the first row as sorted), \"programs=42\" (a program id)."),
                                  QStringLiteral("TABLE=KEY"));
    parser.addOptions({compare, demo, page, select, tab, steps, lifetime, breakdown, screenshot, size, fresh, settingsDir,
                       traceScale, traceView, traceStep, traceAlign, show});

    AppOptions options;
    if (!parser.parse(arguments)) {
        options.error = parser.errorText();
        return options;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) {
        options.message = parser.helpText();
        return options;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        options.message = QStringLiteral("popscope " POPSCOPE_VERSION "\n");
        return options;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        options.error = QStringLiteral("Give at most one file to open (got %1).").arg(positional.size());
        return options;
    }
    options.file = positional.value(0);
    options.demo = parser.isSet(demo);
    options.compare = parser.value(compare);
    if (!options.compare.isEmpty() && options.file.isEmpty() && !options.demo) {
        options.error = QStringLiteral("--compare needs the source report too: popscope SOURCE.pop --compare TARGET.pop");
        return options;
    }
    options.page = parser.value(page);
    options.select = parser.value(select);
    options.tab = parser.value(tab);
    options.steps = parser.value(steps);
    options.lifetimes = parser.values(lifetime);
    options.show = parser.value(show);
    options.breakdown = parser.value(breakdown).toLower();
    options.traceScale = parser.value(traceScale).toLower();
    options.traceView = parser.value(traceView).toLower();
    options.traceStep = parser.isSet(traceStep) ? parser.value(traceStep).toLongLong() : -1;
    options.traceAlign = parser.isSet(traceAlign);
    options.screenshot = parser.value(screenshot);
    // Scripted screenshots always show the defaults, whatever the user last chose.
    options.settingsDir = parser.value(settingsDir);
    options.freshSettings = options.settingsDir.isEmpty() && (parser.isSet(fresh) || !options.screenshot.isEmpty());
    if (parser.isSet(size)) {
        const auto m = QRegularExpression(QStringLiteral("^(\\d+)[xX](\\d+)$")).match(parser.value(size));
        if (!m.hasMatch()) {
            options.error = QStringLiteral("--size wants WIDTHxHEIGHT, e.g. 1920x1080 (got “%1”).").arg(parser.value(size));
            return options;
        }
        options.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    }
    if (!options.traceScale.isEmpty() && options.traceScale != QStringLiteral("same") && options.traceScale != QStringLiteral("own"))
        options.error = QStringLiteral("--trace-scale wants same or own (got “%1”).").arg(options.traceScale);
    if (!options.traceView.isEmpty() && options.traceView != QStringLiteral("flame") && options.traceView != QStringLiteral("flat"))
        options.error = QStringLiteral("--trace-view wants flame or flat (got “%1”).").arg(options.traceView);
    if (!options.breakdown.isEmpty() &&
        !QStringList{QStringLiteral("none"), QStringLiteral("category"), QStringLiteral("region"), QStringLiteral("liveness")}
             .contains(options.breakdown))
        options.error = QStringLiteral("--breakdown wants none, category, region or liveness (got “%1”).").arg(options.breakdown);
    return options;
}

} // namespace popscope
