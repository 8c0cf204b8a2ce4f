// The report pages popscope ships, in sidebar order: one registration each.
#include "app/page_registry.hpp"
#include "views/insights/insights_report.hpp"
#include "views/liveness/liveness_page.hpp"
#include "views/memory/memory_page.hpp"
#include "views/programs/operations_page.hpp"
#include "views/programs/program_tree_page.hpp"
#include "views/query/query_page.hpp"
#include "views/summary/summary_report.hpp"
#include "views/trace/execution_trace_page.hpp"
#include "views/what_changed/what_changed_page.hpp"

#include <QCoreApplication>

namespace popscope {

namespace {
template <typename Page> std::function<ReportPage*(ReportState*, QWidget*)> factory()
{
    return [](ReportState* state, QWidget* parent) -> ReportPage* { return new Page(state, parent); };
}

QString icon(const char* name)
{
    return QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name));
}
} // namespace

PageRegistry builtInPages()
{
    using Needs = PageInfo::Needs;
    PageRegistry r;
    r.add({ page_ids::summary, QCoreApplication::translate("popscope::BuiltInPages", "Summary"),
        icon("summary"), QKeySequence(QStringLiteral("Ctrl+1")), Needs::Report, factory<SummaryReport>() });
    r.add({ page_ids::insights, QCoreApplication::translate("popscope::BuiltInPages", "Insights"),
        icon("insights"), QKeySequence(QStringLiteral("Ctrl+2")), Needs::Report, factory<InsightsReport>() });
    r.add({ page_ids::memory, QCoreApplication::translate("popscope::BuiltInPages", "Memory"), icon("memory"),
        QKeySequence(QStringLiteral("Ctrl+3")), Needs::Report, factory<MemoryPage>() });
    r.add({ page_ids::whatChanged, QCoreApplication::translate("popscope::BuiltInPages", "What Changed"),
        icon("whatchanged"), QKeySequence(QStringLiteral("Ctrl+0")), Needs::Comparison,
        factory<WhatChangedPage>() });
    r.add({ page_ids::liveness, QCoreApplication::translate("popscope::BuiltInPages", "Liveness"),
        icon("liveness"), QKeySequence(QStringLiteral("Ctrl+4")), Needs::Report, factory<LivenessPage>() });
    r.add({ page_ids::programTree, QCoreApplication::translate("popscope::BuiltInPages", "Program Tree"),
        icon("programtree"), QKeySequence(QStringLiteral("Ctrl+5")), Needs::Report,
        factory<ProgramTreePage>() });
    r.add({ page_ids::operations, QCoreApplication::translate("popscope::BuiltInPages", "Operations"),
        icon("operations"), QKeySequence(QStringLiteral("Ctrl+6")), Needs::Report,
        factory<OperationsPage>() });
    PageInfo trace { page_ids::executionTrace,
        QCoreApplication::translate("popscope::BuiltInPages", "Execution Trace"), icon("trace"),
        QKeySequence(QStringLiteral("Ctrl+7")), Needs::Report, factory<ExecutionTracePage>() };
    trace.aliases = { QStringLiteral("trace") };
    r.add(std::move(trace));
    r.add({ page_ids::query, QCoreApplication::translate("popscope::BuiltInPages", "Query"), icon("query"),
        QKeySequence(QStringLiteral("Ctrl+8")), Needs::Report, factory<QueryPage>() });
    return r;
}

} // namespace popscope
