#pragma once
// The execution trace in the Chrome trace-event JSON format (the "JSON Object Format" with
// "traceEvents"), which Perfetto UI (ui.perfetto.dev) and chrome://tracing open: one process per
// IPU, a "Steps" thread with the runs and their steps nested by time, and with `perTile` a thread
// per tile holding each step's active part on that tile. Times are microseconds at the target's
// clock; every event's args keep the exact cycles.
#include <cstdint>
#include <string>

namespace popscope {

class Profile;

struct ChromeTraceStats {
    uint64_t events = 0; // duration events written (runs, steps, tile slices)
    uint64_t bytes = 0;
};

// Streams the events into a temporary file beside `path` and renames it into place (nothing is
// written half). Throws ProfileError for a damaged profile or an output that cannot be written.
ChromeTraceStats writeChromeTrace(const Profile& profile, const std::string& path, bool perTile);

} // namespace popscope
