#pragma once
// The window's answers for SSH: an unknown host's fingerprint is shown in a question, and
// passphrases and passwords are asked in a password field. Connections run on loader threads;
// the dialogs run on the GUI thread, which the asking thread waits for.
#include "popscope/remote/remote_settings.hpp"

#include <QPointer>
#include <QWidget>

namespace popscope {

class DialogPrompter : public remote::Prompter {
public:
    explicit DialogPrompter(QWidget* parent);
    bool confirmUnknownHost(const remote::HostKeyQuestion& question) override;
    std::optional<std::string> askSecret(const std::string& prompt) override;

    // Installs a prompter with `parent` for new connections (none when `parent` is null: unknown
    // hosts are refused, no secret is asked), with home = QDir::homePath() and the timeout from the
    // preferences.
    static void install(QWidget* parent);

private:
    template <typename Ask> auto onGuiThread(Ask ask) -> decltype(ask());

    QPointer<QWidget> m_parent;
};

} // namespace popscope
