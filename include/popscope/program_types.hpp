#pragma once
// The program types of a profile's program tree and how every view draws them: one colour and
// one symbol per type, shared by the Program Tree, the Operations report and the Execution Trace
// (and the trace export), so a type looks the same everywhere. Qt-free; models/program_type_style
// turns an entry into a QColor and an icon.
#include <cstdint>
#include <string_view>
#include <vector>

namespace popscope {

// What a program does, for grouping and colouring.
enum class ProgramFamily { Control, Compute, Exchange, StreamCopy, Sync, Other };

struct ProgramTypeInfo {
    std::string_view type; // as stored in programs.type / steps.type
    std::string_view description; // for people: "Runs a compute set on its tiles"
    ProgramFamily family;
    uint32_t rgb; // 0xRRGGBB
    char symbol; // one letter drawn in the type's icon
};

// Every type the format names, in the order of docs/profile-format.md, "Unknown" last.
const std::vector<ProgramTypeInfo>& programTypes();
// The type's entry; an unlisted type gets "Unknown"'s colour and symbol (its own name is kept by
// the caller).
const ProgramTypeInfo& programTypeInfo(std::string_view type);
const char* programFamilyName(ProgramFamily family); // "control", "compute", ...

} // namespace popscope
