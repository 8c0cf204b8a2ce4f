#pragma once
// Where a remote profile lives: ssh://[user@]host[:port]/path or the scp form [user@]host:path.
// Parsing only; nothing here touches the network.
#include <optional>
#include <string>

namespace popscope::remote {

struct RemoteAddress {
    std::string user; // empty: from ~/.ssh/config, else the local user
    std::string host; // as typed: a Host alias of ~/.ssh/config or a real name
    int port = 0; // 0: from ~/.ssh/config, else 22
    std::string path; // absolute, or relative to the remote home folder

    // The canonical form, ssh://user@host:port/path, for titles, recent files and errors.
    std::string toString() const;
    bool operator==(const RemoteAddress&) const = default;
};

// An address in either form, or nothing when the text is a local path. A name with a colon before
// any slash reads as remote (as with scp; write ./name:with:colons for a local file), except in
// isRemoteAddress when a local file of that name exists.
std::optional<RemoteAddress> parseRemoteAddress(const std::string& text);
bool isRemoteAddress(const std::string& text);

} // namespace popscope::remote
