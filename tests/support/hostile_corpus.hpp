#pragma once
// A corpus of damaged and hostile report files, generated in code: each one must be refused when
// it is opened, with a message naming the file and a problem a person can act on. Shared by the
// core tests and the window test that opens each in turn (offscreen and under Xvfb).
#include "fixture_builder.hpp"

#include <string>
#include <vector>

namespace popscope::test {

struct HostileFile {
    std::string what; // "a trigger hidden in the schema", for test names and failures
    std::string path; // the file (or folder) to open
    std::string problem; // a fragment the error message must hold
};

// Writes the corpus into `dir` and lists it.
std::vector<HostileFile> writeHostileCorpus(const TempDir& dir);

} // namespace popscope::test
