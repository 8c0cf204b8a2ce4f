#pragma once
// popscope-cli query FILE [FILE2] "SQL" | --file Q.sql [--csv | --json] [--timeout SECONDS]

namespace popscope::cli {

// argv[0] is "query". Returns the exit code; throws ProfileError for unreadable files and
// QueryError for refused or failed queries.
int runQueryCommand(int argc, char** argv);

} // namespace popscope::cli
