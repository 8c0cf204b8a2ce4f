#pragma once

namespace popscope::cli {

// popscope-cli liveness FILE [--json] [--step N | --peak] [--ipu I | --tiles LIST] [--top N]
int runLivenessCommand(int argc, char** argv);

} // namespace popscope::cli
