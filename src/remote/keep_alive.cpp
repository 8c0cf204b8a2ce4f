#include "keep_alive.hpp"

#include <libssh/server.h> // ssh_send_keepalive: declared with the server's API, usable by a client

#include <algorithm>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <utility>

namespace popscope::remote {

KeepAlive::KeepAlive(ssh_session session, std::timed_mutex& sessionLock, std::vector<int> sockets,
    std::chrono::seconds interval, std::chrono::seconds silence)
    : m_session(session)
    , m_sessionLock(sessionLock)
    , m_sockets(std::move(sockets))
    , m_interval(interval)
    , m_silence(silence)
{
    // The owner holds the session's lock, or has not shared the session yet.
    ssh_set_counters(m_session, &m_received, nullptr);
    m_thread = std::thread([this] { run(); });
}

KeepAlive::~KeepAlive()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    ssh_set_counters(m_session, nullptr, nullptr); // libssh must not count into a freed struct
}

bool KeepAlive::wait(std::chrono::milliseconds time)
{
    std::unique_lock lock(m_mutex);
    return !m_wake.wait_for(lock, time, [this] { return m_stop; });
}

void KeepAlive::run()
{
    uint64_t lastReceived = 0;
    while (wait(m_interval)) {
        std::unique_lock use(m_sessionLock, std::try_to_lock);
        if (!use.owns_lock())
            continue; // a read in progress: it waits under its own deadline
        const uint64_t sentAt = received();
        if (!sendIfIdle(lastReceived))
            continue;
        use.unlock(); // the answer is waited for without the lock
        if (!answered(sentAt))
            return;
    }
}

uint64_t KeepAlive::received() const
{
    // What libssh has read, and what waits unread in the socket (replies to reads asked ahead, which
    // nobody takes while the session is idle): both came from the server before now.
    int queued = 0;
    if (ioctl(m_sockets.front(), FIONREAD, &queued) != 0)
        queued = 0;
    return m_received.in_bytes + uint64_t(std::max(queued, 0));
}

bool KeepAlive::sendIfIdle(uint64_t& lastReceived)
{
    if (received() != lastReceived) {
        lastReceived = received(); // the server spoke during the last interval
        return false;
    }
    // Non-blocking, so nothing waits here: the first call takes an earlier keepalive's answer if it
    // has come, the second sends a new request unless one is still unanswered.
    ssh_set_blocking(m_session, 0);
    ssh_send_keepalive(m_session);
    ssh_send_keepalive(m_session);
    ssh_set_blocking(m_session, 1);
    lastReceived = received();
    return true;
}

bool KeepAlive::receivedSince(uint64_t count) const
{
    if (received() != count)
        return true;
    // A socket the other end closed is not a silent one: the next read finds out why it closed.
    pollfd watched { m_sockets.front(), POLLRDHUP, 0 };
    return poll(&watched, 1, 0) > 0;
}

bool KeepAlive::answered(uint64_t sentAt)
{
    const auto deadline = std::chrono::steady_clock::now() + m_silence;
    while (wait(std::chrono::milliseconds(50))) {
        std::unique_lock use(m_sessionLock, std::try_to_lock);
        if (!use.owns_lock())
            continue; // in use: what it reads is counted by the time the lock is free
        if (receivedSince(sentAt))
            return true;
        if (std::chrono::steady_clock::now() < deadline)
            continue;
        // Silent. Shut down under the lock, so the next read sees silent() before it uses the
        // session, and connects again.
        for (int socket : m_sockets)
            ::shutdown(socket, SHUT_RDWR);
        m_silent = true;
        return false;
    }
    return true; // stopping
}

} // namespace popscope::remote
