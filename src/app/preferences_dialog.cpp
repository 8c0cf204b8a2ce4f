#include "app/preferences_dialog.hpp"

#include "app/page_memory_keeper.hpp"

#include "models/settings_keys.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace popscope {

PreferencesDialog::PreferencesDialog(MemoryUnit unit, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    QGroupBox* box = makeUnitBox(unit);
    QGroupBox* memoryBox = makeMemoryBox();
    QGroupBox* remoteBox = makeRemoteBox();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(this, &QDialog::accepted, this, &PreferencesDialog::storeSettings);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(box);
    layout->addWidget(memoryBox);
    layout->addWidget(remoteBox);
    layout->addWidget(buttons);
}

QGroupBox* PreferencesDialog::makeUnitBox(MemoryUnit unit)
{
    auto* box = new QGroupBox(tr("Memory units"), this);
    m_binary = new QRadioButton(tr("Binary: KiB, MiB (1 KiB = 1,024 bytes)"), box);
    m_decimal = new QRadioButton(tr("SI: kB, MB (1 kB = 1,000 bytes)"), box);
    m_bytes = new QRadioButton(tr("Bytes: 638,976 B"), box);
    auto* boxLayout = new QVBoxLayout(box);
    boxLayout->addWidget(m_binary);
    boxLayout->addWidget(m_decimal);
    boxLayout->addWidget(m_bytes);
    (unit == MemoryUnit::Binary           ? m_binary
            : unit == MemoryUnit::Decimal ? m_decimal
                                          : m_bytes)
        ->setChecked(true);
    return box;
}

QGroupBox* PreferencesDialog::makeMemoryBox()
{
    auto* memoryBox = new QGroupBox(tr("Memory"), this);
    m_pageMemory = new QSpinBox(memoryBox);
    m_pageMemory->setObjectName(QStringLiteral("pageMemoryLimit"));
    m_pageMemory->setRange(64, 1024 * 1024);
    m_pageMemory->setSingleStep(64);
    m_pageMemory->setSuffix(tr(" MiB"));
    m_pageMemory->setValue(int(storedPageMemoryLimit() >> 20));
    m_pageMemory->setToolTip(
        tr("Above this, showing a page lets go of the pages shown longest ago; they read their data "
           "again when shown. Raise it to keep every page of large reports at hand."));
    auto* memoryLayout = new QFormLayout(memoryBox);
    memoryLayout->addRow(tr("Keep pages' data up to:"), m_pageMemory);
    return memoryBox;
}

QGroupBox* PreferencesDialog::makeRemoteBox()
{
    auto* remoteBox = new QGroupBox(tr("Remote reports (SSH)"), this);
    m_timeout = new QSpinBox(remoteBox);
    m_timeout->setObjectName(QStringLiteral("sshTimeout"));
    m_timeout->setRange(1, 600);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setValue(remote::remoteSettings().timeoutSeconds);
    m_timeout->setToolTip(tr("How long a connection may take before popscope gives up"));
    m_diskCache
        = new QCheckBox(tr("Keep the parts read on disk, so opening a report again is local"), remoteBox);
    m_diskCache->setObjectName(QStringLiteral("sshDiskCache"));
    m_diskCache->setChecked(remote::remoteSettings().diskCache);
    m_diskCache->setToolTip(tr("In popscope's cache folder, 4 GiB at most; a changed file is read again"));
    auto* remoteLayout = new QFormLayout(remoteBox);
    remoteLayout->addRow(tr("Connection timeout:"), m_timeout);
    remoteLayout->addRow(m_diskCache);
    return remoteBox;
}

void PreferencesDialog::storeSettings()
{
    QSettings().setValue(SettingsKey::pageMemoryLimitMiB, m_pageMemory->value());
    QSettings().setValue(SettingsKey::sshTimeoutSeconds, m_timeout->value());
    QSettings().setValue(SettingsKey::sshDiskCache, m_diskCache->isChecked());
    remote::RemoteSettings settings = remote::remoteSettings();
    settings.timeoutSeconds = m_timeout->value();
    settings.diskCache = m_diskCache->isChecked();
    settings.openFromCache = settings.diskCache; // as DialogPrompter::install sets it
    remote::setRemoteSettings(settings);
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

uint64_t PreferencesDialog::storedPageMemoryLimit()
{
    const qint64 mib
        = QSettings()
              .value(SettingsKey::pageMemoryLimitMiB, qint64(PageMemoryKeeper::kDefaultLimit >> 20))
              .toLongLong();
    return uint64_t(std::max<qint64>(mib, 64)) << 20;
}

void PreferencesDialog::storeUnit(MemoryUnit unit)
{
    QSettings().setValue(SettingsKey::memoryUnit,
        unit == MemoryUnit::Decimal     ? QStringLiteral("si")
            : unit == MemoryUnit::Bytes ? QStringLiteral("bytes")
                                        : QStringLiteral("binary"));
}

} // namespace popscope
