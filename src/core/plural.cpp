#include "popscope/plural.hpp"

#include "popscope/units.hpp"

namespace popscope {

std::string pluralWord(uint64_t count, std::string_view singular, std::string_view plural)
{
    if (count == 1)
        return std::string(singular);
    return plural.empty() ? std::string(singular) + "s" : std::string(plural);
}

std::string countOf(uint64_t count, std::string_view singular, std::string_view plural)
{
    return formatCount(count) + ' ' + pluralWord(count, singular, plural);
}

} // namespace popscope
