#pragma once
// What keeps a query read-only and bounded: the authorizer that refuses writes, ATTACH and
// state-changing pragmas, and the progress handler that stops a query at its time limit or when
// it is cancelled.
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>

namespace popscope::query {

class QueryGuard {
public:
    // From now on, statements prepared on `db` pass the authorizer.
    void refuseWritesOn(sqlite3* db);
    // Every statement on `db` (the query connection and the storage ones) checks the limit.
    void watch(sqlite3* db);
    // A statement starts or goes on stepping: it stops `timeoutSeconds` after it started, of which
    // `secondsSpent` were spent before now (a cursor's earlier fetches), or once *cancel is set.
    void start(double timeoutSeconds, const std::atomic<bool>* cancel, double secondsSpent = 0,
        const std::function<bool()>* stopRequested = nullptr);

    // Why the last statement was refused, or empty.
    const std::string& refusal() const { return m_refusal; }
    // Why the running query was stopped (time limit, cancelled), or empty.
    const std::string& stopReason() const { return m_stopReason; }

private:
    static int authorize(
        void* guard, int action, const char* a, const char* b, const char* database, const char* trigger);
    static int progress(void* guard);

    std::string m_refusal;
    std::string m_stopReason;
    double m_timeoutSeconds = 0;
    std::chrono::steady_clock::time_point m_deadline {};
    const std::atomic<bool>* m_cancel = nullptr;
    const std::function<bool()>* m_stopRequested = nullptr;
};

} // namespace popscope::query
