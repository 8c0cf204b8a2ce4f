#include "popscope/remote/ssh_config.hpp"

#include <algorithm>
#include <cctype>
#include <fnmatch.h>
#include <fstream>
#include <glob.h>
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
        while (std::getline(in, line)) {
            if (!splitLine(line, keyword, value))
                continue;
            if (keyword == "host")
                applies = sshHostMatches(value, m_alias);
            else if (keyword == "match")
                applies = lowercase(value) == "all"; // other Match criteria are not followed
            else if (keyword == "include" && applies && depth < 8)
                include(value, path, depth);
            else if (applies)
                set(keyword, value);
        }
    }

    SshHostConfig result()
    {
        if (m_config.hostName.empty())
            m_config.hostName = m_alias;
        else if (auto h = m_config.hostName.find("%h"); h != std::string::npos)
            m_config.hostName.replace(h, 2, m_alias);
        return m_config;
    }

private:
    void include(const std::string& pattern, const std::string& from, int depth)
    {
        std::string expanded = expandHome(pattern, m_home);
        if (expanded.empty() || expanded.front() != '/') // relative to ~/.ssh, like OpenSSH
            expanded = from.substr(0, from.rfind('/') + 1) + expanded;
        glob_t matches {};
        if (glob(expanded.c_str(), 0, nullptr, &matches) == 0)
            for (size_t i = 0; i < matches.gl_pathc; ++i)
                read(matches.gl_pathv[i], depth + 1);
        globfree(&matches);
    }

    void set(const std::string& keyword, const std::string& value)
    {
        if (keyword == "hostname" && m_config.hostName.empty())
            m_config.hostName = value;
        else if (keyword == "user" && m_config.user.empty())
            m_config.user = value;
        else if (keyword == "port" && m_config.port == 0)
            m_config.port = std::clamp(std::atoi(value.c_str()), 0, 65535);
        else if (keyword == "identityfile") // every IdentityFile line adds one
            m_config.identityFiles.push_back(expandHome(value, m_home));
        else if (keyword == "proxyjump" && m_config.proxyJump.empty())
            m_config.proxyJump = lowercase(value) == "none" ? "none" : value;
    }

    std::string m_alias;
    std::string m_home;
    SshHostConfig m_config;
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

SshHostConfig readSshConfig(const std::string& configPath, const std::string& alias, const std::string& home)
{
    ConfigReader reader(alias, home);
    reader.read(configPath, 0);
    SshHostConfig config = reader.result();
    if (config.proxyJump == "none")
        config.proxyJump.clear();
    return config;
}

} // namespace popscope::remote
