#include "views/page/report_page.hpp"

#include "models/parts_loader.hpp"
#include "models/report_state.hpp"
#include "views/page/page_load_panel.hpp"

#include <QResizeEvent>

#include <algorithm>

namespace popscope {

ReportPage::ReportPage(ReportState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_loader(new PartsLoader(this))
    , m_panel(new PageLoadPanel(this))
{
    m_panel->hide();
    connect(state, &ReportState::reportChanged, this, &ReportPage::onReportChanged);
    connect(m_loader, &PartsLoader::progress, m_panel, &PageLoadPanel::setProgress);
    connect(m_loader, &PartsLoader::finished, this, &ReportPage::finishLoading);
    connect(m_loader, &PartsLoader::failed, this, &ReportPage::showFailure);
    connect(m_loader, &PartsLoader::cancelled, this, &ReportPage::showCancelled);
    connect(m_panel, &PageLoadPanel::cancelRequested, this, &ReportPage::cancelLoading);
    connect(m_panel, &PageLoadPanel::retryRequested, this, &ReportPage::retry);
}

void ReportPage::onReportChanged()
{
    // Whatever was loading was for the reports before; the page reads its parts of the new ones
    // now if it is the page shown, else when it is next shown.
    forgetShown();
    loadIfShown();
}

void ReportPage::forgetShown()
{
    m_loader->blockSignals(true);
    m_loader->cancel();
    m_loader->blockSignals(false);
    present(Status::Stale);
    forgetReports();
}

bool ReportPage::isBusy() const
{
    const auto inner = findChildren<ReportPage*>();
    return isLoading()
        || std::any_of(inner.begin(), inner.end(), [](ReportPage* p) { return p->isLoading(); });
}

bool ReportPage::release()
{
    if (isBusy())
        return false;
    for (ReportPage* page : findChildren<ReportPage*>())
        page->forgetShown();
    forgetShown();
    return true;
}

std::vector<ReportPart> ReportPage::ownParts() const
{
    std::vector<ReportPart> parts = m_parts;
    parts.insert(parts.end(), m_workParts.begin(), m_workParts.end());
    return parts;
}

std::vector<ReportPart> ReportPage::partsNeeded() const
{
    std::vector<ReportPart> parts = ownParts();
    for (const ReportPage* page : findChildren<ReportPage*>())
        if (page->isVisibleTo(this)) {
            const auto inner = page->ownParts();
            parts.insert(parts.end(), inner.begin(), inner.end());
        }
    return parts;
}

std::vector<ReportPart> ReportPage::partsShown() const
{
    std::vector<ReportPart> shown;
    if (m_status != Status::Stale)
        shown = ownParts();
    for (const ReportPage* page : findChildren<ReportPage*>())
        if (page->m_status != Status::Stale) {
            const auto parts = page->ownParts();
            shown.insert(shown.end(), parts.begin(), parts.end());
        }
    return shown;
}

void ReportPage::activate()
{
    if (m_status == Status::Cancelled)
        present(Status::Stale);
    loadIfShown();
    if (m_status == Status::Ready) // the pages inside it too (a tab cancelled or let go of)
        for (ReportPage* inner : findChildren<ReportPage*>())
            if (inner->m_status == Status::Cancelled || inner->m_status == Status::Stale)
                inner->activate();
}

void ReportPage::loadIfShown()
{
    if (m_status != Status::Stale || !isVisibleTo(window()))
        return;
    // A page inside another loads once that one shows the reports (its finishLoading activates
    // it): Insights' pages, whose parts are the outer page's, then show before the outer's `ready`.
    if (const ReportPage* enclosing = enclosingPage(); enclosing && enclosing->m_status != Status::Ready)
        return;
    const auto source = m_state->report();
    const std::vector<std::shared_ptr<const LoadedReport>> reports = { source, m_state->comparedReport() };
    if (!source || PartsLoader::isRead(reports, m_parts)) {
        finishLoading();
        return;
    }
    // A page inside another: the window makes room for the page it shows first (a tab shown).
    if (enclosingPage()) {
        ReportPage* shown = this;
        while (ReportPage* enclosing = shown->enclosingPage())
            shown = enclosing;
        emit shown->roomNeeded();
    }
    present(Status::Loading);
    m_panel->showLoading(displayName());
    m_loader->start(reports, m_parts);
}

void ReportPage::finishLoading()
{
    present(Status::Ready);
    showReports();
    // Pages inside the page (Summary's single and compare pages, the two Insights) show now too.
    for (ReportPage* inner : findChildren<ReportPage*>())
        inner->activate();
    if (m_status == Status::Ready)
        emit ready();
}

void ReportPage::finishWork()
{
    if (m_status != Status::Working)
        return;
    m_status = Status::Ready;
    emit ready();
}

ReportPage* ReportPage::enclosingPage() const
{
    for (QWidget* w = parentWidget(); w; w = w->parentWidget())
        if (auto* page = qobject_cast<ReportPage*>(w))
            return page;
    return nullptr;
}

QString ReportPage::displayName() const
{
    return objectName().isEmpty() ? tr("this page") : objectName();
}

void ReportPage::failWork(const QString& message)
{
    if (m_status != Status::Working)
        return;
    if (message.isEmpty())
        showCancelled();
    else
        showFailure(message);
}

void ReportPage::abandonWork()
{
    if (m_status == Status::Working)
        present(Status::Stale);
}

void ReportPage::showCancelled()
{
    present(Status::Cancelled);
    m_panel->setPageName(displayName());
    m_panel->showCancelled();
}

void ReportPage::showFailure(const QString& message)
{
    present(Status::Failed);
    m_error = message;
    m_panel->setPageName(displayName());
    m_panel->showError(message);
    emit loadFailed(message);
}

void ReportPage::refreshWhenShown()
{
    if (m_status != Status::Ready)
        return; // not showing the reports yet: it will when its parts are read
    present(Status::Stale);
    loadIfShown();
}

void ReportPage::retry()
{
    if (m_status != Status::Failed && m_status != Status::Cancelled)
        return;
    present(Status::Stale);
    loadIfShown();
}

void ReportPage::cancelLoading()
{
    if (m_status == Status::Loading)
        m_loader->cancel(); // emits cancelled: the panel offers to load again
}

void ReportPage::present(Status status)
{
    m_status = status;
    if (status != Status::Failed)
        m_error.clear();
    const bool covered = status == Status::Loading || status == Status::Failed || status == Status::Cancelled;
    if (covered) {
        m_panel->setGeometry(rect());
        m_panel->raise();
    }
    m_panel->setVisible(covered);
}

void ReportPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    loadIfShown();
}

void ReportPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_panel->setGeometry(rect());
}

} // namespace popscope
