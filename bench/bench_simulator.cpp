// Simulator benchmark (DESIGN.md §6, docs/performance.md): time to simulate and write bench-large, the
// writer's rate against SQLite's own insert rate measured in the same run (the ceiling), the file
// size, and the whole `popscope-cli simulate` as a user waits for it.
// Usage: bench_simulator [SPEC.json] [OUT.pop] [--keep]
#include "popscope/profile_writer.hpp"
#include "popscope/sim/simulator.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU time of the whole process: on a shared machine it varies less than the wall time.
double processCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct Rate {
    double wall = 0; // rows per second of wall time
    double cpu = 0; // rows per second of CPU time
};

void check(int rc, sqlite3* db, const char* what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
        throw std::runtime_error(std::string(what) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
}

void exec(sqlite3* db, const char* sql)
{
    check(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), db, sql);
}

// Bytes of the records of every table (not the indexes) of a written profile: with the row
// count, the average row the ceiling inserts.
uint64_t tablePayloadBytes(const std::string& path)
{
    sqlite3* db = nullptr;
    check(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), db, "open the written profile");
    sqlite3_stmt* s = nullptr;
    check(sqlite3_prepare_v2(db,
              "SELECT sum(payload) FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema WHERE type = "
              "'table')",
              -1, &s, nullptr),
        db, "dbstat (SQLite without SQLITE_ENABLE_DBSTAT_VTAB?)");
    check(sqlite3_step(s), db, "dbstat");
    const auto bytes = uint64_t(sqlite3_column_int64(s, 0));
    sqlite3_finalize(s);
    sqlite3_close(db);
    return bytes;
}

// SQLite's own insert rate on this machine: `rows` rows of `payloadBytes / rows` bytes each into
// one table, through the C API, journal and synchronous off, one transaction, one prepared
// statement, timed from the first row to the closed file. The connection has the writer's
// settings where they make SQLite faster (no mutex, the same page and cache size), so the ceiling
// is the strictest one. The ceiling inserts one row per statement run; with
// `rowsPerStatement` > 1 it uses the writer's multi-row INSERT too (for comparison only).
Rate sqliteCeiling(
    const std::string& path, uint64_t rows, uint64_t payloadBytes, uint64_t rowsPerStatement = 1)
{
    fs::remove(path);
    // A record of one BLOB has a 2-byte header (3 from 58 bytes on): the BLOB is the rest.
    const uint64_t average = rows ? payloadBytes / rows : 0;
    const size_t blobBytes = average > 60 ? average - 3 : average > 2 ? average - 2 : 0;
    std::vector<unsigned char> blob(blobBytes);
    for (size_t i = 0; i < blob.size(); ++i)
        blob[i] = static_cast<unsigned char>(i * 2654435761u >> 13);
    sqlite3* db = nullptr;
    check(sqlite3_open_v2(
              path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr),
        db, "open");
    exec(db,
        "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA page_size=16384; PRAGMA cache_size=-65536;"
        " CREATE TABLE ceiling(payload BLOB NOT NULL)");
    // Rows differ in their first 8 bytes, as in a profile: each row of a statement has its copy.
    std::vector<std::vector<unsigned char>> blobs(rowsPerStatement, blob);
    std::string sql = "INSERT INTO ceiling VALUES(?)";
    for (uint64_t r = 1; r < rowsPerStatement; ++r)
        sql += ",(?)";
    sqlite3_stmt* several = nullptr;
    sqlite3_stmt* one = nullptr;
    check(sqlite3_prepare_v2(db, sql.c_str(), -1, &several, nullptr), db, "prepare");
    check(sqlite3_prepare_v2(db, "INSERT INTO ceiling VALUES(?)", -1, &one, nullptr), db, "prepare");
    const auto start = Clock::now();
    const double cpuStart = processCpuSeconds();
    exec(db, "BEGIN");
    for (uint64_t i = 0; i < rows;) {
        sqlite3_stmt* insert = i + rowsPerStatement <= rows ? several : one;
        const uint64_t count = insert == several ? rowsPerStatement : 1;
        for (uint64_t r = 0; r < count; ++r, ++i) {
            std::vector<unsigned char>& b = blobs[r];
            if (b.size() >= 8)
                for (int k = 0; k < 8; ++k)
                    b[size_t(k)] = static_cast<unsigned char>(i >> (8 * k));
            sqlite3_bind_blob(insert, int(r + 1), b.data(), int(b.size()), SQLITE_STATIC);
        }
        check(sqlite3_step(insert), db, "insert");
        sqlite3_reset(insert);
    }
    exec(db, "COMMIT");
    sqlite3_finalize(several);
    sqlite3_finalize(one);
    check(sqlite3_close(db), nullptr, "close");
    const Rate rate { double(rows) / secondsSince(start), double(rows) / (processCpuSeconds() - cpuStart) };
    fs::remove(path);
    return rate;
}

// `popscope-cli simulate SPEC -o OUT --quiet` as a user runs it: process start to exit.
double cliSimulateSeconds(const std::string& spec, const std::string& out)
{
    fs::remove(out);
    const std::string command = "'" POPSCOPE_CLI "' simulate '" + spec + "' -o '" + out + "' --quiet";
    const auto start = Clock::now();
    if (std::system(command.c_str()) != 0)
        throw std::runtime_error("failed: " + command);
    const double seconds = secondsSince(start);
    fs::remove(out);
    return seconds;
}

} // namespace

int main(int argc, char** argv)
{
    std::string spec = POPSCOPE_BENCH_SPEC;
    std::string out = (fs::temp_directory_path() / "popscope-bench-large.pop").string();
    bool keep = false;
    int positional = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--keep")
            keep = true;
        else if (positional++ == 0)
            spec = a;
        else
            out = a;
    }
    try {
        const auto t0 = Clock::now();
        const popscope::sim::SimulationSpec s = popscope::sim::readSpecFile(spec);
        const popscope::ProfileDocument doc = popscope::sim::simulateSpec(s);
        const double simulate = secondsSince(t0);
        const auto t1 = Clock::now();
        const double cpu1 = processCpuSeconds();
        const popscope::WriteStats stats = popscope::writeProfile(doc, out);
        const double write = secondsSince(t1);
        const Rate writeRate { double(stats.rows) / write,
            double(stats.rows) / (processCpuSeconds() - cpu1) };
        const uint64_t payload = tablePayloadBytes(out);
        const Rate ceiling = sqliteCeiling(out + ".ceiling", stats.rows, payload);
        const double share = writeRate.wall / ceiling.wall;
        const Rate batched = sqliteCeiling(out + ".ceiling", stats.rows, payload, stats.rowsPerStatement);
        const double wholeCli = cliSimulateSeconds(spec, out + ".cli");
        uint64_t perTileSteps = 0;
        for (const auto& st : doc.steps)
            for (const auto& i : st.ipus)
                if (!i.cyclesByTile.empty()) {
                    ++perTileSteps;
                    break;
                }
        std::printf("bench_simulator: %s\n", spec.c_str());
        std::printf("  target                 %s x %u IPUs x %u tiles\n", doc.target.architecture.c_str(),
            doc.target.numIpus, doc.target.tilesPerIpu);
        std::printf("  variables              %zu\n", doc.variables.size());
        std::printf("  liveness steps         %zu\n", doc.livenessSteps.size());
        std::printf("  execution steps        %zu (%llu with per-tile cycles)\n", doc.steps.size(),
            (unsigned long long)perTileSteps);
        std::printf("  simulate               %.2f s\n", simulate);
        std::printf("  write                  %.2f s (%llu rows, %.0f rows/s, %.1f MB/s)\n", write,
            (unsigned long long)stats.rows, writeRate.wall, double(stats.bytes) / write / 1e6);
        std::printf("  SQLite ceiling         %.0f rows/s (same rows, %.0f bytes each on average)\n",
            ceiling.wall, stats.rows ? double(payload) / double(stats.rows) : 0.0);
        std::printf("  writer / ceiling       %.1f %% (budget >= 75 %%: %s)\n", 100 * share,
            share >= 0.75 ? "within" : "OVER");
        std::printf("  the same in CPU time   %.1f %% (writer %.0f, ceiling %.0f rows per CPU second)\n",
            100 * writeRate.cpu / ceiling.cpu, writeRate.cpu, ceiling.cpu);
        std::printf(
            "  ceiling, %llu rows a statement as the writer: %.0f rows/s; the writer at %.1f %% of it "
            "(%.1f %% in CPU time)\n",
            (unsigned long long)stats.rowsPerStatement, batched.wall, 100 * writeRate.wall / batched.wall,
            100 * writeRate.cpu / batched.cpu);
        std::printf("  file size              %.1f MB (%llu bytes)\n", double(stats.bytes) / 1e6,
            (unsigned long long)stats.bytes);
        std::printf("  simulate + write       %.2f s (budget 60 s: %s)\n", simulate + write,
            simulate + write <= 60.0 ? "within" : "OVER");
        std::printf("  popscope-cli simulate  %.2f s wall (budget 60 s: %s)\n", wholeCli,
            wholeCli <= 60.0 ? "within" : "OVER");
        if (!keep)
            fs::remove(out);
        else
            std::printf("  kept                   %s\n", out.c_str());
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_simulator: %s\n", e.what());
        return 1;
    }
}
