#include "workload_json.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/cost_model.hpp"
#include "popscope/sim/workload_builder.hpp"

#include <map>

namespace popscope::sim {

namespace {

using nlohmann::json;

class Parser {
public:
    Parser(const TargetConfig& t, std::string source)
        : m_target(t)
        , m_source(std::move(source))
    {
    }

    [[noreturn]] void fail(const std::string& path, const std::string& problem) const
    {
        throw ProfileError(ErrorKind::InvalidInput, m_source, path + ": " + problem);
    }
    const json& need(const json& obj, const char* key, const std::string& path) const
    {
        if (!obj.is_object() || !obj.contains(key))
            fail(path, std::string("missing key '") + key + "'");
        return obj.at(key);
    }
    std::string str(
        const json& obj, const char* key, const std::string& path, const std::string& def = "\x01") const
    {
        if (!obj.contains(key)) {
            if (def == "\x01")
                fail(path, std::string("missing key '") + key + "'");
            return def;
        }
        if (!obj[key].is_string())
            fail(path + "." + key, "expected a string");
        return obj[key].get<std::string>();
    }
    uint64_t num(const json& obj, const char* key, const std::string& path, int64_t def = -1) const
    {
        if (!obj.contains(key)) {
            if (def < 0)
                fail(path, std::string("missing key '") + key + "'");
            return uint64_t(def);
        }
        if (!obj[key].is_number_unsigned() && !(obj[key].is_number_integer() && obj[key].get<int64_t>() >= 0))
            fail(path + "." + key, "expected a non-negative integer");
        return obj[key].get<uint64_t>();
    }
    bool boolean(const json& obj, const char* key, const std::string& path, bool def) const
    {
        if (!obj.contains(key))
            return def;
        if (!obj[key].is_boolean())
            fail(path + "." + key, "expected true or false");
        return obj[key].get<bool>();
    }

    TileSet tiles(const json& j, const std::string& path) const
    {
        TileSet out;
        const uint32_t tpi = m_target.tilesPerIpu;
        if (j.is_string()) {
            const std::string s = j.get<std::string>();
            if (s == "all")
                return TileSet::range(0, m_target.totalTiles());
            if (s == "io")
                return TileSet::list(m_target.ioTiles());
            if (s == "compute") {
                for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu)
                    for (const auto& sp : TileSet::list(m_target.computeTiles(ipu)).spans)
                        out.spans.push_back(sp);
                return out;
            }
            fail(path, "expected \"all\", \"compute\", \"io\", a tile id, an object or a list");
        }
        if (j.is_number_unsigned())
            return TileSet::single(j.get<uint32_t>());
        if (j.is_array()) {
            for (size_t i = 0; i < j.size(); ++i)
                for (const auto& sp : tiles(j[i], path + "[" + std::to_string(i) + "]").spans)
                    out.spans.push_back(sp);
            return out;
        }
        if (j.is_object()) {
            if (j.contains("ipu") && !j.contains("first")) {
                const uint64_t ipu = num(j, "ipu", path);
                if (ipu >= m_target.numIpus)
                    fail(path + ".ipu",
                        "IPU " + std::to_string(ipu) + " of " + std::to_string(m_target.numIpus));
                return TileSet::list(m_target.computeTiles(uint32_t(ipu)));
            }
            const uint64_t base = j.contains("ipu") ? num(j, "ipu", path) * tpi : 0;
            const uint64_t first = num(j, "first", path), count = num(j, "count", path, 1),
                           stride = num(j, "stride", path, 1);
            if (count == 0 || stride == 0 || base + first + (count - 1) * stride >= m_target.totalTiles())
                fail(path, "tiles outside the target (" + std::to_string(m_target.totalTiles()) + " tiles)");
            return TileSet::range(uint32_t(base + first), uint32_t(count), uint32_t(stride));
        }
        fail(path, "expected \"all\", \"compute\", \"io\", a tile id, an object or a list");
    }

    template <typename T>
    std::vector<uint32_t> refs(const json& obj, const char* key, const std::map<std::string, uint32_t>& names,
        const std::string& path, const char* what) const
    {
        std::vector<uint32_t> out;
        if (!obj.contains(key))
            return out;
        if (!obj[key].is_array())
            fail(path + "." + key, "expected a list of names");
        for (size_t i = 0; i < obj[key].size(); ++i) {
            const std::string p = path + "." + key + "[" + std::to_string(i) + "]";
            if (!obj[key][i].is_string())
                fail(p, "expected a name");
            auto it = names.find(obj[key][i].get<std::string>());
            if (it == names.end())
                fail(p, std::string("no ") + what + " named '" + obj[key][i].get<std::string>() + "'");
            out.push_back(it->second);
        }
        return out;
    }

    VertexCost cost(const json& j, const std::string& path) const
    {
        VertexCost c;
        const std::string kind = str(j, "kind", path);
        std::string names;
        const CostKindInfo* found = nullptr;
        for (const CostKindInfo& info : costKinds()) {
            if (!info.jsonName)
                continue;
            names += std::string(names.empty() ? "" : ", ") + info.jsonName;
            if (kind == info.jsonName)
                found = &info;
        }
        if (!found)
            fail(path + ".kind", "unknown cost kind '" + kind + "' (" + names + ")");
        c.kind = found->kind;
        c.cycles = num(j, "cycles", path, 0);
        c.elements = num(j, c.kind == CostKind::Copy ? "bytes" : "elements", path, 0);
        c.cyclesPerElement = uint32_t(num(j, "cyclesPerElement", path, 1));
        c.keyValue = boolean(j, "keyValue", path, false);
        c.distance = num(j, "distance", path, 1);
        c.orderChange = num(j, "orderChange", path, 0);
        c.flops = num(j, "flops", path, 0);
        c.half = str(j, "dtype", path, "half") == "half";
        c.efficiencyPercent = uint32_t(num(j, "efficiencyPercent", path, 100));
        if (c.kind == CostKind::Fixed && !j.contains("cycles"))
            fail(path, "missing key 'cycles'");
        return c;
    }

    Workload parse(const json& d)
    {
        if (!d.is_object())
            fail("description", "expected an object");
        m_d = &d;
        WorkloadBuilder b(str(d, "name", "description", "custom"));
        readDebugContexts(b);
        readVertexTypes(b);
        readVariables(b);
        const json& cl = list("computeSets");
        for (size_t i = 0; i < cl.size(); ++i)
            readComputeSet(b, cl[i], "description.computeSets[" + std::to_string(i) + "]");
        const json& el = list("exchanges");
        for (size_t i = 0; i < el.size(); ++i)
            readExchange(b, el[i], "description.exchanges[" + std::to_string(i) + "]");
        const json& sl = list("streamCopies");
        for (size_t i = 0; i < sl.size(); ++i)
            readStreamCopy(b, sl[i], "description.streamCopies[" + std::to_string(i) + "]");
        readPrograms(b);
        const json& ol = list("operations");
        for (size_t i = 0; i < ol.size(); ++i)
            readOperation(b, ol[i], "description.operations[" + std::to_string(i) + "]");
        return b.take();
    }

private:
    // The description's list `key` (none: an empty list).
    const json& list(const char* key) const
    {
        static const json empty = json::array();
        if (!m_d->contains(key))
            return empty;
        if (!(*m_d)[key].is_array())
            fail(std::string("description.") + key, "expected a list");
        return (*m_d)[key];
    }

    int64_t dcOf(const json& o, const std::string& path) const
    {
        if (!o.contains("debugContext"))
            return -1;
        auto it = m_dcs.find(str(o, "debugContext", path));
        if (it == m_dcs.end())
            fail(path + ".debugContext",
                "no debug context named '" + o["debugContext"].get<std::string>() + "'");
        return it->second;
    }

    void readDebugContexts(WorkloadBuilder& b)
    {
        const json& dl = list("debugContexts");
        for (size_t i = 0; i < dl.size(); ++i) {
            const std::string p = "description.debugContexts[" + std::to_string(i) + "]";
            int64_t parent = -1;
            if (dl[i].contains("parent")) {
                auto it = m_dcs.find(str(dl[i], "parent", p));
                if (it == m_dcs.end())
                    fail(p + ".parent", "must name an earlier debug context");
                parent = it->second;
            }
            const std::string name = str(dl[i], "name", p);
            m_dcs[name] = uint32_t(b.debugContext(str(dl[i], "layer", p, "poplar"), name, parent,
                dl[i].contains("attributes") ? dl[i]["attributes"].dump() : "{}"));
        }
    }

    void readVertexTypes(WorkloadBuilder& b)
    {
        const json& vl = list("vertexTypes");
        for (size_t i = 0; i < vl.size(); ++i) {
            const std::string p = "description.vertexTypes[" + std::to_string(i) + "]";
            const std::string name = str(vl[i], "name", p);
            if (m_vts.count(name))
                fail(p + ".name", "vertex type '" + name + "' is defined twice");
            m_vts[name] = b.vertexType(name, uint32_t(num(vl[i], "codeBytes", p, 512)),
                uint32_t(num(vl[i], "stateBytes", p, 16)), uint32_t(num(vl[i], "fieldBytes", p, 0)),
                uint32_t(num(vl[i], "descriptorBytes", p, 0)),
                str(vl[i], "descriptorCategory", p, "vectorListDescriptor"));
        }
    }

    uint64_t elementsOf(const json& v, const std::string& p) const
    {
        if (v.contains("elements"))
            return num(v, "elements", p);
        uint64_t elements = 1;
        const json& shape = need(v, "shape", p);
        if (!shape.is_array())
            fail(p + ".shape", "expected a list of dimensions");
        for (const auto& dim : shape) {
            if (!dim.is_number_unsigned())
                fail(p + ".shape", "dimensions must be non-negative integers");
            elements *= dim.get<uint64_t>();
        }
        return elements;
    }

    void readVariables(WorkloadBuilder& b)
    {
        const json& varl = list("variables");
        for (size_t i = 0; i < varl.size(); ++i) {
            const std::string p = "description.variables[" + std::to_string(i) + "]";
            const json& v = varl[i];
            const std::string name = str(v, "name", p);
            if (m_vars.count(name))
                fail(p + ".name", "variable '" + name + "' is defined twice");
            const uint64_t elements = elementsOf(v, p);
            const uint32_t idx = b.variable(name, str(v, "type", p, "float"), elements,
                tiles(need(v, "tiles", p), p + ".tiles"), boolean(v, "alwaysLive", p, true), dcOf(v, p),
                str(v, "category", p, "variable"));
            if (str(v, "region", p, "nonInterleaved") == "interleaved")
                b.workload().variables[idx].region = MemoryRegion::Interleaved;
            m_vars[name] = idx;
        }
    }

    void readComputeSet(WorkloadBuilder& b, const json& c, const std::string& p)
    {
        ComputeSetDesc cs;
        cs.name = str(c, "name", p);
        cs.debugContext = dcOf(c, p);
        cs.flops = num(c, "flops", p, 0);
        const json& vs = need(c, "vertices", p);
        if (!vs.is_array())
            fail(p + ".vertices", "expected a list");
        for (size_t k = 0; k < vs.size(); ++k) {
            const std::string q = p + ".vertices[" + std::to_string(k) + "]";
            VertexGroup g;
            auto it = m_vts.find(str(vs[k], "type", q));
            if (it == m_vts.end())
                fail(q + ".type", "no vertex type named '" + vs[k]["type"].get<std::string>() + "'");
            g.vertexType = it->second;
            g.tiles = tiles(need(vs[k], "tiles", q), q + ".tiles");
            g.perTile = uint32_t(num(vs[k], "perTile", q, 1));
            g.cost = cost(need(vs[k], "cost", q), q + ".cost");
            g.jitterPercent = uint32_t(num(vs[k], "jitterPercent", q, 0));
            cs.groups.push_back(std::move(g));
        }
        cs.reads = refs<uint32_t>(c, "reads", m_vars, p, "variable");
        cs.writes = refs<uint32_t>(c, "writes", m_vars, p, "variable");
        const std::string key = cs.name;
        m_css[key] = b.computeSet(std::move(cs));
    }

    void readExchange(WorkloadBuilder& b, const json& e, const std::string& p)
    {
        ExchangeDesc ex;
        ex.name = str(e, "name", p);
        const std::string kind = str(e, "kind", p, "internal");
        if (kind != "internal" && kind != "global")
            fail(p + ".kind", "expected internal or global");
        ex.kind = kind == "global" ? ExchangeKind::Global : ExchangeKind::Internal;
        ex.debugContext = dcOf(e, p);
        ex.tiles = tiles(need(e, "tiles", p), p + ".tiles");
        ex.bytesPerTile = num(e, "bytesPerTile", p);
        ex.regionsPerTile = uint32_t(num(e, "regionsPerTile", p, 1));
        ex.codeBytesPerTile = uint32_t(num(e, "codeBytesPerTile", p, 0));
        ex.ringSteps = uint32_t(num(e, "ringSteps", p, 0));
        ex.jitterPercent = uint32_t(num(e, "jitterPercent", p, 0));
        ex.reads = refs<uint32_t>(e, "reads", m_vars, p, "variable");
        ex.writes = refs<uint32_t>(e, "writes", m_vars, p, "variable");
        const std::string key = ex.name;
        m_exs[key] = b.exchange(std::move(ex));
    }

    void readStreamCopy(WorkloadBuilder& b, const json& s, const std::string& p)
    {
        StreamCopyDesc sc;
        sc.name = str(s, "name", p);
        const std::string dir = str(s, "direction", p, "toDevice");
        if (dir != "toDevice" && dir != "toHost")
            fail(p + ".direction", "expected toDevice or toHost");
        sc.toDevice = dir == "toDevice";
        sc.remote = boolean(s, "remote", p, false);
        sc.overlap = boolean(s, "overlap", p, false);
        sc.debugContext = dcOf(s, p);
        sc.tiles = tiles(need(s, "tiles", p), p + ".tiles");
        sc.bytesPerTile = num(s, "bytesPerTile", p);
        if (s.contains("hostWaitCycles"))
            sc.hostWaitCycles = int64_t(num(s, "hostWaitCycles", p));
        if (s.contains("hostFinishCycles"))
            sc.hostFinishCycles = int64_t(num(s, "hostFinishCycles", p));
        sc.reads = refs<uint32_t>(s, "reads", m_vars, p, "variable");
        sc.writes = refs<uint32_t>(s, "writes", m_vars, p, "variable");
        const std::string key = sc.name;
        m_scs[key] = b.streamCopy(std::move(sc));
    }

    // Functions first (so Call can name them), then control programs and the runs that start them.
    void readPrograms(WorkloadBuilder& b)
    {
        if (m_d->contains("functions")) {
            if (!(*m_d)["functions"].is_object())
                fail("description.functions", "expected an object of name -> program");
            for (const auto& [name, prog] : (*m_d)["functions"].items()) {
                const uint32_t root = program(b, prog, "description.functions." + name);
                m_fns[name] = root;
                b.function(root);
            }
        }
        const json& pl = list("controlPrograms");
        if (pl.empty())
            fail("description", "missing key 'controlPrograms' (a list of programs)");
        for (size_t i = 0; i < pl.size(); ++i)
            b.controlProgram(program(b, pl[i], "description.controlPrograms[" + std::to_string(i) + "]"));
        const json& rl = list("runs");
        for (size_t i = 0; i < rl.size(); ++i) {
            const std::string p = "description.runs[" + std::to_string(i) + "]";
            const uint64_t cp = num(rl[i], "controlProgram", p, 0);
            if (cp >= b.workload().controlPrograms.size())
                fail(p + ".controlProgram", "out of range");
            b.run(str(rl[i], "name", p, "run" + std::to_string(i)), uint32_t(cp));
        }
    }

    void readOperation(WorkloadBuilder& b, const json& o, const std::string& p)
    {
        OperationDesc op;
        op.name = str(o, "name", p);
        op.layer = str(o, "layer", p, "poplar");
        op.debugName = str(o, "debugName", p, "");
        op.debugContext = dcOf(o, p);
        op.flops = num(o, "flops", p, 0);
        op.computeSets = refs<uint32_t>(o, "computeSets", m_css, p, "compute set");
        op.exchanges = refs<uint32_t>(o, "exchanges", m_exs, p, "exchange");
        op.streamCopies = refs<uint32_t>(o, "streamCopies", m_scs, p, "stream copy");
        b.operation(std::move(op));
    }

    uint32_t syncProgram(WorkloadBuilder& b, const json& j, const std::string& path) const
    {
        const std::string kind = str(j, "sync", path, "internal");
        if (kind != "internal" && kind != "external" && kind != "global")
            fail(path + ".sync", "expected internal, external or global");
        std::vector<uint32_t> ipus;
        if (j.contains("ipus")) {
            if (!j["ipus"].is_array())
                fail(path + ".ipus", "expected a list of IPU indexes");
            for (const auto& i : j["ipus"]) {
                if (!i.is_number_unsigned() || i.get<uint64_t>() >= m_target.numIpus)
                    fail(path + ".ipus", "IPU index out of range");
                ipus.push_back(i.get<uint32_t>());
            }
        }
        const SyncKind sync = kind == "internal" ? SyncKind::Internal
            : kind == "external"                 ? SyncKind::External
                                                 : SyncKind::Global;
        return b.sync(sync, ipus);
    }

    std::vector<uint32_t> childPrograms(
        WorkloadBuilder& b, const json& j, const std::string& path, const char* key)
    {
        std::vector<uint32_t> out;
        const json& c = need(j, key, path);
        if (!c.is_array())
            fail(path + "." + key, "expected a list of programs");
        for (size_t i = 0; i < c.size(); ++i)
            out.push_back(program(b, c[i], path + "." + key + "[" + std::to_string(i) + "]"));
        return out;
    }

    uint32_t program(WorkloadBuilder& b, const json& j, const std::string& path)
    {
        if (!j.is_object())
            fail(path, "expected a program object");
        const std::string type = str(j, "type", path);
        auto find = [&](const std::map<std::string, uint32_t>& names, const char* key, const char* what) {
            const std::string name = str(j, key, path);
            auto it = names.find(name);
            if (it == names.end())
                fail(path + "." + key, std::string("no ") + what + " named '" + name + "'");
            return it->second;
        };
        if (type == "Sequence")
            return b.sequence(str(j, "name", path, "Sequence"), childPrograms(b, j, path, "children"));
        if (type == "Repeat") {
            const uint64_t count = num(j, "count", path);
            if (count == 0 || count > 100000000)
                fail(path + ".count", "expected 1..100000000");
            return b.repeat(
                str(j, "name", path, "Repeat"), uint32_t(count), childPrograms(b, j, path, "body"));
        }
        if (type == "Execute")
            return b.execute(find(m_css, "computeSet", "compute set"));
        if (type == "DoExchange")
            return b.doExchange(find(m_exs, "exchange", "exchange"));
        if (type == "StreamCopy")
            return b.doStreamCopy(find(m_scs, "streamCopy", "stream copy"));
        if (type == "Call")
            return b.call(find(m_fns, "function", "function (functions are defined before use)"));
        if (type == "Sync")
            return syncProgram(b, j, path);
        fail(path + ".type",
            "unknown program type '" + type
                + "' (Sequence, Repeat, Execute, DoExchange, StreamCopy, Sync, Call)");
    }

    const json* m_d = nullptr; // the description being read
    std::map<std::string, uint32_t> m_dcs, m_vts, m_vars, m_css, m_exs, m_scs, m_fns; // names -> indexes
    const TargetConfig& m_target;
    std::string m_source;
};

} // namespace

Workload workloadFromJson(const json& description, const TargetConfig& target, const std::string& source)
{
    Parser p(target, source);
    return p.parse(description);
}

} // namespace popscope::sim
