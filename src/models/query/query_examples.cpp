#include "models/query/query_examples.hpp"

#include <QCoreApplication>

namespace popscope {

namespace {

// The titles' translation context, for lupdate and tr().
class QueryExampleList {
    Q_DECLARE_TR_FUNCTIONS(popscope::QueryExamples)

public:
    static std::vector<QueryExample> make();
};

std::vector<QueryExample> QueryExampleList::make()
{
    return {
        { tr("The 20 largest variables"),
            QStringLiteral("SELECT name, category, bytes, always_live\nFROM variables\n"
                           "ORDER BY bytes DESC LIMIT 20;") },
        { tr("The fullest tiles"),
            QStringLiteral("SELECT ipu, tile, memory_used, capacity, free\nFROM tiles\n"
                           "ORDER BY memory_used DESC LIMIT 20;") },
        { tr("Memory by category"),
            QStringLiteral("SELECT category, sum(bytes) AS bytes\nFROM tile_memory WHERE overlapped = 0\n"
                           "GROUP BY category ORDER BY bytes DESC;") },
        { tr("The liveness peak and its program"),
            QStringLiteral("SELECT l.step, p.id AS program, p.name, sum(l.not_always_live_bytes) AS bytes\n"
                           "FROM liveness_steps l JOIN programs p ON p.id = l.program\n"
                           "GROUP BY l.step ORDER BY bytes DESC LIMIT 10;") },
        { tr("Variables over 1 KiB live at the peak on the fullest tile"),
            QStringLiteral(
                "WITH peak AS (SELECT step FROM liveness_steps GROUP BY step\n"
                "              ORDER BY sum(not_always_live_bytes) DESC LIMIT 1),\n"
                "     fullest AS (SELECT tile FROM tiles ORDER BY memory_used DESC LIMIT 1)\n"
                "SELECT v.name, vt.tile, vt.bytes\nFROM variable_tiles vt\nJOIN fullest USING (tile)\n"
                "JOIN variables v ON v.id = vt.variable\nWHERE v.always_live = 0 AND vt.bytes > 1024\n"
                "  AND EXISTS (SELECT 1 FROM variable_live_ranges r, peak\n"
                "              WHERE r.variable = v.id AND peak.step BETWEEN r.first_step AND r.last_step)\n"
                "ORDER BY vt.bytes DESC LIMIT 20;") },
        { tr("Compute sets with the worst tile balance"),
            QStringLiteral("SELECT c.name, count(DISTINCT s.id) AS steps, max(tc.cycles) AS slowest,\n"
                           "       round(avg(tc.cycles)) AS average,\n"
                           "       round(1.0 * max(tc.cycles) / avg(tc.cycles), 2) AS imbalance\n"
                           "FROM steps s JOIN step_tile_cycles tc ON tc.step = s.id\n"
                           "JOIN compute_sets c ON c.id = s.compute_set\n"
                           "WHERE s.type = 'OnTileExecute' AND tc.cycles > 0\n"
                           "GROUP BY c.id ORDER BY imbalance DESC LIMIT 10;") },
        { tr("The longest steps"),
            QStringLiteral("SELECT s.id AS step, i.ipu, s.type, p.name, i.cycles, i.active_tiles\n"
                           "FROM steps s JOIN step_ipus i ON i.step = s.id\n"
                           "JOIN programs p ON p.id = s.program\nORDER BY i.cycles DESC LIMIT 20;") },
        { tr("Cycles by kind of step"),
            QStringLiteral("SELECT s.type, count(*) AS steps, sum(i.cycles) AS cycles\n"
                           "FROM steps s JOIN step_ipus i ON i.step = s.id\n"
                           "GROUP BY s.type ORDER BY cycles DESC;") },
        { tr("Which variables grew"),
            QStringLiteral(
                "SELECT s.name, s.bytes AS source, t.bytes AS target, t.bytes - s.bytes AS growth\n"
                "FROM source.variables s JOIN target.variables t USING (name)\n"
                "WHERE growth <> 0 ORDER BY growth DESC LIMIT 50;"),
            true },
        { tr("Memory by category in both reports"),
            QStringLiteral(
                "SELECT category, s.bytes AS source, t.bytes AS target, t.bytes - s.bytes AS diff\n"
                "FROM (SELECT category, sum(bytes) AS bytes FROM source.tile_memory\n"
                "      WHERE overlapped = 0 GROUP BY category) s\n"
                "FULL JOIN (SELECT category, sum(bytes) AS bytes FROM target.tile_memory\n"
                "           WHERE overlapped = 0 GROUP BY category) t\n"
                "USING (category) ORDER BY abs(diff) DESC;"),
            true },
    };
}

} // namespace

const std::vector<QueryExample>& queryExamples()
{
    static const std::vector<QueryExample> examples = QueryExampleList::make();
    return examples;
}

} // namespace popscope
