#pragma once
// Base of every report page: a widget over the shared ReportState that reads the parts it needs of
// the open reports when it is first shown, and only then fills its views (showReports). While the
// parts load, a PageLoadPanel covers the page with what is being read, a bar and Cancel; a part
// that fails shows there with Retry, and the rest of the window keeps working. The one mechanism
// every page uses: a page names its parts (setParts) and overrides showReports.
#include "models/navigation_target.hpp"
#include "models/report_parts.hpp"

#include <QWidget>

#include <vector>

namespace popscope {

class PageLoadPanel;
class Report;
class PartsLoader;
class ReportState;

class ReportPage : public QWidget {
    Q_OBJECT
public:
    explicit ReportPage(ReportState* state, QWidget* parent = nullptr);
    ReportState* state() const { return m_state; }
    const std::vector<ReportPart>& parts() const { return m_parts; }
    // Shows the row `target` names (a variable, a step, a program); false when the page has no
    // such row. A target of Kind::Page asks for nothing more than the page: true.
    virtual bool showRow(const NavigationTarget& target)
    {
        return target.kind == NavigationTarget::Kind::Page;
    }

    // The page shows the open reports (its parts read, its views filled, its own work done).
    bool isReady() const { return m_status == Status::Ready; }
    // Its parts are being read, or its own work (a trace, a comparison) is running.
    bool isLoading() const { return m_status == Status::Loading || m_status == Status::Working; }
    // It or a page inside it loads or works.
    bool isBusy() const;
    PageLoadPanel* loadPanel() const { return m_panel; }
    // Why the page's parts could not be read (names the file and the problem), or "".
    QString loadError() const { return m_error; }
    // The window shows this page now (MainWindow::showPage): read its parts if the open reports
    // changed since it last showed them, or again after a Cancel. Showing the page does the same.
    void activate();
    // Reads the parts again after a failure or Cancel (the panel's Retry and Load buttons).
    void retry();
    void cancelLoading();
    // Lets go of what the page shows of the reports (forgetReports, for it and the pages inside
    // it), so the window can return their memory; the page reads its parts again when next shown.
    // False, and nothing released, while it or a page inside it loads or works.
    bool release();
    // Whether the page shows, or reads, the open reports (not before it was first shown, nor once
    // released).
    bool holdsReports() const { return m_status != Status::Stale; }
    // The parts the page and the pages inside it show now (none once released or before shown):
    // the parts the window keeps in core's reports.
    std::vector<ReportPart> partsShown() const;
    // What showing the page reads: its parts and its work's (setWorkParts), and those of the pages
    // inside it that show with it (the Memory page's current tab).
    std::vector<ReportPart> partsNeeded() const;
    // Heap the page's own work will hold for `report` once done (a built trace), beside its parts:
    // the window makes room for it too. 0 once the page shows the reports.
    virtual uint64_t workBytesNeeded(const Report& report) const
    {
        Q_UNUSED(report);
        return 0;
    }

signals:
    void ready();
    void loadFailed(const QString& message);
    // A page inside this one (a tab shown) is about to read parts: the window makes room for this
    // page, whose partsNeeded() now include them, as it does before showing a page.
    void roomNeeded();
    // Work the page stopped while it ran (What Changed left while comparing) has now ended: what it
    // held, and kept the window from releasing, can go.
    void stoppedWorkEnded();

protected:
    // The parts of each open report the page reads before showReports (the summary is always read).
    void setParts(std::vector<ReportPart> parts) { m_parts = std::move(parts); }
    // Parts the page's own work reads while it runs (the trace's build reads the vertex types its
    // step details name beside its own reads, rather than before them): not read before
    // showReports, but kept while the page shows them, like its parts.
    void setWorkParts(std::vector<ReportPart> parts) { m_workParts = std::move(parts); }
    // Called on the GUI thread once the page is shown and its parts of the open reports are read:
    // the page fills its views for state()->report() and comparedReport() (null when none is open).
    virtual void showReports() { }
    // Called when the open reports change, before they are loaded: a page holding much of the
    // reports before (a built trace) lets go of it here.
    virtual void forgetReports() { }
    // Something the page shows changed (a selection, a scope): showReports runs again now if the
    // page is shown, else when it is next shown.
    void refreshWhenShown();
    // A page with work of its own after its parts (a trace to build) calls this in showReports,
    // then finishWork() when the work is done or failed; `ready` waits for it.
    void startWork() { m_status = Status::Working; }
    void finishWork();
    // The page's own work failed (`message` names the file and the problem) or, with no message,
    // was cancelled: the panel says so, as for a part, and its Retry (Load) shows the page again.
    void failWork(const QString& message);
    // The page's own work was stopped before its end since the page was hidden (What Changed's
    // comparison, which would hold both reports' digests beside the page shown): the page holds
    // nothing of it, and shows the reports again, its work with them, when next shown.
    void abandonWork();
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

    ReportState* m_state;

private:
    enum class Status { Stale, Loading, Working, Ready, Failed, Cancelled };
    void onReportChanged();
    void forgetShown(); // Stale, nothing of the reports kept
    void loadIfShown();
    void present(Status status);
    void finishLoading();
    void showFailure(const QString& message);
    void showCancelled();
    ReportPage* enclosingPage() const; // the page this one is inside, or null
    QString displayName() const; // for the panel: "Memory", "this page"
    std::vector<ReportPart> ownParts() const; // its parts and its work's

    std::vector<ReportPart> m_parts;
    std::vector<ReportPart> m_workParts;
    Status m_status = Status::Stale;
    QString m_error;
    PartsLoader* m_loader;
    PageLoadPanel* m_panel;
};

} // namespace popscope
