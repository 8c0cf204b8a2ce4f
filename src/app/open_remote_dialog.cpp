#include "app/open_remote_dialog.hpp"

#include "models/remote/remote_folder_lister.hpp"
#include "popscope/plural.hpp"
#include "popscope/remote/remote_address.hpp"
#include "popscope/units.hpp"

#include <QCompleter>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStringListModel>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace popscope {

namespace {
constexpr int kFolderRole = Qt::UserRole + 1;
// Entries shown at most: a list longer than this is no help to pick from, and filling the tree
// with a server's 100,000 would hold up the window. The rest complete as the user types.
constexpr size_t kMaxEntriesShown = 2000;
} // namespace

OpenRemoteDialog::OpenRemoteDialog(const QString& address, QWidget* parent)
    : QDialog(parent)
    , m_typing(new QTimer(this))
    , m_lister(new RemoteFolderLister(this))
{
    setWindowTitle(tr("Open Remote Report"));
    resize(640, 440);
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Read a profile on an IPU server over SSH, without copying it. "
                                "Your ~/.ssh/config, keys and known hosts apply."),
        this);
    intro->setWordWrap(true);
    m_address = new QLineEdit(address, this);
    m_address->setPlaceholderText(tr("ssh://user@host:port/path/profile.pop  or  host:/path/profile.pop"));
    m_address->setClearButtonEnabled(true);
    m_address->setObjectName(QStringLiteral("remoteAddress"));
    m_completions = new QStringListModel(this);
    auto* completer = new QCompleter(m_completions, this);
    completer->setCaseSensitivity(Qt::CaseSensitive);
    m_address->setCompleter(completer);
    m_entries = new QTreeWidget(this);
    m_entries->setHeaderLabels({ tr("Name"), tr("Size") });
    m_entries->setRootIsDecorated(false);
    m_entries->setAlternatingRowColors(true);
    m_entries->header()->setStretchLastSection(false);
    m_entries->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_entries->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_entries->setObjectName(QStringLiteral("remoteEntries"));
    m_status = new QLabel(tr("Type an address; the folders and .pop files there appear below."), this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText); // a server's names and errors are shown, never rendered
    m_status->setObjectName(QStringLiteral("remoteStatus"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    m_open = buttons->button(QDialogButtonBox::Open);
    m_stop = buttons->addButton(tr("Stop"), QDialogButtonBox::ActionRole);
    m_stop->setObjectName(QStringLiteral("remoteStop"));
    m_stop->setToolTip(tr("Stop listing this folder"));
    m_stop->setEnabled(false);
    layout->addWidget(intro);
    layout->addWidget(m_address);
    layout->addWidget(m_entries, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    m_typing->setSingleShot(true);
    m_typing->setInterval(400);
    connect(m_typing, &QTimer::timeout, this, &OpenRemoteDialog::list);
    connect(m_address, &QLineEdit::textChanged, this, [this] {
        updateOpenButton();
        listSoon();
    });
    connect(m_entries, &QTreeWidget::itemActivated, this, &OpenRemoteDialog::entryActivated);
    connect(m_lister, &RemoteFolderLister::listed, this, &OpenRemoteDialog::showListing);
    connect(m_stop, &QPushButton::clicked, m_lister, &RemoteFolderLister::cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOpenButton();
    listSoon();
}

QString OpenRemoteDialog::address() const
{
    return m_address->text().trimmed();
}

void OpenRemoteDialog::done(int result)
{
    m_typing->stop();
    m_lister->cancel(); // a stalled server would otherwise hold the listing's thread until the timeout
    QDialog::done(result);
}

void OpenRemoteDialog::updateOpenButton()
{
    const auto parsed = remote::parseRemoteAddress(address().toStdString());
    m_open->setEnabled(parsed && !address().endsWith(QLatin1Char('/')));
}

void OpenRemoteDialog::listSoon()
{
    if (!remoteFolderPrefix(address()).isEmpty() && remoteFolderPrefix(address()) != m_listedFolder)
        m_typing->start();
}

void OpenRemoteDialog::list()
{
    const auto folder = remoteFolderOf(remoteFolderPrefix(address()));
    if (!folder)
        return;
    const bool connected = m_lister->connectedTo(folder->host);
    if (!m_lister->list(*folder))
        return; // a listing in flight lists again when it ends
    m_listedFolder = folder->prefix;
    m_stop->setEnabled(true);
    m_status->setText(connected
            ? tr("Listing %1…").arg(folder->prefix)
            : tr("Connecting to %1…").arg(QString::fromStdString(folder->hostAddress.host)));
}

void OpenRemoteDialog::showListing(const std::shared_ptr<const RemoteListing>& listing)
{
    m_stop->setEnabled(false);
    m_entries->clear();
    QList<QTreeWidgetItem*> items; // added at once: one layout of the tree, not one per entry
    // Looked up once: the style builds an icon afresh on every call, a third of a millisecond each.
    const QIcon folderIcon = style()->standardIcon(QStyle::SP_DirIcon);
    const QIcon fileIcon = style()->standardIcon(QStyle::SP_FileIcon);
    const auto addEntry = [&](const QString& name, const QString& target, bool folder, const QString& size) {
        auto* item = new QTreeWidgetItem(
            QStringList { folder && name != QStringLiteral("..") ? name + QLatin1Char('/') : name, size });
        items << item;
        item->setData(0, Qt::UserRole, target);
        item->setData(0, kFolderRole, folder);
        item->setIcon(0, folder ? folderIcon : fileIcon);
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    };
    QStringList completions;
    if (!listing->error.isEmpty()) {
        m_status->setText(listing->error);
    } else {
        // The parent folder first, unless this is the root or the home folder.
        const QString parent = remoteParentFolder(listing->prefix);
        if (!parent.isEmpty())
            addEntry(QStringLiteral(".."), parent, true, QString());
        for (size_t i = 0; i < listing->entries.size() && i < kMaxEntriesShown; ++i) {
            const remote::RemoteEntry& entry = listing->entries[i];
            addEntry(QString::fromStdString(entry.name), listing->addresses.at(qsizetype(i)), entry.folder,
                entry.folder ? QString() : QString::fromStdString(formatBytes(entry.size)));
        }
        completions = listing->addresses;
        m_entries->addTopLevelItems(items);
        m_status->setText(listing->entries.empty()
                ? tr("No folders or .pop files here.")
                : tr("%1 — double-click a folder to enter it, a report to open it.")
                      .arg(QString::fromStdString(countOf(listing->entries.size(), "entry", "entries"))));
        if (listing->truncated)
            m_status->setText(tr("This folder holds more than %L1 entries: only the first are read. "
                                 "Type the rest of the path.")
                                  .arg(remote::SftpBrowser::kMaxEntriesRead));
        else if (listing->entries.size() > kMaxEntriesShown)
            m_status->setText(
                tr("%1: the first %L2 are listed; type to complete the others.")
                    .arg(QString::fromStdString(countOf(listing->entries.size(), "entry", "entries")))
                    .arg(kMaxEntriesShown));
    }
    m_completions->setStringList(completions);
    if (isVisible() && remoteFolderPrefix(address()) != m_listedFolder)
        list(); // the user typed on while this folder was listed
}

void OpenRemoteDialog::entryActivated(QTreeWidgetItem* item)
{
    m_address->setText(item->data(0, Qt::UserRole).toString());
    if (!item->data(0, kFolderRole).toBool())
        accept();
}

} // namespace popscope
