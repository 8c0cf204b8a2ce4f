#include "app/open_remote_dialog.hpp"

#include "popscope/plural.hpp"
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/sftp_browser.hpp"
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
#include <QtConcurrent>

namespace popscope {

struct OpenRemoteDialog::Listing {
    QString prefix; // the address up to and with the folder's last slash
    QString host;
    std::shared_ptr<remote::SftpBrowser> browser;
    std::vector<remote::RemoteEntry> entries;
    QString error;
};

namespace {

constexpr int kFolderRole = Qt::UserRole + 1;

// The address up to its last slash (the folder to list), or empty when the text is no address yet.
QString folderPrefix(const QString& text)
{
    if (!remote::parseRemoteAddress(text.toStdString()) && !text.endsWith(QLatin1Char('/')))
        return {};
    const qsizetype slash = text.lastIndexOf(QLatin1Char('/'));
    const qsizetype colon = text.indexOf(QLatin1Char(':'), text.startsWith(QStringLiteral("ssh://")) ? 6 : 0);
    return slash > colon ? text.left(slash + 1) : QString();
}

} // namespace

OpenRemoteDialog::OpenRemoteDialog(const QString& address, QWidget* parent)
    : QDialog(parent)
    , m_typing(new QTimer(this))
{
    setWindowTitle(QStringLiteral("Open Remote Report"));
    resize(640, 440);
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(QStringLiteral("Read a profile on an IPU server over SSH, without copying it. "
                                            "Your ~/.ssh/config, keys and known hosts apply."),
        this);
    intro->setWordWrap(true);
    m_address = new QLineEdit(address, this);
    m_address->setPlaceholderText(
        QStringLiteral("ssh://user@host:port/path/profile.pop  or  host:/path/profile.pop"));
    m_address->setClearButtonEnabled(true);
    m_address->setObjectName(QStringLiteral("remoteAddress"));
    m_completions = new QStringListModel(this);
    auto* completer = new QCompleter(m_completions, this);
    completer->setCaseSensitivity(Qt::CaseSensitive);
    m_address->setCompleter(completer);
    m_entries = new QTreeWidget(this);
    m_entries->setHeaderLabels({ QStringLiteral("Name"), QStringLiteral("Size") });
    m_entries->setRootIsDecorated(false);
    m_entries->setAlternatingRowColors(true);
    m_entries->header()->setStretchLastSection(false);
    m_entries->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_entries->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_entries->setObjectName(QStringLiteral("remoteEntries"));
    m_status
        = new QLabel(QStringLiteral("Type an address; the folders and .pop files there appear below."), this);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("remoteStatus"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    m_open = buttons->button(QDialogButtonBox::Open);
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
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Listing>>::finished, this,
        &OpenRemoteDialog::showListing);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOpenButton();
    listSoon();
}

// No wait for a listing in flight: it may be asking a question on this (the GUI) thread. It owns
// what it uses (the browser, copies of the address) and its result is dropped with the watcher.
OpenRemoteDialog::~OpenRemoteDialog() = default;

QString OpenRemoteDialog::address() const
{
    return m_address->text().trimmed();
}

void OpenRemoteDialog::updateOpenButton()
{
    const auto parsed = remote::parseRemoteAddress(address().toStdString());
    m_open->setEnabled(parsed && !address().endsWith(QLatin1Char('/')));
}

void OpenRemoteDialog::listSoon()
{
    if (!folderPrefix(address()).isEmpty() && folderPrefix(address()) != m_listedFolder)
        m_typing->start();
}

void OpenRemoteDialog::list()
{
    const QString prefix = folderPrefix(address());
    if (prefix.isEmpty() || m_watcher.isRunning())
        return; // a listing in flight lists again when it ends
    const auto parsed = remote::parseRemoteAddress((prefix + QStringLiteral("x")).toStdString());
    if (!parsed)
        return;
    m_listedFolder = prefix;
    remote::RemoteAddress hostOnly = *parsed;
    hostOnly.path.clear();
    const QString host = QString::fromStdString(hostOnly.toString());
    const std::string folder = parsed->path.substr(0, parsed->path.size() - 1);
    m_status->setText(m_browserHost == host
            ? QStringLiteral("Listing %1…").arg(prefix)
            : QStringLiteral("Connecting to %1…").arg(QString::fromStdString(parsed->host)));
    auto browser = m_browserHost == host ? m_browser : nullptr;
    m_watcher.setFuture(QtConcurrent::run([prefix, host, folder, browser, hostOnly]() mutable {
        auto listing = std::make_shared<Listing>();
        listing->prefix = prefix;
        listing->host = host;
        try {
            if (!browser)
                browser = std::make_shared<remote::SftpBrowser>(hostOnly, remote::remoteSettings());
            listing->browser = browser;
            listing->entries = browser->list(folder.empty() ? std::string(".") : folder);
        } catch (const std::exception& error) {
            listing->error = QString::fromStdString(error.what());
        }
        return listing;
    }));
}

void OpenRemoteDialog::showListing()
{
    const std::shared_ptr<Listing> listing = m_watcher.result();
    if (listing->browser) {
        m_browser = listing->browser;
        m_browserHost = listing->host;
    }
    m_entries->clear();
    const auto addEntry
        = [this](const QString& name, const QString& target, bool folder, const QString& size) {
              auto* item = new QTreeWidgetItem(m_entries,
                  { folder && name != QStringLiteral("..") ? name + QLatin1Char('/') : name, size });
              item->setData(0, Qt::UserRole, target);
              item->setData(0, kFolderRole, folder);
              item->setIcon(0, style()->standardIcon(folder ? QStyle::SP_DirIcon : QStyle::SP_FileIcon));
              item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
          };
    QStringList completions;
    if (!listing->error.isEmpty()) {
        m_status->setText(listing->error);
    } else {
        // The parent folder first, unless this is the root or the home folder.
        const qsizetype inner = listing->prefix.lastIndexOf(QLatin1Char('/'), -2);
        const qsizetype colon = listing->prefix.indexOf(
            QLatin1Char(':'), listing->prefix.startsWith(QStringLiteral("ssh://")) ? 6 : 0);
        if (inner > colon)
            addEntry(QStringLiteral(".."), listing->prefix.left(inner + 1), true, QString());
        for (const remote::RemoteEntry& entry : listing->entries) {
            const QString name = QString::fromStdString(entry.name);
            const QString target = listing->prefix + name + (entry.folder ? QStringLiteral("/") : QString());
            addEntry(name, target, entry.folder,
                entry.folder ? QString() : QString::fromStdString(formatBytes(entry.size)));
            completions << target;
        }
        m_status->setText(listing->entries.empty()
                ? QStringLiteral("No folders or .pop files here.")
                : QStringLiteral("%1 — double-click a folder to enter it, a report to open it.")
                      .arg(QString::fromStdString(countOf(listing->entries.size(), "entry", "entries"))));
    }
    m_completions->setStringList(completions);
    if (folderPrefix(address()) != m_listedFolder)
        list(); // the user typed on while this folder was listed
}

void OpenRemoteDialog::entryActivated(QTreeWidgetItem* item)
{
    m_address->setText(item->data(0, Qt::UserRole).toString());
    if (!item->data(0, kFolderRole).toBool())
        accept();
}

} // namespace popscope
