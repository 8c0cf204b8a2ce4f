#include "ssh_connection.hpp"

#include "jump_tunnel.hpp"
#include "known_hosts.hpp"
#include "popscope/remote/remote_error.hpp"
#include "popscope/remote/ssh_config.hpp"

#include <algorithm>
#include <chrono>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pwd.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace popscope::remote {

namespace {

constexpr int kMaxJumpHosts = 8;

std::string localUser()
{
    const passwd* entry = getpwuid(getuid());
    return entry && entry->pw_name ? entry->pw_name : "root";
}

// One hop of a ProxyJump list: [user@]host[:port].
RemoteAddress parseHop(const std::string& hop)
{
    RemoteAddress address;
    std::string text = hop;
    if (auto at = text.rfind('@'); at != std::string::npos) {
        address.user = text.substr(0, at);
        text = text.substr(at + 1);
    }
    if (auto colon = text.rfind(':');
        colon != std::string::npos && text.find(']', colon) == std::string::npos) {
        address.port = std::atoi(text.c_str() + colon + 1);
        text.resize(colon);
    }
    if (text.size() > 2 && text.front() == '[' && text.back() == ']')
        text = text.substr(1, text.size() - 2);
    address.host = text;
    return address;
}

// The system's known_hosts, read after the user's (the file libssh and OpenSSH read).
constexpr const char* kSystemKnownHosts = "/etc/ssh/ssh_known_hosts";

} // namespace

SshConnection::SshConnection(const RemoteAddress& address, const RemoteSettings& settings,
    std::optional<std::string> proxyJump, int hops)
{
    m_session = ssh_new();
    if (!m_session)
        throw RemoteError(RemoteFailure::Unreachable, "cannot start an SSH session (out of memory)");
    m_timeoutSeconds = std::max(settings.timeoutSeconds, 1);
    try {
        configure(address, settings, proxyJump, hops);
        connectWithin(settings.timeoutSeconds);
        Prompter* prompter = m_batchMode ? nullptr : settings.prompter.get();
        verifyHostKey(prompter);
        authenticate(prompter);
        m_watchdog
            = std::make_shared<ReplyWatchdog>(ssh_get_fd(m_session), std::chrono::seconds(m_timeoutSeconds));
    } catch (...) {
        ssh_disconnect(m_session);
        ssh_free(m_session);
        m_session = nullptr;
        throw;
    }
}

SshConnection::~SshConnection()
{
    m_keepAlive.reset(); // its thread uses the session
    if (m_watchdog)
        m_watchdog->stop(); // it holds the socket's number, which must not outlive the session
    if (m_session) {
        ssh_disconnect(m_session);
        ssh_free(m_session);
    }
    m_tunnel.reset(); // after the session that used it, before the jump host's session
}

ReplyWatchdog::Armed SshConnection::watchReply()
{
    return m_watchdog ? m_watchdog->arm(cancelCheckOfThisThread()) : ReplyWatchdog::Armed(nullptr);
}

void SshConnection::keepAlive(std::timed_mutex& sessionLock)
{
    m_keepAlive = std::make_unique<KeepAlive>(m_session, sessionLock, sockets(),
        std::chrono::seconds(m_aliveInterval), std::chrono::seconds(m_timeoutSeconds));
}

void SshConnection::stopKeepAlive()
{
    m_keepAlive.reset();
}

std::vector<int> SshConnection::sockets() const
{
    std::vector<int> all { ssh_get_fd(m_session) };
    if (m_jumpHost)
        for (int socket : m_jumpHost->sockets())
            all.push_back(socket);
    return all;
}

std::optional<RemoteError> SshConnection::watchdogError(const std::string& what) const
{
    switch (m_watchdog ? m_watchdog->outcome() : ReplyWatchdog::Outcome::None) {
    case ReplyWatchdog::Outcome::Stalled:
        return RemoteError(RemoteFailure::ConnectionLost,
            m_label + ": the connection was lost while " + what + " (the server sent nothing for "
                + std::to_string(m_timeoutSeconds) + " s)");
    case ReplyWatchdog::Outcome::Cancelled:
        return RemoteError(RemoteFailure::Cancelled, m_label + ": " + what + " was cancelled");
    case ReplyWatchdog::Outcome::None:
        break;
    }
    return std::nullopt;
}

void SshConnection::configure(const RemoteAddress& address, const RemoteSettings& settings,
    const std::optional<std::string>& proxyJump, int hops)
{
    const std::string home = homeFolder(settings);
    const std::string sshDir = home + "/.ssh";
    const SshHostConfig config
        = readSshConfig({ sshDir + "/config", settings.systemConfig }, address.host, home);
    const std::string user = !address.user.empty() ? address.user
        : !config.user.empty()                     ? config.user
                                                   : localUser();
    const int port = address.port ? address.port : config.port ? config.port : 22;
    m_label = user + "@" + address.host;
    if (port != 22)
        m_label.append(":").append(std::to_string(port));

    // Our own reading of the config replaces libssh's, which would look up ~ in the password
    // database and run ProxyJump through a shell command.
    bool processConfig = false;
    ssh_options_set(m_session, SSH_OPTIONS_PROCESS_CONFIG, &processConfig);
    ssh_options_set(m_session, SSH_OPTIONS_SSH_DIR, sshDir.c_str());
    configureHostKeys(config, sshDir, port);
    m_batchMode = config.batchMode;
    m_identitiesOnly = config.identitiesOnly;
    m_aliveInterval = config.serverAliveInterval > 0 ? config.serverAliveInterval : m_timeoutSeconds;
    ssh_options_set(m_session, SSH_OPTIONS_HOST, config.hostName.c_str());
    ssh_options_set(m_session, SSH_OPTIONS_USER, user.c_str());
    unsigned int portOption = unsigned(port);
    ssh_options_set(m_session, SSH_OPTIONS_PORT, &portOption);
    long timeout = settings.timeoutSeconds;
    ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT, &timeout);
    m_identityFiles = config.identityFiles;
    if (m_identityFiles.empty())
        m_identityFiles = { sshDir + "/id_ed25519", sshDir + "/id_ecdsa", sshDir + "/id_rsa" };

    const std::string jumps = proxyJump ? *proxyJump : config.proxyJump;
    if (!jumps.empty()) {
        if (hops >= kMaxJumpHosts)
            fail(RemoteFailure::UnsupportedConfig,
                "ProxyJump leads through more than " + std::to_string(kMaxJumpHosts)
                    + " jump hosts (a loop in the ssh config?)");
        // The last hop of the list is the one next to the target; it is reached through the hops before.
        const auto comma = jumps.rfind(',');
        const RemoteAddress hop = parseHop(comma == std::string::npos ? jumps : jumps.substr(comma + 1));
        const std::string before = comma == std::string::npos ? std::string() : jumps.substr(0, comma);
        // The first hop follows its own config's ProxyJump, as OpenSSH does; later hops are the list's.
        m_jumpHost = std::make_unique<SshConnection>(
            hop, settings, before.empty() ? std::nullopt : std::optional<std::string>(before), hops + 1);
        m_tunnel = std::make_unique<JumpTunnel>(
            m_jumpHost->session(), m_jumpHost->label(), config.hostName, port, m_timeoutSeconds);
        int fd = m_tunnel->socketForSession();
        ssh_options_set(m_session, SSH_OPTIONS_FD, &fd);
    }
}

void SshConnection::configureHostKeys(const SshHostConfig& config, const std::string& sshDir, int port)
{
    m_knownHostsFiles
        = config.knownHostsFiles.empty() ? std::vector { sshDir + "/known_hosts" } : config.knownHostsFiles;
    m_knownHosts = m_knownHostsFiles.front();
    const std::vector<std::string> global = config.globalKnownHostsFiles.empty()
        ? std::vector<std::string> { kSystemKnownHosts }
        : config.globalKnownHostsFiles;
    m_knownHostsFiles.insert(m_knownHostsFiles.end(), global.begin(), global.end());
    ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, m_knownHosts.c_str());
    ssh_options_set(m_session, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, global.front().c_str());
    m_hostKeyPolicy = config.hostKeyPolicy;
    m_hostKeyName = knownHostsName(config.hostName, port, config.hostKeyAlias);
    m_hasHostKeyAlias = !config.hostKeyAlias.empty();
    m_hashKnownHosts = config.hashKnownHosts;
}

void SshConnection::connectWithin(int timeoutSeconds)
{
    // Non-blocking, so a dead host ends at the timeout rather than at the system's TCP timeout.
    ssh_set_blocking(m_session, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
    int rc;
    while ((rc = ssh_connect(m_session)) == SSH_AGAIN) {
        if (cancelRequested())
            fail(RemoteFailure::Cancelled, "connecting was cancelled");
        if (std::chrono::steady_clock::now() > deadline)
            fail(RemoteFailure::Unreachable,
                "no answer within " + std::to_string(timeoutSeconds)
                    + " s (is the host up, and the port right?)");
        if (socket_t fd = ssh_get_fd(m_session); fd != SSH_INVALID_SOCKET) {
            pollfd watched { fd, POLLIN | POLLOUT, 0 };
            poll(&watched, 1, 50);
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    ssh_set_blocking(m_session, 1);
    if (rc != SSH_OK)
        fail(RemoteFailure::Unreachable, std::string("cannot connect: ") + ssh_get_error(m_session));
    // libssh 0.10 waits for SFTP replies for ever: let TCP give up on a peer that stopped answering
    // (keepalive probes, and a limit on unacknowledged data), so a read fails instead of hanging.
    if (socket_t fd = ssh_get_fd(m_session); fd != SSH_INVALID_SOCKET) {
        const int on = 1, idle = std::max(timeoutSeconds, 5), interval = 5, probes = 3;
        const unsigned limit = unsigned(timeoutSeconds) * 1000u;
        setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
        setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
        setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
        setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &probes, sizeof probes);
        setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &limit, sizeof limit);
    }
}

HostKeyQuestion SshConnection::hostKeyQuestion(ssh_key key) const
{
    unsigned char* hash = nullptr;
    size_t hashLength = 0;
    ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLength);
    char* fingerprintText = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hashLength);
    HostKeyQuestion question { m_label.substr(m_label.find('@') + 1), ssh_key_type_to_char(ssh_key_type(key)),
        fingerprintText ? fingerprintText : "?", m_knownHosts };
    ssh_string_free_char(fingerprintText);
    ssh_clean_pubkey_hash(&hash);
    return question;
}

void SshConnection::verifyHostKey(Prompter* prompter)
{
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(m_session, &key) != SSH_OK)
        fail(RemoteFailure::HostKeyRejected, "the server sent no host key");
    const std::unique_ptr<ssh_key_struct, void (*)(ssh_key)> owned(key, ssh_key_free);
    const HostKeyQuestion question = hostKeyQuestion(key);
    // Under HostKeyAlias the key is looked up, and recorded, under the alias (OpenSSH's rule).
    const std::string under
        = m_hasHostKeyAlias ? " (under its HostKeyAlias " + m_hostKeyName + ")" : std::string();
    const std::vector<std::string>& files = m_knownHostsFiles;
    if (const auto revokedIn = revokingFile(files, key))
        fail(RemoteFailure::HostKeyRejected,
            "REFUSED: the host key (" + question.keyType + " " + question.fingerprint
                + ") is marked @revoked in " + *revokedIn);

    const KnownHostCheck check = checkKnownHost(files, m_hostKeyName, key);
    switch (check.status) {
    case SSH_KNOWN_HOSTS_OK:
        return;
    case SSH_KNOWN_HOSTS_CHANGED:
        fail(RemoteFailure::HostKeyRejected,
            "REFUSED: the host key has CHANGED since it was recorded in " + check.where.text() + under
                + " (now " + question.keyType + " " + question.fingerprint
                + "). Someone may be intercepting the connection, or the server was reinstalled. If you know "
                  "the new key is right, remove that line and connect again.");
    case SSH_KNOWN_HOSTS_OTHER:
        fail(RemoteFailure::HostKeyRejected,
            "REFUSED: " + check.where.text() + " records a key of another type for this host" + under
                + "; the server now offers " + question.keyType + " " + question.fingerprint
                + ". Remove that line if the change is expected.");
    default:
        break;
    }
    acceptUnknownHost(prompter, question, key, under);
}

void SshConnection::acceptUnknownHost(
    Prompter* prompter, const HostKeyQuestion& question, ssh_key key, const std::string& under)
{
    const std::string& knownHosts = m_knownHosts;
    if (m_hostKeyPolicy == HostKeyPolicy::Strict)
        fail(RemoteFailure::HostKeyRejected,
            "the host is not in " + knownHosts + under + " and StrictHostKeyChecking is yes (its key: "
                + question.keyType + " " + question.fingerprint + "). Add it with ssh or ssh-keyscan first.");
    if (m_hostKeyPolicy == HostKeyPolicy::Ask && m_batchMode)
        fail(RemoteFailure::HostKeyRejected,
            "the host is not in " + knownHosts + under
                + " and BatchMode is yes, so nothing is asked (its key: " + question.keyType + " "
                + question.fingerprint + "). Add it with ssh or ssh-keyscan first.");
    if (m_hostKeyPolicy == HostKeyPolicy::Ask && (!prompter || !prompter->confirmUnknownHost(question)))
        fail(RemoteFailure::HostKeyRejected,
            "the host is not in " + knownHosts + under + " and its key (" + question.keyType + " "
                + question.fingerprint + ") was not accepted");
    try {
        recordKnownHost(knownHosts, m_hostKeyName, key, m_hashKnownHosts);
    } catch (const std::runtime_error& error) {
        fail(RemoteFailure::HostKeyRejected, error.what());
    }
}

void SshConnection::fail(RemoteFailure failure, const std::string& what) const
{
    throw RemoteError(failure, m_label + ": " + what);
}

} // namespace popscope::remote
