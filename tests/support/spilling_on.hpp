#pragma once
// Spilling on for one test (spill::setDirectory), every array spilled, and off again after.
#include "fixture_builder.hpp"
#include "popscope/spilled_array.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

namespace popscope::test {

// Spilling into a folder on a disk, every array (a minimum of one byte), for one test. The
// temporary folder may be in RAM (tmpfs), which spilling refuses: then a folder in the working
// directory, which is in the build tree.
class SpillingOn {
public:
    SpillingOn()
    {
        if (!spill::setDirectory(m_dir.file("spill"), 1)) {
            m_fallback = std::filesystem::current_path() / "spill-test-folder";
            REQUIRE(spill::setDirectory(m_fallback.string(), 1));
        }
    }
    ~SpillingOn()
    {
        spill::setDirectory("");
        if (!m_fallback.empty())
            std::filesystem::remove_all(m_fallback);
    }
    std::filesystem::path folder() const { return m_fallback.empty() ? m_dir.path() / "spill" : m_fallback; }

private:
    TempDir m_dir;
    std::filesystem::path m_fallback;
};

} // namespace popscope::test
