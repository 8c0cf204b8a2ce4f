// The window's process starts itself again once, with glibc told to back its heaps with huge pages
// (app/memory_allocator.cpp): the tunables it sets, and that the programs still start and answer.
#include "app/memory_allocator.hpp"

#include <QProcess>
#include <QProcessEnvironment>

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("the window's process asks glibc for huge-page heaps, keeping the user's own tunables",
    "[memory-allocator]")
{
    CHECK(hugePageTunables("", true, false) == std::optional<std::string>("glibc.malloc.hugetlb=1"));
    CHECK(hugePageTunables("glibc.malloc.check=3", true, false)
        == std::optional<std::string>("glibc.malloc.check=3:glibc.malloc.hugetlb=1"));
    // No restart: the system offers no huge pages, the user opted out, or chose the tunable.
    CHECK(!hugePageTunables("", false, false));
    CHECK(!hugePageTunables("", true, true));
    CHECK(!hugePageTunables("glibc.malloc.hugetlb=0", true, false));

    // Restarted or not, the program runs and answers (--version needs no display).
    for (const char* user : { "", "glibc.malloc.check=3" }) {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("GLIBC_TUNABLES"), QString::fromLatin1(user));
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(POPSCOPE_APP_PATH), { QStringLiteral("--version") });
        REQUIRE(process.waitForFinished(60000));
        CHECK(process.exitCode() == 0);
        CHECK(QString::fromLocal8Bit(process.readAllStandardOutput()).startsWith(QStringLiteral("popscope")));
    }
}
