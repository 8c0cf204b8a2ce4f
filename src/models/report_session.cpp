#include "models/report_session.hpp"

#include <QFileInfo>

namespace popscope {

ReportSession::ReportSession(ReportState* state, QObject* parent)
    : QObject(parent)
    , m_state(state)
{
    for (int slot = 0; slot < 2; ++slot) {
        auto* loader = new ReportLoader(this);
        m_loaders[size_t(slot)] = loader;
        connect(loader, &ReportLoader::loaded, this,
            [this, slot](std::shared_ptr<LoadedReport> r) { onLoaded(slot, std::move(r)); });
        connect(loader, &ReportLoader::failed, this, &ReportSession::onFailed);
        connect(loader, &ReportLoader::progress, this,
            [this, slot](int stage, int, const QString& message) { onProgress(slot, stage, message); });
    }
}

void ReportSession::setParts(const std::vector<ReportPart>& parts)
{
    for (ReportLoader* loader : m_loaders)
        loader->setParts(parts);
}

void ReportSession::open(const QString& path)
{
    start(path, {});
}

void ReportSession::compare(const QString& source, const QString& target)
{
    start(source, target);
}

void ReportSession::reload()
{
    const auto source = m_state->report();
    if (!source)
        return;
    const auto target = m_state->comparedReport();
    start(source->path, target ? target->path : QString());
}

void ReportSession::start(const QString& source, const QString& target)
{
    stopAll();
    m_paths = { source, target };
    for (size_t slot = 0; slot < 2; ++slot) {
        m_ready[slot].reset();
        m_stage[slot] = 0;
        m_stageText[slot].clear();
        m_waiting[slot] = !m_paths[slot].isEmpty();
        if (m_waiting[slot])
            m_loaders[slot]->start(m_paths[slot]);
    }
}

void ReportSession::stopAll()
{
    for (size_t slot = 0; slot < 2; ++slot) {
        m_waiting[slot] = false;
        QSignalBlocker quiet(m_loaders[slot]); // the session reports one cancel, not one per slot
        m_loaders[slot]->cancel();
    }
}

void ReportSession::cancel()
{
    if (!isLoading())
        return;
    const QString path = m_paths[0];
    stopAll();
    m_ready = {};
    emit cancelled(path);
}

bool ReportSession::isLoading() const
{
    return m_waiting[0] || m_waiting[1];
}

QStringList ReportSession::loadingPaths() const
{
    QStringList paths;
    for (size_t slot = 0; slot < 2; ++slot)
        if (m_waiting[slot])
            paths << m_paths[slot];
    return paths;
}

void ReportSession::waitForFinished()
{
    for (ReportLoader* loader : m_loaders)
        loader->waitForFinished();
}

void ReportSession::onLoaded(int slot, std::shared_ptr<LoadedReport> report)
{
    if (!m_waiting[size_t(slot)])
        return;
    m_waiting[size_t(slot)] = false;
    m_ready[size_t(slot)] = std::move(report);
    if (isLoading())
        return;
    // Both slots ready: one swap of the state, so every page rebuilds once.
    auto source = std::move(m_ready[0]);
    auto target = std::move(m_ready[1]);
    m_ready = {};
    m_state->setReports(std::move(source), std::move(target));
    emit opened(m_paths[0], m_paths[1]);
}

void ReportSession::onFailed(const QString& path, const QString& message)
{
    stopAll();
    m_ready = {};
    emit failed(path, message);
}

void ReportSession::onProgress(int slot, int stage, const QString& message)
{
    if (!m_waiting[size_t(slot)])
        return;
    m_stage[size_t(slot)] = stage;
    m_stageText[size_t(slot)] = message;
    const int slotCount = m_paths[1].isEmpty() ? 1 : 2;
    QStringList lines;
    for (size_t s = 0; s < size_t(slotCount); ++s)
        lines << QStringLiteral("%1: %2").arg(
            QFileInfo(m_paths[s]).fileName(), m_waiting[s] ? m_stageText[s] : tr("ready"));
    emit progress(m_stage[0] + (slotCount == 2 ? m_stage[1] : 0), stageCount() * slotCount,
        lines.join(QLatin1Char('\n')));
}

} // namespace popscope
