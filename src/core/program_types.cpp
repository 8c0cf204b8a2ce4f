#include "popscope/program_types.hpp"

namespace popscope {

const std::vector<ProgramTypeInfo>& programTypes()
{
    // Control flow in greys and blue-greys, compute green, on-chip exchange blue, between IPUs
    // purple, host stream copies orange to red by phase, syncs neutral: the Graph Analyser's
    // families, chosen to stay apart from each other and from the compare colours.
    static const std::vector<ProgramTypeInfo> types = {
        { "Sequence", "Runs its children in order", ProgramFamily::Control, 0x6f7f95, 'S' },
        { "Repeat", "Runs its children a number of times", ProgramFamily::Control, 0xb07d2b, 'R' },
        { "Call", "Runs a function (a shared program)", ProgramFamily::Control, 0x2b9a9a, 'C' },
        { "OnTileExecute", "Runs a compute set's vertices on their tiles", ProgramFamily::Compute, 0x3a9a4a,
            'E' },
        { "DoExchange", "Moves data between tiles of one IPU", ProgramFamily::Exchange, 0x3f7fd0, 'X' },
        { "GlobalExchange", "Moves data between IPUs or replicas", ProgramFamily::Exchange, 0x8a5ac8, 'G' },
        { "StreamCopyBegin", "Starts a host stream copy", ProgramFamily::StreamCopy, 0xe8a33a, 'B' },
        { "StreamCopyMid", "Moves a host stream copy's data", ProgramFamily::StreamCopy, 0xe0762a, 'M' },
        { "StreamCopyEnd", "Ends a host stream copy", ProgramFamily::StreamCopy, 0xc8552a, 'N' },
        { "Sync", "Waits for every tile (bulk-synchronous barrier)", ProgramFamily::Sync, 0x9a9a9a, '|' },
        { "SyncAns", "Answers a sync from another IPU", ProgramFamily::Sync, 0x7c7c7c, 'A' },
        { "WriteUndef", "Marks a variable's contents undefined", ProgramFamily::Other, 0xb8a9c9, 'W' },
        { "OnEveryTileSwitch", "Branches on a value held on every tile", ProgramFamily::Control, 0x8c6d5a,
            '?' },
        { "Unknown", "A program type popscope does not know", ProgramFamily::Other, 0xc0c0c0, '.' },
    };
    return types;
}

const ProgramTypeInfo& programTypeInfo(std::string_view type)
{
    const auto& types = programTypes();
    for (const ProgramTypeInfo& info : types)
        if (info.type == type)
            return info;
    return types.back();
}

const char* programFamilyName(ProgramFamily family)
{
    switch (family) {
    case ProgramFamily::Control:
        return "control";
    case ProgramFamily::Compute:
        return "compute";
    case ProgramFamily::Exchange:
        return "exchange";
    case ProgramFamily::StreamCopy:
        return "stream copy";
    case ProgramFamily::Sync:
        return "sync";
    case ProgramFamily::Other:
        return "other";
    }
    return "other";
}

} // namespace popscope
