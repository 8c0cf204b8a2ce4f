#pragma once
// Small, fully populated profiles generated in code for tests (no binary fixtures).
#include "popscope/profile_document.hpp"

#include <filesystem>
#include <string>

namespace popscope::test {

struct FixtureOptions {
    uint32_t numIpus = 2;
    uint32_t tilesPerIpu = 16;
    uint64_t bytesPerTile = 638976;
    uint32_t numVariables = 40;
    uint32_t numSteps = 12; // execution steps
    uint32_t numLivenessSteps = 10;
    bool overCapacityTile = false; // make tile 3 exceed bytesPerTile
};

// Every part of the document holds data, consistent with validateDocument().
ProfileDocument makeDocument(const FixtureOptions& options = {});

// A fresh empty folder under the system temp dir, removed when the object goes away.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::string file(const std::string& name) const { return (m_path / name).string(); }

private:
    std::filesystem::path m_path;
};

// One scratch folder per test process, removed when it ends: ctest -j runs a binary's test cases
// side by side, each in a process of its own.
const std::filesystem::path& processScratchDir();

// Writes makeDocument() as DIR/NAME and returns the path.
std::string writeValidProfile(const TempDir& dir, const std::string& name = "good.pop");

std::string readBytes(const std::string& path);
void writeBytes(const std::string& path, const std::string& bytes);
// Runs SQL against a file read-write (to build hostile or damaged profiles); throws on failure.
void execSql(const std::string& path, const std::string& sql);

} // namespace popscope::test
