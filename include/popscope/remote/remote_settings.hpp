#pragma once
// What a connection asks the person at the keyboard, and the settings every connection shares.
// The CLI installs a terminal prompter, the GUI one that shows dialogs; the default refuses every
// unknown host and has no secrets, so nothing is ever accepted silently.
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace popscope::remote {

struct HostKeyQuestion {
    std::string host; // as the user typed it, with the port when not 22
    std::string keyType; // "ssh-ed25519"
    std::string fingerprint; // "SHA256:…", as ssh-keygen -l prints it
    std::string knownHostsFile;
};

class Prompter {
public:
    virtual ~Prompter() = default;
    // An unknown host: true adds its key to known_hosts and connects.
    virtual bool confirmUnknownHost(const HostKeyQuestion& question) = 0;
    // A passphrase or password; nothing when the user declines.
    virtual std::optional<std::string> askSecret(const std::string& prompt) = 0;
};

struct RemoteSettings {
    std::string home; // for ~/.ssh/config, keys and known_hosts; empty: $HOME
    int timeoutSeconds = 15;
    std::shared_ptr<Prompter> prompter;
    bool diskCache = true; // keep the blocks read on disk, so opening the file again is local
    // Open the version last read, from the disk cache, before the server is asked: no handshake
    // before the first page. The server is asked at the first block not on disk, or by check().
    bool openFromCache = false;
    std::string cacheFolder; // empty: $XDG_CACHE_HOME/popscope/remote, else ~/.cache/popscope/remote
    std::string systemConfig = "/etc/ssh/ssh_config"; // read after ~/.ssh/config, as OpenSSH does
};

// Lets whoever waits for this thread's connecting give up: while a scope lives, a connection in
// progress on this thread asks `cancelled` every 50 ms and, when it says so, fails with
// RemoteFailure::Cancelled instead of waiting for the timeout (a window's Cancel, a closed window).
class CancelScope {
public:
    explicit CancelScope(std::function<bool()> cancelled);
    ~CancelScope();
    CancelScope(const CancelScope&) = delete;
    CancelScope& operator=(const CancelScope&) = delete;

private:
    std::function<bool()> m_cancelled;
    const CancelScope* m_outer;
    friend bool cancelRequested();
    friend std::function<bool()> cancelCheckOfThisThread();
};
// Whether a scope of this thread asks to give up now.
bool cancelRequested();
// The same question, to be asked from another thread (a watchdog) while this thread waits.
std::function<bool()> cancelCheckOfThisThread();

// The GUI thread is blocked waiting for a worker (a destructor ending its job, a picture wanted
// now): a question any worker asks meanwhile could never be shown, so askers give up while one of
// these lives (DialogPrompter), and the wait ends instead of deadlocking.
class GuiWaitScope {
public:
    GuiWaitScope();
    ~GuiWaitScope();
    GuiWaitScope(const GuiWaitScope&) = delete;
    GuiWaitScope& operator=(const GuiWaitScope&) = delete;
};
bool guiWaiting();

// The settings new connections use. Thread-safe.
RemoteSettings remoteSettings();
void setRemoteSettings(RemoteSettings settings);
// `settings` with what the environment says, for the CLI and Python: POPSCOPE_SSH_TIMEOUT (seconds,
// the connect timeout and the longest silence allowed), POPSCOPE_SSH_CACHE=off (no disk cache) and
// POPSCOPE_SSH_SYSTEM_CONFIG (the system-wide ssh config read instead of /etc/ssh/ssh_config).
RemoteSettings withEnvironment(RemoteSettings settings);
// $HOME (as Qt's QDir::homePath() has it), or the password database's entry when HOME is unset.
std::string homeFolder(const RemoteSettings& settings);
std::string cacheFolder(const RemoteSettings& settings);

} // namespace popscope::remote
