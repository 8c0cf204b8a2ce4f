// popscope --screenshot as scripts and CI run it: the real program on generated profiles. A page
// that shows the report says "popscope: page ID ready" and exits 0; a page that shows an error in
// its place (a damaged part), or a --page that cannot be shown, exits 3 naming the file and the
// problem, and still saves the picture of it; a picture that cannot be written exits 4.
#include "app/app_options.hpp"
#include "app/window_script.hpp"
#include "fixture_builder.hpp"

#include <QProcess>
#include <QProcessEnvironment>

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;

namespace {

struct ScreenshotRun {
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs popscope FILE ARGS... --screenshot SHOT offscreen, its caches in `dir`.
ScreenshotRun screenshot(
    const test::TempDir& dir, const std::string& file, const QStringList& arguments, const std::string& shot)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("POPSCOPE_CACHE_DIR"), QString::fromStdString(dir.file("cache")));
    QProcess app;
    app.setProcessEnvironment(environment);
    app.start(QStringLiteral(POPSCOPE_APP_PATH),
        QStringList { QString::fromStdString(file) } + arguments
            + QStringList { QStringLiteral("--screenshot"), QString::fromStdString(shot) });
    REQUIRE(app.waitForFinished(120000));
    REQUIRE(app.exitStatus() == QProcess::NormalExit);
    return { app.exitCode(), QString::fromLocal8Bit(app.readAllStandardOutput()),
        QString::fromLocal8Bit(app.readAllStandardError()) };
}

// A valid profile whose first liveness step's blob is cut to one byte: the Liveness page's part
// cannot be read, every other page works.
std::string damagedLiveness(const test::TempDir& dir)
{
    const std::string path = test::writeValidProfile(dir, "damaged-liveness.pop");
    test::execSql(path, "UPDATE liveness_steps SET not_always_live_bytes = x'00' WHERE id = 0");
    return path;
}

} // namespace

TEST_CASE(
    "popscope --screenshot of a page whose part is damaged exits 3, names the file and the problem, and "
    "saves the picture",
    "[command-line][screenshot]")
{
    test::TempDir dir;
    const std::string damaged = damagedLiveness(dir);
    const std::string shot = dir.file("liveness.png");
    const ScreenshotRun run
        = screenshot(dir, damaged, { QStringLiteral("--page"), QStringLiteral("liveness") }, shot);
    CHECK(run.exitCode == WindowScript::kExitPageFailed);
    CHECK(run.exitCode == 3);
    CHECK(run.err.contains(QStringLiteral("popscope: page liveness failed: ")));
    CHECK(run.err.contains(QStringLiteral("damaged-liveness.pop: liveness step 0")));
    CHECK_FALSE(run.out.contains(QStringLiteral("ready")));
    CHECK(run.out.contains(QStringLiteral("popscope: wrote ")));
    CHECK(std::filesystem::file_size(shot) > 0); // the error page, for a person to look at

    // The same file's Memory page reads other parts: it shows the report.
    const ScreenshotRun memory
        = screenshot(dir, damaged, { QStringLiteral("--page"), QStringLiteral("memory") }, shot);
    CHECK(memory.exitCode == 0);
    CHECK(memory.out.contains(QStringLiteral("popscope: page memory ready\n")));
    CHECK_FALSE(memory.err.contains(QStringLiteral("failed")));
}

TEST_CASE("popscope --screenshot of a good profile's page says it is ready and exits 0",
    "[command-line][screenshot]")
{
    test::TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const std::string shot = dir.file("liveness.png");
    const ScreenshotRun run
        = screenshot(dir, good, { QStringLiteral("--page"), QStringLiteral("liveness") }, shot);
    CHECK(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("popscope: page liveness ready\n")));
    CHECK_FALSE(run.err.contains(QStringLiteral("failed")));
    CHECK(std::filesystem::file_size(shot) > 0);
}

TEST_CASE("popscope --screenshot of a damaged program tree exits 3 naming it", "[command-line][screenshot]")
{
    test::TempDir dir;
    const std::string path = test::writeValidProfile(dir, "broken-tree.pop");
    test::execSql(path, "UPDATE steps SET program = 99999 WHERE id = 0");
    const ScreenshotRun run = screenshot(
        dir, path, { QStringLiteral("--page"), QStringLiteral("program-tree") }, dir.file("tree.png"));
    CHECK(run.exitCode == 3);
    CHECK(run.err.contains(QStringLiteral("popscope: page program-tree failed: ")));
    CHECK(run.err.contains(QStringLiteral("broken-tree.pop")));
}

TEST_CASE("popscope --screenshot with a --page that cannot be shown exits 3", "[command-line][screenshot]")
{
    test::TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const ScreenshotRun unknown = screenshot(
        dir, good, { QStringLiteral("--page"), QStringLiteral("no-such-page") }, dir.file("unknown.png"));
    CHECK(unknown.exitCode == 3);
    CHECK(unknown.err.contains(QStringLiteral("no report page called “no-such-page”")));
    // What Changed needs a second report.
    const ScreenshotRun single = screenshot(
        dir, good, { QStringLiteral("--page"), QStringLiteral("what-changed") }, dir.file("single.png"));
    CHECK(single.exitCode == 3);
    CHECK_FALSE(single.out.contains(QStringLiteral("page what-changed ready")));
}

TEST_CASE("popscope --screenshot that cannot be written exits 4", "[command-line][screenshot]")
{
    test::TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const ScreenshotRun run = screenshot(dir, good, { QStringLiteral("--page"), QStringLiteral("summary") },
        dir.file("no-such-folder/summary.png"));
    CHECK(run.exitCode == WindowScript::kExitScreenshotNotSaved);
    CHECK(run.exitCode == 4);
    CHECK(run.out.contains(QStringLiteral("popscope: page summary ready\n")));
    CHECK(run.err.contains(QStringLiteral("no-such-folder")));
}

TEST_CASE("popscope --query shows the Query page once its rows show, and exits 3 on a failing query",
    "[command-line][screenshot][query]")
{
    test::TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const ScreenshotRun run = screenshot(dir, good,
        { QStringLiteral("--query"), QStringLiteral("SELECT count(*) FROM variables") },
        dir.file("query.png"));
    CHECK(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("popscope: page query ready\n")));
    const ScreenshotRun wrong = screenshot(dir, good,
        { QStringLiteral("--query"), QStringLiteral("SELECT name FORM variables") }, dir.file("wrong.png"));
    CHECK(wrong.exitCode == 3);
    CHECK(
        wrong.err.contains(QStringLiteral("popscope: page query failed: near \"variables\": syntax error")));
}

TEST_CASE("popscope --graph shows the Memory page's Tile Map or Variables graph, and refuses other names",
    "[command-line][screenshot][memory]")
{
    test::TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const ScreenshotRun map = screenshot(
        dir, good, { QStringLiteral("--graph"), QStringLiteral("tile-map") }, dir.file("map.png"));
    CHECK(map.exitCode == 0);
    CHECK(map.out.contains(QStringLiteral("popscope: page memory ready\n")));
    CHECK(std::filesystem::file_size(dir.file("map.png")) > 0);
    const ScreenshotRun variables = screenshot(
        dir, good, { QStringLiteral("--variables"), QStringLiteral("layer1/*") }, dir.file("vars.png"));
    CHECK(variables.exitCode == 0);
    CHECK(variables.out.contains(QStringLiteral("popscope: page memory ready\n")));
    const AppOptions wrong
        = parseAppOptions({ QStringLiteral("popscope"), QStringLiteral("--graph"), QStringLiteral("pie") });
    CHECK(wrong.error == QStringLiteral("--graph wants total, variables or tile-map (got “pie”)."));
    const AppOptions implied = parseAppOptions(
        { QStringLiteral("popscope"), QStringLiteral("--variables"), QStringLiteral("a, b*") });
    CHECK(implied.graph == QStringLiteral("variables"));
    CHECK(implied.page == QStringLiteral("memory"));
}
