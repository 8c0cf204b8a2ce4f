#pragma once
// Every report page registers here: its id (for --page and links), name, icon, shortcut, what it
// needs to be available, and a factory. MainWindow, the sidebar, the View menu and --page follow
// this list; adding a report is one registration (built_in_pages.cpp) plus its files.
#include "models/page_id.hpp"
#include "models/report_parts.hpp"

#include <QKeySequence>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QWidget;

namespace popscope {

class ReportPage;
class ReportState;

struct PageInfo {
    enum class Needs {
        Report, // any open report
        Comparison, // compare mode only
        Planned, // not built yet: listed, never available
    };
    PageId id; // page_ids::memory: links, the window, the sidebar; its text for --page and settings
    QString name; // "Memory": sidebar, View menu, window title
    QString icon; // resource path
    QKeySequence shortcut;
    Needs needs = Needs::Report;
    std::function<ReportPage*(ReportState*, QWidget*)> create; // null when planned
    QStringList aliases = {}; // other ids --page accepts ("trace")

    // Whether the page can be shown with `state`, and why not when it cannot.
    bool isAvailable(const ReportState& state) const;
    QString unavailableReason() const;
};

class PageRegistry {
public:
    void add(PageInfo page) { m_pages.push_back(std::move(page)); }
    const std::vector<PageInfo>& pages() const { return m_pages; }
    const PageInfo* find(PageId id) const;
    // What --page and the settings name: an id or alias, or the name, case-insensitive, '-' and ' '
    // alike ("Program Tree" = "program-tree").
    const PageInfo* find(const QString& idOrName) const;
    QStringList ids() const;

private:
    std::vector<PageInfo> m_pages;
};

// The pages popscope ships, in sidebar order.
PageRegistry builtInPages();

} // namespace popscope
