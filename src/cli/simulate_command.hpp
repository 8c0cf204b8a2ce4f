#pragma once

namespace popscope::cli {

// `popscope-cli simulate ...`: argv[0] is "simulate", the rest its arguments (simulate --help).
int runSimulateCommand(int argc, char** argv);

} // namespace popscope::cli
