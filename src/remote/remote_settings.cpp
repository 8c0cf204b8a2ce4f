#include "popscope/remote/remote_settings.hpp"

#include <atomic>

#include <cstdlib>
#include <mutex>
#include <pwd.h>
#include <unistd.h>

namespace popscope::remote {

namespace {

std::mutex& settingsMutex()
{
    static std::mutex mutex;
    return mutex;
}

RemoteSettings& storedSettings()
{
    static RemoteSettings settings;
    return settings;
}

} // namespace

RemoteSettings remoteSettings()
{
    std::lock_guard lock(settingsMutex());
    return storedSettings();
}

void setRemoteSettings(RemoteSettings settings)
{
    std::lock_guard lock(settingsMutex());
    storedSettings() = std::move(settings);
}

std::string homeFolder(const RemoteSettings& settings)
{
    if (!settings.home.empty())
        return settings.home;
    if (const char* home = std::getenv("HOME"); home && *home)
        return home;
    const passwd* entry = getpwuid(getuid());
    return entry && entry->pw_dir ? entry->pw_dir : "/";
}

std::string cacheFolder(const RemoteSettings& settings)
{
    if (!settings.cacheFolder.empty())
        return settings.cacheFolder;
    if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache == '/')
        return std::string(cache) + "/popscope/remote";
    return homeFolder(settings) + "/.cache/popscope/remote";
}

namespace {
thread_local const CancelScope* innermostScope = nullptr;
std::atomic<int> guiWaits = 0;
} // namespace

GuiWaitScope::GuiWaitScope()
{
    ++guiWaits;
}

GuiWaitScope::~GuiWaitScope()
{
    --guiWaits;
}

bool guiWaiting()
{
    return guiWaits.load() > 0;
}

CancelScope::CancelScope(std::function<bool()> cancelled)
    : m_cancelled(std::move(cancelled))
    , m_outer(innermostScope)
{
    innermostScope = this;
}

CancelScope::~CancelScope()
{
    innermostScope = m_outer;
}

bool cancelRequested()
{
    for (const CancelScope* scope = innermostScope; scope; scope = scope->m_outer)
        if (scope->m_cancelled && scope->m_cancelled())
            return true;
    return false;
}

RemoteSettings withEnvironment(RemoteSettings settings)
{
    if (const char* timeout = std::getenv("POPSCOPE_SSH_TIMEOUT"); timeout && std::atoi(timeout) > 0)
        settings.timeoutSeconds = std::atoi(timeout);
    if (const char* cache = std::getenv("POPSCOPE_SSH_CACHE"); cache && std::string(cache) == "off")
        settings.diskCache = false;
    if (const char* config = std::getenv("POPSCOPE_SSH_SYSTEM_CONFIG"); config && *config)
        settings.systemConfig = config;
    return settings;
}

std::function<bool()> cancelCheckOfThisThread()
{
    std::vector<std::function<bool()>> checks;
    for (const CancelScope* scope = innermostScope; scope; scope = scope->m_outer)
        if (scope->m_cancelled)
            checks.push_back(scope->m_cancelled);
    if (checks.empty())
        return nullptr;
    return [checks] {
        return std::any_of(checks.begin(), checks.end(), [](const auto& check) { return check(); });
    };
}

} // namespace popscope::remote
