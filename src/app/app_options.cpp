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
        QString text = info.id.toString();
        if (!info.aliases.isEmpty())
            text += QStringLiteral(" (or %1)").arg(info.aliases.join(QStringLiteral(", ")));
        if (info.needs == PageInfo::Needs::Comparison)
            text += QStringLiteral(" (compare mode)");
        pages << text;
    }
    pages << QStringLiteral("start");
    return QStringLiteral("Report to show: %1.").arg(pages.join(QStringLiteral(", ")));
}

struct OptionSpec {
    const char* name;
    const char* valueName; // null: a flag without a value
    const char* help; // null: the pages the registry holds (pageOptionHelp)
};

// Every option but --help and --version, in the order --help lists them.
constexpr OptionSpec kOptions[] = {
    { "compare", "target.pop", "Compare FILE (the source) with this report (the target)." },
    { "demo", nullptr, "Open the demo profile." },
    { "page", "name", nullptr },
    { "select", "tiles", "Select tiles, e.g. \"0, 5, 100-120\"." },
    { "tab", "name",
        "Bottom tab of the page shown (Memory: Details, Variables, Vertices, Exchanges or Compute Sets; "
        "Liveness: Always "
        "Live Variables, Not Always Live Variables, Vertices or Cycle Estimates; Execution Trace: Summary, "
        "Where the Cycles "
        "Wait or Details)." },
    { "steps", "steps", "Liveness: select steps, \"peak\" or e.g. \"269, 300\"." },
    { "lifetime", "name", "Liveness: draw this variable's lifetime (repeat for more)." },
    { "breakdown", "name", "Memory breakdown: none, category, region or liveness." },
    { "graph", "name", "Memory graph: total, variables or tile-map (shows the Memory page)." },
    { "variables", "names",
        "Memory's Variables graph: variable names or patterns (* any text), comma-separated, up to 8 "
        "(implies --graph variables)." },
    { "screenshot", "out.png",
        "Save the window as a PNG once the page is shown, then exit: 0 and \"popscope: page ID ready\" when "
        "the "
        "page shows the report, 3 when it (or a part it needs) failed or --page cannot be shown (the PNG is "
        "saved all the same), 2 when the file cannot be opened, 4 when the PNG cannot be written." },
    { "size", "WxH", "Window size, e.g. 1920x1080." },
    { "fresh-settings", nullptr, "Start from default settings and keep nothing (implied by --screenshot)." },
    { "settings-dir", "folder",
        "Keep settings (recent files, preferences) in this folder instead of the user's; used to script "
        "screenshots "
        "with recent files." },
    { "trace-scale", "scale",
        "Execution Trace in compare mode: same (one time scale) or own (each trace on its own)." },
    { "trace-view", "view",
        "Execution Trace: flame (steps nested in their programs) or flat (the steps alone)." },
    { "trace-step", "step", "Execution Trace: zoom to this step and show its details." },
    { "trace-align", nullptr,
        "Execution Trace in compare mode: align the two traces at --trace-step and its partner." },
    { "simulate", "workload",
        "Open New Simulation… on this workload (popscope-cli simulate --help lists them), with the "
        "parameters "
        "given as KEY=VALUE arguments (target.FIELD=VALUE overrides a target field), run it and show the "
        "result: the report's Summary, or the Sweep page." },
    { "sweep", "KEY=V1,V2", "With --simulate: simulate once per value of parameter KEY (a sweep)." },
    { "simulate-output", "path",
        "With --simulate: the report to write (a folder for a sweep); a temporary folder with "
        "--screenshot." },
    { "simulate-shot", "stage",
        "With --simulate and --screenshot: grab the dialog filled in (dialog), the run in progress (running) "
        "or the page shown after it (result, the default)." },
    { "query", "sql",
        "Query page: run this SQL over the report (the tables of docs/query.md; in compare mode source.* "
        "and target.*) and show its first rows." },
    { "show", "TABLE=KEY",
        "Show a row of the page: TABLE=KEY, e.g. \"operations=popart: layer1/Conv\", \"operations=#1\" (the "
        "first row "
        "as sorted), \"programs=42\" (a program id)." },
};

void addAppOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral("popscope: analyse Graphcore IPU profiles (.pop)"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"), QStringLiteral("A profile (.pop) to open."), QStringLiteral("[FILE]"));
    for (const OptionSpec& option : kOptions) {
        const QString name = QString::fromLatin1(option.name);
        const QString help = option.help ? QString::fromUtf8(option.help) : pageOptionHelp();
        parser.addOption(option.valueName
                ? QCommandLineOption(name, help, QString::fromLatin1(option.valueName))
                : QCommandLineOption(name, help));
    }
}

// What to show once the report is open: the page, its tab, selection and rows, the screenshot.
void readViewOptions(const QCommandLineParser& parser, AppOptions& options)
{
    const auto value = [&parser](const char* name) { return parser.value(QString::fromLatin1(name)); };
    options.page = value("page");
    options.select = value("select");
    options.tab = value("tab");
    options.steps = value("steps");
    options.lifetimes = parser.values(QStringLiteral("lifetime"));
    options.show = value("show");
    options.query = value("query");
    if (!options.query.isEmpty() && options.page.isEmpty())
        options.page = QStringLiteral("query");
    options.breakdown = value("breakdown").toLower();
    options.graph = value("graph").toLower();
    options.variables = value("variables");
    if (!options.variables.isEmpty() && options.graph.isEmpty())
        options.graph = QStringLiteral("variables");
    if (!options.graph.isEmpty() && options.page.isEmpty())
        options.page = QStringLiteral("memory");
    options.traceScale = value("trace-scale").toLower();
    options.traceView = value("trace-view").toLower();
    options.traceStep = parser.isSet(QStringLiteral("trace-step")) ? value("trace-step").toLongLong() : -1;
    options.traceAlign = parser.isSet(QStringLiteral("trace-align"));
    options.screenshot = value("screenshot");
    // Scripted screenshots always show the defaults, whatever the user last chose.
    options.settingsDir = value("settings-dir");
    options.freshSettings = options.settingsDir.isEmpty()
        && (parser.isSet(QStringLiteral("fresh-settings")) || !options.screenshot.isEmpty());
}

// The options that take one of a few words; the last wrong one is the error.
void checkChoices(AppOptions& options)
{
    if (!options.traceScale.isEmpty() && options.traceScale != QStringLiteral("same")
        && options.traceScale != QStringLiteral("own"))
        options.error = QStringLiteral("--trace-scale wants same or own (got “%1”).").arg(options.traceScale);
    if (!options.traceView.isEmpty() && options.traceView != QStringLiteral("flame")
        && options.traceView != QStringLiteral("flat"))
        options.error = QStringLiteral("--trace-view wants flame or flat (got “%1”).").arg(options.traceView);
    if (!options.breakdown.isEmpty()
        && !QStringList { QStringLiteral("none"), QStringLiteral("category"), QStringLiteral("region"),
            QStringLiteral("liveness") }
                .contains(options.breakdown))
        options.error = QStringLiteral("--breakdown wants none, category, region or liveness (got “%1”).")
                            .arg(options.breakdown);
    if (!options.graph.isEmpty()
        && !QStringList { QStringLiteral("total"), QStringLiteral("variables"), QStringLiteral("tile-map") }
                .contains(options.graph))
        options.error
            = QStringLiteral("--graph wants total, variables or tile-map (got “%1”).").arg(options.graph);
}

// --size WxH; false (with the error set) when it is not of that form.
bool readSizeOption(const QCommandLineParser& parser, AppOptions& options)
{
    if (!parser.isSet(QStringLiteral("size")))
        return true;
    const QString size = parser.value(QStringLiteral("size"));
    const auto m = QRegularExpression(QStringLiteral("^(\\d+)[xX](\\d+)$")).match(size);
    if (!m.hasMatch()) {
        options.error = QStringLiteral("--size wants WIDTHxHEIGHT, e.g. 1920x1080 (got “%1”).").arg(size);
        return false;
    }
    options.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    return true;
}

// --simulate's arguments: every positional one is a KEY=VALUE parameter.
void readSimulateOptions(const QCommandLineParser& parser, AppOptions& options)
{
    readViewOptions(parser, options);
    options.simulateParams = parser.positionalArguments();
    options.sweep = parser.value(QStringLiteral("sweep"));
    options.simulateOutput = parser.value(QStringLiteral("simulate-output"));
    options.simulateShot = parser.value(QStringLiteral("simulate-shot")).toLower();
    if (options.simulateShot.isEmpty())
        options.simulateShot = QStringLiteral("result");
    for (const QString& param : options.simulateParams)
        if (!param.contains(QLatin1Char('=')))
            options.error = QStringLiteral("--simulate takes KEY=VALUE parameters (got “%1”).").arg(param);
    if (!QStringList { QStringLiteral("dialog"), QStringLiteral("running"), QStringLiteral("result") }
             .contains(options.simulateShot))
        options.error = QStringLiteral("--simulate-shot wants dialog, running or result (got “%1”).")
                            .arg(options.simulateShot);
    readSizeOption(parser, options);
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
    addAppOptions(parser);
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
    options.simulate = parser.value(QStringLiteral("simulate"));
    if (!options.simulate.isEmpty()) {
        readSimulateOptions(parser, options);
        return options;
    }
    if (positional.size() > 1) {
        options.error = QStringLiteral("Give at most one file to open (got %1).").arg(positional.size());
        return options;
    }
    options.file = positional.value(0);
    options.demo = parser.isSet(QStringLiteral("demo"));
    options.compare = parser.value(QStringLiteral("compare"));
    if (!options.compare.isEmpty() && options.file.isEmpty() && !options.demo) {
        options.error = QStringLiteral(
            "--compare needs the source report too: popscope SOURCE.pop --compare TARGET.pop");
        return options;
    }
    readViewOptions(parser, options);
    if (!readSizeOption(parser, options))
        return options;
    checkChoices(options);
    return options;
}

} // namespace popscope
