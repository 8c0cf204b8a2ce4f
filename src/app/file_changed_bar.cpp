#include "app/file_changed_bar.hpp"

#include "models/report_location.hpp"
#include "models/report_state.hpp"
#include "popscope/profile.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace popscope {

namespace {
QString names(const QStringList& paths)
{
    QStringList files;
    for (const QString& path : paths)
        files << QStringLiteral("<b>%1</b>").arg(QFileInfo(path).fileName().toHtmlEscaped());
    return files.join(QCoreApplication::translate("popscope::FileChangedBar", " and "));
}
} // namespace

FileChangedBar::FileChangedBar(ReportState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_watcher(new FileChangeWatcher(this))
{
    setAutoFillBackground(true);
    QPalette warm = palette();
    warm.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xce)); // the usual "notice" yellow
    warm.setColor(QPalette::WindowText, QColor(0x3d, 0x2e, 0x00));
    setPalette(warm);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 6, 12, 6);
    layout->setSpacing(10);
    m_message = new QLabel(this);
    m_message->setTextFormat(Qt::RichText);
    m_message->setWordWrap(true);
    m_reload = new QPushButton(tr("Reload"), this);
    m_reload->setToolTip(tr("Open the file again as it is now (F5)"));
    auto* dismiss = new QPushButton(tr("Keep This Version"), this);
    dismiss->setToolTip(tr("Hide this message; the report stays as it was read"));
    layout->addWidget(m_message, 1);
    layout->addWidget(m_reload);
    layout->addWidget(dismiss);
    connect(m_reload, &QPushButton::clicked, this, &FileChangedBar::reloadRequested);
    connect(dismiss, &QPushButton::clicked, this, &QWidget::hide);
    connect(m_watcher, &FileChangeWatcher::changed, this, &FileChangedBar::onChanged);
    connect(state, &ReportState::reportChanged, this, &FileChangedBar::follow);
    follow();
}

void FileChangedBar::follow()
{
    m_modified.clear();
    m_deleted.clear();
    hide();
    QVector<QPair<QString, FileIdentity>> files;
    for (const auto& report : { m_state->report(), m_state->comparedReport() })
        if (report && !report->profilePath.isEmpty())
            files.push_back({ report->profilePath, report->opened });
    m_watcher->watch(files);
    for (const auto& report : { m_state->report(), m_state->comparedReport() })
        if (report && report->core->profile().remoteFile())
            m_watcher->setRemoteFile(report->profilePath, report->core->profile().remoteFile());
}

void FileChangedBar::onChanged(const QString& path, FileChangeWatcher::Change change)
{
    m_modified.removeAll(path);
    m_deleted.removeAll(path);
    (change == FileChangeWatcher::Change::Deleted ? m_deleted : m_modified) << path;
    QStringList parts;
    if (!m_modified.isEmpty())
        parts << tr("%1 changed %2 since it was opened.")
                     .arg(names(m_modified),
                         std::any_of(m_modified.begin(), m_modified.end(),
                             [](const QString& path) { return ReportLocation::of(path).remote; })
                             ? tr("on its server")
                             : tr("on disk"));
    if (!m_deleted.isEmpty())
        parts << tr("%1 was deleted or moved.").arg(names(m_deleted));
    // Reload needs every file: with one gone it would fail, so it is only offered when all exist.
    parts << (m_deleted.isEmpty() ? tr("Reload to see the new version.")
                                  : tr("The report stays open as it was read."));
    m_message->setText(QStringLiteral("⚠ ") + parts.join(QLatin1Char(' ')));
    m_message->setToolTip((m_modified + m_deleted).join(QLatin1Char('\n')));
    m_reload->setVisible(m_deleted.isEmpty());
    show();
}

QString FileChangedBar::text() const
{
    return isVisibleTo(parentWidget()) ? m_message->text() : QString();
}

} // namespace popscope
