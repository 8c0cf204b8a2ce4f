#pragma once
// Core hands out many names as std::string_view into packed buffers (variables, programs): a
// QString from one, without a std::string in between.
#include <QString>

#include <string_view>

namespace popscope {

inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace popscope
