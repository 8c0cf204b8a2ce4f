#include "workload_json.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/generators.hpp"
#include "popscope/sim/simulator.hpp"

#include <fstream>
#include <sstream>

namespace popscope::sim {

namespace {

using nlohmann::json;

std::string scalarText(const json& v, const std::string& source, const std::string& path)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_boolean())
        return v.get<bool>() ? "true" : "false";
    if (v.is_number_unsigned())
        return std::to_string(v.get<uint64_t>());
    if (v.is_number_integer())
        return std::to_string(v.get<int64_t>());
    if (v.is_number_float()) {
        std::ostringstream out;
        out.precision(17);
        out << v.get<double>();
        return out.str();
    }
    throw ProfileError(ErrorKind::InvalidInput, source, path + ": expected a string, number or boolean");
}

} // namespace

namespace {

void readSpecTarget(const json& value, const std::string& source, SimulationSpec& spec)
{
    if (value.is_string()) {
        spec.target = value.get<std::string>();
    } else if (value.is_object()) {
        for (const auto& [field, v] : value.items()) {
            if (field == "preset")
                spec.target = scalarText(v, source, "target.preset");
            else
                spec.targetOverrides[field] = scalarText(v, source, "target." + field);
        }
    } else {
        throw ProfileError(ErrorKind::InvalidInput, source, "target: expected a preset name or an object");
    }
}

// One top-level key of a spec file into `spec`.
void readSpecKey(const std::string& key, const json& value, const std::string& source, SimulationSpec& spec)
{
    if (key == "workload") {
        if (!value.is_string())
            throw ProfileError(ErrorKind::InvalidInput, source, "workload: expected a string");
        spec.workload = value.get<std::string>();
    } else if (key == "seed") {
        if (!value.is_number_unsigned())
            throw ProfileError(ErrorKind::InvalidInput, source, "seed: expected a non-negative integer");
        spec.seed = value.get<uint64_t>();
    } else if (key == "target") {
        readSpecTarget(value, source, spec);
    } else if (key == "params") {
        if (!value.is_object())
            throw ProfileError(ErrorKind::InvalidInput, source, "params: expected an object");
        for (const auto& [name, v] : value.items())
            spec.params[name] = scalarText(v, source, "params." + name);
    } else if (key == "timestamp") {
        if (!value.is_string())
            throw ProfileError(ErrorKind::InvalidInput, source, "timestamp: expected a string");
        spec.timestamp = value.get<std::string>();
    } else if (key == "description") {
        spec.descriptionJson = value.dump();
    } else if (key != "comment" && key != "$comment" && key != "about") {
        throw ProfileError(ErrorKind::InvalidInput, source,
            "unknown key '" + key
                + "' (known: workload, seed, target, params, timestamp, description; comment, $comment "
                  "and about are ignored)");
    }
}

} // namespace

SimulationSpec parseSpecJson(const std::string& text, const std::string& source)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {
        // parse_error, and out_of_range for a number beyond double's range (1e400).
        throw ProfileError(ErrorKind::InvalidInput, source, std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object())
        throw ProfileError(ErrorKind::InvalidInput, source, "a simulation spec must be a JSON object");
    SimulationSpec spec;
    spec.source = source;
    for (const auto& [key, value] : j.items())
        readSpecKey(key, value, source, spec);
    if (spec.workload.empty())
        spec.workload = spec.descriptionJson.empty() ? "" : "custom";
    if (spec.workload.empty())
        throw ProfileError(
            ErrorKind::InvalidInput, source, "missing key 'workload' (a generator name or \"custom\")");
    if (spec.workload == "custom" && spec.descriptionJson.empty())
        throw ProfileError(
            ErrorKind::InvalidInput, source, "workload \"custom\" needs a 'description' object");
    if (spec.workload != "custom" && !findGenerator(spec.workload)) {
        std::string known;
        for (const auto& g : generatorInfos())
            known += (known.empty() ? "" : ", ") + g.name;
        throw ProfileError(ErrorKind::InvalidInput, source,
            "workload: unknown workload '" + spec.workload + "' (known: " + known + ", custom)");
    }
    return spec;
}

SimulationSpec readSpecFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ProfileError(ErrorKind::FileNotFound, path, "cannot open the simulation spec");
    std::ostringstream text;
    text << in.rdbuf();
    return parseSpecJson(text.str(), path);
}

std::string specToJson(const SimulationSpec& spec)
{
    json j = json::object();
    j["workload"] = spec.workload;
    json params = json::object();
    for (const auto& [key, value] : spec.params)
        params[key] = value;
    if (!params.empty())
        j["params"] = params;
    json target = json::object();
    target["preset"] = spec.target;
    for (const auto& [field, value] : spec.targetOverrides)
        target[field] = value;
    j["target"] = target;
    j["seed"] = spec.seed;
    if (!spec.timestamp.empty())
        j["timestamp"] = spec.timestamp;
    if (!spec.descriptionJson.empty())
        j["description"] = json::parse(spec.descriptionJson);
    return j.dump();
}

namespace {

TargetConfig specTarget(const SimulationSpec& spec)
{
    TargetConfig target;
    try {
        target = TargetConfig::preset(spec.target);
    } catch (const ProfileError& e) {
        throw ProfileError(ErrorKind::InvalidInput, spec.source, "target: " + e.problem());
    }
    for (const auto& [field, value] : spec.targetOverrides)
        setTargetField(target, field, value, spec.source);
    if (std::string p = target.validate(); !p.empty())
        throw ProfileError(ErrorKind::InvalidInput, spec.source, "target: " + p);
    if (spec.workload != "custom")
        for (const char* field : { "numIpus", "replicas", "ioTilesPerIpu" })
            if (spec.targetOverrides.count(field))
                throw ProfileError(ErrorKind::InvalidInput, spec.source,
                    std::string("target.") + field + ": the topology of workload '" + spec.workload
                        + "' is set by its parameters (see simulate --help)");
    return target;
}

} // namespace

void checkSpec(const SimulationSpec& spec)
{
    specTarget(spec);
    if (spec.workload != "custom")
        checkParameters(spec.workload, spec.params, spec.source);
}

void buildSpec(const SimulationSpec& spec, Workload& workload, TargetConfig& target)
{
    target = specTarget(spec);
    if (spec.workload == "custom") {
        workload = workloadFromJson(json::parse(spec.descriptionJson), target, spec.source);
    } else {
        try {
            workload = generateWorkload(spec.workload, spec.params, target, spec.seed, spec.source);
        } catch (const ProfileError& e) {
            if (e.path().empty())
                throw ProfileError(e.kind(), spec.source, e.problem());
            throw;
        }
    }
    if (std::string p = target.validate(); !p.empty())
        throw ProfileError(ErrorKind::InvalidInput, spec.source, "target: " + p);
}

ProfileDocument simulateSpec(const SimulationSpec& spec, const SimulationProgress& progress)
{
    // Building the workload is a tenth of the job; simulating it the rest.
    if (progress && !progress("building the workload", 0))
        throw SimulationCancelled();
    Workload workload;
    TargetConfig target;
    buildSpec(spec, workload, target);
    SimulationOptions options;
    options.seed = spec.seed;
    options.timestamp = spec.timestamp;
    options.specJson = specToJson(spec);
    if (progress)
        options.progress = [&progress](const std::string& phase, double share) {
            return progress(phase, 0.1 + 0.9 * share);
        };
    std::string params;
    for (const auto& [k, v] : spec.params)
        params += (params.empty() ? "" : " ") + k + "=" + v;
    options.description = "target " + target.architecture + (params.empty() ? "" : ", " + params);
    try {
        return simulateWorkload(workload, target, options);
    } catch (const ProfileError& e) {
        if (e.path().empty())
            throw ProfileError(e.kind(), spec.source, e.problem());
        throw;
    }
}

} // namespace popscope::sim
