// The GUI side of comparing two bench-large reports (its budget: ≤ 1 s from both files
// opened to the What changed page filled). Loads both reports as the window's loaders do, then
// times the work that lands on the GUI thread when the pair is handed over (every page rebuilds:
// Summary figures, Memory's four joined tables and its chart) and the time until What changed
// has its lines (computed off the GUI thread).
//   bench_compare_view [SOURCE.pop [TARGET.pop]]   (default: bench-large twice)
#include "app/main_window.hpp"
#include "app/page_registry.hpp"
#include "bench_window_settings.hpp"
#include "models/loaded_report.hpp"
#include "models/report_state.hpp"
#include "views/what_changed/what_changed_page.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

using namespace popscope;

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("popscope-bench"));
    const bench::FreshWindowSettings settings;
    const QString source = QString::fromLocal8Bit(argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE);
    const QString target = QString::fromLocal8Bit(argc > 2 ? argv[2] : argv[argc > 1 ? 1 : 0]);
    const QString second = argc > 2 ? target : source;
    if (!std::filesystem::exists(source.toStdString())) {
        std::fprintf(stderr,
            "bench_compare_view: %s is missing (cmake --build build/release --target bench_large_profile)\n",
            qPrintable(source));
        return 1;
    }
    std::vector<double> handOver, filled, single;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer load;
        load.start();
        // What the window's loaders read: the summary; What changed reads the rest in its worker.
        auto a = loadReport(source, nullptr, nullptr, openingParts());
        auto b = loadReport(second, nullptr, nullptr, openingParts());
        const double loadMs = double(load.nsecsElapsed()) / 1e6;
        MainWindow window; // every registered page, as the user has them
        window.resize(1920, 1080);
        QElapsedTimer one;
        one.start();
        window.state()->setReport(a); // single mode first: what opening one report costs the GUI thread
        single.push_back(double(one.nsecsElapsed()) / 1e6);
        auto* page = qobject_cast<WhatChangedPage*>(window.page(page_ids::whatChanged));
        QEventLoop loop;
        QObject::connect(page, &WhatChangedPage::ready, &loop, &QEventLoop::quit);
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        QElapsedTimer t;
        t.start();
        window.state()->setReports(a, b); // what the session does once both loads are done
        window.showPage(page_ids::whatChanged); // compare mode opens on it
        handOver.push_back(double(t.nsecsElapsed()) / 1e6);
        if (!page->comparison())
            loop.exec();
        if (!page->comparison()) {
            std::fprintf(stderr, "bench_compare_view: What changed did not fill in 30 s\n");
            return 1;
        }
        filled.push_back(double(t.nsecsElapsed()) / 1e6);
        std::printf("run %d: both reports loaded in %.0f ms (two loaders run side by side in the app)\n",
            run + 1, loadMs);
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::printf("GUI thread, pages rebuilt for one report          median %8.1f ms  max %8.1f ms\n",
        median(single), *std::max_element(single.begin(), single.end()));
    std::printf("GUI thread, pages rebuilt for the pair            median %8.1f ms  max %8.1f ms\n",
        median(handOver), *std::max_element(handOver.begin(), handOver.end()));
    const double m = median(filled);
    std::printf("both reports loaded -> What changed filled         median %8.1f ms  max %8.1f ms  budget "
                "1000 ms  %s\n",
        m, *std::max_element(filled.begin(), filled.end()), m <= 1000 ? "OK" : "OVER");
    return 0;
}
