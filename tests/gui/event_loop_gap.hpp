#pragma once
// Whether the window kept answering while something ran: the longest time the GUI thread's event
// loop went without turning, measured with a 10 ms timer from construction on.
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>

namespace popscope::test {

class EventLoopGaps {
public:
    EventLoopGaps()
    {
        QObject::connect(
            &m_ticker, &QTimer::timeout, [this] { m_longest = std::max(m_longest, m_since.restart()); });
        m_since.start();
        m_ticker.start(10);
    }
    qint64 longestMs() const { return m_longest; }

private:
    QTimer m_ticker;
    QElapsedTimer m_since;
    qint64 m_longest = 0;
};

} // namespace popscope::test
