#pragma once
// Shared by the libFuzzer targets: a scratch folder of this process's own (several fuzzing processes
// may run at once), made once with mkdtemp under $TMPDIR and removed at exit.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include <unistd.h>

namespace popscope::fuzz {

inline const std::string& scratchDir()
{
    static const std::string dir = [] {
        const char* base = std::getenv("TMPDIR");
        std::string pattern = std::string(base && *base ? base : "/tmp") + "/popscope-fuzz-XXXXXX";
        if (!mkdtemp(pattern.data())) {
            std::perror("popscope fuzz: mkdtemp");
            std::abort();
        }
        return pattern;
    }();
    static const bool cleanup = [] {
        std::atexit([] {
            std::error_code ignored;
            std::filesystem::remove_all(scratchDir(), ignored);
        });
        return true;
    }();
    (void)cleanup;
    return dir;
}

// Writes the input to `name` in the scratch folder and returns its path. Failing to write is the
// harness's problem, not the code's under test: abort loudly.
inline std::string writeInput(const uint8_t* data, size_t size, const char* name)
{
    const std::string path = scratchDir() + "/" + name;
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file || (size && std::fwrite(data, 1, size, file) != size) || std::fclose(file) != 0) {
        std::perror("popscope fuzz: writing the input file");
        std::abort();
    }
    return path;
}

inline std::string_view asText(const uint8_t* data, size_t size)
{
    return { reinterpret_cast<const char*>(data), size };
}

} // namespace popscope::fuzz
