#include "app/dialog_prompter.hpp"

#include "models/settings_keys.hpp"

#include <QApplication>
#include <QDir>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QThread>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>

namespace popscope {

DialogPrompter::DialogPrompter(QWidget* parent)
    : m_parent(parent)
{
}

namespace {
// A question handed to the GUI thread and its answer, shared so that either side may leave first.
template <typename Answer> struct PendingQuestion {
    std::mutex mutex;
    std::condition_variable answered;
    bool done = false;
    bool abandoned = false; // the asking thread gave up: nothing is shown, the answer is dropped
    Answer answer {};
};

// An answer no one takes any more (its asker gave up while the dialog was open) is dropped: a
// secret in it is wiped first.
void wipeDropped(bool&) { }
void wipeDropped(std::optional<std::string>& answer)
{
    if (answer && !answer->empty())
        explicit_bzero(answer->data(), answer->size());
}
} // namespace

template <typename Ask> auto DialogPrompter::onGuiThread(Ask ask) -> decltype(ask())
{
    using Answer = decltype(ask());
    if (QThread::currentThread() == qApp->thread())
        return ask();
    // Not a blocking queued call: the GUI thread may itself be waiting for this thread (a loader
    // cancelled or destroyed while its reconnect asks for a passphrase), or the application may be
    // closing. The asking thread gives up then, and the question is never shown.
    auto exchange = std::make_shared<PendingQuestion<Answer>>();
    QMetaObject::invokeMethod(
        qApp,
        [exchange, ask]() mutable {
            {
                std::lock_guard lock(exchange->mutex);
                if (exchange->abandoned)
                    return;
            }
            Answer answer = ask();
            std::lock_guard lock(exchange->mutex);
            if (exchange->abandoned) {
                wipeDropped(answer);
                return;
            }
            exchange->answer = std::move(answer);
            exchange->done = true;
            exchange->answered.notify_all();
        },
        Qt::QueuedConnection);
    std::unique_lock lock(exchange->mutex);
    while (!exchange->done) {
        if (remote::cancelRequested() || remote::guiWaiting() || QCoreApplication::closingDown()) {
            exchange->abandoned = true;
            return Answer {};
        }
        exchange->answered.wait_for(lock, std::chrono::milliseconds(50));
    }
    return std::move(exchange->answer);
}

bool DialogPrompter::confirmUnknownHost(const remote::HostKeyQuestion& question)
{
    // Copies, not references: the dialog may outlive a question its asker gave up on.
    return onGuiThread([parent = m_parent, question] {
        QMessageBox box(QMessageBox::Question,
            QCoreApplication::translate("popscope::DialogPrompter", "Unknown host"),
            QCoreApplication::translate(
                "popscope::DialogPrompter", "popscope has not connected to %1 before.")
                .arg(QString::fromStdString(question.host)),
            QMessageBox::Yes | QMessageBox::No, parent);
        box.setInformativeText(
            QCoreApplication::translate("popscope::DialogPrompter",
                "Its %1 key fingerprint is\n%2\n\nConnect, and remember this key in %3?")
                .arg(QString::fromStdString(question.keyType), QString::fromStdString(question.fingerprint),
                    QString::fromStdString(question.knownHostsFile)));
        box.setDefaultButton(QMessageBox::No);
        return box.exec() == QMessageBox::Yes;
    });
}

std::optional<std::string> DialogPrompter::askSecret(const std::string& prompt)
{
    return onGuiThread([parent = m_parent, prompt]() -> std::optional<std::string> {
        bool ok = false;
        QString secret = QInputDialog::getText(parent,
            QCoreApplication::translate("popscope::DialogPrompter", "Remote report"),
            QString::fromStdString(prompt), QLineEdit::Password, QString(), &ok);
        if (!ok)
            return std::nullopt;
        QByteArray utf8 = secret.toUtf8();
        // On the heap from the start, so that the moves to the asker hand over this one buffer,
        // which the asker wipes (a short string would be copied at each move).
        std::string answer;
        answer.reserve(size_t(utf8.size()) + 32);
        answer.assign(utf8.constData(), size_t(utf8.size()));
        explicit_bzero(utf8.data(), size_t(utf8.size()));
        secret.fill(QChar(0)); // the dialog itself is gone with its copy
        return answer;
    });
}

void DialogPrompter::install(QWidget* parent)
{
    remote::RemoteSettings settings;
    settings.home = QDir::homePath().toStdString();
    settings.timeoutSeconds
        = std::clamp(QSettings().value(SettingsKey::sshTimeoutSeconds, 15).toInt(), 1, 600);
    settings.diskCache = QSettings().value(SettingsKey::sshDiskCache, true).toBool();
    settings.cacheFolder
        = QStandardPaths::writableLocation(QStandardPaths::CacheLocation).toStdString() + "/remote";
    // The window opens the version on disk at once and checks it in the background (the
    // file-changed bar says when the server has another); the CLI always asks the server first.
    settings.openFromCache = settings.diskCache;
    if (parent)
        settings.prompter = std::make_shared<DialogPrompter>(parent);
    remote::setRemoteSettings(settings);
}

} // namespace popscope
