#include "cli_runner.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace popscope::test {

namespace {

std::string slurp(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

CliResult runProgram(const std::string& program, const std::string& arguments)
{
    namespace fs = std::filesystem;
    // Per-process names: test executables may run in parallel under ctest -j.
    const fs::path dir = fs::temp_directory_path();
    const std::string stem = "popscope_cli_" + std::to_string(::getpid());
    const fs::path out = dir / (stem + ".out"), err = dir / (stem + ".err");
    // `timeout`: a regression that blocks (writing into a FIFO, a runaway simulation) fails the
    // test with status 124 instead of hanging the suite.
    const std::string command = "timeout 300 \"" + program + "\" " + arguments + " >\"" + out.string()
        + "\" 2>\"" + err.string() + "\"";
    const int raw = std::system(command.c_str());
    CliResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    std::error_code ignored;
    fs::remove(out, ignored);
    fs::remove(err, ignored);
    return result;
}

} // namespace popscope::test
