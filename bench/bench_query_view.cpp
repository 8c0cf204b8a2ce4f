// SQL over a report against its budgets: on bench-large, "the 20 largest variables live at the peak
// on the fullest tile" ≤ 1 s from Run to its first rows and `SELECT count(*)` over every variable's
// bytes per tile ≤ 3 s (core's QuerySession, as the CLI, Python and the window run them); on
// bench-huge (or the file given), the window's Query page shows the first rows of a million-row
// result ≤ 300 ms from Run, and what the page holds after reading them.
//   bench_query_view [LARGE.pop [HUGE.pop]]   (defaults: bench-large, bench-huge beside it)
#include "bench_support.hpp"

#include "models/loaded_report.hpp"
#include "models/query/query_result_model.hpp"
#include "models/report_state.hpp"
#include "popscope/query.hpp"
#include "views/query/query_page.hpp"

#include <QApplication>
#include <QEventLoop>

#include <cstdio>
#include <filesystem>

using namespace popscope;

namespace {

const char* kPeakQuery = R"(WITH peak AS (SELECT step FROM liveness_steps GROUP BY step
              ORDER BY sum(not_always_live_bytes) DESC LIMIT 1),
     fullest AS (SELECT tile FROM tiles ORDER BY memory_used DESC LIMIT 1)
SELECT v.name, vt.bytes
FROM variable_tiles vt
JOIN fullest USING (tile)
JOIN variables v ON v.id = vt.variable
WHERE v.always_live = 0
  AND EXISTS (SELECT 1 FROM variable_live_ranges r, peak
              WHERE r.variable = v.id AND peak.step BETWEEN r.first_step AND r.last_step)
ORDER BY vt.bytes DESC LIMIT 20)";

const char* kMillionRows = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 1000000) "
                           "SELECT x, x * 2 AS twice, 'row ' || x AS label FROM n";

// Opens the session and reads the first rows, as Run does.
void firstRows(const std::string& path, const char* sql)
{
    QuerySession session(path);
    const auto cursor = session.open(sql);
    std::vector<std::vector<QueryValue>> rows;
    cursor->fetch(200, rows);
}

void benchCore(const std::string& path)
{
    std::printf("%s\n", path.c_str());
    bench::reportMedian(
        "query: 20 largest variables live at the peak, fullest tile", [&] { firstRows(path, kPeakQuery); },
        1000, 3);
    bench::reportMedian(
        "query: SELECT count(*) FROM variable_tiles",
        [&] { firstRows(path, "SELECT count(*) FROM variable_tiles"); }, 3000, 3);
}

void benchPage(const std::string& path)
{
    std::printf("%s\n", path.c_str());
    ReportState state;
    state.setReport(loadReport(QString::fromStdString(path)));
    QueryPage page(&state);
    page.resize(1600, 1000);
    page.show();
    QApplication::processEvents();
    const long before = bench::rssKb();
    std::vector<double> times;
    for (int run = 0; run < 3; ++run) {
        bool finished = false;
        const auto connection = QObject::connect(&page, &QueryPage::queryFinished, [&] { finished = true; });
        const double ms = bench::millisecondsOf([&] {
            page.runQuery(QString::fromLatin1(kMillionRows));
            while (!finished)
                QApplication::processEvents(QEventLoop::WaitForMoreEvents);
            page.grab(); // the rows painted
        });
        QObject::disconnect(connection);
        times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    std::printf("%-62s median %8.1f ms  max %8.1f ms  budget %6.0f ms  %s\n",
        "Query page: first rows of a million-row result", times[1], times[2], 300.0,
        times[1] <= 300 ? "OK" : "OVER BUDGET");
    std::printf("%-62s %d rows read of 1,000,000; resident memory %+ld KiB\n", "Query page after it",
        page.result()->rowCount(), bench::rssKb() - before);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::string large = argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE;
    const std::string huge
        = argc > 2 ? argv[2] : (std::filesystem::path(large).parent_path() / "bench-huge.pop").string();
    if (!std::filesystem::exists(large)) {
        std::fprintf(stderr,
            "bench_query_view: %s is missing (cmake --build build/release --target bench_large_profile)\n",
            large.c_str());
        return 1;
    }
    benchCore(large);
    if (!std::filesystem::exists(huge))
        std::printf("%s is missing (--target bench_huge_profile): the page's figures are of %s\n",
            huge.c_str(), large.c_str());
    benchPage(std::filesystem::exists(huge) ? huge : large);
    return 0;
}
