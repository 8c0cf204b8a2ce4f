#include "models/loaded_report.hpp"
#include "popscope/remote/sftp_file.hpp"

#include <QElapsedTimer>
#include <QFileInfo>

namespace popscope {

LoadedReport::LoadedReport(QString path_, std::shared_ptr<const Report> report)
    : path(std::move(path_))
    , core(std::move(report))
    , summary(core->summary())
{
}

QString LoadedReport::fileName() const
{
    return QFileInfo(path).fileName();
}

std::shared_ptr<LoadedReport> loadReport(
    const QString& path, StageCallback stage, void* context, const std::vector<ReportPart>& parts)
{
    QElapsedTimer timer;
    timer.start();
    auto next
        = [&](int index, const char* message) { return stage == nullptr || stage(context, index, message); };
    if (!next(0, "Opening the profile"))
        return nullptr;
    const std::shared_ptr<const Report> report = Report::open(path.toStdString());
    const QString profilePath = QString::fromStdString(report->path());
    const auto& remoteFile = report->profile().remoteFile();
    const FileIdentity opened = remoteFile
        ? FileIdentity::of(remote::RemoteFileState { true, remoteFile->size(), remoteFile->modified() })
        : FileIdentity::of(profilePath);
    // Each part is read once here, off the GUI thread; the pages then share them.
    int index = 1;
    for (ReportPart part : partsToLoad(parts)) {
        if (!next(index++, partStageMessage(part)))
            return nullptr;
        readReportPart(*report, part);
    }
    auto loaded = std::make_shared<LoadedReport>(path, report);
    loaded->loadMilliseconds = timer.elapsed();
    loaded->profilePath = profilePath;
    loaded->opened = opened;
    return loaded;
}

} // namespace popscope
