#include "models/simulation/simulation_naming.hpp"

#include <QDir>
#include <QStandardPaths>

namespace popscope {

QString defaultSimulationFolder()
{
    const QString folder
        = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/simulations");
    QDir().mkpath(folder);
    return folder;
}

} // namespace popscope
