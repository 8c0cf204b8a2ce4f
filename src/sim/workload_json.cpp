#include "workload_json.hpp"

#include "popscope/errors.hpp"
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
        static const std::map<std::string, CostKind> kinds
            = { { "fixed", CostKind::Fixed }, { "elementwise", CostKind::Elementwise },
                  { "heapSort", CostKind::HeapSort }, { "compareAndSwap", CostKind::CompareAndSwap },
                  { "matmul", CostKind::MatMul }, { "copy", CostKind::Copy } };
        auto it = kinds.find(kind);
        if (it == kinds.end())
            fail(path + ".kind",
                "unknown cost kind '" + kind
                    + "' (fixed, elementwise, heapSort, compareAndSwap, matmul, copy)");
        c.kind = it->second;
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
        WorkloadBuilder b(str(d, "name", "description", "custom"));
        Workload& w = b.workload();
        std::map<std::string, uint32_t> dcs, vts, vars, css, exs, scs, fns;
        auto list = [&](const char* key) -> const json& {
            static const json empty = json::array();
            if (!d.contains(key))
                return empty;
            if (!d[key].is_array())
                fail(std::string("description.") + key, "expected a list");
            return d[key];
        };
        auto dcOf = [&](const json& o, const std::string& path) -> int64_t {
            if (!o.contains("debugContext"))
                return -1;
            auto it = dcs.find(str(o, "debugContext", path));
            if (it == dcs.end())
                fail(path + ".debugContext",
                    "no debug context named '" + o["debugContext"].get<std::string>() + "'");
            return it->second;
        };
        const json& dl = list("debugContexts");
        for (size_t i = 0; i < dl.size(); ++i) {
            const std::string p = "description.debugContexts[" + std::to_string(i) + "]";
            int64_t parent = -1;
            if (dl[i].contains("parent")) {
                auto it = dcs.find(str(dl[i], "parent", p));
                if (it == dcs.end())
                    fail(p + ".parent", "must name an earlier debug context");
                parent = it->second;
            }
            const std::string name = str(dl[i], "name", p);
            dcs[name] = uint32_t(b.debugContext(str(dl[i], "layer", p, "poplar"), name, parent,
                dl[i].contains("attributes") ? dl[i]["attributes"].dump() : "{}"));
        }
        const json& vl = list("vertexTypes");
        for (size_t i = 0; i < vl.size(); ++i) {
            const std::string p = "description.vertexTypes[" + std::to_string(i) + "]";
            const std::string name = str(vl[i], "name", p);
            if (vts.count(name))
                fail(p + ".name", "vertex type '" + name + "' is defined twice");
            vts[name] = b.vertexType(name, uint32_t(num(vl[i], "codeBytes", p, 512)),
                uint32_t(num(vl[i], "stateBytes", p, 16)), uint32_t(num(vl[i], "fieldBytes", p, 0)),
                uint32_t(num(vl[i], "descriptorBytes", p, 0)),
                str(vl[i], "descriptorCategory", p, "vectorListDescriptor"));
        }
        const json& varl = list("variables");
        for (size_t i = 0; i < varl.size(); ++i) {
            const std::string p = "description.variables[" + std::to_string(i) + "]";
            const json& v = varl[i];
            const std::string name = str(v, "name", p);
            if (vars.count(name))
                fail(p + ".name", "variable '" + name + "' is defined twice");
            uint64_t elements = 1;
            if (v.contains("elements"))
                elements = num(v, "elements", p);
            else {
                const json& shape = need(v, "shape", p);
                if (!shape.is_array())
                    fail(p + ".shape", "expected a list of dimensions");
                for (const auto& dim : shape) {
                    if (!dim.is_number_unsigned())
                        fail(p + ".shape", "dimensions must be non-negative integers");
                    elements *= dim.get<uint64_t>();
                }
            }
            const uint32_t idx = b.variable(name, str(v, "type", p, "float"), elements,
                tiles(need(v, "tiles", p), p + ".tiles"), boolean(v, "alwaysLive", p, true), dcOf(v, p),
                str(v, "category", p, "variable"));
            if (str(v, "region", p, "nonInterleaved") == "interleaved")
                w.variables[idx].region = MemoryRegion::Interleaved;
            vars[name] = idx;
        }
        const json& cl = list("computeSets");
        for (size_t i = 0; i < cl.size(); ++i) {
            const std::string p = "description.computeSets[" + std::to_string(i) + "]";
            ComputeSetDesc cs;
            cs.name = str(cl[i], "name", p);
            cs.debugContext = dcOf(cl[i], p);
            cs.flops = num(cl[i], "flops", p, 0);
            const json& vs = need(cl[i], "vertices", p);
            if (!vs.is_array())
                fail(p + ".vertices", "expected a list");
            for (size_t k = 0; k < vs.size(); ++k) {
                const std::string q = p + ".vertices[" + std::to_string(k) + "]";
                VertexGroup g;
                auto it = vts.find(str(vs[k], "type", q));
                if (it == vts.end())
                    fail(q + ".type", "no vertex type named '" + vs[k]["type"].get<std::string>() + "'");
                g.vertexType = it->second;
                g.tiles = tiles(need(vs[k], "tiles", q), q + ".tiles");
                g.perTile = uint32_t(num(vs[k], "perTile", q, 1));
                g.cost = cost(need(vs[k], "cost", q), q + ".cost");
                g.jitterPercent = uint32_t(num(vs[k], "jitterPercent", q, 0));
                cs.groups.push_back(std::move(g));
            }
            cs.reads = refs<uint32_t>(cl[i], "reads", vars, p, "variable");
            cs.writes = refs<uint32_t>(cl[i], "writes", vars, p, "variable");
            const std::string key = cs.name;
            css[key] = b.computeSet(std::move(cs));
        }
        const json& el = list("exchanges");
        for (size_t i = 0; i < el.size(); ++i) {
            const std::string p = "description.exchanges[" + std::to_string(i) + "]";
            ExchangeDesc ex;
            ex.name = str(el[i], "name", p);
            const std::string kind = str(el[i], "kind", p, "internal");
            if (kind != "internal" && kind != "global")
                fail(p + ".kind", "expected internal or global");
            ex.kind = kind == "global" ? ExchangeKind::Global : ExchangeKind::Internal;
            ex.debugContext = dcOf(el[i], p);
            ex.tiles = tiles(need(el[i], "tiles", p), p + ".tiles");
            ex.bytesPerTile = num(el[i], "bytesPerTile", p);
            ex.regionsPerTile = uint32_t(num(el[i], "regionsPerTile", p, 1));
            ex.codeBytesPerTile = uint32_t(num(el[i], "codeBytesPerTile", p, 0));
            ex.ringSteps = uint32_t(num(el[i], "ringSteps", p, 0));
            ex.jitterPercent = uint32_t(num(el[i], "jitterPercent", p, 0));
            ex.reads = refs<uint32_t>(el[i], "reads", vars, p, "variable");
            ex.writes = refs<uint32_t>(el[i], "writes", vars, p, "variable");
            const std::string key = ex.name;
            exs[key] = b.exchange(std::move(ex));
        }
        const json& sl = list("streamCopies");
        for (size_t i = 0; i < sl.size(); ++i) {
            const std::string p = "description.streamCopies[" + std::to_string(i) + "]";
            StreamCopyDesc sc;
            sc.name = str(sl[i], "name", p);
            const std::string dir = str(sl[i], "direction", p, "toDevice");
            if (dir != "toDevice" && dir != "toHost")
                fail(p + ".direction", "expected toDevice or toHost");
            sc.toDevice = dir == "toDevice";
            sc.remote = boolean(sl[i], "remote", p, false);
            sc.overlap = boolean(sl[i], "overlap", p, false);
            sc.debugContext = dcOf(sl[i], p);
            sc.tiles = tiles(need(sl[i], "tiles", p), p + ".tiles");
            sc.bytesPerTile = num(sl[i], "bytesPerTile", p);
            if (sl[i].contains("hostWaitCycles"))
                sc.hostWaitCycles = int64_t(num(sl[i], "hostWaitCycles", p));
            if (sl[i].contains("hostFinishCycles"))
                sc.hostFinishCycles = int64_t(num(sl[i], "hostFinishCycles", p));
            sc.reads = refs<uint32_t>(sl[i], "reads", vars, p, "variable");
            sc.writes = refs<uint32_t>(sl[i], "writes", vars, p, "variable");
            const std::string key = sc.name;
            scs[key] = b.streamCopy(std::move(sc));
        }
        // Functions first (so Call can name them), then control programs.
        m_pending.clear();
        if (d.contains("functions")) {
            if (!d["functions"].is_object())
                fail("description.functions", "expected an object of name -> program");
            for (const auto& [name, prog] : d["functions"].items()) {
                const uint32_t root = program(b, prog, "description.functions." + name, css, exs, scs, fns);
                fns[name] = root;
                b.function(root);
            }
        }
        const json& pl = list("controlPrograms");
        if (pl.empty())
            fail("description", "missing key 'controlPrograms' (a list of programs)");
        for (size_t i = 0; i < pl.size(); ++i)
            b.controlProgram(program(
                b, pl[i], "description.controlPrograms[" + std::to_string(i) + "]", css, exs, scs, fns));
        const json& rl = list("runs");
        for (size_t i = 0; i < rl.size(); ++i) {
            const std::string p = "description.runs[" + std::to_string(i) + "]";
            const uint64_t cp = num(rl[i], "controlProgram", p, 0);
            if (cp >= w.controlPrograms.size())
                fail(p + ".controlProgram", "out of range");
            b.run(str(rl[i], "name", p, "run" + std::to_string(i)), uint32_t(cp));
        }
        const json& ol = list("operations");
        for (size_t i = 0; i < ol.size(); ++i) {
            const std::string p = "description.operations[" + std::to_string(i) + "]";
            OperationDesc op;
            op.name = str(ol[i], "name", p);
            op.layer = str(ol[i], "layer", p, "poplar");
            op.debugName = str(ol[i], "debugName", p, "");
            op.debugContext = dcOf(ol[i], p);
            op.flops = num(ol[i], "flops", p, 0);
            op.computeSets = refs<uint32_t>(ol[i], "computeSets", css, p, "compute set");
            op.exchanges = refs<uint32_t>(ol[i], "exchanges", exs, p, "exchange");
            op.streamCopies = refs<uint32_t>(ol[i], "streamCopies", scs, p, "stream copy");
            b.operation(std::move(op));
        }
        return b.take();
    }

    uint32_t program(WorkloadBuilder& b, const json& j, const std::string& path,
        const std::map<std::string, uint32_t>& css, const std::map<std::string, uint32_t>& exs,
        const std::map<std::string, uint32_t>& scs, const std::map<std::string, uint32_t>& fns)
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
        auto children = [&](const char* key) {
            std::vector<uint32_t> out;
            const json& c = need(j, key, path);
            if (!c.is_array())
                fail(path + "." + key, "expected a list of programs");
            for (size_t i = 0; i < c.size(); ++i)
                out.push_back(
                    program(b, c[i], path + "." + key + "[" + std::to_string(i) + "]", css, exs, scs, fns));
            return out;
        };
        if (type == "Sequence")
            return b.sequence(str(j, "name", path, "Sequence"), children("children"));
        if (type == "Repeat") {
            const uint64_t count = num(j, "count", path);
            if (count == 0 || count > 100000000)
                fail(path + ".count", "expected 1..100000000");
            return b.repeat(str(j, "name", path, "Repeat"), uint32_t(count), children("body"));
        }
        if (type == "Execute")
            return b.execute(find(css, "computeSet", "compute set"));
        if (type == "DoExchange")
            return b.doExchange(find(exs, "exchange", "exchange"));
        if (type == "StreamCopy")
            return b.doStreamCopy(find(scs, "streamCopy", "stream copy"));
        if (type == "Call")
            return b.call(find(fns, "function", "function (functions are defined before use)"));
        if (type == "Sync") {
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
            return b.sync(kind == "internal" ? SyncKind::Internal
                    : kind == "external"     ? SyncKind::External
                                             : SyncKind::Global,
                ipus);
        }
        fail(path + ".type",
            "unknown program type '" + type
                + "' (Sequence, Repeat, Execute, DoExchange, StreamCopy, Sync, Call)");
    }

private:
    const TargetConfig& m_target;
    std::string m_source;
    std::vector<uint32_t> m_pending;
};

} // namespace

Workload workloadFromJson(const json& description, const TargetConfig& target, const std::string& source)
{
    Parser p(target, source);
    return p.parse(description);
}

} // namespace popscope::sim
