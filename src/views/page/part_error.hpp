#pragma once
// A report part a page needs, read with its error caught: the page shows the message (naming the
// file and the problem, in PageParts::errorLabel) instead of its views, and the other pages go on
// working.
#include "models/report_state.hpp"
#include "popscope/errors.hpp"

#include <QString>

namespace popscope {

// Reads `read(report)` on both slots' reports; "" when both worked, else the first error.
template <typename Read> QString partError(const ReportState& state, Read read)
{
    for (int slot = 0; slot < 2; ++slot) {
        const auto report = state.reportAt(slot);
        if (!report || (slot == 1 && !state.isComparing()))
            continue;
        try {
            read(*report->core);
        } catch (const ProfileError& error) {
            return QString::fromUtf8(error.what());
        }
    }
    return {};
}

} // namespace popscope
