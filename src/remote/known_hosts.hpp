#pragma once
// known_hosts as OpenSSH reads and writes it. Lines are matched by libssh's own line parser (plain
// names, patterns and `|1|salt|hash` hashed names alike), but the name they are matched against is
// popscope's: the host (with its port when not 22) or the config's HostKeyAlias, which libssh 0.10
// cannot look up under. A key the user accepts is appended under that same name, hashed when the
// config says `HashKnownHosts yes`. Marker lines are read for `@revoked` only, as libssh skips them.
#include <libssh/libssh.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace popscope::remote {

// The name a host's key is recorded under: `alias` (HostKeyAlias) when set, else `host`, or
// `[host]:port` on a port other than 22; lower case, as OpenSSH and libssh compare names.
std::string knownHostsName(const std::string& host, int port, const std::string& alias);

// A line of a known_hosts file: the file and its line number, from 1.
struct KnownHostsLine {
    std::string file;
    int line = 0;
    std::string text() const { return file + ":" + std::to_string(line); } // as a refusal names it
};

struct KnownHostCheck {
    ssh_known_hosts_e status = SSH_KNOWN_HOSTS_UNKNOWN;
    KnownHostsLine where; // for CHANGED and OTHER: the line holding the key that does not match
};

// What `files` (the user's, then the system's) say about `key` for `name`: SSH_KNOWN_HOSTS_OK when
// a line of any holds it; else CHANGED (a line holds another key of its type: the first such line
// of the files, in order), OTHER (only keys of other types: the first such line) or UNKNOWN. A
// missing file, and a line libssh cannot parse, count as no line.
KnownHostCheck checkKnownHost(const std::vector<std::string>& files, const std::string& name, ssh_key key);

// The first of `files` with a `@revoked` line that holds `key`, whatever its host pattern; none
// when no file revokes it.
std::optional<std::string> revokingFile(const std::vector<std::string>& files, ssh_key key);

// `|1|base64(salt)|base64(HMAC-SHA1(salt, name))`, as OpenSSH writes a hashed name.
using KnownHostsSalt = std::array<unsigned char, 20>;
std::string hashedHostName(const std::string& name, const KnownHostsSalt& salt);
// The same with a fresh random salt.
std::string hashedHostName(const std::string& name);

// Appends `name type base64key` to `file` (its folder and the file made if missing, 0700 and 0600),
// the name hashed when `hash`; a line of its own even when the file does not end in a newline.
// Throws std::runtime_error naming the file and the cause.
void recordKnownHost(const std::string& file, const std::string& name, ssh_key key, bool hash);

} // namespace popscope::remote
