#include "popscope/profile_writer.hpp"
#include "popscope/output_file.hpp"

#include "packed_array.hpp"
#include "popscope/errors.hpp"
#include "schema.hpp"
#include "sqlite_database.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

namespace popscope {

namespace {

class DocumentWriter {
public:
    DocumentWriter(SqliteDatabase& db, const ProfileDocument& doc) : m_db(db), m_doc(doc) {}

    uint64_t write()
    {
        for (const TableSchema& table : profileTables())
            m_db.exec(table.ddl);
        writeHeader();
        writeTiles();
        writeCategories();
        writeMemory();
        writeVariables();
        writeGraph();
        writePrograms();
        writeLiveness();
        writeExecution();
        writeOperations();
        for (const char* index : profileIndexes())
            m_db.exec(index);
        return m_rows;
    }

private:
    SqliteDatabase& m_db;
    const ProfileDocument& m_doc;
    std::map<std::string, int64_t> m_categoryIds;
    uint64_t m_rows = 0;
    // The packed BLOBs of the row being inserted (at most two per row), reused from row to row.
    std::vector<uint8_t> m_blobs[2];

    template <typename T, typename V>
    std::span<const uint8_t> packedBlob(const std::vector<V>& values, size_t slot = 0)
    {
        packed::encodeInto<T, V>(values, m_blobs[slot]);
        return m_blobs[slot];
    }

    template <typename Pair>
    std::span<const uint8_t> packedPairs(const std::vector<Pair>& pairs, uint32_t Pair::*first, uint32_t Pair::*second)
    {
        packed::encodePairsInto(pairs, first, second, m_blobs[0]);
        return m_blobs[0];
    }

    void run(Statement& s)
    {
        s.run();
        ++m_rows;
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
            gap.bind(1, int64_t(g.ipu)).bind(2, int64_t(g.region)).bindBlobUnowned(3, packedBlob<uint32_t>(g.bytesByTile));
            run(gap);
        }
        Statement live(m_db, "INSERT INTO memory_liveness VALUES(?, ?, ?)");
        for (const LivenessSplit& l : m_doc.liveness) {
            live.bind(1, int64_t(l.ipu)).bindBlobUnowned(2, packedBlob<uint32_t>(l.alwaysLiveBytesByTile));
            live.bindBlobUnowned(3, packedBlob<uint32_t>(l.notAlwaysLiveBytesByTile, 1));
            run(live);
        }
    }

    void writeVariables()
    {
        Statement variable(m_db, "INSERT INTO variables VALUES(?, ?, ?, ?, ?, ?, ?)");
        Statement tile(m_db, "INSERT INTO vars_info VALUES(?, ?, ?, ?)");
        Statement range(m_db, "INSERT INTO variable_live_ranges VALUES(?, ?, ?)");
        for (size_t i = 0; i < m_doc.variables.size(); ++i) {
            const Variable& v = m_doc.variables[i];
            int64_t category = categoryId(v.category);
            variable.bind(1, int64_t(i)).bindUnowned(2, v.name).bind(3, category);
            variable.bindUnowned(4, v.elementType).bind(5, int64_t(v.sizeBytes));
            variable.bind(6, int64_t(v.alwaysLive)).bind(7, v.debugContext);
            run(variable);
            for (const TileBytes& tb : v.tiles) {
                tile.bind(1, int64_t(i)).bind(2, int64_t(tb.tile)).bind(3, int64_t(tb.bytes)).bind(4, category);
                run(tile);
            }
            for (const StepRange& r : v.liveRanges) {
                range.bind(1, int64_t(i)).bind(2, int64_t(r.first)).bind(3, int64_t(r.last));
                run(range);
            }
        }
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
        Statement program(m_db, "INSERT INTO programs VALUES(?, ?, ?, ?, ?, ?, ?)");
        Statement child(m_db, "INSERT INTO program_children VALUES(?, ?, ?)");
        for (size_t i = 0; i < m_doc.programs.size(); ++i) {
            const Program& p = m_doc.programs[i];
            program.bind(1, int64_t(i)).bindUnowned(2, p.type).bindUnowned(3, p.name);
            program.bind(4, p.computeSet).bind(5, p.exchange).bind(6, p.debugContext);
            program.bind(7, int64_t(p.repeatCount));
            run(program);
            for (size_t j = 0; j < p.children.size(); ++j) {
                child.bind(1, int64_t(i)).bind(2, int64_t(j)).bind(3, int64_t(p.children[j]));
                run(child);
            }
        }
        Statement root(m_db, "INSERT INTO program_roots VALUES(?, ?, ?)");
        for (size_t i = 0; i < m_doc.controlPrograms.size(); ++i) {
            root.bind(1, std::string_view("control")).bind(2, int64_t(i)).bind(3, int64_t(m_doc.controlPrograms[i]));
            run(root);
        }
        for (size_t i = 0; i < m_doc.functions.size(); ++i) {
            root.bind(1, std::string_view("function")).bind(2, int64_t(i)).bind(3, int64_t(m_doc.functions[i]));
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
            tile.bind(1, int64_t(t.step)).bind(2, int64_t(t.ipu)).bindBlobUnowned(3, packedBlob<uint32_t>(t.bytesByTile));
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
        Statement step(m_db, "INSERT INTO steps VALUES(?, ?, ?, ?, ?)");
        Statement byIpu(m_db, "INSERT INTO steps_by_ipu VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        Statement cycles(m_db, "INSERT INTO cycles_by_tile VALUES(?, ?, ?)");
        for (size_t i = 0; i < m_doc.steps.size(); ++i) {
            const ExecutionStep& s = m_doc.steps[i];
            step.bind(1, int64_t(i)).bind(2, int64_t(s.run)).bindUnowned(3, s.type);
            step.bind(4, int64_t(s.program)).bind(5, s.computeSet);
            run(step);
            for (const StepIpu& si : s.ipus) {
                byIpu.bind(1, int64_t(i)).bind(2, int64_t(si.ipu)).bind(3, int64_t(si.cycles));
                byIpu.bind(4, int64_t(si.activeTiles)).bind(5, int64_t(si.cyclesBase));
                byIpu.bind(6, int64_t(si.activeCyclesFromMin)).bind(7, int64_t(si.activeCyclesFromMax));
                byIpu.bind(8, int64_t(si.activeCyclesToMin)).bind(9, int64_t(si.activeCyclesToMax));
                byIpu.bind(10, int64_t(si.dataIn)).bind(11, int64_t(si.dataOut));
                run(byIpu);
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
        Statement context(m_db, "INSERT INTO debug_contexts VALUES(?, ?, ?, ?, ?)");
        for (size_t i = 0; i < m_doc.debugContexts.size(); ++i) {
            const DebugContext& d = m_doc.debugContexts[i];
            context.bind(1, int64_t(i)).bind(2, d.parent).bindUnowned(3, d.layer);
            context.bindUnowned(4, d.name).bindUnowned(5, d.json);
            run(context);
        }
        Statement operation(m_db, "INSERT INTO operations VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
        Statement program(m_db, "INSERT INTO operation_programs VALUES(?, ?, ?)");
        for (size_t i = 0; i < m_doc.operations.size(); ++i) {
            const Operation& op = m_doc.operations[i];
            operation.bind(1, int64_t(i)).bindUnowned(2, op.name).bindUnowned(3, op.layer);
            operation.bindUnowned(4, op.debugName).bind(5, op.debugContext);
            operation.bind(6, int64_t(op.flops)).bind(7, int64_t(op.codeBytes)).bind(8, int64_t(op.cycles));
            run(operation);
            for (size_t j = 0; j < op.programs.size(); ++j) {
                program.bind(1, int64_t(i)).bind(2, int64_t(j)).bind(3, int64_t(op.programs[j]));
                run(program);
            }
        }
    }
};

} // namespace

WriteStats writeProfile(const ProfileDocument& doc, const std::string& path)
{
    if (std::string problem = validateDocument(doc); !problem.empty())
        throw ProfileError(ErrorKind::InvalidInput, path, "the profile to write is inconsistent: " + problem);
    checkOutputFile(path);
    namespace fs = std::filesystem;
    const std::string temporary = temporaryPathFor(path);
    std::error_code ignored;
    fs::remove(temporary, ignored);
    WriteStats stats;
    try {
        SqliteDatabase db(temporary, SqliteDatabase::Mode::CreateForWriting);
        // The temporary file is renamed into place only on success, so the fast unsafe settings
        // cost at worst a rewrite, never a half profile under the real name.
        db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA page_size=16384;"
                " PRAGMA cache_size=-65536; PRAGMA temp_store=MEMORY");
        db.exec("BEGIN");
        stats.rows = DocumentWriter(db, doc).write();
        db.exec("COMMIT");
    } catch (const ProfileError& error) {
        fs::remove(temporary, ignored);
        throw ProfileError(ErrorKind::WriteFailed, path, error.problem());
    }
    moveIntoPlace(temporary, path);
    std::error_code ec;
    stats.bytes = fs::file_size(path, ec);
    return stats;
}

} // namespace popscope
