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

namespace popscope {

DialogPrompter::DialogPrompter(QWidget* parent)
    : m_parent(parent)
{
}

template <typename Ask> auto DialogPrompter::onGuiThread(Ask ask) -> decltype(ask())
{
    if (QThread::currentThread() == qApp->thread())
        return ask();
    decltype(ask()) answer {};
    QMetaObject::invokeMethod(
        qApp, [&] { answer = ask(); }, Qt::BlockingQueuedConnection);
    return answer;
}

bool DialogPrompter::confirmUnknownHost(const remote::HostKeyQuestion& question)
{
    return onGuiThread([&] {
        QMessageBox box(QMessageBox::Question, QStringLiteral("Unknown host"),
            QStringLiteral("popscope has not connected to %1 before.")
                .arg(QString::fromStdString(question.host)),
            QMessageBox::Yes | QMessageBox::No, m_parent);
        box.setInformativeText(
            QStringLiteral("Its %1 key fingerprint is\n%2\n\nConnect, and remember this key in %3?")
                .arg(QString::fromStdString(question.keyType), QString::fromStdString(question.fingerprint),
                    QString::fromStdString(question.knownHostsFile)));
        box.setDefaultButton(QMessageBox::No);
        return box.exec() == QMessageBox::Yes;
    });
}

std::optional<std::string> DialogPrompter::askSecret(const std::string& prompt)
{
    return onGuiThread([&]() -> std::optional<std::string> {
        bool ok = false;
        QString secret = QInputDialog::getText(m_parent, QStringLiteral("Remote report"),
            QString::fromStdString(prompt), QLineEdit::Password, QString(), &ok);
        if (!ok)
            return std::nullopt;
        std::string answer = secret.toStdString();
        secret.fill(QChar(0)); // the dialog's own copy is gone with it
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
