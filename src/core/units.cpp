#include "popscope/units.hpp"

#include <cmath>
#include <cstdio>

namespace popscope {

std::string formatCount(uint64_t value)
{
    std::string digits = std::to_string(value);
    std::string out;
    int leading = int(digits.size() % 3);
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (int(i) - leading) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::string formatBytes(uint64_t bytes, MemoryUnit unit)
{
    if (unit == MemoryUnit::Bytes)
        return formatCount(bytes) + " B";
    const double base = unit == MemoryUnit::Binary ? 1024.0 : 1000.0;
    static const char* binary[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    static const char* decimal[] = { "B", "kB", "MB", "GB", "TB" };
    double value = double(bytes);
    int power = 0;
    while (value >= base && power < 4) {
        value /= base;
        ++power;
    }
    if (power == 0)
        return formatCount(bytes) + " B";
    char text[32];
    std::snprintf(text, sizeof text,
        value < 10        ? "%.2f %s"
            : value < 100 ? "%.1f %s"
                          : "%.0f %s",
        value, unit == MemoryUnit::Binary ? binary[power] : decimal[power]);
    return text;
}

std::string formatPercent(double fraction, int decimals)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.*f%%", decimals, fraction * 100.0);
    return text;
}

std::string formatShareAfter(uint64_t part, uint64_t whole)
{
    return whole ? " (" + formatPercent(shareOf(part, whole)) + ")" : std::string();
}

} // namespace popscope
