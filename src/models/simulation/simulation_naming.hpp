#pragma once
// Where a simulation goes by default: a folder under the user's data location (the file's name is
// sim::simulationFileName's: the workload, what differs from the defaults, the target).
#include <QString>

namespace popscope {

// <AppDataLocation>/simulations, created when missing.
QString defaultSimulationFolder();

} // namespace popscope
