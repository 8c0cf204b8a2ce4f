#pragma once
// A small generated profile written to a temporary folder and loaded like the app does.
#include "fixture_builder.hpp"
#include "models/loaded_report.hpp"
#include "popscope/profile_writer.hpp"

#include <QString>

namespace popscope::test {

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
