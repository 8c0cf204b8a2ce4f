#pragma once
// The JSON interchange form (libpva-style attribute names), documented in docs/profile-format.md.
#include "popscope/profile_document.hpp"

#include <string>

namespace popscope {

std::string documentToJson(const ProfileDocument& doc, int indent = 1);
// Throws ProfileError(InvalidInput) with `sourceName` and the JSON path of the problem.
ProfileDocument documentFromJson(const std::string& json, const std::string& sourceName);

ProfileDocument readJsonFile(const std::string& path);
void writeJsonFile(const ProfileDocument& doc, const std::string& path);

} // namespace popscope
