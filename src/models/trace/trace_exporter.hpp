#pragma once
// Writes a report's Chrome trace (writeChromeTrace) off the GUI thread for the Execution Trace
// page's Export menu: the object that owns the work, as TraceBuilder does for the trace itself. It
// says what it writes, then `written` or `failed`. Exports to different files may run side by side.
#include <QObject>
#include <QString>

#include <vector>

template <typename T> class QFutureWatcher;

namespace popscope {

class TraceExporter : public QObject {
    Q_OBJECT
public:
    explicit TraceExporter(QObject* parent = nullptr);
    ~TraceExporter() override; // waits for the running exports: no file is left half written

    // Writes the trace of the profile at `source` to `path`: the steps per IPU, or every tile's.
    void start(const QString& source, const QString& path, bool perTile);
    bool isRunning() const { return !m_running.empty(); }
    // Blocks until every running export ends (tests only).
    void waitForFinished();

signals:
    void progress(const QString& stage);
    void written(const QString& path);
    void failed(const QString& path, const QString& message);

private:
    std::vector<QFutureWatcher<QString>*> m_running;
};

} // namespace popscope
