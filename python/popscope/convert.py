"""Bring a report into popscope through the libpva API (standard library only).

    python3 -m popscope.convert PROFILE -o OUT.json [--pva popscope|libpva]
    python3 -m popscope.convert PROFILE -o OUT.pop  # also runs `popscope-cli import` when it is found

It walks the report with libpva's documented attributes (popvision.md §5) and writes popscope's JSON
interchange form (docs/profile-format.md), which `popscope-cli import OUT.json -o OUT.pop` turns into
a profile. `--pva libpva` uses the Poplar SDK's `import pva`; `--pva popscope` (the default when
libpva is absent) uses popscope.pva. What the API does not expose is left out and listed in the
converted report's Application Information (app.json), which its Summary shows; "Written by" there
names the converter.
"""

import argparse
import importlib
import json
import os
import shutil
import subprocess
import sys

# The names of popvision.md §5, as popscope/_memory.py lists them (this file stands alone so it can
# be copied to an SDK machine; a test keeps the two lists equal).
CATEGORIES = (
    "vertexCode", "vertexInstanceState", "vertexFieldData", "vectorListDescriptor", "copyDescriptor",
    "controlCode", "controlId", "controlTable", "internalExchangeCode", "globalExchangeCode",
    "hostExchangeCode", "hostExchangePacketHeader", "globalExchangePacketHeader", "instrumentationResults",
    "constant", "stack", "variable", "message",
)
REGIONS = ("nonInterleaved", "interleaved", "overflowed")
EXCHANGE_KINDS = {"DoExchange": "internal", "GlobalExchange": "global", "StreamCopyBegin": "host",
                  "StreamCopyMid": "host", "StreamCopyEnd": "host"}
TARGET_TYPES = {"ipu": "IPU", "ipumodel": "IPUModel", "cpu": "CPU"}
# What libpva's API does not carry, so a converted report lacks it (docs/python.md lists the effects).
LEFT_OUT = [
    "target architecture (Mk2 assumed)", "timestamp", "engine options", "framework and application documents",
    "physical tile ids and I/O tiles", "gaps by region (all gaps but the overflowed region's are non-interleaved)",
    "variables' element type, category and debug context", "not-always-live variables' tiles",
    "bytes moved by each exchange", "operations' FLOPs", "step start where the first tile starts late",
    "active tiles of steps without per-tile cycles (parallel efficiency counts them idle)",
]


def _name(value):
    """An enum member's name (libpva's and popscope.pva's enums), or the text itself."""
    return getattr(value, "name", None) or str(value).rsplit(".", 1)[-1]


def _ident(obj, fallback):
    for attr in ("_id", "id"):
        value = getattr(obj, attr, None)
        if isinstance(value, int):
            return value
    return fallback


def _region(category, region):
    value = getattr(category, region)
    return value() if callable(value) else value


def _pairs(values):
    return [[tile, int(v)] for tile, v in enumerate(values) if v]


def _estimate(obj, field):
    """The compiler's estimate `field` of `obj`, or None when the report holds none (AttributeError)."""
    try:
        return getattr(obj, field)
    except AttributeError:
        return None


class Converter:
    def __init__(self, pva, report):
        self.pva, self.report = pva, report
        self.compilation = report.compilation
        self.execution = report.execution

    def document(self):
        target = self.compilation.target
        self.num_ipus, self.tiles_per_ipu = int(target.numIPUs), int(target.tilesPerIpu)
        self.num_tiles = self.num_ipus * self.tiles_per_ipu
        settings = self.report.instrumentationSettings
        doc = {
            "format": {"name": "popscope-profile", "major": 1, "minor": 0},
            "poplarVersion": {"string": str(self.report.poplarVersion.string)},
            "generator": "popscope.convert (libpva API, " + self.pva.__name__ + ")",
            "instrumentationSettings": {"compute": _name(settings.compute),
                                        "externalExchange": _name(settings.externalExchange)},
            "compilation": self.compilation_part(target),
            "execution": self.execution_part(),
            "debugContexts": [],
            "operations": [],
            "app": {"popscope.convert": {"source": getattr(self.report, "path", ""), "leftOut": LEFT_OUT}},
        }
        self.operations_part(doc)
        return doc

    def compilation_part(self, target):
        c = self.compilation
        part = {
            "target": {"type": TARGET_TYPES.get(_name(target.type).lower(), "Unknown"), "numIPUs": self.num_ipus,
                       "tilesPerIpu": self.tiles_per_ipu, "bytesPerTile": int(target.bytesPerTile),
                       "clockFrequency": float(target.clockFrequency), "numReplicas": int(target.numReplicas),
                       "ipusPerReplica": int(target.ipusPerReplica)},
            "graph": {"numEdges": int(getattr(c.graph, "numEdges", 0))},
        }
        part["memory"] = self.memory()
        part["vertexTypes"], part["computeSets"] = self.compute_sets()
        part["programs"], part["exchanges"], part["controlPrograms"] = self.programs()
        part["livenessProgramSteps"], not_always_live = self.liveness()
        part["variables"] = self.variables(not_always_live)
        return part

    def memory(self):
        series, gaps, liveness = {}, [], []
        for ipu in range(self.num_ipus):
            tiles = list(self.compilation.ipus[ipu].tiles)
            memories = [t.memory for t in tiles]
            for name in CATEGORIES:
                try:
                    categories = [getattr(m.category, name) for m in memories]
                except AttributeError:
                    continue  # a category this libpva does not know
                for r, region in enumerate(REGIONS):
                    for overlapped in (False, True):
                        values = [int(getattr(_region(cat, region), "overlapped" if overlapped else "nonOverlapped"))
                                  for cat in categories]
                        if any(values):
                            series[(ipu, name, r, overlapped)] = values
            gap_total = [int(m.total.includingGaps) - int(m.total.excludingGaps) for m in memories]
            gap_overflow = [int(m.overflowed.includingGaps) - int(m.overflowed.excludingGaps) for m in memories]
            gaps.append({"ipu": ipu, "region": "nonInterleaved",
                         "bytesByTile": [t - o for t, o in zip(gap_total, gap_overflow)]})
            if any(gap_overflow):
                gaps.append({"ipu": ipu, "region": "overflowed", "bytesByTile": gap_overflow})
            liveness.append({"ipu": ipu, "alwaysLiveBytesByTile": [int(m.alwaysLiveBytes) for m in memories],
                             "notAlwaysLiveBytesByTile": [int(m.notAlwaysLiveBytes) for m in memories]})
        by_category = [{"ipu": ipu, "category": name, "region": REGIONS[r], "overlapped": overlapped,
                        "bytesByTile": values} for (ipu, name, r, overlapped), values in series.items()]
        return {"byCategory": by_category, "gaps": gaps, "liveness": liveness}

    def estimated_by_ipu(self, obj):
        """`obj.estimatedCyclesByTile` (all tiles) as the interchange form's rows: one per IPU with
        an estimate on any of its tiles, the run from its first such tile to its last; [] when the
        report holds none."""
        cycles = _estimate(obj, "estimatedCyclesByTile")
        if cycles is None:
            return []
        cycles = [int(c) for c in cycles]
        rows = []
        for ipu in range(self.num_ipus):
            row = cycles[ipu * self.tiles_per_ipu:(ipu + 1) * self.tiles_per_ipu]
            busy = [t for t, c in enumerate(row) if c]
            if busy:
                rows.append({"ipu": ipu, "firstTile": busy[0], "cycles": row[busy[0]:busy[-1] + 1]})
        return rows

    def compute_sets(self):
        types, type_index, sets = [], {}, []
        self.compute_set_index = {}
        for position, cs in enumerate(self.compilation.computeSets):
            self.compute_set_index[_ident(cs, position)] = position
            vertices = []
            for v in cs.vertices:
                counts = _pairs(v.countByTile)
                key = (v.type.name, int(v.type.size))
                if key not in type_index:
                    type_index[key] = len(types)
                    types.append({"name": v.type.name, "codeBytes": self.code_bytes(v.type.name, counts),
                                  "stateBytes": int(v.type.size)})
                vertices.append({"type": type_index[key], "countByTile": counts})
                estimate = _estimate(v, "estimatedCycles")
                if estimate is not None:
                    vertices[-1]["estimatedCycles"] = int(estimate)
            sets.append({"name": cs.name, "vertices": vertices})
            estimates = self.estimated_by_ipu(cs)
            if estimates:
                sets[-1]["estimatedCyclesByIpu"] = estimates
        return types, sets

    def code_bytes(self, type_name, counts):
        """A codelet's code on one tile, from the first tile that runs it (tile.memory.vertices)."""
        if counts:
            for vertex in self.compilation.tiles[counts[0][0]].memory.vertices:
                if vertex.type.name == type_name:
                    return int(vertex.codeBytes)
        return 0

    def programs(self):
        programs = list(self.compilation.programs)
        index = {_ident(p, i): i for i, p in enumerate(programs)}
        self.program_index = index
        rows, exchanges, exchange_index, children_of = [], [], {}, set()
        for p in programs:
            type_name = _name(p.type)
            row = {"type": type_name, "name": p.name, "children": [index[_ident(c, -1)] for c in p.children]}
            children_of.update(row["children"])
            if type_name == "OnTileExecute":
                try:
                    cs = p.computeset
                    row["computeSet"] = self.compute_set_index[_ident(cs, -1)]
                except (AttributeError, KeyError):
                    pass
            elif type_name in EXCHANGE_KINDS:
                # A stream copy's Begin, Mid and End programs ("x/StreamCopyMid") share one exchange:
                # the same name without the suffix, the same code.
                name = p.name
                if type_name.startswith("StreamCopy") and name.endswith("/" + type_name):
                    name = name[:-len(type_name) - 1]
                code = _pairs(p.codeBytesByTile)
                key = (name, EXCHANGE_KINDS[type_name], json.dumps(code))
                if key not in exchange_index:
                    exchange_index[key] = len(exchanges)
                    exchanges.append({"name": name, "kind": key[1], "codeBytesByTile": code})
                row["exchange"] = exchange_index[key]
                estimates = self.estimated_by_ipu(p)
                if estimates:
                    row["estimatedCyclesByIpu"] = estimates
            rows.append(row)
        roots = [i for i in range(len(rows)) if i not in children_of]
        self.program_code_key = [(r.get("computeSet", -1), r.get("exchange", -1)) for r in rows]
        self.program_types = [r["type"] for r in rows]
        self.program_compute_sets = [r.get("computeSet", -1) for r in rows]
        return rows, exchanges, roots

    def liveness(self):
        steps, live = [], {}  # live: (name, size) -> liveness steps
        for s, step in enumerate(self.compilation.livenessProgramSteps):
            steps.append({"program": self.program_index[_ident(step.program, -1)],
                          "notAlwaysLiveMemory": {"bytesByIpu": [int(step.notAlwaysLiveMemoryForIpu(i).bytes)
                                                                 for i in range(self.num_ipus)]}})
            for v in step.notAlwaysLiveMemory.variables:
                live.setdefault((v.name, int(v.size)), []).append(s)
        return steps, live

    def variables(self, not_always_live):
        out, position = [], {}
        for v in self.compilation.alwaysLiveVariables:
            position[v.name] = len(out)
            out.append({"name": v.name, "size": int(v.size), "alwaysLive": True, "tiles": []})
        for tile in range(self.num_tiles):
            for v in self.compilation.alwaysLiveVariablesForTile(tile):
                if v.name in position:
                    out[position[v.name]]["tiles"].append([tile, int(v.size)])
        for (name, size), steps in not_always_live.items():
            ranges = []
            for s in steps:
                if ranges and ranges[-1][1] == s - 1:
                    ranges[-1][1] = s
                else:
                    ranges.append([s, s])
            out.append({"name": name, "size": size, "alwaysLive": False, "liveRanges": ranges})
        return out

    def execution_part(self):
        runs, run_of = [], {}
        for r, run in enumerate(self.execution.runs):
            runs.append({"name": run.name, "microseconds": {"start": int(run.microseconds.start),
                                                            "end": int(run.microseconds.end)}})
            for step in run.steps:
                run_of[_ident(step, -1)] = r
        steps, ends = [], [None] * self.num_ipus
        for s, step in enumerate(self.execution.steps):
            program = self.program_index[_ident(step.program, -1)]
            row = {"run": run_of.get(_ident(step, s), 0), "type": self.program_types[program], "program": program,
                   "computeSet": self.program_compute_sets[program], "ipus": []}
            for ipu, figures in enumerate(step.ipus):
                row_ipu = self.step_ipu(ipu, figures, ends)
                if row_ipu is not None:
                    row["ipus"].append(row_ipu)
            steps.append(row)
        self.steps = steps
        return {"runs": runs, "steps": steps}

    def step_ipu(self, ipu, figures, ends):
        if not getattr(figures, "runs", True):
            return None  # popscope.pva: the step does not run on this IPU
        try:
            active = figures.activeCycles
        except AttributeError:
            return None  # the step does not run on this IPU
        cycles = int(figures.cycles)
        first, last = int(active.cyclesFrom.min), int(active.cyclesTo.max)
        # libpva gives absolute positions; the step starts where the IPU's previous step ended,
        # unless its first tile starts before that.
        base = ends[ipu] if ends[ipu] is not None and ends[ipu] <= first else first
        ends[ipu] = base + cycles
        row = {"ipu": ipu, "cycles": cycles, "cyclesBase": base,
               "activeCycles": {"cyclesFrom": {"min": first - base, "max": int(active.cyclesFrom.max) - base},
                                "cyclesTo": {"min": int(active.cyclesTo.min) - base, "max": last - base}},
               "dataIn": int(figures.dataIn), "dataOut": int(figures.dataOut)}
        if not getattr(figures, "hasCyclesByTile", True):
            return row  # popscope.pva derives them from activeTiles, which libpva's API lacks (LEFT_OUT)
        try:
            values = figures.cyclesByTile
            by_tile = values.tolist() if hasattr(values, "tolist") else [int(c) for c in values]
            row["cyclesByTile"] = by_tile
            row["activeTiles"] = sum(1 for c in by_tile if c)
        except AttributeError:
            pass
        return row

    def operations_part(self, doc):
        try:
            operations = list(self.pva.OperationAnalysis(self.report).operations)
        except AttributeError:
            return
        contexts = {}
        for op in operations:
            programs = [self.program_index[_ident(p, -1)] for p in op.programs()]
            try:
                context = op.debugContext
                key = _ident(context, len(contexts))
                if key not in contexts:
                    contexts[key] = len(doc["debugContexts"])
                    doc["debugContexts"].append({"layer": getattr(context, "layer", ""),
                                                 "name": getattr(context, "name", op.name), "json": context.json})
                context_id = contexts[key]
            except AttributeError:
                context_id, context = -1, None
            mine = set(programs)
            cycles = sum(max((i["cycles"] for i in s["ipus"]), default=0) for s in self.steps if s["program"] in mine)
            # Code of its distinct compute sets and exchanges (a stream copy's three programs share one).
            code_of = {self.program_code_key[p]: p for p in programs}
            code = sum(int(sum(self.compilation.programs[p].codeBytesByTile)) for p in code_of.values())
            # popscope.pva names the operation's layer; libpva's operations take their debug context's.
            layer = getattr(op, "layer", None) or getattr(context, "layer", "") or "poplar"
            doc["operations"].append({"name": op.name, "layer": layer,
                                      "debugName": getattr(op, "debugName", op.name), "debugContext": context_id,
                                      "programs": programs, "cycles": cycles, "codeBytes": code})


def load_pva(which):
    if which == "libpva":
        return importlib.import_module("pva")
    if which == "popscope":
        return importlib.import_module("popscope.pva")
    try:
        return importlib.import_module("pva")
    except ImportError:
        return importlib.import_module("popscope.pva")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m popscope.convert", description=__doc__.split("\n\n")[0])
    parser.add_argument("profile", help="the report to convert (what pva.openReport opens)")
    parser.add_argument("-o", "--output", required=True, help="OUT.json (interchange form) or OUT.pop")
    parser.add_argument("--pva", choices=("auto", "popscope", "libpva"), default="auto",
                        help="which pva module reads the report (auto: libpva when installed, else popscope)")
    args = parser.parse_args(argv)
    pva = load_pva(args.pva)
    try:
        document = Converter(pva, pva.openReport(args.profile)).document()
    except RuntimeError as error:  # pva.Error names the file and the problem
        print(f"popscope.convert: {error}", file=sys.stderr)
        return 1
    json_path = args.output[:-4] + ".json" if args.output.endswith(".pop") else args.output
    with open(json_path, "w") as f:
        f.write(json.dumps(document, separators=(",", ":")))  # dumps uses the C encoder, dump does not
    if json_path == args.output:
        print(f"wrote {json_path}; make a profile with: popscope-cli import {json_path} -o OUT.pop")
        return 0
    cli = os.environ.get("POPSCOPE_CLI") or shutil.which("popscope-cli")
    if not cli:
        print(f"wrote {json_path}; popscope-cli is not on PATH: run popscope-cli import {json_path} -o {args.output}")
        return 0
    return subprocess.run([cli, "import", json_path, "-o", args.output]).returncode


if __name__ == "__main__":
    sys.exit(main())
