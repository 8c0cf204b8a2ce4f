#pragma once
#include <stdexcept>
#include <string>

namespace popscope {

// What went wrong, so callers (CLI exit codes, GUI dialogs, tests) can tell the cases apart.
enum class ErrorKind {
    FileNotFound = 1,
    EmptyFile,
    NotSqlite,
    Truncated,        // SQLite file cut short or damaged
    NotAProfile,      // a valid SQLite database without popscope's tables
    UnsupportedVersion,
    CorruptProfile,   // a profile whose contents break the schema's rules
    InvalidInput,     // bad JSON, bad workload description, bad argument
    WriteFailed,
};

class ProfileError : public std::runtime_error {
public:
    ProfileError(ErrorKind kind, const std::string& path, const std::string& problem)
        : std::runtime_error(path.empty() ? problem : path + ": " + problem),
          m_kind(kind), m_path(path), m_problem(problem) {}
    ErrorKind kind() const { return m_kind; }
    const std::string& path() const { return m_path; }
    const std::string& problem() const { return m_problem; }

private:
    ErrorKind m_kind;
    std::string m_path;
    std::string m_problem;
};

const char* errorKindName(ErrorKind kind);

} // namespace popscope
