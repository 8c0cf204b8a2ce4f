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
# What libpva's documented API (popvision.md §5) does not carry, so a report converted from libpva
# lacks it (docs/python.md lists the effects). popscope.pva offers some of these as extras, which the
# converter takes when the module has them (Converter.missing lists what this report lacked).
LEFT_OUT = [
    "timestamp", "engine options", "framework and application documents",
    "physical tile ids and I/O tiles", "gaps by region (all gaps but the overflowed region's are non-interleaved)",
    "step start where the first tile starts late",
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


def _optional(obj, field):
    """The field `field` of `obj`, or None when the report or the pva module has none (AttributeError)."""
    try:
        return getattr(obj, field)
    except AttributeError:
        return None


def _runs(values):
    """Per-tile values as a run list [[tiles, value], ...] (format 1.3)."""
    runs = []
    for value in values:
        if runs and runs[-1][1] == value:
            runs[-1][0] += 1
        else:
            runs.append([1, value])
    return runs


def _sum(values):
    return int(values.sum()) if hasattr(values, "sum") else sum(values)


def _as_list(values):
    return values.tolist() if hasattr(values, "tolist") else [int(v) for v in values]


class Converter:
    def __init__(self, pva, report, tile_liveness=False):
        self.pva, self.report, self.with_tile_liveness = pva, report, tile_liveness
        self.compilation = report.compilation
        self.execution = report.execution

    def document(self):
        target = self.compilation.target
        self.num_ipus, self.tiles_per_ipu = int(target.numIPUs), int(target.tilesPerIpu)
        self.num_tiles = self.num_ipus * self.tiles_per_ipu
        self.missing = set()  # what this report or pva module lacked, beyond LEFT_OUT
        settings = self.report.instrumentationSettings
        doc = {
            "format": {"name": "popscope-profile", "major": 1, "minor": 3},
            "poplarVersion": {"string": str(self.report.poplarVersion.string)},
            "generator": "popscope.convert (libpva API, " + self.pva.__name__ + ")",
            "instrumentationSettings": {"compute": _name(settings.compute),
                                        "externalExchange": _name(settings.externalExchange)},
            "debugContexts": self.debug_contexts(),
            "operations": [],
        }
        self.doc_contexts = doc["debugContexts"]
        doc["compilation"] = self.compilation_part(target)
        doc["execution"] = self.execution_part()
        self.operations_part(doc)
        left_out = LEFT_OUT + sorted(self.missing)
        doc["app"] = {"popscope.convert": {"source": getattr(self.report, "path", ""), "leftOut": left_out}}
        return doc

    def debug_contexts(self):
        """Every debug context with its parent when the module lists them (popscope.pva's
        compilation.debugContexts); else the operations' own contexts are taken as they come."""
        self.context_index = {}
        listed = _optional(self.compilation, "debugContexts")
        if listed is None:
            return []
        out = []
        for c in listed:
            self.context_index[c.id] = len(out)
            out.append({"parent": self.context_index.get(c.parent, -1), "layer": c.layer, "name": c.name,
                        "json": c.json})
        return out

    def context_of(self, obj, doc_contexts):
        """The interchange index of `obj.debugContext`, added when new; -1 when it has none."""
        context = _optional(obj, "debugContext")
        if context is None:
            return -1, None
        key = _ident(context, len(self.context_index))
        if key not in self.context_index:
            self.context_index[key] = len(doc_contexts)
            doc_contexts.append({"layer": getattr(context, "layer", ""), "name": getattr(context, "name", ""),
                                 "json": context.json})
        return self.context_index[key], context

    def compilation_part(self, target):
        c = self.compilation
        part = {
            "target": {"type": TARGET_TYPES.get(_name(target.type).lower(), "Unknown"), "numIPUs": self.num_ipus,
                       "tilesPerIpu": self.tiles_per_ipu, "bytesPerTile": int(target.bytesPerTile),
                       "clockFrequency": float(target.clockFrequency), "numReplicas": int(target.numReplicas),
                       "ipusPerReplica": int(target.ipusPerReplica)},
            "graph": {"numEdges": int(getattr(c.graph, "numEdges", 0))},
        }
        architecture = _optional(target, "architecture")  # popscope.pva's; libpva has none
        if architecture:
            part["target"]["architecture"] = str(architecture)
        else:
            self.missing.add("target architecture (Mk2 assumed)")
        part["memory"] = self.memory()
        part["vertexTypes"], part["computeSets"] = self.compute_sets()
        part["programs"], part["exchanges"], part["controlPrograms"] = self.programs()
        part["livenessProgramSteps"], not_always_live = self.liveness()
        if self.with_tile_liveness:
            part["livenessByTile"] = self.tile_liveness()
        part["variables"] = self.variables(not_always_live)
        self.program_facts(part["programs"])
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
        cycles = _optional(obj, "estimatedCyclesByTile")
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
                estimate = _optional(v, "estimatedCycles")
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
                moved = _optional(p, "exchangeBytes")
                if moved is None:
                    self.missing.add("bytes moved by each exchange")
                elif moved:
                    exchanges[exchange_index[key]]["totalBytes"] = int(moved)
                row["exchange"] = exchange_index[key]
                estimates = self.estimated_by_ipu(p)
                if estimates:
                    row["estimatedCyclesByIpu"] = estimates
            rows.append(row)
        roots = [i for i in range(len(rows)) if i not in children_of]
        self.program_code_key = [(r.get("computeSet", -1), r.get("exchange", -1)) for r in rows]
        self.program_types = [r["type"] for r in rows]
        self.program_children = [r["children"] for r in rows]
        self.source_programs = programs
        self.program_compute_sets = [r.get("computeSet", -1) for r in rows]
        return rows, exchanges, roots

    def liveness(self):
        steps, live = [], {}  # live: (name, size) -> liveness steps
        for s, step in enumerate(self.compilation.livenessProgramSteps):
            steps.append({"program": self.program_index[_ident(step.program, -1)],
                          "notAlwaysLiveMemory": {"bytesByIpu": [int(step.notAlwaysLiveMemoryForIpu(i).bytes)
                                                                 for i in range(self.num_ipus)]}})
            for v in step.notAlwaysLiveMemory.variables:
                live.setdefault((v.name, int(v.size)), (v, []))[1].append(s)
        return steps, live

    def variable_row(self, v, always_live):
        """A variable's interchange row with what the module gives of it: popscope.pva's `category`,
        `elementType` and `debugContext` (libpva's variables have name and size only)."""
        row = {"name": v.name, "size": int(v.size), "alwaysLive": always_live, "tiles": []}
        for field, key in (("category", "category"), ("elementType", "type")):
            value = _optional(v, field)
            if value is None:
                self.missing.add(f"variables' {field}")
            elif value:
                row[key] = str(value)
        if _optional(type(v), "debugContext") is None:
            self.missing.add("variables' debug contexts")
        else:
            row["debugContext"] = self.context_of(v, self.doc_contexts)[0]
        return row

    def tile_liveness(self):
        """Not-always-live bytes of every tile at every liveness step (notAlwaysLiveMemoryForTile):
        a call per step and tile, so only when asked for (--tile-liveness)."""
        rows, per_ipu = [], self.tiles_per_ipu
        for s, step in enumerate(self.compilation.livenessProgramSteps):
            for ipu in range(self.num_ipus):
                values = [int(step.notAlwaysLiveMemoryForTile(ipu * per_ipu + t).bytes) for t in range(per_ipu)]
                if any(values):
                    rows.append({"step": s, "ipu": ipu, "bytesByTile": values})
        return rows

    def variables(self, not_always_live):
        out, position = [], {}
        for v in self.compilation.alwaysLiveVariables:
            position[_ident(v, v.name)] = len(out)
            out.append(self.variable_row(v, True))
        for (name, size), (v, steps) in not_always_live.items():
            ranges = []
            for s in steps:
                if ranges and ranges[-1][1] == s - 1:
                    ranges[-1][1] = s
                else:
                    ranges.append([s, s])
            position[_ident(v, name)] = len(out)
            out.append(dict(self.variable_row(v, False), liveRanges=ranges))
        if not self.tiles_from_lowered_variables(out, position):
            self.missing.add("not-always-live variables' tiles")
            for tile in range(self.num_tiles):
                for v in self.compilation.alwaysLiveVariablesForTile(tile):
                    if _ident(v, v.name) in position:
                        out[position[_ident(v, v.name)]]["tiles"].append([tile, int(v.size)])
        return out

    def tiles_from_lowered_variables(self, out, position):
        """Every variable's tiles from loweredVariables, when its brief variables name their
        variable (popscope.pva's `variable`; libpva's brief variables are anonymous)."""
        lowered = _optional(self.compilation, "loweredVariables")
        briefs = _optional(lowered, "allBriefVars") if lowered is not None else None
        if briefs is None or not len(briefs) or _optional(briefs[0], "variable") is None:
            return False
        self.brief_variable = []
        for brief in briefs:
            source = brief.variable
            row = position.get(_ident(source, source.name))
            self.brief_variable.append(row)
            if row is not None:
                out[row]["tiles"].append([int(brief.tileId), int(brief.bytes)])
        return True

    def program_facts(self, rows):
        """Format 1.3 on each program row: its own control code (libpva's controlCodeByTile holds
        its descendants' too, so theirs is taken off) and the variables it uses (when its brief
        variables name their variable)."""
        programs, children = self.source_programs, self.program_children
        # The sums first, one array at a time: bench-large's 83,229 arrays of 5,888 tiles would take 4 GB.
        sums = []
        for p in programs:
            total = _optional(p, "controlCodeByTile")
            if total is None:
                self.missing.add("programs' control code")
                sums = None
                break
            sums.append(_sum(total))
        used = [self.used_variables(p) for p in programs]
        for i, row in enumerate(rows):
            if sums is not None and sums[i] > sum(sums[c] for c in children[i]):
                self.own_control_code(row, programs[i], [programs[c] for c in children[i]])
            if used[i] is None:
                self.missing.add("the variables each program uses")
                continue
            own = set(used[i])
            for c in children[i]:
                own -= used[c] or set()
            if own:
                row["variables"] = sorted(own)

    def used_variables(self, program):
        """The interchange variables a program (and those below it) uses, from its brief variables;
        None when the module cannot say."""
        used = _optional(program, "vars") if getattr(self, "brief_variable", None) else None
        if used is None:
            return None
        return {self.brief_variable[b._id] for b in used} - {None}

    def own_control_code(self, row, program, children):
        """The program's control code beyond its children's, by IPU as run lists."""
        own = _as_list(program.controlCodeByTile)
        for child in children:
            own = [max(0, t - c) for t, c in zip(own, _as_list(child.controlCodeByTile))]
        for ipu in range(self.num_ipus):
            values = own[ipu * self.tiles_per_ipu:(ipu + 1) * self.tiles_per_ipu]
            if any(values):
                row.setdefault("controlCodeByIpu", []).append({"ipu": ipu, "runs": _runs(values)})

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
        for op in operations:
            programs = [self.program_index[_ident(p, -1)] for p in op.programs()]
            context_id, context = self.context_of(op, doc["debugContexts"])
            mine = set(programs)
            cycles = sum(max((i["cycles"] for i in s["ipus"]), default=0) for s in self.steps if s["program"] in mine)
            # Code of its distinct compute sets and exchanges (a stream copy's three programs share one).
            code_of = {self.program_code_key[p]: p for p in programs}
            code = sum(int(sum(self.compilation.programs[p].codeBytesByTile)) for p in code_of.values())
            # popscope.pva names the operation's layer; libpva's operations take their debug context's.
            layer = getattr(op, "layer", None) or getattr(context, "layer", "") or "poplar"
            row = {"name": op.name, "layer": layer, "debugName": getattr(op, "debugName", op.name),
                   "debugContext": context_id, "programs": programs, "cycles": cycles, "codeBytes": code}
            flops = _optional(op, "flops")
            if flops is None:
                self.missing.add("operations' FLOPs")
            else:
                row["flops"] = int(flops)
            doc["operations"].append(row)


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
    parser.add_argument("--debug-info", metavar="DEBUG.CBOR",
                        help="the report's debug.cbor, given to pva.openReport(profile, debugInfo): libpva then "
                             "gives the operations' debug contexts (popscope.pva ignores it)")
    parser.add_argument("--tile-liveness", action="store_true",
                        help="also write every tile's not-always-live bytes at every liveness step "
                             "(notAlwaysLiveMemoryForTile: one call per step and tile, slow on large reports)")
    parser.add_argument("--pva", choices=("auto", "popscope", "libpva"), default="auto",
                        help="which pva module reads the report (auto: libpva when installed, else popscope)")
    args = parser.parse_args(argv)
    pva = load_pva(args.pva)
    try:
        report = pva.openReport(args.profile, args.debug_info) if args.debug_info else pva.openReport(args.profile)
        document = Converter(pva, report, args.tile_liveness).document()
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
