#include "models/remote/remote_folder_lister.hpp"

#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <QtConcurrent>

namespace popscope {

namespace {
// The last character before the path: a slash after it is in the path. ssh://host/p: the one
// before the path's first slash, which the root keeps; host:p: the colon.
qsizetype beforePath(const QString& address)
{
    if (!address.startsWith(QStringLiteral("ssh://")))
        return address.indexOf(QLatin1Char(':'));
    const qsizetype slash = address.indexOf(QLatin1Char('/'), 6);
    return slash < 0 ? address.size() : slash - 1;
}
} // namespace

QString remoteFolderPrefix(const QString& text)
{
    if (!remote::parseRemoteAddress(text.toStdString()) && !text.endsWith(QLatin1Char('/')))
        return {};
    const qsizetype slash = text.lastIndexOf(QLatin1Char('/'));
    return slash > beforePath(text) ? text.left(slash + 1) : QString();
}

QString remoteParentFolder(const QString& prefix)
{
    const qsizetype inner = prefix.lastIndexOf(QLatin1Char('/'), -2);
    return inner > beforePath(prefix) ? prefix.left(inner + 1) : QString();
}

std::optional<RemoteFolder> remoteFolderOf(const QString& prefix)
{
    if (prefix.isEmpty())
        return std::nullopt;
    const auto parsed = remote::parseRemoteAddress((prefix + QStringLiteral("x")).toStdString());
    if (!parsed)
        return std::nullopt;
    RemoteFolder folder;
    folder.prefix = prefix;
    folder.hostAddress = *parsed;
    folder.hostAddress.path.clear();
    folder.host = QString::fromStdString(folder.hostAddress.toString());
    folder.path = parsed->path.substr(0, parsed->path.size() - 1);
    return folder;
}

RemoteFolderLister::RemoteFolderLister(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<RemoteListing>>::finished, this,
        &RemoteFolderLister::finished);
}

bool RemoteFolderLister::list(const RemoteFolder& where)
{
    if (busy())
        return false;
    auto browser = connectedTo(where.host) ? m_browser : nullptr;
    const QString prefix = where.prefix, host = where.host;
    const std::string folder = where.path;
    const remote::RemoteAddress hostOnly = where.hostAddress;
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    m_cancelled = cancelled;
    m_watcher.setFuture(QtConcurrent::run([prefix, host, folder, browser, hostOnly, cancelled]() mutable {
        const remote::CancelScope cancel([cancelled] { return cancelled->load(); });
        auto listing = std::make_shared<RemoteListing>();
        listing->prefix = prefix;
        listing->host = host;
        try {
            if (!browser)
                browser = std::make_shared<remote::SftpBrowser>(hostOnly, remote::remoteSettings());
            listing->browser = browser;
            remote::RemoteFolderContents contents = browser->list(folder.empty() ? std::string(".") : folder);
            listing->entries = std::move(contents.entries);
            listing->truncated = contents.truncated;
            // Made here, off the GUI thread: a folder may hold 100,000 entries.
            listing->addresses.reserve(qsizetype(listing->entries.size()));
            for (const remote::RemoteEntry& entry : listing->entries)
                listing->addresses << prefix + QString::fromStdString(entry.name)
                        + (entry.folder ? QStringLiteral("/") : QString());
        } catch (const remote::RemoteError& error) {
            listing->error = QString::fromStdString(error.what());
            if (error.failure() != remote::RemoteFailure::NoSuchFile)
                listing->browser.reset(); // its connection is gone (lost, stalled or cancelled)
        } catch (const std::exception& error) {
            listing->error = QString::fromStdString(error.what());
        }
        return listing;
    }));
    return true;
}

void RemoteFolderLister::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

void RemoteFolderLister::finished()
{
    std::shared_ptr<RemoteListing> listing = m_watcher.result();
    if (listing->browser) {
        m_browser = listing->browser;
        m_browserHost = listing->host;
    } else if (listing->host == m_browserHost) {
        m_browser.reset(); // the next listing connects again
    }
    emit listed(std::move(listing));
}

} // namespace popscope
