#pragma once
// Words that agree with a count: "1 tile", "2 tiles", "1 tile exceeds", "3 tiles exceed". One
// place for the rule instead of `n == 1 ? "" : "s"` at every message.
#include <cstdint>
#include <string>
#include <string_view>

namespace popscope {

// `singular` for 1, else `plural` (default: singular + "s").
std::string pluralWord(uint64_t count, std::string_view singular, std::string_view plural = {});
// The count with thousands separators and the word that agrees with it: "1,472 tiles".
std::string countOf(uint64_t count, std::string_view singular, std::string_view plural = {});

} // namespace popscope
