#include "app/start_page.hpp"
#include "models/report_location.hpp"

#include "app/recent_files.hpp"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

namespace {
constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kTargetRole = Qt::UserRole + 2;
} // namespace

StartPage::StartPage(RecentFiles* recent, const QString& demoPath, QWidget* parent)
    : QWidget(parent)
    , m_recent(recent)
    , m_demoPath(demoPath)
{
    QLayout* left = buildActions();
    buildRecentLists();

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(48, 40, 48, 40);
    layout->setSpacing(48);
    auto* leftWidget = new QWidget(this);
    leftWidget->setLayout(left);
    leftWidget->setMaximumWidth(520);
    layout->addWidget(leftWidget, 2, Qt::AlignTop);
    layout->addWidget(m_tabs, 3);

    connect(m_reports, &QListWidget::itemActivated, this,
        [this](QListWidgetItem* item) { emit openPath(item->data(kPathRole).toString()); });
    connect(m_comparisons, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit comparePaths(item->data(kPathRole).toString(), item->data(kTargetRole).toString());
    });
    connect(recent, &RecentFiles::changed, this, &StartPage::refresh);
    refresh();
}

QLayout* StartPage::buildTitle()
{
    auto* logo = new QLabel(this);
    logo->setPixmap(QIcon(QStringLiteral(":/icons/popscope.svg")).pixmap(72, 72));
    auto* title = new QLabel(QStringLiteral("popscope"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 2.2);
    f.setBold(true);
    title->setFont(f);
    auto* subtitle = new QLabel(tr("Graph analyser for IPU profiles (.pop)"), this);
    subtitle->setForegroundRole(QPalette::PlaceholderText);

    auto* head = new QHBoxLayout;
    head->addWidget(logo);
    auto* titles = new QVBoxLayout;
    titles->setSpacing(0);
    titles->addStretch(1);
    titles->addWidget(title);
    titles->addWidget(subtitle);
    titles->addStretch(1);
    head->addLayout(titles);
    head->addStretch(1);
    return head;
}

QLayout* StartPage::buildActions()
{
    QLayout* head = buildTitle();
    auto button = [this](const QString& text, const QString& tip) {
        auto* b = new QPushButton(text, this);
        b->setToolTip(tip);
        b->setMinimumHeight(36);
        b->setMinimumWidth(240);
        b->setMaximumWidth(420);
        return b;
    };
    auto* open = button(tr("Open a report…"), tr("Open a profile.pop file (Ctrl+O)"));
    auto* openRemote = button(tr("Open a remote report…"),
        tr("Read a profile on an IPU server over SSH, without copying it (Ctrl+Shift+R)"));
    auto* compare = button(tr("Compare two reports…"),
        tr("Pick a source and a target report and see them side by side, with "
           "What changed between them (Ctrl+Shift+O). Or drop two files on the window."));
    m_demo = button(tr("Open demo report"), tr("A simulated profile that ships with popscope"));
    auto* simulate = button(tr("Simulate a what-if…"),
        tr("Simulate a workload on a model of Mk1, Mk2 or Bow IPUs (batch 8? Bow? interleaved?), or sweep "
           "one parameter, and open or compare the report (Ctrl+Shift+N)"));
    if (!QFileInfo::exists(m_demoPath)) {
        m_demo->setEnabled(false);
        m_demo->setToolTip(
            tr("The demo profile was not built (%1). Build the sample_profiles target.").arg(m_demoPath));
    }
    auto* dropHint = new QLabel(tr("You can also drop a .pop file on this window (two files to compare "
                                   "them), or run <tt>popscope FILE</tt> or "
                                   "<tt>popscope A.pop --compare B.pop</tt>."),
        this);
    dropHint->setWordWrap(true);
    dropHint->setForegroundRole(QPalette::PlaceholderText);

    auto* left = new QVBoxLayout;
    left->addLayout(head);
    left->addSpacing(24);
    left->addWidget(open);
    left->addWidget(openRemote);
    left->addWidget(compare);
    left->addWidget(simulate);
    left->addWidget(m_demo);
    left->addSpacing(12);
    left->addWidget(dropHint);
    left->addStretch(100);
    left->setSpacing(10);
    connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
    connect(openRemote, &QPushButton::clicked, this, &StartPage::openRemoteRequested);
    connect(compare, &QPushButton::clicked, this, &StartPage::compareRequested);
    connect(simulate, &QPushButton::clicked, this, &StartPage::simulateRequested);
    connect(m_demo, &QPushButton::clicked, this, &StartPage::demoRequested);
    return left;
}

void StartPage::buildRecentLists()
{
    m_reports = new QListWidget(this);
    m_comparisons = new QListWidget(this);
    for (QListWidget* list : { m_reports, m_comparisons }) {
        list->setSelectionMode(QAbstractItemView::SingleSelection);
        list->setSpacing(1);
        list->setAlternatingRowColors(true);
    }
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_reports, tr("Recent reports"));
    m_tabs->addTab(m_comparisons, tr("Recent comparisons"));
}

QWidget* StartPage::entryWidget(
    const QString& title, const QString& subtitle, bool missing, std::function<void()> remove)
{
    auto* w = new QWidget;
    auto* layout = new QHBoxLayout(w);
    layout->setContentsMargins(6, 3, 6, 3);
    auto* text
        = new QLabel(QStringLiteral("<b>%1</b>%2<br><small>%3</small>")
                         .arg(title.toHtmlEscaped(), missing ? tr(" <i>(file not found)</i>") : QString(),
                             subtitle.toHtmlEscaped()),
            w);
    text->setTextFormat(Qt::RichText);
    if (missing)
        text->setEnabled(false);
    auto* removeButton = new QToolButton(w);
    removeButton->setIcon(QIcon(QStringLiteral(":/icons/remove.svg")));
    removeButton->setToolTip(tr("Remove from this list (the file is not touched)"));
    removeButton->setAutoRaise(true);
    connect(removeButton, &QToolButton::clicked, this, std::move(remove));
    layout->addWidget(text, 1);
    layout->addWidget(removeButton);
    return w;
}

void StartPage::refresh()
{
    m_reports->clear();
    m_comparisons->clear();
    for (const QString& path : m_recent->reports()) {
        auto* item = new QListWidgetItem(m_reports);
        item->setData(kPathRole, path);
        item->setToolTip(tr("Double-click to open %1").arg(path));
        const ReportLocation location = ReportLocation::of(path);
        QWidget* w = entryWidget(location.fileName, location.folder, location.missing,
            [this, path] { m_recent->removeReport(path); });
        item->setSizeHint(w->sizeHint());
        m_reports->setItemWidget(item, w);
    }
    for (const auto& [source, target] : m_recent->comparisons()) {
        auto* item = new QListWidgetItem(m_comparisons);
        item->setData(kPathRole, source);
        item->setData(kTargetRole, target);
        item->setToolTip(tr("Double-click to compare\n%1\nwith\n%2").arg(source, target));
        const ReportLocation from = ReportLocation::of(source), to = ReportLocation::of(target);
        QWidget* w = entryWidget(from.fileName + QStringLiteral("  →  ") + to.fileName, from.folder,
            from.missing || to.missing, [this, s = source, t = target] { m_recent->removeComparison(s, t); });
        item->setSizeHint(w->sizeHint());
        m_comparisons->setItemWidget(item, w);
    }
    auto placeholder = [](QListWidget* list, const QString& text) {
        if (list->count() > 0)
            return;
        auto* item = new QListWidgetItem(text, list);
        item->setFlags(Qt::NoItemFlags);
    };
    placeholder(m_reports, tr("No recent reports yet. Open one with “Open a report…”, or try the demo."));
    placeholder(m_comparisons, tr("No recent comparisons yet. Start one with “Compare two reports…”."));
    // Open on the list that has something in it.
    if (m_recent->reports().isEmpty() && !m_recent->comparisons().empty())
        m_tabs->setCurrentWidget(m_comparisons);
}

} // namespace popscope
