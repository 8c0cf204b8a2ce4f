#pragma once
// Lists a remote folder's sub-folders and .pop files for File > Open Remote…, off the GUI thread,
// on one connection per host kept while the lister lives. One listing runs at a time.
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/sftp_browser.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace popscope {

// One folder's listing, or why there is none.
struct RemoteListing {
    QString prefix; // the address up to and with the folder's last slash
    QString host; // user@host:port
    std::shared_ptr<remote::SftpBrowser> browser; // null when connecting failed
    std::vector<remote::RemoteEntry> entries;
    QStringList addresses; // each entry's full address (a folder's with its slash), for completion
    bool truncated = false; // the folder holds more entries than a listing reads
    QString error;
};

// A folder to list: the address up to and with its last slash, split into the host and the path.
struct RemoteFolder {
    QString prefix;
    QString host; // user@host:port, the connection's key
    remote::RemoteAddress hostAddress; // the address without a path
    std::string path; // with its trailing slash; empty: the home folder
};

// The address up to its last slash (the folder to list), or empty when the text is no address yet.
QString remoteFolderPrefix(const QString& text);
// The folder that prefix names, or nothing when it is no address.
std::optional<RemoteFolder> remoteFolderOf(const QString& prefix);
// The folder above a listed prefix ("host:/a/b/" -> "host:/a/"), empty at the root or home folder.
QString remoteParentFolder(const QString& prefix);

class RemoteFolderLister : public QObject {
    Q_OBJECT
public:
    explicit RemoteFolderLister(QObject* parent = nullptr);
    // Cancels the listing in flight without waiting for it: it may be asking a question on the GUI
    // thread. It owns what it uses (the browser, copies of the address) and its result is dropped
    // with the watcher.
    ~RemoteFolderLister() override { cancel(); }

    bool busy() const { return m_watcher.isRunning(); }
    bool connectedTo(const QString& host) const { return m_browser && m_browserHost == host; }
    // Lists the folder; false (and nothing done) while another listing runs.
    bool list(const RemoteFolder& folder);
    // Ends the listing in flight, connecting or waiting for the server, within 50 ms (a CancelScope
    // on its thread): it is reported as "… was cancelled". Nothing happens when none runs.
    void cancel();

signals:
    void listed(std::shared_ptr<const RemoteListing> listing);

private:
    void finished();

    QFutureWatcher<std::shared_ptr<RemoteListing>> m_watcher;
    std::shared_ptr<remote::SftpBrowser> m_browser; // used by one listing at a time
    QString m_browserHost; // user@host:port of m_browser
    std::shared_ptr<std::atomic<bool>> m_cancelled; // the listing in flight's Cancel
};

} // namespace popscope
