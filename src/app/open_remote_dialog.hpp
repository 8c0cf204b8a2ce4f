#pragma once
// File > Open Remote…: an address (ssh://user@host:port/path or host:/path) with the remote
// folder's folders and .pop files listed, and completed, as the user types. Listing runs off the
// GUI thread on one connection per host, kept while the dialog is open.
#include <QDialog>
#include <QFutureWatcher>

#include <memory>
#include <vector>

class QCompleter;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
class QPushButton;
class QStringListModel;
class QTimer;

namespace popscope::remote {
class SftpBrowser;
struct RemoteEntry;
} // namespace popscope::remote

namespace popscope {

class OpenRemoteDialog : public QDialog {
    Q_OBJECT
public:
    explicit OpenRemoteDialog(const QString& address, QWidget* parent = nullptr);
    ~OpenRemoteDialog() override;
    QString address() const;

private:
    struct Listing;
    void listSoon();
    void list();
    void showListing();
    void entryActivated(QTreeWidgetItem* item);
    void updateOpenButton();

    QLineEdit* m_address;
    QTreeWidget* m_entries;
    QLabel* m_status;
    QPushButton* m_open;
    QStringListModel* m_completions;
    QTimer* m_typing;
    QFutureWatcher<std::shared_ptr<Listing>> m_watcher;
    std::shared_ptr<remote::SftpBrowser> m_browser; // used by one listing at a time
    QString m_browserHost; // user@host:port of m_browser
    QString m_listedFolder; // the address prefix whose folder is shown
};

} // namespace popscope
