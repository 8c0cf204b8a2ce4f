#pragma once
// Preferences: memory units (binary KiB, SI kB, or bytes) and the SSH connection timeout. Stored in
// QSettings.
#include "popscope/units.hpp"

#include <QDialog>

class QCheckBox;
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

private:
    QRadioButton* m_binary;
    QRadioButton* m_decimal;
    QRadioButton* m_bytes;
    QSpinBox* m_timeout;
    QCheckBox* m_diskCache;
};

} // namespace popscope
