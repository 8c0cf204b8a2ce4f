<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" sourcelanguage="en">
<context>
    <name>CycleEstimateColumns</name>
    <message>
        <source>no matching step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compiler&apos;s estimate of one execution: on each IPU, the slowest tile of the step&apos;s compute set or exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured cycles of one execution: the mean over the step&apos;s executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured − estimated cycles of one execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff · Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target − source, measured cycles of one execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff · Estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target − source, estimated cycles of one execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgramTreeModel</name>
    <message>
        <source>only in source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Est. cycles · Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles · Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Est. cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured − est.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Est. cycles · Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles · Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Est. cycles · Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles · Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Est. cycles · Diff %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles · Diff %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution steps of the program and its children (a Repeat&apos;s body runs once per count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compiler&apos;s estimate (the report holds no execution): each compute set and exchange at its slowest tile, once per place in the tree, a Repeat&apos;s body once per count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles of the program&apos;s steps and its children&apos;s, each step at its slowest IPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compiler&apos;s estimate of the same steps: each compute set and exchange at its slowest tile, once per execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured cycles − the compiler&apos;s estimate (red: slower than estimated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the control programs&apos; cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target&apos;s program of the same name (the k-th of that name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repeat ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No program of this name in the target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::BuiltInPages</name>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Insights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Liveness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ChangeLinesModel</name>
    <message>
        <source>What changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The change in words; double-click to see its rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the line measures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figure, variable, vertex type, … it is about</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the source report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the target report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target − source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(Target − source) ÷ source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — double-click to see it in the %2 report</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ChartExport</name>
    <message>
        <source>%1: cannot write the SVG file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::CompareBar</name>
    <message>
        <source>&lt;b&gt;Comparing&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⇄ Swap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the target the source and the source the target (Ctrl+Shift+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave Compare Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep only the source report open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::CompareDialog</name>
    <message>
        <source>IPU profiles (*.pop);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare Two Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report to compare from (e.g. batch-4.pop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report to compare with (e.g. batch-8.pop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⇅ Swap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange source and target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick the source report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick the target report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick both reports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The source does not exist: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The target does not exist: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::CompareTableModel</name>
    <message>
        <source>%1 · Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (source report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (target report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target − source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Diff %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(Target − source) ÷ source; — when the source has none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (only in the target)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (only in the source)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ComputeSetsModel</name>
    <message>
        <source>Compute set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances on the tiles shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles shown with vertices of this compute set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances × state per instance</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::CsvExporter</name>
    <message>
        <source>%1: cannot write the file (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::DetailsModel</name>
    <message>
        <source>Non-interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overflowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical tile id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory including gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything on the tile, including bank and region gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory excluding gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection (no tile of it here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tiles (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection (%1 tiles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shares addresses with other data; not counted in the totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bank and region reservation between allocations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::DialogPrompter</name>
    <message>
        <source>Unknown host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>popscope has not connected to %1 before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its %1 key fingerprint is
%2

Connect, and remember this key in %3?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote report</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::EngineOptionsModel</name>
    <message>
        <source>Option</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ExchangesModel</name>
    <message>
        <source>Exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>internal, host or global exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data moved by the whole exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange code on the tiles shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles shown holding code of this exchange</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ExecutionTracePage</name>
    <message>
        <source>Building the execution trace: %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a report to see its execution trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the execution trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All IPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a step (in either trace) to align the two traces at it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 has no partner in the other report: the traces stay as they were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1: open it in Perfetto UI (ui.perfetto.dev) or chrome://tracing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the trace as an image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every IPU&apos;s lane, or one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to one engine run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flame: each step under the run and the programs it belongs to; Flat: the steps alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter steps by program name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same time scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare mode: both traces on one time axis, zooming and panning together; off, each trace fills the width on its own scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Align at step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare mode: shift the traces so the selected step and the same program&apos;s step in the other report start at the same x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous zoom (Alt+←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next zoom (Alt+→)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole run (Home, or double-click)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the trace for Perfetto UI or chrome://tracing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome Trace (Steps per IPU)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome Trace with Every Tile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image of the Trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel: zoom · Shift+drag: zoom to a range · Ctrl+wheel: zoom the tiles · drag: pan · click: select a step · double-click or Home: show all · Alt+←/→: back/forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This report has no execution trace: it was profiled without running the program (a compile-only report). The compiler&apos;s cycle estimates, where the report holds them, are in Program Tree and Liveness ▸ Cycle Estimates. Profile with execution enabled (autoReport.outputExecutionProfile) to see the steps of every tile.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::FileChangedBar</name>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the file again as it is now (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep This Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide this message; the report stays as it was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed %2 since it was opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on its server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was deleted or moved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload to see the new version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report stays open as it was read.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ImageFile</name>
    <message>
        <source>%1: cannot write the image (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::InsightsCharts</name>
    <message>
        <source>Max memory per tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top 5 tiles by memory (including gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile %1 (IPU %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (%1); dashed: max %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles by memory used (including gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles within max memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles over max memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per tile (%1), buckets of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::InsightsPage</name>
    <message>
        <source>Largest vertices and variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does the model fit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a bar to see that tile in the Memory report. Right-click to save the chart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many tiles use each amount of memory. Right-click to save the chart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest vertex state:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest vertex code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#2ca02c&apos;&gt;✔ The model fits&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uses %1 of %2 (%3); %4 spare. The most used tile holds %5 of its %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;✘ Out of memory&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %7 more than their %2; together they are %3 over. Overall %4 of %5 (%6) is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of IPU memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No report open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a report with File ▸ Open… (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tips for this report.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::InsightsReport</name>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target · %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LifetimeBars</name>
    <message>
        <source>not live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1 from the lifetimes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (%2)&lt;br&gt;Target: %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Live at steps %1&lt;br&gt;%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LifetimePicker</name>
    <message>
        <source>Variable lifetime: type a name, or double-click a variable below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear lifetimes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LivenessOverview</name>
    <message>
        <source>Overview of all steps: drag the window to pan, click to jump, wheel to zoom, double-click to show all steps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LivenessPage</name>
    <message>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stack the not-always-live bytes on the always-live bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge (compare mode)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both reports on one plot, or the target in a pane under the source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the step with the most not-always-live memory (P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter steps by program…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark the steps whose program name contains this text; Enter selects the next one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the plot as PNG or SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel: zoom · drag: pan · click: select a step · Shift-click: add steps · Shift+←/→: next step · P: peak · double-click: show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · Enter: next</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LivenessPlot</name>
    <message>
        <source>&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;: no matching step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;%1&lt;/b&gt; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt;: %2 &lt;i&gt;(%3)&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Not always live: %1&lt;br&gt;Always live: %2&lt;br&gt;Total: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matched by program name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;The target&apos;s line at this x is its step %1: %2&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Liveness — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> vs %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LivenessPlotRenderer</name>
    <message>
        <source>Source: Always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: Not always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target: Always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target: Not always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: above the plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps matching the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1 not always live · step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Liveness program step (%1 steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not-always-live memory</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LivenessScopeBox</name>
    <message>
        <source>Liveness of all IPUs, of one IPU, or of the tiles selected here or on the Memory page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All IPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected tiles (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected tiles (select on the Memory page)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LivenessTablesView</name>
    <message>
        <source>no matching step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the report has no step matching this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1step %2: %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 − step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes in the scope; the same at every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target − source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always Live Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No always-live variables in this scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not Always Live Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No not-always-live variables are live at the selected steps in this scope. Click the plot to choose a step, or Find peak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected steps run no compute set (vertices live only while their compute set runs): pick an OnTileExecute step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycle Estimates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cycle figures for the selected steps&apos; programs: the profile holds neither execution cycles nor the compiler&apos;s estimates for them (estimates come with format 1.2, from the simulator or a converted Poplar report).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show lifetime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the selected variables&apos; live ranges under the plot</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::LivenessViewState</name>
    <message>
        <source>Capacity of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity of all IPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no steps given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No not-always-live variable is called “%1”. Always-live variables are live at every step; pick a name from the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This report has no liveness steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;%2 · peak %3 at step %4 &lt;i&gt;%5&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; target %1 at step %2 (%3) · steps matched %4 (%5 of %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by program name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Curve: %1.&lt;br&gt;Always live %2, of which variables %3; the rest is code, constants, vertex state and exchange buffers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Selected step %1: &lt;i&gt;%2&lt;/i&gt; (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 steps selected%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (the tables show the first %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::MainWindow</name>
    <message>
        <source>The %1 report is not available yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1 cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1 and %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1 for %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 × %3 tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1 · target: %2 · opened in %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · opened in %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2 — popscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — popscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU profiles (*.pop);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Re&amp;mote…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare Two Reports…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Demo Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New &amp;Simulation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulate &amp;Again With…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new simulation filled in from the request the shown report stores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open S&amp;eries…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several reports side by side in the order picked: memory, fits, peak liveness, cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse Report &amp;List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;weep / Series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Swap Source and Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Leave Compare Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About popscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About popscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;popscope %1&lt;/h3&gt;&lt;p&gt;An open, fast analyser for Graphcore IPU profiles (.pop).&lt;/p&gt;&lt;p&gt;Open one report, or compare two side by side. Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated %1 reports in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulate Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The simulation request stored in %1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was simulated from a hand-written workload description. Edit its spec file and run popscope-cli simulate SPEC.json -o OUT.pop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open reports as a series (in the order to show)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::MemoryChart</name>
    <message>
        <source>Target uses more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target uses less</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Tile %1&lt;/b&gt; — IPU %2, tile %3 on the IPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, physical id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Including gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excluding gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target, including gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target, excluding gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td colspan=&apos;2&apos;&gt;&lt;i&gt;The target has no tile %1.&lt;/i&gt;&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;Over max memory by %2&lt;/b&gt;&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 used, %3 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Selected&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory by tile — %1 — breakdown: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::MemoryChartRenderer</name>
    <message>
        <source>IPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile on IPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (physical order; labels are physical tile ids)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (software order; labels are global tile ids)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bars: source %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outline: target %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max memory per tile (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over max memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%3 per tile (%1, %2 gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>incl.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>excl.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%2 per tile (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a report to see memory per tile</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::MemoryPage</name>
    <message>
        <source>None (total)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By liveness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How each tile&apos;s bar is split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Software order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order tiles by software id or by physical position on the IPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target as outline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change per tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare mode: draw the target&apos;s total per tile over the source&apos;s bars, or the change per tile (red: the target uses more, green: less)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all IPUs or one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Breakdown:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add bank and region gaps to each tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show max memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles, e.g. 0, 5, 100-120</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type tile ids and ranges, then press Enter. Or click bars in the chart (Shift-click adds tiles). The selection is shared by every report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the tile selection (Esc in the chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the chart as PNG or SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel: zoom · drag: pan · click: select a tile · Shift-click: add tiles · double-click: show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All IPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::MemoryScopeText</name>
    <message>
        <source> of both reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables show &lt;b&gt;all tiles of each report&lt;/b&gt; (%1 and %2): rows match by name. The chart&apos;s outline covers the %3 tiles both have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables show &lt;b&gt;all %1 tiles&lt;/b&gt;%2. Select tiles to narrow them down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables show &lt;b&gt;%1 selected %2&lt;/b&gt;%4: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (only tiles 0–%1 are in both reports; the rest are left out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. Details has a column for each of the first %1; its Selection column sums all of them.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::MemorySeries</name>
    <message>
        <source>Non-interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overflowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Liveness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile memory (with gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile memory (w/o gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gaps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::MemoryTablesView</name>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a report to see memory details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No variables on the selected tiles. Select other tiles, or clear the selection to see all variables.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vertices on the selected tiles. Select other tiles, or clear the selection to see all vertex types.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No exchange code on the selected tiles. Select other tiles, or clear the selection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute Sets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No compute sets with vertices on the selected tiles. Select other tiles, or clear the selection.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::NameTreeModel</name>
    <message>
        <source>None in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total of every row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (cycles)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OpenErrorDialog</name>
    <message>
        <source>Cannot open report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>popscope could not open “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File: %1
Problem: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove from Recent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OpenRemoteDialog</name>
    <message>
        <source>Open Remote Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a profile on an IPU server over SSH, without copying it. Your ~/.ssh/config, keys and known hosts apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ssh://user@host:port/path/profile.pop  or  host:/path/profile.pop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type an address; the folders and .pop files there appear below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No folders or .pop files here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — double-click a folder to enter it, a report to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder holds more than %L1 entries: only the first are read. Type the rest of the path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the first %L2 are listed; type to complete the others.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OperationCharts</name>
    <message>
        <source>billion </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>million </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thousand </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top %1 operations by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code size by tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile (peak of every %1 tiles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated cycles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OperationColumnsButton</name>
    <message>
        <source>Columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the columns shown (remembered)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OperationDetailsView</name>
    <message>
        <source>FLOPs/cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a program to show it in the Program Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debug context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code size by tile: vertex code of its compute sets and exchange code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debug information: the debug-context chain with each layer&apos;s attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an operation to see its programs, steps, code and debug information.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every layer (totals; select an operation for its details)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 (totals; select an operation for its details)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debug name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variable memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Double-click: show it in the Program Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its programs did not run in the profiled execution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This operation has no debug context in the profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No code by tile for this operation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated cycles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OperationLayerBox</name>
    <message>
        <source>The software layer whose operations are listed (poptorch, popart, poplar, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All layers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OperationsModel</name>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debug name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name the framework gave it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles of its execution steps (each step&apos;s slowest IPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floating-point operations (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs/cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs per cycle of its steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex and exchange code of its programs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variable memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables whose debug context is the operation&apos;s or below it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs that implement it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executions of its programs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compiler&apos;s estimate of one run of its programs: the report holds no execution</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OperationsPage</name>
    <message>
        <source>Operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This profile has no operations. Operations come from the framework&apos;s debug information (PopART, PopTorch); profile with debug information on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the bar chart ranks the operations by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operations of this report cannot be shown:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every operation is in both reports.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::OverviewStrip</name>
    <message>
        <source>Overview of all tiles: drag the window to pan, click to jump, wheel to zoom, double-click to show all tiles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::PageLoadPanel</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading what %1 shows…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not read its part of the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rest of the report is open. Load the page when you need it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::PageRegistry</name>
    <message>
        <source>%1: open a report first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: compare two reports (File ▸ Compare Two Reports…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not available yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::PartsLoader</name>
    <message>
        <source>%1 of %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not enough memory to read this part of the profile</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::PeakLivenessBox</name>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak liveness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in Liveness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the peak step on the Liveness page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worst tiles at the peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest variables live there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a tile to see it in the Memory report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report has no liveness program steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its liveness could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At liveness step %1 of %2 (%3), %4 is live: %5 of the memory. %6 always live, %7 not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The busiest IPU there is IPU %1 with %2 of its %3 (%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The source&apos;s peak holds %1 (step %2): %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary: KiB, MiB (1 KiB = 1,024 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SI: kB, MB (1 kB = 1,000 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes: 638,976 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above this, showing a page lets go of the pages shown longest ago; they read their data again when shown. Raise it to keep every page of large reports at hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep pages&apos; data up to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote reports (SSH)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a connection may take before popscope gives up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the parts read on disk, so opening a report again is local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In popscope&apos;s cache folder, 4 GiB at most; a changed file is read again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection timeout:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ProgramDetailsView</name>
    <message>
        <source>Estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cycles for the steps below it, by the compiler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cycles for one run, by the compiler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cycles (the compiler&apos;s, %2 a step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a program to see its type, compute set or exchange, debug context, operations and execution steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repeat count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Children</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles (with children)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared with the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No program of this name in the target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles · Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles · Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles · Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps · Source → Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unknown vertex type)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on no tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2 per tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 tiles (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debug context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile gives this program no debug context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click: show it in the Operations report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This program did not run in the profiled execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its children ran; see their steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more steps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ProgramTreeCells</name>
    <message>
        <source>
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ProgramTreeModel</name>
    <message>
        <source>Control programs (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Functions (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The programs the engine runs, in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared programs that Call programs run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ProgramTreePage</name>
    <message>
        <source>Cycles are the compiler&apos;s estimates: %1 no execution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a report holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the report holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs matched by name; every target program has a match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs matched by name; %1 target programs have no match in the source.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a program by name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finds programs at any depth (Enter or F3: next, Shift+F3: previous)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highlight the programs of the selected program&apos;s operations in this software layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highlight:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program tree of this report cannot be shown:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::QueryExamples</name>
    <message>
        <source>The 20 largest variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fullest tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory by category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The liveness peak and its program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables over 1 KiB live at the peak on the fullest tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute sets with the worst tile balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles by kind of step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which variables grew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory by category in both reports</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::QueryLinks</name>
    <message>
        <source>Variable %1 in Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variable %1 in Liveness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile %1 in Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Liveness step %1 in Liveness</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 in Execution Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program %1 in Program Tree</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::QueryPage</name>
    <message>
        <source>SELECT name, bytes FROM variables ORDER BY bytes DESC LIMIT 20

Ctrl+Enter runs the query; Examples has more to start from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the query (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the query (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queries run before, newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what the current row names (a tile, step, variable or program) in its page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a query (Ctrl+Enter) to see its rows here.
Examples has some to start from; the tables and their columns are listed on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 rows to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compares two reports: open a comparison to run it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No queries run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source = %1, target = %2 (a table named alone is the source&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the query…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query returned no rows (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows, %2 columns in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first %1 rows in %2; more are read as you scroll down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query returned no rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query failed: its error is above. Fix the query and run it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting every row to %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::QuerySchemaTree</name>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tables a query can read (docs/query.md). Double-click a name to insert it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ReportComparer</name>
    <message>
        <source>Comparing %1 with %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not enough memory to compare the reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The execution traces are compared when this page is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysing the execution traces (total cycles, parallel efficiency)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not enough memory to analyse the execution traces</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ReportLoader</name>
    <message>
        <source>%1: not enough memory to open this profile</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ReportPage</name>
    <message>
        <source>this page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ReportSession</name>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ReportSidebar</name>
    <message>
        <source>Collapse or expand the report list (Ctrl+B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not available yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1
Target: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>« Collapse</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::ReportTableModel</name>
    <message>
        <source>Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SaveDialog</name>
    <message>
        <source>Save chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SeriesPage</name>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the selected report (or double-click a row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the two selected reports: the upper row is the source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the reports…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show the series: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of these fits in tile memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest that fits: %1 = %2 (in bold).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest jump: %1 ×%2 from %3 to %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory and cycles by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total memory (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak not-always-live (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>millions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thousands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total cycles (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Series of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SeriesTableModel</name>
    <message>
        <source>Total memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most-used tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles over capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak not-always-live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (tile %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not executed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest value that fits in tile memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest jump of the series: %1 ×%2 from the row before</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SimulationDialog</name>
    <message>
        <source>New Simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report shown is the source, the new one the target: What Changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulating: %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save in folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for the sweep&apos;s reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the simulated report as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU profiles (*.pop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose where to save the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace existing reports?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exist(s) in the folder. Replace?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1: %2 × %3 IPU(s), %4 variables, %5 execution steps, %6 tile(s) over capacity; simulated in %7 ms, written in %8 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1 reports (%2 = %3) in %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The simulation failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SimulationForm</name>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the per-tile jitter: the same request and seed give the same file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any field may be overridden: type a value over the preset&apos;s (bold once changed). IPUs, replicas and I/O tiles come from the workload&apos;s parameters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2; default %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s value: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the seed must be a whole number from 0 to 18446744073709551615, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only one parameter can take a list of values (%1 already does)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SimulationJob</name>
    <message>
        <source>%1: out of memory while simulating</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SmallChart</name>
    <message>
        <source>Save chart as PNG or SVG…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::StartPage</name>
    <message>
        <source>Graph analyser for IPU profiles (.pop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a profile.pop file (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a remote report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a profile on an IPU server over SSH, without copying it (Ctrl+Shift+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two reports…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a source and a target report and see them side by side, with What changed between them (Ctrl+Shift+O). Or drop two files on the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open demo report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A simulated profile that ships with popscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulate a what-if…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulate a workload on a model of Mk1, Mk2 or Bow IPUs (batch 8? Bow? interleaved?), or sweep one parameter, and open or compare the report (Ctrl+Shift+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo profile was not built (%1). Build the sample_profiles target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You can also drop a .pop file on this window (two files to compare them), or run &lt;tt&gt;popscope FILE&lt;/tt&gt; or &lt;tt&gt;popscope A.pop --compare B.pop&lt;/tt&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent comparisons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> &lt;i&gt;(file not found)&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove from this list (the file is not touched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to compare
%1
with
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent reports yet. Open one with “Open a report…”, or try the demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent comparisons yet. Start one with “Compare two reports…”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SummaryComparePage</name>
    <message>
        <source>%1 &lt;b&gt;%2&lt;/b&gt;: &lt;span style=&apos;color:#2ca02c; font-weight:bold&apos;&gt;✔ fits&lt;/span&gt;, uses %3 of %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;%2&lt;/b&gt;: &lt;span style=&apos;color:%3; font-weight:bold&apos;&gt;✘ out of memory&lt;/span&gt;, %4 over capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No engine options differ between the two reports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only differences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only the options whose values differ or that one report lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Engine options&lt;/b&gt; · highlighted where the reports differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither report records engine options.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SummaryFiguresModel</name>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the source report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the target report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target − source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(Target − source) ÷ source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SummaryMemoryGrid</name>
    <message>
        <source>IPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used (excl. gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used (incl. gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most used tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles over capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on tile %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;All&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::SummaryPage</name>
    <message>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This report records no engine options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framework and application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framework (framework.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Application (app.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No report open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a report with File ▸ Open… (Ctrl+O) or drop a .pop file on the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No framework.json in this report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No app.json in this report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1; font-weight:bold&apos;&gt;✔ Fits in memory&lt;/span&gt; — uses %2 of %3 (%4), %5 spare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1; font-weight:bold&apos;&gt;✘ Out of memory&lt;/span&gt; — %2 %4 more than their %3. See Insights and the Memory report.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TablePanel</name>
    <message>
        <source>Filter rows…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only rows containing this text in any column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected rows (or the whole table) as tab-separated text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the rows shown as a CSV file (sizes in bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rows contain “%1”. Clear the filter to see all %2 rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export %1 as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceAxis</name>
    <message>
        <source>cycles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceBuildMessage</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop building the trace; the other reports stay usable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceBuilder</name>
    <message>
        <source>%1: not enough memory to build the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: too many steps on one IPU to build the trace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceData</name>
    <message>
        <source>program %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarising every tile&apos;s cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nesting the steps in their programs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading vertex types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding where the cycles wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceExporter</name>
    <message>
        <source>Writing %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceFiguresModel</name>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The visible cycles (zoom and pan change them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy tile-cycles ÷ all tile-cycles in the window; busy = computing, exchanging, stream copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle (between steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the IPUs&apos; cycles in the window spent in this kind of step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles waiting for sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the tile-cycles in the window spent waiting for the slowest tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU %1 parallel efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile balance (whole run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean ÷ max busy cycles per tile, averaged over the IPUs (100% = even)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream copies (whole run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global exchange (whole run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 ms)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceLegend</name>
    <message>
        <source>Tiles:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step rows are coloured by program type, as in the Program Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs: &lt;span style=&apos;color:%1&apos;&gt;■&lt;/span&gt;&amp;nbsp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceOverview</name>
    <message>
        <source>The whole run: drag the window to pan, click to centre it there, wheel to zoom, double-click to show everything</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceStepDetails</name>
    <message>
        <source>&lt;p&gt;Compute set &lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=left&gt;Vertex type&lt;/th&gt;&lt;th align=right&gt;Instances&lt;/th&gt;&lt;th align=right&gt;Tiles&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td colspan=3&gt;and %1 more vertex types&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Step %1: %2&lt;/h3&gt;&lt;p&gt;Type &lt;b&gt;%3&lt;/b&gt; · run %4&lt;/p&gt;&lt;table cellspacing=4&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;IPU %1&lt;/b&gt;&lt;/td&gt;&lt;td&gt;%2 cycles&lt;/td&gt;&lt;td&gt;from cycle %3&lt;/td&gt;&lt;td&gt;%4 active tiles&lt;/td&gt;&lt;td&gt;data in %5, out %6&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;IPU %1: &lt;b&gt;%2&lt;/b&gt; tile-cycles waited for the slowest tile (%3 of the step&apos;s).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles by tile, IPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile&apos;s cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step (slowest tile)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a step in the trace, or double-click a row of Where the Cycles Wait, to see its figures here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceTabs</name>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whose steps to rank (compare mode)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No step waits: every tile worked until each sync.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the Cycles Wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::TraceView</name>
    <message>
        <source>No execution trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tile %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 %2: %3 cycles (%4), %5 step%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before this report&apos;s run (the traces are aligned at a step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU %1 · cycle %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · step %1: %2 (%3, %4 cycles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · between steps (idle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · tile %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (works %1 cycles of the step)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::UserGuideDialog</name>
    <message>
        <source>popscope User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user guide was not built into this copy of popscope. Read docs/user-guide.md in the source tree.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::VariablesModel</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Element type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the whole variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On all tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes on the tiles shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles shown that hold part of the variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On selected tiles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::VerticesModel</name>
    <message>
        <source>Vertex type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vertex instances on the tiles shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles shown that run this vertex type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute sets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State / instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instances × state per instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code / tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles × code per tile</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::WaitingStepsModel</name>
    <message>
        <source>Program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank by waiting tile-cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Execution step number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step&apos;s duration on the IPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting tile-cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ over the IPU&apos;s tiles of (step cycles − the tile&apos;s cycles): time tiles spent waiting for the slowest tile to reach the sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of the step&apos;s tile-cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held up by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tiles that ran longest: the others waited for them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no per-tile cycles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>popscope::WhatChangedPage</name>
    <message>
        <source>no change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Every change, largest first&lt;/b&gt; · double-click a line to open its rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The two reports hold the same memory figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a line to see its rows in the report it comes from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reports could not be compared: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reports are compared when this page is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total cycles (the longest IPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy tile-cycles ÷ all tile-cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed needs two reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two reports with File ▸ Compare Two Reports… (Ctrl+Shift+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed from &lt;b&gt;%1&lt;/b&gt; to &lt;b&gt;%2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The execution traces could not be compared: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total memory (including gaps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most used tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiles over capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always-live memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not-always-live memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak liveness (not always live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 &lt;i&gt;%2&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
