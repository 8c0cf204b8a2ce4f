#include "popscope/profile_writer.hpp"
#include "popscope/output_file.hpp"

#include "batched_insert.hpp"
#include "packed_array.hpp"
#include "popscope/errors.hpp"
#include "schema.hpp"
#include "sqlite_database.hpp"
#include "stored_counts.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

namespace popscope {

namespace {

// The number of rows that the lists `member` of every item in `items` give together.
template <typename Items, typename List> uint64_t rowsIn(const Items& items, List member)
{
    uint64_t rows = 0;
    for (const auto& item : items)
        rows += (item.*member).size();
    return rows;
}

class DocumentWriter {
public:
    DocumentWriter(SqliteDatabase& db, const ProfileDocument& doc)
        : m_db(db)
        , m_doc(doc)
    {
    }

    uint64_t write(const WriteProgress& progress)
    {
        m_progress = &progress;
        for (const auto* list : { &profileTables(), &optionalProfileTables() })
            for (const TableSchema& table : *list)
                m_db.exec(table.ddl);
        // Eleven parts, then the counts and indexes: the progress moves on a twelfth at each part.
        constexpr double kParts = 12;
        int done = 0;
        const auto part = [&](const auto& write) {
            m_share = done++ / kParts;
            report();
            write();
        };
        part([this] { writeHeader(); });
        part([this] { writeTiles(); });
        part([this] { writeCategories(); });
        part([this] { writeMemory(); });
        part([this] { writeVariables(); });
        part([this] { writeGraph(); });
        part([this] { writePrograms(); });
        part([this] { writeLiveness(); });
        part([this] { writeExecution(); });
        part([this] { writeOperations(); });
        part([this] {
            writeEstimates();
            writeProgramFacts();
        });
        m_share = done / kParts;
        report();
        std::vector<std::string> tables;
        for (const auto* list : { &profileTables(), &optionalProfileTables() })
            for (const TableSchema& table : *list)
                tables.emplace_back(table.name);
        storeSummaryCounts(m_db, tables);
        createIndexes();
        return m_rows;
    }

private:
    SqliteDatabase& m_db;
    const ProfileDocument& m_doc;
    std::map<std::string, int64_t> m_categoryIds;
    uint64_t m_rows = 0;
    const WriteProgress* m_progress = nullptr;
    bool m_cancelled = false; // the progress said stop while SQLite built an index
    double m_share = 0; // of the whole write, at the start of the part being written
    // The packed BLOBs of the row being inserted (at most two per row), reused from row to row.
    std::vector<uint8_t> m_blobs[2];

    template <typename T, typename V>
    std::span<const uint8_t> packedBlob(const std::vector<V>& values, size_t slot = 0)
    {
        packed::encodeInto<T, V>(values, m_blobs[slot]);
        return m_blobs[slot];
    }

    template <typename Pair>
    std::span<const uint8_t> packedPairs(
        const std::vector<Pair>& pairs, uint32_t Pair::*first, uint32_t Pair::*second)
    {
        packed::encodePairsInto(pairs, first, second, m_blobs[0]);
        return m_blobs[0];
    }

    void run(Statement& s)
    {
        s.run();
        if ((++m_rows & 4095) == 0)
            report(); // a large table still answers a cancel within milliseconds
    }

    // Index builds are single statements of a few hundred milliseconds on a large profile: SQLite's
    // progress handler asks the progress meanwhile, and a cancel interrupts the statement.
    void createIndexes()
    {
        if (*m_progress)
            sqlite3_progress_handler(m_db.handle(), 100000, &DocumentWriter::onSqliteProgress, this);
        try {
            for (const char* index : profileIndexes())
                m_db.exec(index);
        } catch (const ProfileError&) {
            sqlite3_progress_handler(m_db.handle(), 0, nullptr, nullptr);
            if (m_cancelled)
                throw WriteCancelled();
            throw;
        }
        sqlite3_progress_handler(m_db.handle(), 0, nullptr, nullptr);
    }

    static int onSqliteProgress(void* self)
    {
        auto* writer = static_cast<DocumentWriter*>(self);
        writer->m_cancelled = writer->m_cancelled || !(*writer->m_progress)(writer->m_share);
        return writer->m_cancelled ? 1 : 0; // non-zero interrupts the statement
    }

    // In a loop over many rows: asks the progress every 4096 rows.
    void tick(size_t row) const
    {
        if ((row & 4095) == 4095)
            report();
    }

    void report() const
    {
        if (*m_progress && !(*m_progress)(m_share))
            throw WriteCancelled();
    }

    void finish(const BatchedInsert& insert)
    {
        insert.finish();
        m_rows += insert.rows();
    }

    // One (item, position, value) row for each value of each item's list `member`.
    template <typename Item, typename List>
    void writeListRows(const char* table, const std::vector<Item>& items, List member)
    {
        BatchedInsert rows(m_db, table, rowsIn(items, member));
        for (size_t i = 0; i < items.size(); ++i)
            for (size_t j = 0; j < (items[i].*member).size(); ++j)
                rows.add(i, j, (items[i].*member)[j]);
        finish(rows);
    }

    void writeHeader()
    {
        Statement meta(m_db, "INSERT INTO meta(key, value) VALUES(?, ?)");
        const ReportInfo& info = m_doc.info;
        const std::pair<const char*, std::string> rows[] = {
            { "format", kFormatName },
            { "version_major", std::to_string(kFormatMajor) },
            { "version_minor", std::to_string(kFormatMinor) },
            { "generator", info.generator },
            { "poplar_version", info.poplarVersion },
            { "timestamp", info.timestamp },
            { "num_edges", std::to_string(info.numEdges) },
        };
        for (const auto& [key, value] : rows) {
            meta.bindUnowned(1, key).bindUnowned(2, value);
            run(meta);
        }
        const Target& t = m_doc.target;
        Statement target(m_db, "INSERT INTO target VALUES(1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        target.bindUnowned(1, t.type).bindUnowned(2, t.architecture);
        target.bind(3, int64_t(t.numIpus)).bind(4, int64_t(t.tilesPerIpu)).bind(5, int64_t(t.bytesPerTile));
        target.bind(6, t.clockHz).bind(7, int64_t(t.numReplicas)).bind(8, int64_t(t.ipusPerReplica));
        target.bindUnowned(9, t.computeInstrumentation);
        target.bindUnowned(10, t.externalExchangeInstrumentation);
        run(target);
        Statement option(m_db, "INSERT INTO engine_options VALUES(?, ?, ?)");
        for (size_t i = 0; i < info.engineOptions.size(); ++i) {
            option.bind(1, int64_t(i)).bindUnowned(2, info.engineOptions[i].first);
            option.bindUnowned(3, info.engineOptions[i].second);
            run(option);
        }
        Statement document(m_db, "INSERT INTO documents VALUES(?, ?)");
        if (!info.frameworkJson.empty()) {
            document.bind(1, std::string_view("framework")).bindUnowned(2, info.frameworkJson);
            run(document);
        }
        if (!info.appJson.empty()) {
            document.bind(1, std::string_view("app")).bindUnowned(2, info.appJson);
            run(document);
        }
        if (!info.simulationSpecJson.empty()) {
            document.bind(1, std::string_view("simulation")).bindUnowned(2, info.simulationSpecJson);
            run(document);
        }
    }

    void writeTiles()
    {
        Statement tile(m_db, "INSERT INTO tiles VALUES(?, ?)");
        for (size_t i = 0; i < m_doc.physicalTileIds.size(); ++i) {
            tile.bind(1, int64_t(i)).bind(2, int64_t(m_doc.physicalTileIds[i]));
            run(tile);
        }
        Statement io(m_db, "INSERT OR IGNORE INTO io_tiles VALUES(?)");
        for (uint32_t t : m_doc.ioTiles) {
            io.bind(1, int64_t(t));
            run(io);
        }
    }

    int64_t categoryId(const std::string& name) const { return m_categoryIds.at(name); }

    void writeCategories()
    {
        // Ids in order of first appearance: deterministic for a given document.
        auto add = [&](const std::string& name) {
            if (!m_categoryIds.count(name))
                m_categoryIds.emplace(name, int64_t(m_categoryIds.size()));
        };
        for (const MemorySeries& s : m_doc.memory)
            add(s.category);
        for (const Variable& v : m_doc.variables)
            add(v.category);
        std::vector<std::pair<int64_t, std::string>> byId;
        for (const auto& [name, id] : m_categoryIds)
            byId.push_back({ id, name });
        std::sort(byId.begin(), byId.end());
        Statement category(m_db, "INSERT INTO var_categories VALUES(?, ?)");
        for (const auto& [id, name] : byId) {
            category.bind(1, id).bindUnowned(2, name);
            run(category);
        }
    }

    void writeMemory()
    {
        Statement memory(m_db, "INSERT INTO memory_by_tile VALUES(?, ?, ?, ?, ?)");
        for (const MemorySeries& s : m_doc.memory) {
            memory.bind(1, int64_t(s.ipu)).bind(2, categoryId(s.category)).bind(3, int64_t(s.region));
            memory.bind(4, int64_t(s.overlapped)).bindBlobUnowned(5, packedBlob<uint32_t>(s.bytesByTile));
            run(memory);
        }
        Statement gap(m_db, "INSERT INTO memory_gaps VALUES(?, ?, ?)");
        for (const GapSeries& g : m_doc.gaps) {
            gap.bind(1, int64_t(g.ipu))
                .bind(2, int64_t(g.region))
                .bindBlobUnowned(3, packedBlob<uint32_t>(g.bytesByTile));
            run(gap);
        }
        Statement live(m_db, "INSERT INTO memory_liveness VALUES(?, ?, ?)");
        for (const LivenessSplit& l : m_doc.liveness) {
            live.bind(1, int64_t(l.ipu)).bindBlobUnowned(2, packedBlob<uint32_t>(l.alwaysLiveBytesByTile));
            live.bindBlobUnowned(3, packedBlob<uint32_t>(l.notAlwaysLiveBytesByTile, 1));
            run(live);
        }
    }

    // Each table in its own pass: its pages come out together in the file.
    void writeVariables()
    {
        const std::vector<Variable>& variables = m_doc.variables;
        BatchedInsert variable(m_db, "variables", variables.size());
        for (size_t i = 0; i < variables.size(); ++i) {
            tick(i);
            const Variable& v = variables[i];
            variable.add(
                i, v.name, categoryId(v.category), v.elementType, v.sizeBytes, v.alwaysLive, v.debugContext);
        }
        finish(variable);
        BatchedInsert tile(m_db, "vars_info", rowsIn(variables, &Variable::tiles));
        for (size_t i = 0; i < variables.size(); ++i) {
            tick(i);
            const int64_t category = categoryId(variables[i].category);
            for (const TileBytes& tb : variables[i].tiles)
                tile.add(i, tb.tile, tb.bytes, category);
        }
        finish(tile);
        BatchedInsert range(m_db, "variable_live_ranges", rowsIn(variables, &Variable::liveRanges));
        for (size_t i = 0; i < variables.size(); ++i) {
            tick(i);
            for (const StepRange& r : variables[i].liveRanges)
                range.add(i, r.first, r.last);
        }
        finish(range);
    }

    void writeGraph()
    {
        Statement vertexType(m_db, "INSERT INTO vertex_types VALUES(?, ?, ?, ?)");
        for (size_t i = 0; i < m_doc.vertexTypes.size(); ++i) {
            const VertexType& v = m_doc.vertexTypes[i];
            vertexType.bind(1, int64_t(i)).bindUnowned(2, v.name).bind(3, int64_t(v.codeBytes));
            vertexType.bind(4, int64_t(v.stateBytes));
            run(vertexType);
        }
        Statement computeSet(m_db, "INSERT INTO compute_sets VALUES(?, ?, ?)");
        Statement vertices(m_db, "INSERT INTO compute_set_vertices VALUES(?, ?, ?, ?)");
        for (size_t i = 0; i < m_doc.computeSets.size(); ++i) {
            const ComputeSet& cs = m_doc.computeSets[i];
            computeSet.bind(1, int64_t(i)).bindUnowned(2, cs.name).bind(3, cs.debugContext);
            run(computeSet);
            for (size_t j = 0; j < cs.vertices.size(); ++j) {
                const ComputeSetVertices& v = cs.vertices[j];
                vertices.bind(1, int64_t(i)).bind(2, int64_t(j)).bind(3, int64_t(v.vertexType));
                vertices.bindBlobUnowned(4, packedPairs(v.countByTile, &TileCount::tile, &TileCount::count));
                run(vertices);
            }
        }
        Statement exchange(m_db, "INSERT INTO exchanges VALUES(?, ?, ?, ?, ?)");
        for (size_t i = 0; i < m_doc.exchanges.size(); ++i) {
            const Exchange& e = m_doc.exchanges[i];
            exchange.bind(1, int64_t(i)).bindUnowned(2, e.name).bindUnowned(3, e.kind);
            exchange.bind(4, int64_t(e.totalBytes));
            exchange.bindBlobUnowned(5, packedPairs(e.codeBytesByTile, &TileBytes::tile, &TileBytes::bytes));
            run(exchange);
        }
    }

    void writePrograms()
    {
        const std::vector<Program>& programs = m_doc.programs;
        BatchedInsert program(m_db, "programs", programs.size());
        for (size_t i = 0; i < programs.size(); ++i) {
            const Program& p = programs[i];
            program.add(i, p.type, p.name, p.computeSet, p.exchange, p.debugContext, p.repeatCount);
        }
        finish(program);
        writeListRows("program_children", programs, &Program::children);
        Statement root(m_db, "INSERT INTO program_roots VALUES(?, ?, ?)");
        for (size_t i = 0; i < m_doc.controlPrograms.size(); ++i) {
            root.bind(1, std::string_view("control"))
                .bind(2, int64_t(i))
                .bind(3, int64_t(m_doc.controlPrograms[i]));
            run(root);
        }
        for (size_t i = 0; i < m_doc.functions.size(); ++i) {
            root.bind(1, std::string_view("function"))
                .bind(2, int64_t(i))
                .bind(3, int64_t(m_doc.functions[i]));
            run(root);
        }
    }

    void writeLiveness()
    {
        Statement step(m_db, "INSERT INTO liveness_steps VALUES(?, ?, ?)");
        for (size_t i = 0; i < m_doc.livenessSteps.size(); ++i) {
            const LivenessStep& s = m_doc.livenessSteps[i];
            step.bind(1, int64_t(i)).bind(2, int64_t(s.program));
            step.bindBlobUnowned(3, packedBlob<uint64_t>(s.notAlwaysLiveBytesByIpu));
            run(step);
        }
        Statement tile(m_db, "INSERT INTO liveness_by_tile VALUES(?, ?, ?)");
        for (const TileLiveness& t : m_doc.tileLiveness) {
            tile.bind(1, int64_t(t.step))
                .bind(2, int64_t(t.ipu))
                .bindBlobUnowned(3, packedBlob<uint32_t>(t.bytesByTile));
            run(tile);
        }
    }

    void writeExecution()
    {
        Statement runRow(m_db, "INSERT INTO runs VALUES(?, ?, ?, ?)");
        for (size_t i = 0; i < m_doc.runs.size(); ++i) {
            const Run& r = m_doc.runs[i];
            runRow.bind(1, int64_t(i)).bindUnowned(2, r.name).bind(3, int64_t(r.microsecondsStart));
            runRow.bind(4, int64_t(r.microsecondsEnd));
            run(runRow);
        }
        const std::vector<ExecutionStep>& steps = m_doc.steps;
        BatchedInsert step(m_db, "steps", steps.size());
        for (size_t i = 0; i < steps.size(); ++i) {
            const ExecutionStep& s = steps[i];
            step.add(i, s.run, s.type, s.program, s.computeSet);
        }
        finish(step);
        BatchedInsert byIpu(m_db, "steps_by_ipu", rowsIn(steps, &ExecutionStep::ipus));
        for (size_t i = 0; i < steps.size(); ++i) {
            tick(i);
            for (const StepIpu& si : steps[i].ipus)
                byIpu.add(i, si.ipu, si.cycles, si.activeTiles, si.cyclesBase, si.activeCyclesFromMin,
                    si.activeCyclesFromMax, si.activeCyclesToMin, si.activeCyclesToMax, si.dataIn,
                    si.dataOut);
        }
        finish(byIpu);
        Statement cycles(m_db, "INSERT INTO cycles_by_tile VALUES(?, ?, ?)");
        for (size_t i = 0; i < steps.size(); ++i) {
            for (const StepIpu& si : steps[i].ipus) {
                if (!si.cyclesByTile.empty()) {
                    cycles.bind(1, int64_t(i)).bind(2, int64_t(si.ipu));
                    packed::encodeCompactInto(si.cyclesByTile, m_blobs[0]);
                    cycles.bindBlobUnowned(3, m_blobs[0]);
                    run(cycles);
                }
            }
        }
    }

    void writeOperations()
    {
        const std::vector<DebugContext>& contexts = m_doc.debugContexts;
        BatchedInsert context(m_db, "debug_contexts", contexts.size());
        for (size_t i = 0; i < contexts.size(); ++i)
            context.add(i, contexts[i].parent, contexts[i].layer, contexts[i].name, contexts[i].json);
        finish(context);
        const std::vector<Operation>& operations = m_doc.operations;
        BatchedInsert operation(m_db, "operations", operations.size());
        for (size_t i = 0; i < operations.size(); ++i) {
            const Operation& op = operations[i];
            operation.add(
                i, op.name, op.layer, op.debugName, op.debugContext, op.flops, op.codeBytes, op.cycles);
        }
        finish(operation);
        writeListRows("operation_programs", operations, &Operation::programs);
    }

    void writeEstimates()
    {
        const CycleEstimates& estimates = m_doc.estimates;
        writeTileEstimates("compute_set_estimates", estimates.computeSets);
        BatchedInsert vertex(m_db, "vertex_estimates", estimates.vertices.size());
        for (const VertexEstimate& v : estimates.vertices)
            vertex.add(v.computeSet, v.position, v.cycles);
        finish(vertex);
        writeTileEstimates("program_estimates", estimates.programs);
    }

    // Format 1.3: each program's own control code as run lists, and the variables it uses.
    void writeProgramFacts()
    {
        Statement row(m_db, "INSERT INTO program_control_code VALUES(?, ?, ?)");
        for (const ProgramControlCode& c : m_doc.programControlCode) {
            row.bind(1, int64_t(c.program)).bind(2, int64_t(c.ipu));
            row.bindBlobUnowned(3, packedPairs(c.runs, &TileRun::tiles, &TileRun::bytes));
            run(row);
        }
        BatchedInsert uses(m_db, "program_variables", m_doc.programVariables.size());
        for (const ProgramVariable& u : m_doc.programVariables)
            uses.add(u.program, u.variable);
        finish(uses);
    }

    // A run of tiles' cycles packed as cycles_by_tile's: 16-bit cells when every value fits.
    void writeTileEstimates(const char* table, const std::vector<EstimatedTileCycles>& rows)
    {
        Statement row(m_db, std::string("INSERT INTO ") + table + " VALUES(?, ?, ?, ?, ?)");
        for (const EstimatedTileCycles& r : rows) {
            row.bind(1, int64_t(r.id)).bind(2, int64_t(r.ipu)).bind(3, int64_t(r.firstTile));
            row.bind(4, int64_t(r.cycles.size()));
            packed::encodeCompactInto(r.cycles, m_blobs[0]);
            row.bindBlobUnowned(5, m_blobs[0]);
            run(row);
        }
    }
};

} // namespace

WriteStats writeProfile(const ProfileDocument& doc, const std::string& path, const WriteProgress& progress)
{
    if (std::string problem = validateDocument(doc); !problem.empty())
        throw ProfileError(ErrorKind::InvalidInput, path, "the profile to write is inconsistent: " + problem);
    checkOutputFile(path);
    namespace fs = std::filesystem;
    const std::string temporary = temporaryPathFor(path);
    std::error_code ignored;
    fs::remove(temporary, ignored);
    WriteStats stats;
    stats.rowsPerStatement = BatchedInsert::kRowsPerStatement;
    try {
        SqliteDatabase db(temporary, SqliteDatabase::Mode::CreateForWriting);
        // The temporary file is renamed into place only on success, so the fast unsafe settings
        // cost at worst a rewrite, never a half profile under the real name.
        db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA page_size=16384;"
                " PRAGMA cache_size=-65536; PRAGMA temp_store=MEMORY");
        db.exec("BEGIN");
        stats.rows = DocumentWriter(db, doc).write(progress);
        db.exec("COMMIT");
    } catch (const ProfileError& error) {
        fs::remove(temporary, ignored);
        throw ProfileError(ErrorKind::WriteFailed, path, error.problem());
    } catch (...) {
        fs::remove(temporary, ignored); // cancelled, or out of memory: no half file either way
        throw;
    }
    moveIntoPlace(temporary, path);
    std::error_code ec;
    stats.bytes = fs::file_size(path, ec);
    return stats;
}

} // namespace popscope
