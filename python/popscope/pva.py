"""libpva's Python API (the Poplar SDK's ``import pva``) over popscope's profile reader.

    import popscope.pva as pva          # instead of: import pva
    report = pva.openReport("profile.pop")

Names and types follow libpva (popvision.md §5): properties, not methods. Sequences are lazy and
their elements are views onto the report's arrays, made when accessed. A field the .pop format does
not hold raises AttributeError naming the field and why; bad files raise pva.Error (a
RuntimeError) naming the file and the problem. See docs/python.md for the field table.
"""

import enum
import os
import re
import warnings

from . import _popscope
from . import _views
from ._execution import Execution, OperationAnalysis  # noqa: F401
from ._lowered import LoweredColumns, LoweredVariables
from ._memory import Ipu, Tiles
from ._programs import ComputeSet, LivenessStep, Program, ProgramVisitor, Variable, VertexType  # noqa: F401

Error = _popscope.Error

__all__ = ["openReport", "Error", "Program", "ProgramVisitor", "OperationAnalysis", "Report"]


def openReport(profile, debugInfo=None):
    """Opens a .pop file (or a report folder holding profile.pop). `debugInfo` (libpva's debug.cbor)
    is accepted and ignored: a popscope profile carries its debug contexts itself."""
    if debugInfo is not None:
        warnings.warn("popscope.pva.openReport: the debugInfo argument is ignored; the profile's own "
                      "debug contexts are used", stacklevel=2)
    return Report(_popscope.Report(os.fspath(profile)))


class TargetType(enum.Enum):
    Ipu = "IPU"
    IpuModel = "IPUModel"
    Cpu = "CPU"
    Unknown = "Unknown"


class ComputeInstrumentation(enum.Enum):
    Off = "Off"
    Vertex = "Vertex"
    Tile = "Tile"
    Ipu = "Ipu"
    Device = "Device"
    Unknown = "Unknown"


class ExternalExchangeInstrumentation(enum.Enum):
    Off = "Off"
    Tile = "Tile"
    Unknown = "Unknown"


def _enum_of(kind, text):
    for member in kind:
        if member.value.lower() == text.lower():
            return member
    return kind.Unknown


class Target:
    """`compilation.target`. Memory figures are bytes, `clockFrequency` is Hz."""

    Type = TargetType

    def __init__(self, fields):
        self.type = _enum_of(TargetType, fields["type"])
        self.architecture = fields["architecture"]
        self.numIPUs = fields["numIPUs"]
        self.tilesPerIpu = fields["tilesPerIpu"]
        self.numTiles = self.numIPUs * self.tilesPerIpu
        self.bytesPerTile = fields["bytesPerTile"]
        self.bytesPerIPU = self.bytesPerTile * self.tilesPerIpu
        self.totalMemory = self.bytesPerIPU * self.numIPUs
        self.clockFrequency = fields["clockFrequency"]
        self.numReplicas = fields["numReplicas"]
        self.ipusPerReplica = fields["ipusPerReplica"]
        self.tilesPerReplica = self.ipusPerReplica * self.tilesPerIpu
        self.memoryPerReplica = self.tilesPerReplica * self.bytesPerTile


class Graph:
    """`compilation.graph`: the counts the Summary shows."""

    def __init__(self, summary, info):
        self.numComputeSets = summary["numComputeSets"]
        self.numVertices = summary["numVertices"]
        self.numVertexTypes = summary["numVertexTypes"]
        self.numVariables = summary["numVariables"]
        self.numEdges = info["numEdges"]


_VERSION = re.compile(r"^\s*(\d+)\.(\d+)\.(\d+)(?:\s*\(([0-9A-Fa-f]+)\))?")


class PoplarVersion:
    """`report.poplarVersion`: `string` as stored; `major`, `minor`, `point`, `packageHash` parsed
    from it ("3.1.0 (a027fa0bd5)"), AttributeError when it is not a Poplar release number."""

    def __init__(self, text):
        self.string = text
        self._match = _VERSION.match(text)

    def _part(self, field, group):
        if self._match is None or self._match.group(group) is None:
            _views.unavailable("poplarVersion", field, f"the profile's Poplar version {self.string!r} is not "
                               "a release number like '3.1.0 (a027fa0bd5)'")
        return self._match.group(group)

    major = property(lambda self: int(self._part("major", 1)))
    minor = property(lambda self: int(self._part("minor", 2)))
    point = property(lambda self: int(self._part("point", 3)))
    packageHash = property(lambda self: self._part("packageHash", 4))

    def __str__(self):
        return self.string


class ProfileReportVersion:
    """`report.version`: the profile format's version. popscope's format is versioned major.minor
    (a minor version only adds tables and columns), so `point` is always 0: format 1.2 is 1.2.0."""

    def __init__(self, major, minor):
        self.major, self.minor, self.point = major, minor, 0
        self.isUnstableFormat = False

    def __str__(self):
        return f"{self.major}.{self.minor}.{self.point}"


class InstrumentationSettings:
    def __init__(self, fields):
        self.compute = _enum_of(ComputeInstrumentation, fields["compute"])
        self.externalExchange = _enum_of(ExternalExchangeInstrumentation, fields["externalExchange"])


class Compilation:
    """`report.compilation`."""

    def __init__(self, report):
        self._report = report

    @property
    def target(self):
        return Target(self._report._handle.target)

    @property
    def graph(self):
        return Graph(self._report._summary, self._report._handle.info)

    @property
    def tiles(self):
        r = self._report
        return Tiles(r, 0, r._num_ipus * r._tiles_per_ipu)

    @property
    def ipus(self):
        r = self._report
        return _views.LazySequence(r._num_ipus, lambda i: Ipu(r, i))

    @property
    def alwaysLiveVariables(self):
        r = self._report
        return _views.IndexedSequence(memoryview(r._handle.always_live_variables()), lambda v: Variable(r, v))

    def alwaysLiveVariablesForTile(self, tile):
        """Always-live variables with bytes on the tile; `size` is their bytes on that tile."""
        r = self._report
        variables, sizes = r._handle.always_live_on_tile(tile)
        return [Variable(r, v, s) for v, s in zip(variables, sizes)]

    @property
    def loweredVariables(self):
        """Brief variables (a variable's bytes on one tile) and their liveness equivalence classes."""
        return LoweredVariables(self._report)

    @property
    def livenessProgramSteps(self):
        r = self._report
        return _views.LazySequence(len(r._liveness_programs), lambda s: LivenessStep(r, s))

    @property
    def programs(self):
        r = self._report
        return _views.LazySequence(r._handle.num_programs, lambda p: Program(r, p))

    @property
    def controlPrograms(self):
        """The program tree's roots (popscope: not in libpva's list, but where a visitor starts)."""
        r = self._report
        return [Program(r, p) for p in r._handle.control_programs]

    @property
    def debugContexts(self):
        """popscope: every debug context of the report, in id order (parents before children)."""
        from ._execution import DebugContext
        r = self._report
        return _views.LazySequence(r._handle.num_debug_contexts, lambda c: DebugContext(c, r._handle.debug_context(c)))

    @property
    def computeSets(self):
        r = self._report
        return _views.LazySequence(r._handle.num_compute_sets, lambda c: ComputeSet(r, c))


class Report:
    """What `openReport` returns: `compilation`, `execution`, `poplarVersion`, `version`,
    `instrumentationSettings`. Parts are read from the file when first asked for."""

    def __init__(self, handle):
        self._handle = handle
        target = handle.target
        self._num_ipus = target["numIPUs"]
        self._tiles_per_ipu = target["tilesPerIpu"]
        from ._memory import MemoryArrays
        self._memory = MemoryArrays(handle)
        self._cache = {}
        self._vertex_types = {}
        self._tile_liveness_cache = {}
        self._print_length = None

    def _cached(self, key, make):
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = make()
        return found

    # Internal accessors the views share (memoryviews: [i] is C-fast).
    _summary = property(lambda self: self._cached("summary", lambda: self._handle.summary))
    _liveness_programs = property(lambda self: self._cached("lp", lambda: memoryview(self._handle.liveness_programs())))
    _lowered = property(lambda self: self._cached("lowered", lambda: LoweredColumns(self._handle)))
    _liveness_by_ipu = property(lambda self: self._cached("lb", lambda: memoryview(self._handle.liveness_by_ipu())))

    def _step_column(self, name):
        return self._cached(("step", name), lambda: memoryview(self._handle.step_column(name)))

    def _vertex_type(self, index):
        found = self._vertex_types.get(index)
        if found is None:
            found = self._vertex_types[index] = VertexType(index, self._handle.vertex_type(index))
        return found

    def _tile_liveness(self, tile):
        found = self._tile_liveness_cache.get(tile)
        if found is None:
            found = self._tile_liveness_cache[tile] = memoryview(self._handle.liveness_of_tile(tile))
        return found

    @property
    def path(self):
        return self._handle.path

    @property
    def compilation(self):
        return Compilation(self)

    @property
    def execution(self):
        return Execution(self)

    @property
    def poplarVersion(self):
        return PoplarVersion(self._handle.info["poplarVersion"])

    @property
    def version(self):
        return ProfileReportVersion(*self._handle.format_version)

    @property
    def instrumentationSettings(self):
        return InstrumentationSettings(self._handle.target)

    def query(self, sql, target=None, timeout=60.0):
        """SQL over this report's query schema (docs/query.md), as `popscope.query(self, ...)`; with
        `target` (a path or a report) the two are the schemas `source` and `target`."""
        from ._query import query as run_query
        return run_query(self, sql, target, timeout)

    def listPrintLength(self, n):
        """Accepted for libpva scripts; popscope's views print no lists."""
        self._print_length = n

    def __repr__(self):
        return f"<pva.Report {self.path!r}>"
