// popscope --help and --version, and popscope-cli's, with no display at all: DISPLAY,
// WAYLAND_DISPLAY and QT_QPA_PLATFORM unset (ssh, CI, help2man at build time).
#include "app/page_registry.hpp"
#include "popscope/version.hpp"

#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>

#include <catch2/catch.hpp>

using namespace popscope;

namespace {

struct Answer {
    int exitCode = -1;
    QString out;
    QString err;
};

Answer runWithoutDisplay(const QString& program, const QStringList& arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : { "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM" })
        environment.remove(QString::fromLatin1(name));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    REQUIRE(process.waitForFinished(60000));
    REQUIRE(
        process.exitStatus() == QProcess::NormalExit); // an abort ("could not connect to display") fails here
    return { process.exitCode(), QString::fromLocal8Bit(process.readAllStandardOutput()),
        QString::fromLocal8Bit(process.readAllStandardError()) };
}

} // namespace

TEST_CASE("popscope --help and --version need no display, and the help lists every page --page accepts",
    "[command-line]")
{
    const QString app = QStringLiteral(POPSCOPE_APP_PATH);
    const Answer version = runWithoutDisplay(app, { QStringLiteral("--version") });
    CHECK(version.exitCode == 0);
    CHECK(version.out == QStringLiteral("popscope " POPSCOPE_VERSION "\n"));

    const Answer help = runWithoutDisplay(app, { QStringLiteral("--help") });
    CHECK(help.exitCode == 0);
    CHECK(help.err.isEmpty());
    // The help wraps its lines: read the --page text as one line.
    QString text = help.out;
    text.replace(QRegularExpression(QStringLiteral("\\s*\\n\\s*")), QStringLiteral(" "));
    const qsizetype page = text.indexOf(QStringLiteral("--page <name>"));
    REQUIRE(page >= 0);
    const QString pageHelp = text.mid(page, text.indexOf(QStringLiteral("--select"), page) - page);
    const PageRegistry registry = builtInPages();
    REQUIRE(registry.pages().size() >= 8);
    for (const PageInfo& info : registry.pages()) {
        INFO(std::string(info.id.view()));
        CHECK(pageHelp.contains(QRegularExpression(
            QStringLiteral("[ (]%1[,.) ]").arg(QRegularExpression::escape(info.id.toString())))));
        for (const QString& alias : info.aliases)
            CHECK(pageHelp.contains(alias));
    }

    const Answer wrong = runWithoutDisplay(app, { QStringLiteral("--size"), QStringLiteral("big") });
    CHECK(wrong.exitCode == 1);
    CHECK(wrong.err.contains(QStringLiteral("--size wants WIDTHxHEIGHT")));
}

TEST_CASE("popscope-cli --version shows the project's version", "[command-line]")
{
    const Answer version
        = runWithoutDisplay(QStringLiteral(POPSCOPE_CLI_PATH), { QStringLiteral("--version") });
    CHECK(version.exitCode == 0);
    CHECK(version.out == QStringLiteral("popscope-cli " POPSCOPE_VERSION "\n"));
}
