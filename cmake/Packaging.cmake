# The Debian package: `cpack -G DEB` in the build folder (scripts/dev.sh package) makes
# popscope_<VERSION>_amd64.deb from the install rules, with /usr as its prefix. Its Depends come
# from dpkg-shlibdeps on the installed programs (the popscope libraries are static, so that is Qt 6,
# SQLite and the C/C++ runtime), never from a hand-written list. docs/architecture.md: the
# lintian warnings that remain and why.
set(POPSCOPE_MAINTAINER "popscope maintainers <maintainers@users.noreply.a-seed-85a56046.example>")

# What Debian wants in /usr/share/doc/popscope besides the docs: copyright and a changelog.
# string(TIMESTAMP) honours SOURCE_DATE_EPOCH, for reproducible packages.
string(TIMESTAMP POPSCOPE_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
set(changelog ${PROJECT_BINARY_DIR}/packaging/changelog)
configure_file(${PROJECT_SOURCE_DIR}/resources/linux/changelog.in ${changelog} @ONLY)
add_custom_command(OUTPUT ${changelog}.gz
  COMMAND gzip -9nkf ${changelog}
  DEPENDS ${changelog}
  VERBATIM)
add_custom_target(package_changelog ALL DEPENDS ${changelog}.gz)
install(FILES ${PROJECT_SOURCE_DIR}/resources/linux/copyright ${changelog}.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Everything the install rules copy; `cmake --install` and cpack build nothing themselves
# (CMAKE_SKIP_INSTALL_ALL_DEPENDENCY), so packaging never waits for the tests and benchmarks.
add_custom_target(package_files DEPENDS popscope popscope-cli sample_profiles desktop_integration package_changelog)
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME popscope)
set(CPACK_PACKAGE_VENDOR popscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${POPSCOPE_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop analyser for Graphcore IPU profiles")
# The extended description: lines under 80 columns (lintian).
set(CPACK_PACKAGE_DESCRIPTION
  "popscope opens Graphcore IPU profiles (.pop files) and shows whether a model
fits in tile memory, what fills the fullest tiles, how memory rises and falls
over the program, which operations and steps take the cycles (program tree,
execution trace), and what changed between two reports. popscope-cli prints
the same figures as text or JSON, gates CI jobs on memory and cycle
regressions, exports traces for Perfetto and simulates IPU workloads into
profiles. Sample profiles, including a demo, are in
/usr/share/popscope/profiles.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # popscope_<VERSION>_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${POPSCOPE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION devel) # with hotspot, heaptrack and kcachegrind
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The Python module (popscope.pva) needs an interpreter; dpkg-shlibdeps cannot see that (an
# extension module links no libpython), so it is the one dependency named by hand.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
