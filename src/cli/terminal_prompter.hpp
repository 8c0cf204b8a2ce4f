#pragma once
// The CLI's answers for SSH: an unknown host's fingerprint and passphrases or passwords are asked
// at the terminal (/dev/tty, echo off for secrets), or read from standard input when it is piped,
// so scripts and tests can answer.
#include "popscope/remote/remote_settings.hpp"

namespace popscope::cli {

class TerminalPrompter : public remote::Prompter {
public:
    bool confirmUnknownHost(const remote::HostKeyQuestion& question) override;
    std::optional<std::string> askSecret(const std::string& prompt) override;
};

// Installs the terminal prompter, with the timeout from POPSCOPE_SSH_TIMEOUT (seconds) if set, and
// without the disk cache when POPSCOPE_SSH_CACHE=off.
void useTerminalForRemoteProfiles();

} // namespace popscope::cli
