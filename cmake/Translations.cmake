# The translation template: `cmake --build BUILD --target popscope_translation_template` runs Qt's
# lupdate over the GUI sources (src/app, src/views, src/models) and writes translations/popscope.ts,
# the English source text of every tr() / QCoreApplication::translate() / QT_TRANSLATE_NOOP message,
# for translators. Not part of ALL: the template is committed and regenerated when the text changes.
# English is the only language shipped, so nothing is compiled to .qm or loaded at run time.
#
# lupdate comes from Debian's qt6-l10n-tools (scripts/packages-test.txt), which only the template
# and its test need. -I src resolves the sources' "models/..." includes, so a tr() in a member
# function finds its class's namespace; -locations none keeps the template's diff to the messages
# themselves, not to line numbers that move with every edit.
find_program(POPSCOPE_LUPDATE lupdate HINTS "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}" /usr/lib/qt6/bin
             DOC "Qt's lupdate (Debian: qt6-l10n-tools), for the translation template and its test")
set(POPSCOPE_LUPDATE_ARGS -I ${PROJECT_SOURCE_DIR}/src -I ${PROJECT_SOURCE_DIR}/include -locations none
    -no-obsolete -source-language en ${PROJECT_SOURCE_DIR}/src/app ${PROJECT_SOURCE_DIR}/src/views
    ${PROJECT_SOURCE_DIR}/src/models)
if(POPSCOPE_LUPDATE)
  add_custom_target(popscope_translation_template
    COMMAND ${POPSCOPE_LUPDATE} ${POPSCOPE_LUPDATE_ARGS} -ts ${PROJECT_SOURCE_DIR}/translations/popscope.ts
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    COMMENT "lupdate: writing translations/popscope.ts"
    VERBATIM)
endif()
