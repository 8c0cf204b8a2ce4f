#include "reply_watchdog.hpp"

#include <sys/socket.h>

namespace popscope::remote {

ReplyWatchdog::ReplyWatchdog(int fd, std::chrono::seconds silence)
    : m_fd(fd)
    , m_silence(silence)
    , m_thread([this] { watch(); })
{
}

ReplyWatchdog::~ReplyWatchdog()
{
    stop();
}

void ReplyWatchdog::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_deadline.reset();
    }
    m_wake.notify_all();
    if (m_thread.joinable() && m_thread.get_id() != std::this_thread::get_id())
        m_thread.join();
}

ReplyWatchdog::Armed ReplyWatchdog::arm(std::function<bool()> cancelled)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stop)
            return Armed(nullptr);
        m_deadline = std::chrono::steady_clock::now() + m_silence;
        m_cancelled = std::move(cancelled);
    }
    m_wake.notify_all();
    return Armed(shared_from_this());
}

void ReplyWatchdog::disarm()
{
    std::lock_guard lock(m_mutex);
    m_deadline.reset();
    m_cancelled = nullptr;
}

ReplyWatchdog::Outcome ReplyWatchdog::outcome() const
{
    std::lock_guard lock(m_mutex);
    return m_outcome;
}

void ReplyWatchdog::watch()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        if (!m_deadline) {
            m_wake.wait(lock);
            continue;
        }
        m_wake.wait_for(lock, std::chrono::milliseconds(50));
        if (m_stop || !m_deadline)
            continue;
        if (std::chrono::steady_clock::now() >= *m_deadline)
            m_outcome = Outcome::Stalled;
        else if (m_cancelled && m_cancelled())
            m_outcome = Outcome::Cancelled;
        else
            continue;
        // Shut down, not closed: libssh still owns the descriptor, and its blocking read now fails.
        ::shutdown(m_fd, SHUT_RDWR);
        m_deadline.reset();
    }
}

} // namespace popscope::remote
