#pragma once
// How the text reports (comparison, insights, operations, estimates) print a name or value read
// from a profile.
#include "popscope/errors.hpp"

#include <string>
#include <string_view>

namespace popscope {

// `text` made printable and cut to 200 bytes, so a hostile name cannot flood or garble the output.
inline std::string shownText(std::string_view text)
{
    return printableMessage(std::string(text), 200);
}

} // namespace popscope
