// The window as a user meets it: opens a profile (or two, compare mode) in the real MainWindow,
// shown, and prints
//   - window shown -> Summary fully painted (the first page),
//   - each other page: shown -> its parts read and the page painted,
//   - the peak resident memory (VmHWM) after each page, and the resident memory then (VmRSS: what
//     the pages keep; the difference is what reading reached for a moment),
//   - the bytes read so far: over SFTP for a remote report (with the waits for the server, the
//     round trips), else what the process read (rchar),
// each against its budget in docs/performance.md (OK or OVER; bench-huge's budgets above 600 MiB).
// Compare mode's memory budget is 1.3 x one report's peak: set POPSCOPE_BENCH_SINGLE_PEAK_MIB to the
// same profile's single-mode peak to check it. Run under Xvfb or with QT_QPA_PLATFORM=offscreen:
//   bench_first_page_view [PROFILE [TARGET]]            (default: bench-large)
// PROFILE may be a remote address (ssh://user@host:port/path; bench/bench_remote.py runs one).
#include "app/dialog_prompter.hpp"
#include "app/main_window.hpp"
#include "app/memory_allocator.hpp"
#include "app/navigation_option.hpp"
#include "bench_support.hpp"
#include "bench_window_settings.hpp"
#include "models/cache_folder.hpp"
#include "models/report_location.hpp"
#include "models/settings_keys.hpp"
#include "popscope/profile.hpp"
#include "popscope/remote/sftp_file.hpp"
#include "popscope/spilled_array.hpp"
#include "views/memory/memory_page.hpp"
#include "views/memory/memory_table_page.hpp"
#include "views/page/report_page.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

using namespace popscope;

namespace {

// Runs the event loop until `page` shows the open reports (or failed), at most 120 s.
bool waitUntilReady(ReportPage* page)
{
    if (page->isReady())
        return true;
    QEventLoop loop;
    QObject::connect(page, &ReportPage::ready, &loop, &QEventLoop::quit);
    QObject::connect(page, &ReportPage::loadFailed, &loop, &QEventLoop::quit);
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    loop.exec();
    return page->isReady();
}

// The same, and for the pages inside it that show (a Memory table tab shown reads its parts).
bool waitUntilShown(ReportPage* page)
{
    bool shown = waitUntilReady(page);
    for (ReportPage* inner : page->findChildren<ReportPage*>())
        if (inner->isVisible() && inner->isLoading())
            shown = waitUntilReady(inner) && shown;
    return shown;
}

// Paints the window now, as the next frame would (the page's first full paint).
void paint(MainWindow& window)
{
    window.repaint();
    QApplication::processEvents();
}

double mb(long kb)
{
    return double(kb) / 1024.0;
}

// "12.3 MB read, 40 waits" over SFTP, or "12.3 MB read" locally.
std::string readSoFar(const MainWindow& window)
{
    char text[128];
    const auto report = window.state()->report();
    if (const auto& file = report ? report->core->profile().remoteFile() : nullptr) {
        const remote::TransferCounters c = file->counters();
        std::snprintf(text, sizeof text, "%9.1f MB read over SFTP, %llu round trips, %llu blocks from disk",
            double(c.bytesRead) / 1e6, static_cast<unsigned long long>(c.roundTrips),
            static_cast<unsigned long long>(c.diskHits));
    } else {
        std::snprintf(text, sizeof text, "%9.1f MB read (rchar)", double(bench::readBytes()) / 1e6);
    }
    return text;
}

// The budgets (docs/performance.md) for a profile of `sizeMiB`: bench-large's up to 600 MiB
// (a remote report, whose size is not known here, too), bench-huge's above.
struct PageBudgets {
    bool huge = false; // bench-huge's budgets
    double summaryMs = 300;
    double memoryMs = 1000;
    double otherMs = 1000;
    double summaryRssMiB = 80e6 / (1 << 20); // 80 MB
    double everyPageRssMiB = 300e6 / (1 << 20); // 300 MB
    static PageBudgets forFile(double sizeMiB)
    {
        PageBudgets b;
        b.huge = sizeMiB > 600;
        if (b.huge) {
            b.memoryMs = 2000;
            b.otherMs = 3000;
            b.summaryRssMiB = 120e6 / (1 << 20);
            b.everyPageRssMiB = 0.8 * sizeMiB;
        }
        return b;
    }
};

// "OK" or "OVER", counted.
struct Verdicts {
    int met = 0, checked = 0;
    const char* operator()(bool within)
    {
        ++checked;
        met += within;
        return within ? "OK" : "OVER";
    }
};

} // namespace

int main(int argc, char** argv)
{
    configureMemoryAllocator(argv); // as the app does
    QApplication app(argc, argv);
    Q_INIT_RESOURCE(popscope);
    QApplication::setOrganizationName(QStringLiteral("popscope-bench"));
    startSpilling(); // as the app does
    const bench::FreshWindowSettings settings;
    // POPSCOPE_BENCH_PAGE_MEMORY_MIB=N: the keeper's limit (Preferences), as a user may set it.
    if (const QByteArray limit = qgetenv("POPSCOPE_BENCH_PAGE_MEMORY_MIB"); !limit.isEmpty())
        QSettings().setValue(SettingsKey::pageMemoryLimitMiB, limit.toLongLong());
    const QString source = QString::fromLocal8Bit(argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE);
    const QString target = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    const bool remoteSource = ReportLocation::of(source).remote;
    for (const QString& path : { source, target })
        if (!path.isEmpty() && !ReportLocation::of(path).remote
            && !std::filesystem::exists(path.toStdString())) {
            std::fprintf(stderr,
                "bench_first_page_view: %s is missing (cmake --build build/release --target "
                "bench_large_profile)\n",
                qPrintable(path));
            return 1;
        }
    const double sizeMb
        = remoteSource ? 0.0 : double(std::filesystem::file_size(source.toStdString())) / (1024.0 * 1024.0);
    const PageBudgets budgets = PageBudgets::forFile(sizeMb);
    const bool compareMode = !target.isEmpty();
    Verdicts verdict;
    std::printf("%s%s%s (%.0f MiB), %s\n", qPrintable(QFileInfo(source).fileName()),
        target.isEmpty() ? "" : " compared with ",
        target.isEmpty() ? "" : qPrintable(QFileInfo(target).fileName()), sizeMb,
        target.isEmpty() ? "single mode" : "compare mode");
    std::printf("peak RSS before opening: %.0f MiB\n", mb(bench::peakRssKb()));

    MainWindow window;
    DialogPrompter::install(nullptr); // the window's remote settings (no questions: hosts are known)
    window.setInteractive(false);
    window.resize(1920, 1080);
    window.show();
    QApplication::processEvents();

    QElapsedTimer first;
    first.start();
    QEventLoop opened;
    QObject::connect(&window, &MainWindow::reportOpened, &opened, &QEventLoop::quit);
    QObject::connect(&window, &MainWindow::openFailed, &opened, &QEventLoop::quit);
    if (target.isEmpty())
        window.openFile(source);
    else
        window.compareFiles(source, target);
    opened.exec();
    if (!window.state()->report()) {
        std::fprintf(stderr, "bench_first_page_view: could not open %s\n", qPrintable(source));
        return 1;
    }
    window.showPage(page_ids::summary);
    if (!waitUntilShown(window.page(page_ids::summary)))
        return 1;
    paint(window);
    const double summaryMs = double(first.nsecsElapsed()) / 1e6;
    std::printf(
        "\n%-16s %12s %14s %9s  %-28s\n", "page", "shown (ms)", "peak RSS (MiB)", "RSS now", "budget");
    char summaryBudget[64];
    const char* summaryTime = verdict(summaryMs <= budgets.summaryMs);
    if (compareMode) // compare mode's memory budget is 1.3 x one report's, checked at the end
        std::snprintf(summaryBudget, sizeof summaryBudget, "<= %.0f ms %s", budgets.summaryMs, summaryTime);
    else
        std::snprintf(summaryBudget, sizeof summaryBudget, "<= %.0f ms %s, <= %.0f MiB %s", budgets.summaryMs,
            summaryTime, budgets.summaryRssMiB, verdict(mb(bench::peakRssKb()) <= budgets.summaryRssMiB));
    std::printf("%-16s %12.0f %14.0f %9.0f  %-28s %s   (open -> Summary painted)\n", "summary", summaryMs,
        mb(bench::peakRssKb()), mb(bench::rssKb()), summaryBudget, readSoFar(window).c_str());

    // Every page in turn, then Memory again: over the memory limit it was let go of meanwhile
    // (PageMemoryKeeper) and reads its parts again, with its progress in place. "memory/Variables"
    // is the Memory page's Variables tab, which reads the variables when first shown.
    std::vector<std::pair<std::string, std::string>> pages
        = { { "insights", "insights" }, { "memory", "memory" }, { "memory/Variables", "  its Variables" },
              { "liveness", "liveness" }, { "program-tree", "program-tree" }, { "operations", "operations" },
              { "execution-trace", "execution-trace" }, { "what-changed", "what-changed" },
              { "memory", "memory again" } };
    // POPSCOPE_BENCH_PAGES=memory,liveness,execution-trace visits those pages alone, in that order
    // (a new user's path: from the Summary to Memory, Liveness and the trace).
    if (const QString only = QString::fromLocal8Bit(qgetenv("POPSCOPE_BENCH_PAGES")); !only.isEmpty()) {
        pages.clear();
        for (const QString& id : only.split(QLatin1Char(','), Qt::SkipEmptyParts))
            pages.emplace_back(id.toStdString(), id.toStdString());
    }
    // POPSCOPE_BENCH_SHOTS=DIR saves the window after each page (and a page still loading when shown).
    const QString shots = QString::fromLocal8Bit(qgetenv("POPSCOPE_BENCH_SHOTS"));
    int shot = 0;
    auto save = [&](const std::string& label) {
        if (!shots.isEmpty())
            window.grab().save(QStringLiteral("%1/%2-%3.png")
                                   .arg(shots)
                                   .arg(++shot, 2, 10, QLatin1Char('0'))
                                   .arg(QString::fromStdString(label).replace(' ', '-').replace('/', '-')));
    };
    for (const auto& [id, label] : pages) {
        const PageInfo* info
            = window.pages().find(QString::fromStdString(id).section(QLatin1Char('/'), 0, 0));
        const QString tab = QString::fromStdString(id).section(QLatin1Char('/'), 1);
        if (!info || !window.showPage(info->id))
            continue; // What changed exists in compare mode only
        const PageId pageId = info->id;
        QElapsedTimer t;
        t.start();
        ReportPage* page = window.page(pageId);
        if (!tab.isEmpty()) { // a Memory table tab (a page inside the page)
            const int key = tabKeyNamed(page_ids::memory, tab);
            page = key < 0 ? nullptr : window.memoryPage()->tablePage(MemoryTab(key));
            if (!page) {
                std::fprintf(
                    stderr, "bench_first_page_view: the Memory page has no tab %s\n", qPrintable(tab));
                return 1;
            }
            window.memoryPage()->tabs()->setCurrentWidget(page);
        }
        if (page->isLoading() && (label == "memory again" || !tab.isEmpty())) {
            paint(window);
            save(label + " loading");
        }
        const bool shown = waitUntilShown(page);
        paint(window);
        const double ms = double(t.nsecsElapsed()) / 1e6;
        // A page first shown has a budget; a Memory tab and a page shown again have none.
        char budget[48] = "-";
        if (tab.isEmpty() && label != "memory again") {
            const double limit = pageId == page_ids::memory ? budgets.memoryMs : budgets.otherMs;
            std::snprintf(budget, sizeof budget, "<= %.0f ms %s", limit, verdict(shown && ms <= limit));
        }
        std::printf("%-16s %12.0f %14.0f %9.0f  %-28s %s%s\n", label.c_str(), ms, mb(bench::peakRssKb()),
            mb(bench::rssKb()), budget, readSoFar(window).c_str(),
            shown ? "" : "   (did not show: failed or timed out)");
        save(label);
        // POPSCOPE_BENCH_LAST_PAGE=liveness stops there, so heaptrack's peak is that page's.
        if (const char* last = std::getenv("POPSCOPE_BENCH_LAST_PAGE"); last && label == last)
            break;
    }
    // The peak after every page: one report's budget, or in compare mode 1.3 x one report's peak
    // (POPSCOPE_BENCH_SINGLE_PEAK_MIB: the same profile's single-mode run).
    const double peak = mb(bench::peakRssKb());
    const bool everyPage
        = qgetenv("POPSCOPE_BENCH_PAGES").isEmpty() && !std::getenv("POPSCOPE_BENCH_LAST_PAGE");
    const double singlePeak = qEnvironmentVariableIsSet("POPSCOPE_BENCH_SINGLE_PEAK_MIB")
        ? qEnvironmentVariable("POPSCOPE_BENCH_SINGLE_PEAK_MIB").toDouble()
        : 0.0;
    if (!everyPage)
        std::printf("\npeak RSS %.0f MiB (not every page shown: no budget)\n", peak);
    else if (!compareMode)
        std::printf("\npeak RSS after every page %.0f MiB: budget <= %.0f MiB %s\n", peak,
            budgets.everyPageRssMiB, verdict(peak <= budgets.everyPageRssMiB));
    else if (singlePeak > 0)
        std::printf("\npeak RSS after every page %.0f MiB: budget <= 1.3 x one report's %.0f = %.0f MiB %s\n",
            peak, singlePeak, 1.3 * singlePeak, verdict(peak <= 1.3 * singlePeak));
    else
        std::printf(
            "\npeak RSS after every page %.0f MiB: budget <= 1.3 x one report's peak (run the profile "
            "alone and set POPSCOPE_BENCH_SINGLE_PEAK_MIB to check it)\n",
            peak);
    std::printf(
        "spill files mapped at the end: %.0f MiB (in the page cache; counted in RSS only while read)\n",
        double(spill::mappedBytes()) / 1048576.0);
    std::printf("budgets met: %d of %d (docs/performance.md; bench-%s sizes)\n", verdict.met, verdict.checked,
        budgets.huge ? "huge" : "large");
    return 0;
}
