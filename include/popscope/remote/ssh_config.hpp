#pragma once
// The part of OpenSSH's client configuration (~/.ssh/config) popscope follows: Host blocks with
// patterns, HostName, User, Port, IdentityFile and ProxyJump. As in OpenSSH, the first value found
// for a keyword wins, and "Include" files are read in place.
#include <string>
#include <vector>

namespace popscope::remote {

struct SshHostConfig {
    std::string hostName; // the name to connect to (the alias itself when the config has none)
    std::string user; // empty when the config names none
    int port = 0; // 0 when the config names none
    std::vector<std::string> identityFiles; // with ~ expanded
    std::string proxyJump; // [user@]host[:port][,...] or empty
};

// The settings for `alias` in the config file at `configPath` (a missing file gives defaults).
// `home` replaces a leading ~ in IdentityFile and Include paths.
SshHostConfig readSshConfig(const std::string& configPath, const std::string& alias, const std::string& home);

// OpenSSH's host pattern matching: *, ? and a leading ! (negation) in a comma or space list.
bool sshHostMatches(const std::string& patterns, const std::string& host);

} // namespace popscope::remote
