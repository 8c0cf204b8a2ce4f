#pragma once
// A small generated profile written to a temporary folder and loaded like the app does.
#include "fixture_builder.hpp"
#include "models/loaded_report.hpp"
#include "popscope/profile_writer.hpp"

#include <QString>

#include <filesystem>

namespace popscope::test {

// A sample profile the build simulated (profiles/NAME.json → BUILD/profiles/NAME), beside the demo.
inline QString sampleProfile(const char* name)
{
    const auto dir = std::filesystem::path(POPSCOPE_DEMO_PROFILE).parent_path();
    return QString::fromStdString((dir / name).string());
}

struct GuiFixture {
    TempDir dir;
    std::string path;
    std::shared_ptr<LoadedReport> report;

    explicit GuiFixture(const FixtureOptions& options = {})
    {
        path = dir.file("fixture.pop");
        writeProfile(makeDocument(options), path);
        report = loadReport(QString::fromStdString(path));
    }
};

} // namespace popscope::test
