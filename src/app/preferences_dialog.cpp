#include "app/preferences_dialog.hpp"

#include "models/settings_keys.hpp"

#include <QDialogButtonBox>
#include <QGroupBox>
#include <QRadioButton>
#include <QSettings>
#include <QVBoxLayout>

namespace popscope {

PreferencesDialog::PreferencesDialog(MemoryUnit unit, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(QStringLiteral("Preferences"));
    auto* box = new QGroupBox(QStringLiteral("Memory units"), this);
    m_binary = new QRadioButton(QStringLiteral("Binary: KiB, MiB (1 KiB = 1,024 bytes)"), box);
    m_decimal = new QRadioButton(QStringLiteral("SI: kB, MB (1 kB = 1,000 bytes)"), box);
    m_bytes = new QRadioButton(QStringLiteral("Bytes: 638,976 B"), box);
    auto* boxLayout = new QVBoxLayout(box);
    boxLayout->addWidget(m_binary);
    boxLayout->addWidget(m_decimal);
    boxLayout->addWidget(m_bytes);
    (unit == MemoryUnit::Binary           ? m_binary
            : unit == MemoryUnit::Decimal ? m_decimal
                                          : m_bytes)
        ->setChecked(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(box);
    layout->addWidget(buttons);
}

MemoryUnit PreferencesDialog::unit() const
{
    if (m_decimal->isChecked())
        return MemoryUnit::Decimal;
    if (m_bytes->isChecked())
        return MemoryUnit::Bytes;
    return MemoryUnit::Binary;
}

MemoryUnit PreferencesDialog::storedUnit()
{
    const QString v = QSettings().value(SettingsKey::memoryUnit, QStringLiteral("binary")).toString();
    if (v == QLatin1String("si"))
        return MemoryUnit::Decimal;
    if (v == QLatin1String("bytes"))
        return MemoryUnit::Bytes;
    return MemoryUnit::Binary;
}

void PreferencesDialog::storeUnit(MemoryUnit unit)
{
    QSettings().setValue(SettingsKey::memoryUnit,
        unit == MemoryUnit::Decimal     ? QStringLiteral("si")
            : unit == MemoryUnit::Bytes ? QStringLiteral("bytes")
                                        : QStringLiteral("binary"));
}

} // namespace popscope
