#include "app/report_sidebar.hpp"

#include "models/settings_keys.hpp"

#include <QEvent>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QPalette>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

namespace {
constexpr int kNameRole = Qt::UserRole + 1;
constexpr int kShortcutRole = Qt::UserRole + 2;

// The icons are drawn in the accent colour, so the current report gets a pale accent
// background with ordinary text instead of the solid highlight, on which they would vanish.
void useLightSelection(QWidget* list, QPalette palette)
{
    const QColor accent = palette.color(QPalette::Active, QPalette::Highlight);
    const QColor base = palette.color(QPalette::Active, QPalette::Window);
    const auto mix = [&](int a, int b) { return (a * 22 + b * 78) / 100; };
    const QColor light(
        mix(accent.red(), base.red()), mix(accent.green(), base.green()), mix(accent.blue(), base.blue()));
    for (const auto group : { QPalette::Active, QPalette::Inactive }) {
        palette.setColor(group, QPalette::Highlight, light);
        palette.setColor(group, QPalette::HighlightedText, palette.color(group, QPalette::WindowText));
    }
    list->setPalette(palette);
}
} // namespace

ReportSidebar::ReportSidebar(QWidget* parent)
    : QWidget(parent)
{
    m_list = new QListWidget(this);
    m_list->setIconSize(QSize(22, 22));
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->setSpacing(2);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setBackgroundRole(QPalette::Window);
    useLightSelection(m_list, palette());
    m_toggle = new QToolButton(this);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolTip(tr("Collapse or expand the report list (Ctrl+B)"));
    m_files = new QLabel(this);
    m_files->setWordWrap(false); // names are elided in the middle, never broken at a dash
    m_files->setTextFormat(Qt::RichText);
    m_files->setContentsMargins(8, 2, 4, 6);
    m_files->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 4, 2, 4);
    layout->addWidget(m_files);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_toggle, 0, Qt::AlignLeft);
    connect(m_toggle, &QToolButton::clicked, this, [this] { setCollapsed(!m_collapsed); });
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item && (item->flags() & Qt::ItemIsEnabled))
            emit reportSelected(m_ids[size_t(m_list->row(item))]);
    });
    setCollapsed(QSettings().value(SettingsKey::sidebarCollapsed, false).toBool());
}

void ReportSidebar::addReport(
    PageId id, const QString& name, const QString& icon, bool available, const QString& shortcut)
{
    auto* item = new QListWidgetItem(QIcon(icon), m_collapsed ? QString() : name, m_list);
    item->setData(kNameRole, name);
    item->setData(kShortcutRole, shortcut);
    item->setSizeHint(QSize(0, 34));
    m_ids.push_back(id);
    setAvailable(id, available);
}

void ReportSidebar::setAvailable(PageId id, bool available, const QString& reason)
{
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        if (m_ids[size_t(i)] != id)
            continue;
        const QString name = item->data(kNameRole).toString();
        const QString shortcut = item->data(kShortcutRole).toString();
        if (available) {
            item->setFlags(item->flags() | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            item->setToolTip(shortcut.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, shortcut));
        } else {
            item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
            item->setToolTip(reason.isEmpty() ? tr("%1: not available yet").arg(name) : reason);
        }
    }
}

void ReportSidebar::setFiles(const QString& source, const QString& target)
{
    const auto elided = [this](const QString& file) {
        return m_files->fontMetrics().elidedText(file, Qt::ElideMiddle, 150).toHtmlEscaped();
    };
    m_files->setText(target.isEmpty()
            ? QStringLiteral("<b>%1</b>").arg(elided(source))
            : QStringLiteral("<b>%1</b><br>→ <b>%2</b>").arg(elided(source), elided(target)));
    m_files->setToolTip(target.isEmpty() ? source : tr("Source: %1\nTarget: %2").arg(source, target));
    m_files->setVisible(!source.isEmpty() && !m_collapsed);
}

QString ReportSidebar::filesText() const
{
    return m_files->toolTip();
}

void ReportSidebar::setCurrent(PageId id)
{
    for (int i = 0; i < m_list->count(); ++i)
        if (m_ids[size_t(i)] == id) {
            QSignalBlocker block(m_list);
            m_list->setCurrentRow(i);
        }
}

PageId ReportSidebar::current() const
{
    const int row = m_list->currentRow();
    return row >= 0 ? m_ids[size_t(row)] : PageId();
}

bool ReportSidebar::isAvailable(PageId id) const
{
    for (int i = 0; i < m_list->count(); ++i)
        if (m_ids[size_t(i)] == id)
            return m_list->item(i)->flags() & Qt::ItemIsEnabled;
    return false;
}

void ReportSidebar::changeEvent(QEvent* event)
{
    // The list's palette was set explicitly, so it no longer follows the application's: derive
    // it again from the sidebar's (which does).
    if (event->type() == QEvent::PaletteChange)
        useLightSelection(m_list, palette());
    QWidget::changeEvent(event);
}

void ReportSidebar::setCollapsed(bool collapsed)
{
    m_collapsed = collapsed;
    for (int i = 0; i < m_list->count(); ++i)
        m_list->item(i)->setText(collapsed ? QString() : m_list->item(i)->data(kNameRole).toString());
    m_files->setVisible(!collapsed && !m_files->text().isEmpty());
    m_toggle->setText(collapsed ? QStringLiteral("»") : tr("« Collapse"));
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextOnly);
    setFixedWidth(collapsed ? 44 : 172);
    QSettings().setValue(SettingsKey::sidebarCollapsed, collapsed);
}

} // namespace popscope
