#include "views/programs/program_tree_page.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/programs/program_tree_model.hpp"
#include "models/qt_text.hpp"
#include "models/report_state.hpp"
#include "views/page/page_parts.hpp"
#include "views/page/part_error.hpp"
#include "views/programs/program_details_view.hpp"
#include "views/widgets/column_fitter.hpp"
#include "views/widgets/split_pair.hpp"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace popscope {

ProgramTreePage::ProgramTreePage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    buildTree();
    m_details = new ProgramDetailsView(state, this);
    QLayout* toolbar = buildToolbar();
    m_split = splitPair(Qt::Horizontal, m_view, m_details, this);
    m_error = PageParts::errorLabel(this, Qt::AlignCenter);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(toolbar);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_error, 1);

    followState();
    setParts({ ReportPart::ProgramTree, ReportPart::Operations });
    reload(); // the empty state
}

void ProgramTreePage::buildTree()
{
    m_model = new ProgramTreeModel(this);
    m_view = new QTreeView(this);
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true); // fast with thousands of expanded rows
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->header()->setMinimumSectionSize(60);
    // Numbers at their width (sampled rows), the name takes the rest, never under 240 px.
    new ColumnFitter(m_view, m_view->header(), 240);
}

QLayout* ProgramTreePage::buildToolbar()
{
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Find a program by name…"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Finds programs at any depth (Enter or F3: next, Shift+F3: previous)"));
    m_search->setMinimumWidth(200);
    m_search->setMaximumWidth(480); // the note beside it stays readable
    m_previous = new QToolButton(this);
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Previous match (Shift+F3)"));
    m_next = new QToolButton(this);
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Next match (F3)"));
    m_searchStatus = new QLabel(this);
    m_searchStatus->setForegroundRole(QPalette::PlaceholderText);
    m_layer = new QComboBox(this);
    m_layer->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_layer->setToolTip(
        tr("Highlight the programs of the selected program's operations in this software layer"));
    m_note = new QLabel(this);
    m_note->setForegroundRole(QPalette::PlaceholderText);
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(m_search, 2);
    toolbar->addWidget(m_previous);
    toolbar->addWidget(m_next);
    toolbar->addWidget(m_searchStatus);
    toolbar->addSpacing(12);
    toolbar->addWidget(new QLabel(tr("Highlight:"), this));
    toolbar->addWidget(m_layer);
    toolbar->addWidget(m_note, 1);
    return toolbar;
}

void ProgramTreePage::followState()
{
    // Ctrl+F, F3, Shift+F3 while the page has focus.
    const auto shortcut = [this](QKeySequence::StandardKey key, auto slot) {
        auto* action = new QAction(this);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    shortcut(QKeySequence::Find, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    shortcut(QKeySequence::FindNext, [this] { findNext(); });
    shortcut(QKeySequence::FindPrevious, [this] { findPrevious(); });

    connect(m_search, &QLineEdit::textChanged, this, &ProgramTreePage::search);
    connect(m_search, &QLineEdit::returnPressed, this, &ProgramTreePage::findNext);
    connect(m_next, &QToolButton::clicked, this, &ProgramTreePage::findNext);
    connect(m_previous, &QToolButton::clicked, this, &ProgramTreePage::findPrevious);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
        &ProgramTreePage::updateSelection);
    connect(m_layer, &QComboBox::currentIndexChanged, this, &ProgramTreePage::updateHighlight);
    connect(m_details, &ProgramDetailsView::operationActivated, this, [this](const QString& key) {
        m_state->requestNavigation(NavigationTarget::named(
            page_ids::operations, NavigationTarget::Kind::Operation, key.toStdString()));
    });
}

void ProgramTreePage::reload()
{
    // A damaged program tree: say so in place of the tree; the other reports go on working.
    m_problem = partError(*m_state, [](const Report& r) {
        r.programIndex();
        r.operationAnalysis(); // the highlight's layers
    });
    const bool damaged = !m_problem.isEmpty();
    m_error->setText(tr("The program tree of this report cannot be shown:\n") + m_problem);
    m_error->setVisible(damaged);
    m_split->setVisible(!damaged);
    const auto source = damaged ? nullptr : m_state->report();
    const auto target = damaged || !m_state->isComparing() ? nullptr : m_state->comparedReport();
    keepPlace();
    m_model->setReports(source ? source->core : nullptr, target ? target->core : nullptr);
    m_shownKey
        = source ? source->path + (target ? QStringLiteral("\n") + target->path : QString()) : QString();
    for (int column = 0; column < m_model->columnCount(); ++column)
        m_view->setColumnHidden(column, !m_model->columnApplies(column));
    // The control programs open; deeper levels wait for the user (bench-large: 83 k programs).
    m_view->expand(m_model->index(0, 0));

    const QString previous = m_layer->currentData().toString();
    m_layer->blockSignals(true);
    m_layer->clear();
    m_layer->addItem(tr("No layer"), QString());
    if (source)
        for (const std::string& layer : source->core->operationAnalysis().layers)
            m_layer->addItem(QString::fromStdString(layer), QString::fromStdString(layer));
    const int keep = m_layer->findData(previous);
    m_layer->setCurrentIndex(keep >= 0 && !previous.isEmpty() ? keep : std::min(1, m_layer->count() - 1));
    m_layer->blockSignals(false);

    QStringList note;
    if (source && m_model->cycleBasis() == CycleBasis::Estimated)
        note << tr("Cycles are the compiler's estimates: %1 no execution.")
                    .arg(target ? tr("a report holds") : tr("the report holds"));
    if (target)
        note << (m_model->targetOnlyPrograms() == 0
                ? tr("Programs matched by name; every target program has a match.")
                : tr("Programs matched by name; %1 target programs have no match in the source.")
                      .arg(countText(m_model->targetOnlyPrograms())));
    m_note->setText(note.join(QLatin1Char(' ')));
    m_note->setToolTip(m_note->text());
    m_note->setVisible(!note.isEmpty());
    m_hits.clear();
    m_hit = -1;
    restorePlace(); // the search and selection these reports had, or none
    updateSelection();
}

void ProgramTreePage::keepPlace()
{
    if (m_shownKey.isEmpty())
        return;
    m_places[m_shownKey] = { m_search->text(), m_hit, m_model->programAt(m_view->currentIndex()),
        m_view->verticalScrollBar()->value() };
}

void ProgramTreePage::restorePlace()
{
    const Place place = m_places.value(m_shownKey);
    {
        QSignalBlocker block(m_search);
        m_search->setText(place.search);
    }
    search();
    if (place.program >= 0)
        selectProgram(uint32_t(place.program));
    if (place.hit >= 0 && place.hit < int(m_hits.size())) {
        m_hit = place.hit;
        m_searchStatus->setText(tr("%1 of %2").arg(countText(size_t(m_hit) + 1), countText(m_hits.size())));
    }
    m_view->verticalScrollBar()->setValue(place.scroll);
}

void ProgramTreePage::search()
{
    const std::string text = m_search->text().trimmed().toStdString();
    m_hits = m_model->source() && !text.empty()
        ? findPrograms(m_model->source()->programs(), m_model->source()->programIndex(), text)
        : std::vector<uint32_t> {};
    m_hit = -1;
    m_previous->setEnabled(!m_hits.empty());
    m_next->setEnabled(!m_hits.empty());
    m_searchStatus->setText(text.empty() ? QString()
            : m_hits.empty()             ? tr("No match")
                                         : tr("%1 found").arg(countText(m_hits.size())));
}

void ProgramTreePage::findNext()
{
    step(+1);
}
void ProgramTreePage::findPrevious()
{
    step(-1);
}

void ProgramTreePage::step(int direction)
{
    if (m_hits.empty())
        return;
    const int n = int(m_hits.size());
    m_hit = m_hit < 0 ? (direction > 0 ? 0 : n - 1) : (m_hit + direction + n) % n;
    selectProgram(m_hits[size_t(m_hit)]);
    m_searchStatus->setText(tr("%1 of %2").arg(countText(size_t(m_hit) + 1), countText(m_hits.size())));
}

bool ProgramTreePage::selectProgram(uint32_t program)
{
    const QModelIndex index = m_model->indexOfProgram(program);
    if (!index.isValid())
        return false;
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        m_view->expand(p);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
    return true;
}

bool ProgramTreePage::showRow(const NavigationTarget& target)
{
    using Kind = NavigationTarget::Kind;
    if (target.kind == Kind::Program)
        return selectProgram(target.number);
    if (target.kind != Kind::ProgramNamed)
        return target.kind == Kind::Page;
    // A name (scripts, links by name): the exact name first, else the first that contains it.
    if (!m_model->source())
        return false;
    const Report& r = *m_model->source();
    const auto hits = findPrograms(r.programs(), r.programIndex(), target.name);
    for (uint32_t hit : hits)
        if (r.programs()[hit].name == target.name)
            return selectProgram(hit);
    return !hits.empty() && selectProgram(hits.front());
}

void ProgramTreePage::updateSelection()
{
    const int64_t program = m_model->programAt(m_view->currentIndex());
    m_details->showProgram(program, program >= 0 ? m_model->targetProgram(uint32_t(program)) : -1);
    updateHighlight();
}

void ProgramTreePage::updateHighlight()
{
    const int64_t program = m_model->programAt(m_view->currentIndex());
    const std::string layer = m_layer->currentData().toString().toStdString();
    std::vector<uint32_t> marked;
    if (program >= 0 && !layer.empty() && m_model->source()) {
        const Report& r = *m_model->source();
        for (uint32_t o : r.programIndex().operationsOf(uint32_t(program)))
            if (r.operations()[o].layer == layer)
                marked.insert(
                    marked.end(), r.operations()[o].programs.begin(), r.operations()[o].programs.end());
    }
    m_model->setHighlighted(marked);
}

} // namespace popscope
