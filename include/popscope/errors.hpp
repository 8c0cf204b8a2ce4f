#pragma once
#include <stdexcept>
#include <string>
#include <utility>

namespace popscope {

// What went wrong, so callers (CLI exit codes, GUI dialogs, tests) can tell the cases apart.
enum class ErrorKind {
    FileNotFound = 1,
    EmptyFile,
    NotSqlite,
    Truncated, // SQLite file cut short or damaged
    NotAProfile, // a valid SQLite database without popscope's tables
    UnsupportedVersion,
    CorruptProfile, // a profile whose contents break the schema's rules
    InvalidInput, // bad JSON, bad workload description, bad argument
    WriteFailed,
    // 10 is skipped: `popscope-cli` exits with 2 + kind, and 12 is its CI gate's "rule holds".
    RemoteFailed = 11, // a remote profile: unreachable, refused, not authenticated, connection lost
};

// Text from a file (names, keys, values) ends up in messages printed to terminals and dialogs:
// control characters become \xNN escapes and very long text is cut, so a hostile file cannot
// send escape sequences or flood the screen.
std::string printableMessage(const std::string& text, size_t maxLength = 2000);

class ProfileError : public std::runtime_error {
public:
    ProfileError(ErrorKind kind, const std::string& path, const std::string& problem)
        : ProfileError(kind, printableMessage(path), printableMessage(problem), 0)
    {
    }
    ErrorKind kind() const { return m_kind; }
    const std::string& path() const { return m_path; }
    const std::string& problem() const { return m_problem; }

private:
    ProfileError(ErrorKind kind, std::string path, std::string problem, int)
        : std::runtime_error(path.empty() ? problem : path + ": " + problem)
        , m_kind(kind)
        , m_path(std::move(path))
        , m_problem(std::move(problem))
    {
    }

    ErrorKind m_kind;
    std::string m_path;
    std::string m_problem;
};

const char* errorKindName(ErrorKind kind);

} // namespace popscope
