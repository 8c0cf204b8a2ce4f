#pragma once
// The sample profiles (profiles/*.json) simulated once per test run into a temporary folder.
#include "fixture_builder.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/sim/simulator.hpp"

#include <map>
#include <mutex>
#include <string>

namespace simtest {

// Path of profiles/NAME.json simulated and written as NAME.pop (cached for the process).
inline std::string sampleProfile(const std::string& name)
{
    static popscope::test::TempDir dir;
    static std::map<std::string, std::string> written;
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = written.find(name);
    if (it != written.end())
        return it->second;
    const std::string path = dir.file(name + ".pop");
    popscope::writeProfile(popscope::sim::simulateSpec(popscope::sim::readSpecFile(
                               std::string(POPSCOPE_PROFILES_DIR) + "/" + name + ".json")),
        path);
    return written[name] = path;
}

} // namespace simtest
