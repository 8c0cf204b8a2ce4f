"""Programs, compute sets, vertex types, variables and liveness program steps."""

import enum

from . import _views


class ProgramType(enum.Enum):
    """`pva.Program.Type`: every type popvision.md §5 lists (a type the file names that is not
    here reads as Unknown; its name stays in `program.typeName`)."""

    OnTileExecute = "OnTileExecute"
    DoExchange = "DoExchange"
    GlobalExchange = "GlobalExchange"
    StreamCopyBegin = "StreamCopyBegin"
    StreamCopyMid = "StreamCopyMid"
    StreamCopyEnd = "StreamCopyEnd"
    Sync = "Sync"
    SyncAns = "SyncAns"
    Sans = "Sans"
    Sequence = "Sequence"
    Repeat = "Repeat"
    WriteUndef = "WriteUndef"
    Call = "Call"
    OnEveryTileSwitch = "OnEveryTileSwitch"
    Copy = "Copy"
    CopySharedStructure = "CopySharedStructure"
    Execute = "Execute"
    Unknown = "Unknown"


_TYPES = {t.value: t for t in ProgramType}


class ProgramVisitor:
    """Subclass and define `visit<Type>` (visitOnTileExecute, visitDoExchange, ...) for the types
    you care about; `program.accept(visitor)` calls the one for the program's type. The defaults
    do nothing (as libpva's), so a visitor that walks the tree recurses in visitSequence itself."""


def _visit_default(self, program):
    return None


for _type in ProgramType:
    setattr(ProgramVisitor, "visit" + _type.value, _visit_default)


def _no_estimates(handle, what="the profile"):
    """Why an estimate is missing: the profile has none, or none for `what`."""
    if handle.has_estimates:
        return f"the profile holds no compiler estimate for {what}"
    major, minor = handle.format_version
    if (major, minor) < (1, 2):
        return f"the profile holds no compiler estimates (format {major}.{minor}; they come with format 1.2)"
    return "the profile holds no compiler estimates (what wrote it recorded none)"


def _not_per_program(handle, what):
    """Why a per-program fact (format 1.3) is missing: an older file, or what wrote it recorded none."""
    major, minor = handle.format_version
    if (major, minor) < (1, 3):
        return f"the profile holds no {what} (format {major}.{minor}; it comes with format 1.3)"
    return f"the profile holds no {what} (what wrote it recorded none)"


def brief_vars_of(report, variables):
    """The brief variables (one per variable and tile) of `variables`, in id order."""
    from ._lowered import BriefVar
    lowered = report._lowered
    return [BriefVar(report, b) for v in variables for b in lowered.briefs_of_variable(v)]


class VertexType:
    """A codelet: `name`, `size` (state bytes of one instance), `codeBytes`."""

    __slots__ = ("id", "name", "size", "codeBytes")

    def __init__(self, index, row):
        self.id = index
        self.name, self.codeBytes, self.size = row

    def __repr__(self):
        return f"<pva.VertexType {self.name!r}>"


class ComputeSetVertices:
    """`computeSet.vertices[i]`: `type` and `countByTile` (instances on every tile)."""

    __slots__ = ("_report", "_set", "_position", "type")

    def __init__(self, report, compute_set, position, vertex_type):
        self._report, self._set, self._position, self.type = report, compute_set, position, vertex_type

    @property
    def countByTile(self):
        return _views.array(self._report._handle.vertex_count_by_tile(self._set, self._position))

    @property
    def estimatedCycles(self):
        """The compiler's estimate of one vertex of the entry (profile format 1.2)."""
        handle = self._report._handle
        cycles = handle.vertex_estimate(self._set, self._position) if handle.has_estimates else None
        if cycles is None:
            _views.unavailable("vertex", "estimatedCycles", _no_estimates(handle, "this vertex"))
        return cycles


class ComputeSet:
    """`compilation.computeSets[i]`: `id`, `name`, `vertices`."""

    __slots__ = ("_report", "id", "name", "_types")

    def __init__(self, report, index):
        self._report, self.id = report, index
        self.name, self._types, _ = report._handle.compute_set(index)

    @property
    def vertices(self):
        r = self._report
        return [ComputeSetVertices(r, self.id, p, r._vertex_type(t)) for p, t in enumerate(self._types)]

    @property
    def estimatedCyclesByTile(self):
        """The compiler's estimate of one execution of the compute set on every tile (0 on tiles
        without work)."""
        handle = self._report._handle
        if not handle.has_estimates:
            _views.unavailable("computeSet", "estimatedCyclesByTile", _no_estimates(handle))
        return _views.array(handle.compute_set_estimate(self.id))

    def __repr__(self):
        return f"<pva.ComputeSet {self.name!r}>"


class Program:
    """`compilation.programs[i]`. `type` is a `pva.Program.Type`."""

    Type = ProgramType
    __slots__ = ("_report", "_id", "_row")

    def __init__(self, report, index):
        self._report, self._id = report, index
        self._row = report._handle.program(index)  # (type, name, children, computeSet, exchange, debugContext, repeat)

    id = property(lambda self: self._id)
    name = property(lambda self: self._row[1])
    typeName = property(lambda self: self._row[0])
    type = property(lambda self: _TYPES.get(self._row[0], ProgramType.Unknown))
    repeatCount = property(lambda self: self._row[6])

    @property
    def children(self):
        return [Program(self._report, c) for c in self._row[2]]

    @property
    def codeBytesByTile(self):
        """Vertex code of its compute set plus its exchange code, on every tile (as Operations counts it)."""
        return _views.array(self._report._handle.program_code_bytes_by_tile(self._id))

    @property
    def controlCodeByTile(self):
        """Control code of the program and every program below it, on every tile (format 1.3)."""
        handle = self._report._handle
        if not handle.has_program_control_code:
            _views.unavailable("program", "controlCodeByTile", _not_per_program(handle, "control code per program"))
        return _views.array(handle.program_control_code([self._id]))

    @property
    def estimatedCyclesByTile(self):
        """The compiler's estimate of the program on every tile: an exchange's or stream-copy phase's;
        0 on every tile for other programs (a compute set's estimates are `computeset`'s)."""
        handle = self._report._handle
        if not handle.has_estimates:
            _views.unavailable("program", "estimatedCyclesByTile", _no_estimates(handle))
        return _views.array(handle.program_estimate(self._id))

    @property
    def exchangeBytes(self):
        """popscope: the payload bytes its exchange or stream copy moves (one execution); 0 for other
        programs."""
        return self._report._handle.exchange(self._row[4])[2] if self._row[4] >= 0 else 0

    @property
    def computeset(self):
        if self._row[3] < 0:
            _views.unavailable("program", "computeset", f"{self.typeName} program {self.name!r} runs no compute set "
                               "(only OnTileExecute programs do)")
        return ComputeSet(self._report, self._row[3])

    @property
    def vars(self):
        """The lowered variables the program and the programs below it use (format 1.3): the brief
        variables (`_id` as in loweredVariables.allBriefVars) of the variables they read and write."""
        r = self._report
        if not r._handle.has_program_variables:
            _views.unavailable("program", "vars", _not_per_program(r._handle, "the variables each program uses"))
        return brief_vars_of(r, r._handle.program_variables([self._id]))

    def accept(self, visitor):
        return getattr(visitor, "visit" + self.type.value, _visit_default)(self)

    def __eq__(self, other):
        return isinstance(other, Program) and other._id == self._id and other._report is self._report

    def __hash__(self):
        return hash(self._id)

    def __repr__(self):
        return f"<pva.Program {self.typeName} {self.name!r}>"


class Variable:
    """A variable: `name`, `size` (bytes; on one tile when it comes from a ...ForTile call)."""

    __slots__ = ("_report", "id", "_size", "_row")

    def __init__(self, report, index, size=None):
        self._report, self.id, self._size, self._row = report, index, size, None

    def _get(self):
        if self._row is None:
            self._row = self._report._handle.variable(self.id)  # (name, size, category, type, alwaysLive, context)
        return self._row

    name = property(lambda self: self._get()[0])
    size = property(lambda self: self._size if self._size is not None else self._get()[1])
    category = property(lambda self: self._get()[2])
    elementType = property(lambda self: self._get()[3])
    alwaysLive = property(lambda self: self._get()[4])

    @property
    def debugContext(self):
        """popscope: the variable's debug context (`id`, `parent`, `layer`, `name`, `json`)."""
        from ._execution import DebugContext
        context = self._get()[5]
        if context < 0:
            _views.unavailable(f"variable {self.name!r}", "debugContext", "the variable has no debug context")
        return DebugContext(context, self._report._handle.debug_context(context))

    def __repr__(self):
        return f"<pva.Variable {self.name!r} {self.size} B>"


class NotAlwaysLiveMemory:
    """`bytes` and `variables` (the not-always-live variables live at the step, largest first)."""

    __slots__ = ("bytes", "_variables")

    def __init__(self, bytes_, variables):
        self.bytes, self._variables = bytes_, variables

    @property
    def variables(self):
        return self._variables()


class LivenessStep:
    """`compilation.livenessProgramSteps[i]`."""

    __slots__ = ("_report", "_step")

    def __init__(self, report, step):
        self._report, self._step = report, step

    @property
    def program(self):
        return Program(self._report, self._report._liveness_programs[self._step])

    def _live(self, ipu):
        r = self._report
        return lambda: [Variable(r, v, size) for v, size in r._handle.live_variables(self._step, ipu)]

    @property
    def notAlwaysLiveMemory(self):
        r = self._report
        n = r._num_ipus
        row = r._liveness_by_ipu[self._step * n:(self._step + 1) * n]
        return NotAlwaysLiveMemory(sum(row), self._live(-1))

    def notAlwaysLiveMemoryForIpu(self, ipu):
        r = self._report
        if not 0 <= ipu < r._num_ipus:
            raise IndexError(f"IPU {ipu} out of range (the report has {r._num_ipus})")
        return NotAlwaysLiveMemory(r._liveness_by_ipu[self._step * r._num_ipus + ipu], self._live(ipu))

    def notAlwaysLiveMemoryForTile(self, tile):
        r = self._report
        series = r._tile_liveness(tile)

        def variables():
            out = []
            for v, _ in r._handle.live_variables(self._step, tile // r._tiles_per_ipu):
                on_tile = sum(b for t, b in r._handle.variable_tiles(v) if t == tile)
                if on_tile:
                    out.append(Variable(r, v, on_tile))
            return out
        return NotAlwaysLiveMemory(series[self._step], variables)

    def __repr__(self):
        return f"<pva.LivenessStep {self._step}>"
