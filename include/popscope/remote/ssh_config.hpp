#pragma once
// The part of OpenSSH's client configuration popscope follows: ~/.ssh/config, then
// /etc/ssh/ssh_config, with Host blocks and patterns, `Match all`, Include (at most 16 deep, as
// OpenSSH), HostName (with %h and %%), User, Port, IdentityFile, IdentitiesOnly, ProxyJump,
// StrictHostKeyChecking, UserKnownHostsFile and GlobalKnownHostsFile (each a list of files),
// HostKeyAlias, HashKnownHosts and BatchMode. As in OpenSSH, the first value found for a keyword
// wins. What popscope cannot honour safely is refused with an error naming the option, the file and
// the line, never skipped: ProxyCommand, LocalCommand and KnownHostsCommand (popscope runs no local
// command), Match with any criterion but `all` (it cannot evaluate `exec` and the rest as OpenSSH
// would), CanonicalizeHostname other than `no` and a HostName with other %-tokens (popscope would
// connect to another name than OpenSSH).
#include <string>
#include <vector>

namespace popscope::remote {

// StrictHostKeyChecking: `yes` refuses a host missing from known_hosts without asking,
// `accept-new` records it without asking; `ask`, and `no` (treated as ask), ask.
enum class HostKeyPolicy { Ask, Strict, AcceptNew };

struct SshHostConfig {
    std::string hostName; // the name to connect to (the alias itself when the config has none)
    std::string user; // empty when the config names none
    int port = 0; // 0 when the config names none
    std::vector<std::string> identityFiles; // with ~ expanded
    bool identitiesOnly = false; // offer only identityFiles, not the agent's other keys
    std::string proxyJump; // [user@]host[:port][,...] or empty
    HostKeyPolicy hostKeyPolicy = HostKeyPolicy::Ask;
    // UserKnownHostsFile's files, ~ expanded; empty: the default. A new key is recorded in the first.
    std::vector<std::string> knownHostsFiles;
    // GlobalKnownHostsFile's files, read after the user's; empty: the default.
    std::vector<std::string> globalKnownHostsFiles;
    bool batchMode = false; // BatchMode yes: nothing is asked (an unknown host is refused, no passphrase)
    std::string hostKeyAlias; // HostKeyAlias: the name the host key is checked and recorded under
    bool hashKnownHosts = false; // HashKnownHosts: a key the user accepts is recorded under a hashed name
    int serverAliveInterval = 0; // ServerAliveInterval in seconds; 0 when the config names none
};

// The settings for `alias` from the config files in order (a missing file is skipped). `home`
// replaces a leading ~ in paths. Throws RemoteError (UnsupportedConfig) for a refused line.
SshHostConfig readSshConfig(
    const std::vector<std::string>& configPaths, const std::string& alias, const std::string& home);
SshHostConfig readSshConfig(const std::string& configPath, const std::string& alias, const std::string& home);

// OpenSSH's host pattern matching: *, ? and a leading ! (negation) in a comma or space list.
bool sshHostMatches(const std::string& patterns, const std::string& host);

} // namespace popscope::remote
