#pragma once
// Runs a program (popscope-cli) through the shell and captures its exit status and output.
#include <string>

namespace popscope::test {

struct CliResult {
    int status = -1; // exit status; -1 if the program did not exit normally
    std::string out, err;
    std::string text() const { return out + err; }
};

// `arguments` are passed through the shell as written (quote paths with spaces yourself).
CliResult runProgram(const std::string& program, const std::string& arguments);

#ifdef POPSCOPE_CLI_PATH
inline CliResult runCli(const std::string& arguments)
{
    return runProgram(POPSCOPE_CLI_PATH, arguments);
}
#endif

} // namespace popscope::test
