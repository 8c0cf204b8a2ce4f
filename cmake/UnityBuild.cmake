# Unity builds. Each library's and test program's files compile in batches, one translation unit
# per batch: the system, Qt and nlohmann/json headers a batch shares are parsed and their templates
# instantiated and optimised once per batch instead of once per file (see docs/performance.md,
# "Build and first-run times"). A file's own names must therefore not clash with another file's of
# the same target: helpers in anonymous namespaces are named for what they do, and shared ones
# live in a header (tests/support for the tests).
#
# -DPOPSCOPE_UNITY=OFF compiles each file alone (with -DPOPSCOPE_PCH=OFF), so a missing include
# shows.
option(POPSCOPE_UNITY "Compile each library's and test program's files in batches (unity build)" ON)
set(POPSCOPE_UNITY_BATCH_SIZE 8 CACHE STRING "Files per unity batch (POPSCOPE_UNITY)")

# popscope_unity(TARGET...): each TARGET compiles in unity batches when POPSCOPE_UNITY is on.
function(popscope_unity)
  if(POPSCOPE_UNITY)
    set_target_properties(${ARGN} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${POPSCOPE_UNITY_BATCH_SIZE})
  endif()
endfunction()
