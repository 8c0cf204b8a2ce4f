#pragma once
// Preferences: memory units (binary KiB, SI kB, or bytes), the memory pages may keep, and the SSH
// connection timeout and disk cache. Stored in QSettings.
#include "popscope/units.hpp"

#include <QDialog>

class QCheckBox;
class QGroupBox;
class QRadioButton;
class QSpinBox;

namespace popscope {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(MemoryUnit unit, QWidget* parent = nullptr);
    MemoryUnit unit() const;

    static MemoryUnit storedUnit();
    static void storeUnit(MemoryUnit unit);
    // Bytes of heap the window may hold before it lets go of the pages shown longest ago.
    static uint64_t storedPageMemoryLimit();

private:
    // The dialog's three groups, each made with its controls.
    QGroupBox* makeUnitBox(MemoryUnit unit);
    QGroupBox* makeMemoryBox();
    QGroupBox* makeRemoteBox();
    // On OK: the page memory and the SSH settings, stored and applied.
    void storeSettings();

    QRadioButton* m_binary;
    QRadioButton* m_decimal;
    QRadioButton* m_bytes;
    QSpinBox* m_pageMemory;
    QSpinBox* m_timeout;
    QCheckBox* m_diskCache;
};

} // namespace popscope
