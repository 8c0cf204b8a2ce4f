#include "popscope/remote/ssh_config.hpp"

#include "popscope/remote/remote_error.hpp"

#include <algorithm>
#include <cctype>
#include <fnmatch.h>
#include <fstream>
#include <glob.h>
#include <optional>
#include <set>
#include <sstream>

namespace popscope::remote {

namespace {

std::string lowercase(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

std::string expandHome(const std::string& path, const std::string& home)
{
    if (path == "~" || path.rfind("~/", 0) == 0)
        return home + path.substr(1);
    return path;
}

// "Keyword value", "Keyword=value" or "Keyword = value"; quotes around the value are dropped.
bool splitLine(const std::string& line, std::string& keyword, std::string& value)
{
    size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos || line[i] == '#')
        return false;
    size_t end = line.find_first_of(" \t=", i);
    if (end == std::string::npos)
        return false;
    keyword = lowercase(line.substr(i, end - i));
    size_t start = line.find_first_not_of(" \t=", end);
    if (start == std::string::npos)
        return false;
    value = line.substr(start);
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back())))
        value.pop_back();
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        value = value.substr(1, value.size() - 2);
    return !value.empty();
}

// OpenSSH's READCONF_MAX_DEPTH: an Include nested deeper is an error (a loop, most often).
constexpr int kMaxIncludeDepth = 16;

bool isNone(const std::string& value)
{
    return lowercase(value) == "none";
}

// A yes/no option's `no` (OpenSSH also takes `false`).
bool isFalse(const std::string& value)
{
    const std::string v = lowercase(value);
    return v == "no" || v == "false";
}

// HostName with %h replaced by the alias and %% by %; none when it holds another %-token.
std::optional<std::string> expandHostName(const std::string& value, const std::string& alias)
{
    std::string name;
    for (size_t i = 0; i < value.size(); ++i) {
        if (value[i] != '%') {
            name += value[i];
            continue;
        }
        const char token = i + 1 < value.size() ? value[++i] : '\0';
        if (token == 'h')
            name += alias;
        else if (token == '%')
            name += '%';
        else
            return std::nullopt;
    }
    return name;
}

class ConfigReader {
public:
    ConfigReader(const std::string& alias, const std::string& home)
        : m_alias(alias)
        , m_home(home)
    {
    }

    void read(const std::string& path, int depth)
    {
        std::ifstream in(path);
        std::string line, keyword, value;
        bool applies = true; // lines before the first Host block apply to every host
        for (int number = 1; std::getline(in, line); ++number) {
            if (!splitLine(line, keyword, value))
                continue;
            const std::string where = path + ":" + std::to_string(number);
            if (keyword == "host")
                applies = sshHostMatches(value, m_alias);
            else if (keyword == "match")
                applies = matchesAll(value, where);
            else if (keyword == "include" && applies)
                include(value, path, depth, where);
            else if (applies)
                set(keyword, value, where);
        }
    }

    SshHostConfig result()
    {
        if (m_config.hostName.empty())
            m_config.hostName = m_alias;
        else
            m_config.hostName = *expandHostName(m_config.hostName, m_alias); // checked when read
        return m_config;
    }

private:
    static bool matchesAll(const std::string& value, const std::string& where)
    {
        const std::string criteria = lowercase(value);
        if (criteria == "all" || criteria == "final all")
            return true;
        refuse(where, "Match " + value,
            "popscope cannot evaluate Match criteria other than `all` as OpenSSH would (exec runs a "
            "command)");
    }

    [[noreturn]] static void refuse(const std::string& where, const std::string& what, const std::string& why)
    {
        throw RemoteError(RemoteFailure::UnsupportedConfig,
            where + ": " + what + " is not supported: " + why
                + ". Remove or change the line (popscope reads ~/.ssh/config and /etc/ssh/ssh_config).");
    }

    void include(const std::string& pattern, const std::string& from, int depth, const std::string& where)
    {
        if (depth + 1 > kMaxIncludeDepth)
            refuse(where, "Include " + pattern,
                "Include files are nested more than " + std::to_string(kMaxIncludeDepth)
                    + " deep (an Include that includes itself?)");
        std::string expanded = expandHome(pattern, m_home);
        if (expanded.empty() || expanded.front() != '/') // relative to ~/.ssh, like OpenSSH
            expanded = from.substr(0, from.rfind('/') + 1) + expanded;
        // The paths copied out first: reading one may throw (a refused line), which must not leak
        // glob's list.
        std::vector<std::string> paths;
        glob_t matches {};
        if (glob(expanded.c_str(), 0, nullptr, &matches) == 0)
            paths.assign(matches.gl_pathv, matches.gl_pathv + matches.gl_pathc);
        globfree(&matches);
        for (const std::string& path : paths)
            read(path, depth + 1);
    }

    void refuseCommands(const std::string& keyword, const std::string& value, const std::string& where)
    {
        if (keyword == "proxycommand" && !isNone(value))
            refuse(where, "ProxyCommand",
                "popscope connects by itself and never runs a command to do so; use ProxyJump for a bastion");
        if (keyword == "localcommand" && !isNone(value))
            refuse(where, "LocalCommand", "popscope runs no local command");
        if (keyword == "knownhostscommand" && !isNone(value))
            refuse(where, "KnownHostsCommand",
                "popscope runs no command to find host keys; list the files in UserKnownHostsFile or "
                "GlobalKnownHostsFile");
    }

    // Lines that would make popscope connect to another name than OpenSSH: checked for the value
    // that is used (the first), as OpenSSH ignores the later ones.
    void refuseOtherNames(const std::string& keyword, const std::string& value, const std::string& where)
    {
        if (keyword == "canonicalizehostname" && !isFalse(value))
            refuse(where, "CanonicalizeHostname " + value,
                "popscope connects to the HostName as written; write the full name in HostName instead");
        if (keyword == "hostname" && !expandHostName(value, m_alias))
            refuse(where, "HostName " + value,
                "popscope expands only %h (the alias) and %% in HostName; write the name out");
    }

    void set(const std::string& keyword, const std::string& value, const std::string& where)
    {
        refuseCommands(keyword, value, where);
        const auto first = [this, &keyword] { return m_seen.insert(keyword).second; };
        if ((keyword == "hostname" || keyword == "canonicalizehostname") && !m_seen.count(keyword))
            refuseOtherNames(keyword, value, where);
        if (keyword == "hostname" && first())
            m_config.hostName = value;
        else if (keyword == "user" && first())
            m_config.user = value;
        else if (keyword == "port" && first())
            m_config.port = std::clamp(std::atoi(value.c_str()), 0, 65535);
        else if (keyword == "identityfile") // every IdentityFile line adds one
            m_config.identityFiles.push_back(expandHome(value, m_home));
        else if (keyword == "identitiesonly" && first())
            m_config.identitiesOnly = lowercase(value) == "yes";
        else if (keyword == "proxyjump" && first())
            m_config.proxyJump = isNone(value) ? "" : value;
        else if (keyword == "stricthostkeychecking" && first())
            m_config.hostKeyPolicy = hostKeyPolicy(value);
        else if (keyword == "userknownhostsfile" && first())
            m_config.knownHostsFiles = files(value);
        else if (keyword == "globalknownhostsfile" && first())
            m_config.globalKnownHostsFiles = files(value);
        else if (keyword == "batchmode" && first())
            m_config.batchMode = lowercase(value) == "yes" || lowercase(value) == "true";
        else if (keyword == "canonicalizehostname")
            first(); // `no` (or `false`), the only value let through: the first value found wins here too
        else if (keyword == "hostkeyalias" && first())
            m_config.hostKeyAlias = firstWord(value);
        else if (keyword == "hashknownhosts" && first())
            m_config.hashKnownHosts = lowercase(value) == "yes";
        else if (keyword == "serveraliveinterval" && first())
            m_config.serverAliveInterval = std::clamp(std::atoi(value.c_str()), 0, 86400);
    }

    static HostKeyPolicy hostKeyPolicy(const std::string& value)
    {
        const std::string v = lowercase(value);
        if (v == "yes" || v == "true")
            return HostKeyPolicy::Strict;
        if (v == "accept-new")
            return HostKeyPolicy::AcceptNew;
        return HostKeyPolicy::Ask; // ask; no and off are asked too: popscope never accepts silently
    }

    static std::string firstWord(const std::string& value)
    {
        return value.substr(0, value.find_first_of(" \t"));
    }

    // A list of files, ~ expanded; `none` is no file (/dev/null, which holds no line).
    std::vector<std::string> files(const std::string& value) const
    {
        if (isNone(value))
            return { "/dev/null" };
        std::vector<std::string> paths;
        std::istringstream words(value);
        for (std::string word; words >> word;)
            paths.push_back(expandHome(word, m_home));
        return paths;
    }

    std::string m_alias;
    std::string m_home;
    SshHostConfig m_config;
    std::set<std::string> m_seen; // keywords whose first value was taken
};

} // namespace

bool sshHostMatches(const std::string& patterns, const std::string& host)
{
    std::string list = patterns;
    std::replace(list.begin(), list.end(), ',', ' ');
    std::istringstream words(list);
    std::string pattern;
    bool matched = false;
    const std::string name = lowercase(host);
    while (words >> pattern) {
        const bool negated = pattern.front() == '!';
        if (negated)
            pattern.erase(0, 1);
        if (fnmatch(lowercase(pattern).c_str(), name.c_str(), 0) != 0)
            continue;
        if (negated)
            return false; // a negated match rules the host out whatever else matches
        matched = true;
    }
    return matched;
}

SshHostConfig readSshConfig(
    const std::vector<std::string>& configPaths, const std::string& alias, const std::string& home)
{
    ConfigReader reader(alias, home);
    for (const std::string& path : configPaths)
        reader.read(path, 0);
    return reader.result();
}

SshHostConfig readSshConfig(const std::string& configPath, const std::string& alias, const std::string& home)
{
    return readSshConfig(std::vector<std::string> { configPath }, alias, home);
}

} // namespace popscope::remote
