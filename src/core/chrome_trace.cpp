// writeChromeTrace: streamed, so bench-large's trace never sits in memory as a JSON tree.
#include "popscope/chrome_trace.hpp"

#include "popscope/errors.hpp"
#include "popscope/output_file.hpp"
#include "popscope/profile.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace popscope {

namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

class TraceWriter {
public:
    TraceWriter(std::FILE* out, double clockHz)
        : m_out(out)
        , m_clockHz(clockHz > 0 ? clockHz : 1e9)
    {
    }

    // A string as JSON text: quotes, escapes, and invalid UTF-8 replaced.
    static std::string quoted(const std::string& text)
    {
        return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }

    void metadata(const char* kind, uint32_t pid, uint32_t tid, const std::string& name, int64_t sortIndex)
    {
        separator();
        std::fprintf(m_out, R"({"ph":"M","name":"%s","pid":%u,"tid":%u,"args":{"name":%s}})", kind, pid, tid,
            quoted(name).c_str());
        separator();
        std::fprintf(m_out,
            R"({"ph":"M","name":"%s_sort_index","pid":%u,"tid":%u,"args":{"sort_index":%lld}})",
            kind[0] == 'p' ? "process" : "thread", pid, tid, static_cast<long long>(sortIndex));
    }

    // A complete ("X") event from `start` for `cycles` cycles; `args` is JSON object text.
    void slice(const std::string& quotedName, const std::string& quotedCategory, uint32_t pid, uint32_t tid,
        uint64_t start, uint64_t cycles, const std::string& args)
    {
        separator();
        std::fprintf(m_out,
            R"({"ph":"X","name":%s,"cat":%s,"pid":%u,"tid":%u,"ts":%.3f,"dur":%.3f,"args":%s})",
            quotedName.c_str(), quotedCategory.c_str(), pid, tid, microseconds(start), microseconds(cycles),
            args.c_str());
        ++m_events;
    }

    uint64_t events() const { return m_events; }

private:
    double microseconds(uint64_t cycles) const { return double(cycles) / m_clockHz * 1e6; }
    void separator()
    {
        std::fputs(m_first ? "\n" : ",\n", m_out);
        m_first = false;
    }

    std::FILE* m_out;
    double m_clockHz;
    bool m_first = true;
    uint64_t m_events = 0;
};

struct TileSlices {
    TraceWriter* writer;
    const StepTable* steps;
    const std::vector<std::string>* names; // quoted program names
    std::vector<std::string> categories; // quoted step types
    uint32_t tilesPerIpu;
};

void writeHeader(std::FILE* out, double clockHz)
{
    std::fputs(R"({"displayTimeUnit":"ns","otherData":{"generator":"popscope","clockHz":)", out);
    std::fprintf(out, "%.17g", clockHz);
    std::fputs(R"(},"traceEvents":[)", out);
}

// A process per IPU with its Steps thread, and a thread per tile when perTile.
void writeTracks(TraceWriter& writer, const Target& target, bool perTile)
{
    for (uint32_t ipu = 0; ipu < target.numIpus; ++ipu) {
        writer.metadata("process_name", ipu, 0, "IPU " + std::to_string(ipu), ipu);
        writer.metadata("thread_name", ipu, 0, "Steps", 0);
        if (perTile)
            for (uint32_t tile = 0; tile < target.tilesPerIpu; ++tile)
                writer.metadata("thread_name", ipu, tile + 1,
                    "Tile " + std::to_string(uint64_t(ipu) * target.tilesPerIpu + tile), int64_t(tile) + 1);
    }
}

// Each run as a slice around its steps on every IPU, so the viewers nest the steps under it.
void writeRunSlices(
    TraceWriter& writer, const StepTable& steps, const std::vector<Run>& runs, uint32_t numIpus)
{
    for (uint32_t run = 0; run < runs.size(); ++run) {
        for (uint32_t ipu = 0; ipu < numIpus; ++ipu) {
            uint64_t first = UINT64_MAX, last = 0;
            for (size_t step = 0; step < steps.size(); ++step)
                if (const StepOnIpu* si = steps.onIpu(step, ipu); si && steps.run(step) == run) {
                    first = std::min(first, si->cyclesBase);
                    last = std::max(last, si->cyclesBase + si->cycles);
                }
            if (first < last)
                writer.slice(TraceWriter::quoted(runs[run].name), R"("run")", ipu, 0, first, last - first,
                    "{\"run\":" + std::to_string(run) + "}");
        }
    }
}

// Each step's type as quoted JSON text, the steps' event category.
std::vector<std::string> quotedStepTypes(const StepTable& steps)
{
    std::vector<std::string> categories;
    for (size_t step = 0; step < steps.size(); ++step)
        categories.push_back(TraceWriter::quoted(steps.type(step)));
    return categories;
}

// Each step as a slice on the Steps thread of each IPU it runs on.
void writeStepSlices(TraceWriter& writer, const StepTable& steps, const std::vector<std::string>& names,
    const std::vector<std::string>& categories)
{
    for (uint32_t index = 0; index < steps.size(); ++index) {
        const uint32_t program = steps.program(index);
        const std::string& name = program < names.size() ? names[program] : categories[index];
        for (const StepOnIpu& si : steps.ipus(index))
            writer.slice(name, categories[index], si.ipu, 0, si.cyclesBase, si.cycles,
                "{\"step\":" + std::to_string(index) + ",\"cycles\":" + std::to_string(si.cycles)
                    + ",\"cycleBase\":" + std::to_string(si.cyclesBase)
                    + ",\"activeTiles\":" + std::to_string(si.activeTiles) + "}");
    }
}

// Each step's cycles on each tile as a slice on that tile's thread.
void writeTileSlices(const Profile& profile, TileSlices slices)
{
    profile.forEachTileCycles(
        *slices.steps,
        [](void* context, uint32_t step, uint32_t ipu, const std::vector<uint32_t>& cycles) {
            auto& s = *static_cast<TileSlices*>(context);
            const uint32_t program = s.steps->program(step);
            const std::string& name = program < s.names->size() ? (*s.names)[program] : s.categories[step];
            const uint64_t base = s.steps->onIpu(step, ipu)->cyclesBase; // the row was checked
            for (uint32_t tile = 0; tile < cycles.size(); ++tile)
                if (cycles[tile] > 0)
                    s.writer->slice(name, s.categories[step], ipu, tile + 1, base, cycles[tile],
                        "{\"step\":" + std::to_string(step) + ",\"cycles\":" + std::to_string(cycles[tile])
                            + "}");
        },
        &slices);
}

// Ends the JSON text and closes the file; returns its size. A file that cannot be written is
// removed and a WriteFailed error names path.
long closeTraceFile(
    std::unique_ptr<std::FILE, FileCloser>& file, const std::string& temporary, const std::string& path)
{
    std::fputs("\n]}\n", file.get());
    bool written = std::fflush(file.get()) == 0 && !std::ferror(file.get());
    int writeErrno = errno;
    const long size = std::ftell(file.get());
    if (std::fclose(file.release()) != 0 && written) {
        written = false;
        writeErrno = errno;
    }
    if (!written) {
        std::remove(temporary.c_str());
        throw ProfileError(
            ErrorKind::WriteFailed, path, std::string("cannot write the file: ") + std::strerror(writeErrno));
    }
    return size;
}

} // namespace

ChromeTraceStats writeChromeTrace(const Profile& profile, const std::string& path, bool perTile)
{
    checkOutputFile(path, { profile.path() });
    const Target& target = profile.target();
    const StepTable steps = profile.readStepTable();
    const std::vector<Run> runs = profile.readRuns();
    std::vector<std::string> names;
    for (const Program& program : profile.readPrograms())
        names.push_back(TraceWriter::quoted(program.name));

    const std::string temporary = temporaryPathFor(path);
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(temporary.c_str(), "wb"));
    if (!file)
        throw ProfileError(
            ErrorKind::WriteFailed, path, std::string("cannot create the file: ") + std::strerror(errno));
    TraceWriter writer(file.get(), target.clockHz);
    try {
        writeHeader(file.get(), target.clockHz);
        writeTracks(writer, target, perTile);
        writeRunSlices(writer, steps, runs, target.numIpus);
        std::vector<std::string> categories = quotedStepTypes(steps);
        writeStepSlices(writer, steps, names, categories);
        if (perTile)
            writeTileSlices(profile, { &writer, &steps, &names, std::move(categories), target.tilesPerIpu });
    } catch (...) { // a damaged part: no half-written file stays behind
        file.reset();
        std::remove(temporary.c_str());
        throw;
    }
    const long size = closeTraceFile(file, temporary, path);
    moveIntoPlace(temporary, path);
    return { writer.events(), uint64_t(std::max(0L, size)) };
}

} // namespace popscope
