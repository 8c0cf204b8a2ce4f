#pragma once
// The state behind a QuerySession (query.cpp opens it, query_run.cpp runs statements on it).
#include "popscope/profile.hpp"
#include "popscope/query.hpp"
#include "query_guard.hpp"
#include "query_module.hpp"
#include "sqlite_database.hpp"

#include <memory>
#include <string>
#include <vector>

namespace popscope {

struct QuerySession::State {
    std::vector<std::unique_ptr<Profile>> profiles;
    std::vector<std::unique_ptr<SqliteDatabase>> storage; // each report's own read-only connection
    std::vector<query::ReportSource> sources;
    query::QueryGuard guard;
    sqlite3* db = nullptr; // the in-memory query connection

    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State() { sqlite3_close(db); }
    void addReport(const std::string& path, const std::string& schema);
    void openQueryConnection();
};

} // namespace popscope
