#include "models/loaded_report.hpp"

#include <QElapsedTimer>
#include <QFileInfo>

namespace popscope {

QString LoadedReport::fileName() const { return QFileInfo(path).fileName(); }

std::shared_ptr<LoadedReport> loadReport(const QString& path, StageCallback stage, void* context)
{
    QElapsedTimer timer;
    timer.start();
    auto next = [&](int index, const char* message) {
        return stage == nullptr || stage(context, index, message);
    };
    auto report = std::make_shared<LoadedReport>();
    report->path = path;
    if (!next(0, "Opening the profile"))
        return nullptr;
    report->profile = std::shared_ptr<Profile>(Profile::open(path.toStdString()));
    if (!next(1, "Reading the summary"))
        return nullptr;
    report->summary = querySummary(*report->profile);
    if (!next(2, "Reading memory by tile"))
        return nullptr;
    report->memory = queryTileMemory(*report->profile);
    if (!next(3, "Reading variables"))
        return nullptr;
    report->variables = report->profile->readVariables(true);
    if (!next(4, "Reading vertices and compute sets"))
        return nullptr;
    report->vertexTypes = report->profile->readVertexTypes();
    report->computeSets = report->profile->readComputeSets();
    if (!next(5, "Reading exchanges"))
        return nullptr;
    report->exchanges = report->profile->readExchanges();
    report->loadMilliseconds = timer.elapsed();
    return report;
}

} // namespace popscope
