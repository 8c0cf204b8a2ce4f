#pragma once
// File > Open Remote…: an address (ssh://user@host:port/path or host:/path) with the remote
// folder's folders and .pop files listed, and completed, as the user types. A RemoteFolderLister
// lists off the GUI thread on one connection per host, kept while the dialog is open.
#include <QDialog>

#include <memory>

class QCompleter;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
class QPushButton;
class QStringListModel;
class QTimer;

namespace popscope {

class RemoteFolderLister;
struct RemoteListing;

class OpenRemoteDialog : public QDialog {
    Q_OBJECT
public:
    explicit OpenRemoteDialog(const QString& address, QWidget* parent = nullptr);
    QString address() const;
    // Closing the dialog, by Open or Cancel, cancels the listing in flight.
    void done(int result) override;

private:
    void listSoon();
    void list();
    void showListing(const std::shared_ptr<const RemoteListing>& listing);
    void entryActivated(QTreeWidgetItem* item);
    void updateOpenButton();

    QLineEdit* m_address;
    QTreeWidget* m_entries;
    QLabel* m_status;
    QPushButton* m_open;
    QPushButton* m_stop; // cancels the listing in flight
    QStringListModel* m_completions;
    QTimer* m_typing;
    RemoteFolderLister* m_lister;
    QString m_listedFolder; // the address prefix whose folder is shown
};

} // namespace popscope
