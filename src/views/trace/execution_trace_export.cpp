// The Execution Trace page's outputs: the program types' legend, the Chrome trace export (written
// by a TraceExporter) and the image of the traces.
#include "views/trace/execution_trace_page.hpp"

#include "models/image_file.hpp"
#include "models/report_state.hpp"
#include "models/trace/trace_exporter.hpp"
#include "views/trace/trace_legend.hpp"
#include "views/trace/trace_view.hpp"
#include "views/widgets/save_dialog.hpp"

#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>

namespace popscope {

void ExecutionTracePage::updateTypeLegend()
{
    // The program types drawn in the step rows: the steps' own in the Flat view, every level's in
    // the Flame view.
    m_legend->showTypes(m_viewMode->currentIndex() == 0, { m_slots[0].data.get(), m_slots[1].data.get() });
}

void ExecutionTracePage::exportTrace(bool perTile)
{
    if (!m_slots[0].data)
        return;
    const QString suggested
        = QFileInfo(m_state->report()->path).completeBaseName() + QStringLiteral(".trace.json");
    const QString path
        = askSavePath(this, tr("Export the trace"), suggested, tr("Chrome trace JSON (*.json)"));
    if (path.isEmpty())
        return;
    if (!m_exporter) {
        m_exporter = new TraceExporter(this);
        connect(m_exporter, &TraceExporter::progress, m_readout, &QLabel::setText);
        connect(m_exporter, &TraceExporter::written, this, [this](const QString& written) {
            m_readout->setText(
                tr("Wrote %1: open it in Perfetto UI (ui.perfetto.dev) or chrome://tracing").arg(written));
        });
        connect(m_exporter, &TraceExporter::failed, this, [this](const QString&, const QString& problem) {
            QMessageBox::warning(this, tr("Export the trace"), problem);
        });
    }
    m_exporter->start(m_state->report()->path, path, perTile);
}

void ExecutionTracePage::saveImage()
{
    const QString path = askSavePath(this, tr("Save the trace as an image"),
        QFileInfo(m_state->report()->path).completeBaseName() + QStringLiteral("-trace.png"),
        tr("PNG image (*.png)"), QStandardPaths::PicturesLocation);
    if (path.isEmpty())
        return;
    QString error; // both traces in compare mode, with the readout line
    for (Slot& slot : m_slots)
        slot.view->finishPictures();
    if (!saveImageFile(m_slots[0].view->parentWidget()->grab().toImage(), path, &error))
        QMessageBox::warning(this, tr("Save the trace"), error);
}

} // namespace popscope
