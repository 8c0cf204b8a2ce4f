#include "popscope/remote/remote_address.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace popscope::remote {

namespace {

bool isHostCharacter(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
}

bool isUserCharacter(char c)
{
    return isHostCharacter(c) || c == '+';
}

bool validName(const std::string& text, bool (*allowed)(char))
{
    return !text.empty() && text.front() != '-' && std::all_of(text.begin(), text.end(), allowed);
}

// "user@host" or "host": splits off the user; false when either part has characters that no host
// or user name has (they would otherwise reach libssh and the config lookup).
bool splitUserHost(const std::string& text, RemoteAddress& address)
{
    const auto at = text.rfind('@');
    address.user = at == std::string::npos ? std::string() : text.substr(0, at);
    address.host = at == std::string::npos ? text : text.substr(at + 1);
    if (at != std::string::npos && !validName(address.user, isUserCharacter))
        return false;
    if (address.host.size() > 2 && address.host.front() == '[' && address.host.back() == ']')
        address.host = address.host.substr(1, address.host.size() - 2); // [::1] or [host]
    return validName(address.host, [](char c) { return isHostCharacter(c) || c == ':'; });
}

std::optional<RemoteAddress> parseUrl(const std::string& rest)
{
    const auto slash = rest.find('/');
    if (slash == std::string::npos || slash + 1 >= rest.size())
        return std::nullopt;
    std::string authority = rest.substr(0, slash);
    RemoteAddress address;
    address.path = rest.substr(slash);
    // A port follows the last colon unless it sits inside [ ] (IPv6).
    const auto colon = authority.rfind(':');
    if (colon != std::string::npos && authority.find(']', colon) == std::string::npos) {
        const std::string port = authority.substr(colon + 1);
        authority.resize(colon);
        if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), ::isdigit))
            return std::nullopt;
        address.port = std::stoi(port);
        if (address.port < 1 || address.port > 65535)
            return std::nullopt;
    }
    if (!splitUserHost(authority, address))
        return std::nullopt;
    return address;
}

std::optional<RemoteAddress> parseScpStyle(const std::string& text)
{
    const auto colon = text.find(':');
    const auto slash = text.find('/');
    if (colon == std::string::npos || colon == 0 || (slash != std::string::npos && slash < colon)
        || colon + 1 >= text.size())
        return std::nullopt;
    RemoteAddress address;
    if (!splitUserHost(text.substr(0, colon), address) || address.host.find(':') != std::string::npos)
        return std::nullopt;
    address.path = text.substr(colon + 1);
    return address;
}

} // namespace

std::string RemoteAddress::toString() const
{
    std::string text = "ssh://";
    if (!user.empty())
        text += user + "@";
    const bool ipv6 = host.find(':') != std::string::npos;
    text.append(ipv6 ? "[" : "").append(host).append(ipv6 ? "]" : "");
    if (port != 0)
        text.append(":").append(std::to_string(port));
    if (path.empty() || path.front() != '/')
        text += "/~/"; // relative to the remote home folder
    return text + path;
}

std::optional<RemoteAddress> parseRemoteAddress(const std::string& text)
{
    static const std::string scheme = "ssh://";
    if (text.rfind(scheme, 0) == 0) {
        auto address = parseUrl(text.substr(scheme.size()));
        if (address && address->path.rfind("/~/", 0) == 0)
            address->path = address->path.substr(3); // ssh://host/~/p: p in the remote home folder
        return address;
    }
    return parseScpStyle(text);
}

bool isRemoteAddress(const std::string& text)
{
    if (text.rfind("ssh://", 0) == 0)
        return true;
    // "run-13:52.pop" is a local file when one of that name is here, as scp would not have it.
    std::error_code ec;
    return parseRemoteAddress(text).has_value() && !std::filesystem::exists(text, ec);
}

} // namespace popscope::remote
