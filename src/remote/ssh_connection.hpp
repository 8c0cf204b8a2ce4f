#pragma once
// One authenticated SSH session to a host, made the way OpenSSH would: ~/.ssh/config, the host
// key checked against ~/.ssh/known_hosts under the host's name or its HostKeyAlias (asking about
// unknown hosts, refusing changed keys),
// then ssh-agent, key files and a password. ProxyJump hosts are reached through forwarded
// channels, never through a shell command.
#include "keep_alive.hpp"
#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/remote_settings.hpp"
#include "popscope/remote/ssh_config.hpp"
#include "reply_watchdog.hpp"

#include <libssh/libssh.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace popscope::remote {

class JumpTunnel;

class SshConnection {
public:
    // Connects and authenticates, or throws a RemoteError naming the host and the cause.
    // `proxyJump`, when given, replaces the config's ProxyJump (for the hops of a jump list);
    // `hops` counts the jump hosts in front of this one, so a ProxyJump loop ends in an error.
    SshConnection(const RemoteAddress& address, const RemoteSettings& settings,
        std::optional<std::string> proxyJump = std::nullopt, int hops = 0);
    ~SshConnection();
    SshConnection(const SshConnection&) = delete;
    SshConnection& operator=(const SshConnection&) = delete;

    ssh_session session() const { return m_session; }
    // "user@host:port" as connected, for messages.
    const std::string& label() const { return m_label; }
    // While the result lives, a reply slower than the connect timeout, or a Cancel of this thread's
    // CancelScope, ends the connection (see ReplyWatchdog): libssh's SFTP calls wait without limit.
    [[nodiscard]] ReplyWatchdog::Armed watchReply();
    // The error to report when the watchdog ended the connection during `what` (a stall, or Cancel).
    std::optional<RemoteError> watchdogError(const std::string& what) const;
    // Keepalives from now on, while the session is idle (KeepAlive): one after ServerAliveInterval
    // seconds without a byte from the server (the timeout when the config names none), and the
    // connection is silent when it goes unanswered for the timeout. `sessionLock` guards every use
    // of the session from now on; the caller holds it, or has not shared the connection yet.
    void keepAlive(std::timed_mutex& sessionLock);
    void stopKeepAlive(); // under the session's lock, before the session is used without it
    bool silent() const { return m_keepAlive && m_keepAlive->silent(); }

private:
    void configure(const RemoteAddress& address, const RemoteSettings& settings,
        const std::optional<std::string>& proxyJump, int hops);
    // Where and how the host key is checked and recorded: the known_hosts files, the policy, the name.
    void configureHostKeys(const SshHostConfig& config, const std::string& sshDir, int port);
    void connectWithin(int timeoutSeconds);
    void verifyHostKey(Prompter* prompter);
    HostKeyQuestion hostKeyQuestion(ssh_key key) const;
    void acceptUnknownHost(
        Prompter* prompter, const HostKeyQuestion& question, ssh_key key, const std::string& under);
    void authenticate(Prompter* prompter);
    bool tryKeyFile(Prompter* prompter, const std::string& path);
    // `result` of a libssh authentication call; throws when the server did not answer in time.
    int answered(int result) const;
    [[noreturn]] void fail(RemoteFailure failure, const std::string& what) const;
    std::vector<int> sockets() const; // this session's, then its jump hosts'

    ssh_session m_session = nullptr;
    std::string m_label;
    std::vector<std::string> m_identityFiles;
    bool m_identitiesOnly = false; // IdentitiesOnly: the key files alone, not the agent
    HostKeyPolicy m_hostKeyPolicy = HostKeyPolicy::Ask;
    std::string m_knownHosts; // where a new host key is recorded: the first of the user's files
    std::vector<std::string> m_knownHostsFiles; // where the host key is checked: the user's, then the global
    bool m_batchMode = false; // BatchMode yes: nothing is asked
    std::string m_hostKeyName; // the name it is recorded under: [host]:port, host, or HostKeyAlias
    bool m_hasHostKeyAlias = false;
    bool m_hashKnownHosts = false; // HashKnownHosts: record a new key under a hashed name
    std::unique_ptr<SshConnection> m_jumpHost; // the previous hop, when ProxyJump is set
    std::unique_ptr<JumpTunnel> m_tunnel;
    int m_timeoutSeconds = 15;
    int m_aliveInterval = 15; // seconds without a byte from the server before a keepalive
    std::unique_ptr<KeepAlive> m_keepAlive; // stopped before the session is freed
    std::shared_ptr<ReplyWatchdog> m_watchdog; // once connected; stopped before the session is freed
};

} // namespace popscope::remote
