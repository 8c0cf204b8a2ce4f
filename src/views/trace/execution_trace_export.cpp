// The Execution Trace page's outputs: the program types' legend, the Chrome trace export (written
// by a TraceExporter) and the image of the traces.
#include "views/trace/execution_trace_page.hpp"

#include "models/image_file.hpp"
#include "models/programs/program_type_style.hpp"
#include "models/trace/trace_exporter.hpp"
#include "models/report_state.hpp"
#include "views/trace/trace_view.hpp"
#include "views/widgets/save_dialog.hpp"

#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>

namespace popscope {

void ExecutionTracePage::updateTypeLegend()
{
    // The program types drawn in the step rows, as chips in their Program Tree colours: the steps'
    // own in the Flat view, every level's in the Flame view.
    const bool flame = m_viewMode->currentIndex() == 0;
    QStringList types;
    const auto add = [&types](std::string_view type) {
        const QString name = QString::fromUtf8(type.data(), qsizetype(type.size()));
        if (!types.contains(name))
            types << name;
    };
    for (const Slot& slot : m_slots) {
        const auto& data = slot.data;
        if (!data)
            continue;
        if (!flame) {
            for (const ExecutionStep& step : data->steps)
                add(step.type);
            continue;
        }
        for (const FlameLane& lane : data->flame.lanes)
            for (size_t level = 1; level < lane.levels.size(); ++level)
                for (const FlameSpan& span : lane.levels[level])
                    add(data->flameSpanType(level, span));
    }
    QString chips = flame ? QStringLiteral("Programs: <span style='color:%1'>■</span>&nbsp;Run")
                                .arg(palette().color(QPalette::Mid).name())
                          : QStringLiteral("Steps:");
    for (const QString& type : types)
        chips += QStringLiteral(" <span style='color:%1'>■</span>&nbsp;%2").arg(programTypeColor(type.toStdString()).name(), type);
    m_typeLegend->setText(chips);
}

void ExecutionTracePage::exportTrace(bool perTile)
{
    if (!m_slots[0].data)
        return;
    const QString suggested = QFileInfo(m_state->report()->path).completeBaseName() + QStringLiteral(".trace.json");
    const QString path = askSavePath(this, QStringLiteral("Export the trace"), suggested, QStringLiteral("Chrome trace JSON (*.json)"));
    if (path.isEmpty())
        return;
    if (!m_exporter) {
        m_exporter = new TraceExporter(this);
        connect(m_exporter, &TraceExporter::progress, m_readout, &QLabel::setText);
        connect(m_exporter, &TraceExporter::written, this, [this](const QString& written) {
            m_readout->setText(QStringLiteral("Wrote %1: open it in Perfetto UI (ui.perfetto.dev) or chrome://tracing").arg(written));
        });
        connect(m_exporter, &TraceExporter::failed, this, [this](const QString&, const QString& problem) {
            QMessageBox::warning(this, QStringLiteral("Export the trace"), problem);
        });
    }
    m_exporter->start(m_state->report()->path, path, perTile);
}

void ExecutionTracePage::saveImage()
{
    const QString path = askSavePath(this, QStringLiteral("Save the trace as an image"),
                                     QFileInfo(m_state->report()->path).completeBaseName() + QStringLiteral("-trace.png"),
                                     QStringLiteral("PNG image (*.png)"), QStandardPaths::PicturesLocation);
    if (path.isEmpty())
        return;
    QString error; // both traces in compare mode, with the readout line
    for (Slot& slot : m_slots)
        slot.view->finishPictures();
    if (!saveImageFile(m_slots[0].view->parentWidget()->grab().toImage(), path, &error))
        QMessageBox::warning(this, QStringLiteral("Save the trace"), error);
}

} // namespace popscope
