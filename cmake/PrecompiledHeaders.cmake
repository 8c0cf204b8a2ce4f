# Precompiled headers. Most of a file's compile time here is parsing the same system headers again:
# -ftime-report gives parsing 70 % of a views file's 4.5 s (Qt Widgets), 80 % of a GUI test's (Qt
# and Catch) and 44 % of a core file's (the standard library). Each target precompiles the heavy
# headers it uses once, then every file of it starts from them. Only system headers: the project's
# own change often, and a changed precompiled header rebuilds its whole target.
#
# -DPOPSCOPE_PCH=OFF compiles each file from its own includes alone (with -DPOPSCOPE_UNITY=OFF), so
# a missing include shows.
option(POPSCOPE_PCH "Precompile the Qt, Catch and standard headers each target uses" ON)

set(POPSCOPE_PCH_STD <algorithm> <cstdint> <functional> <memory> <optional> <string> <string_view>
    <unordered_map> <utility> <vector>)
set(POPSCOPE_PCH_QT_CORE ${POPSCOPE_PCH_STD} <QAbstractItemModel> <QFileInfo> <QFutureWatcher> <QObject>
    <QString> <QtConcurrent/QtConcurrentRun>)
set(POPSCOPE_PCH_QT_WIDGETS ${POPSCOPE_PCH_QT_CORE} <QApplication> <QComboBox> <QHBoxLayout>
    <QHeaderView> <QLabel> <QLineEdit> <QMenu> <QPainter> <QPushButton> <QSettings> <QSplitter>
    <QTabWidget> <QToolButton> <QTreeView> <QVBoxLayout> <QWidget>)
set(POPSCOPE_PCH_TESTS ${POPSCOPE_PCH_STD} <catch2/catch.hpp>)
set(POPSCOPE_PCH_GUI_TESTS ${POPSCOPE_PCH_QT_WIDGETS} <catch2/catch.hpp> <QSignalSpy> <QTest>)

# popscope_precompile(TARGET HEADERS...): TARGET's files start from HEADERS precompiled.
function(popscope_precompile target)
  if(POPSCOPE_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
