"""report.execution (runs, steps, their per-IPU figures) and OperationAnalysis."""

from . import _views
from ._programs import ComputeSet, Program, Variable, brief_vars_of


class MinMax:
    __slots__ = ("min", "max")

    def __init__(self, low, high):
        self.min, self.max = low, high

    def __repr__(self):
        return f"<min={self.min} max={self.max}>"


class ActiveCycles:
    """Absolute cycle positions on the IPU's timeline: the step's cycles_base plus the stored
    earliest/latest tile start (`cyclesFrom`) and end (`cyclesTo`)."""

    __slots__ = ("cyclesFrom", "cyclesTo")

    def __init__(self, cycles_from, cycles_to):
        self.cyclesFrom, self.cyclesTo = cycles_from, cycles_to


class StepIpu:
    """`step.ipus[i]`: the step on IPU i. Every field reads on every IPU of the target. On an IPU
    the step does not run on (`runs` is False) it has 0 cycles, 0 data and 0 active tiles,
    `cyclesBase` is the IPU's clock at that point and `activeCycles` the empty interval there."""

    __slots__ = ("_report", "_step", "ipu", "_slot")

    def __init__(self, report, step, ipu):
        self._report, self._step, self.ipu = report, step, ipu
        self._slot = step * report._num_ipus + ipu

    def _column(self, name):
        return self._report._step_column(name)[self._slot]

    cycles = property(lambda self: self._column("cycles"))
    dataIn = property(lambda self: self._column("dataIn"))
    dataOut = property(lambda self: self._column("dataOut"))
    activeTiles = property(lambda self: self._column("activeTiles"))
    runs = property(lambda self: self._column("present") == 1)
    # The cycle the step starts at on the IPU; on an IPU it does not run on, the end of the IPU's
    # previous step (or the start of its next one when that is earlier).
    cyclesBase = property(lambda self: self._column("cyclesBase"))

    @property
    def activeCycles(self):
        base = self._column("cyclesBase")
        return ActiveCycles(MinMax(base + self._column("fromMin"), base + self._column("fromMax")),
                            MinMax(base + self._column("toMin"), base + self._column("toMax")))

    @property
    def hasCyclesByTile(self):
        """True when the profile holds the step's cycles of every tile of this IPU."""
        return self.runs and len(self._report._handle.tile_cycles(self._step, self.ipu)) > 0

    @property
    def cyclesByTile(self):
        """The profile's per-tile cycles; without them, as the Execution Trace reads such a step:
        the first `activeTiles` tiles busy for the whole step, the others waiting (all 0 on an IPU
        the step does not run on)."""
        tiles = self._report._tiles_per_ipu
        if not self.runs:
            return _views.zeros(tiles)
        cycles = self._report._handle.tile_cycles(self._step, self.ipu)
        if len(cycles):
            return _views.array(cycles)
        return _views.leading(self.activeTiles, self.cycles, tiles)

    def _balance(self, over_active):
        cycles = self.cyclesByTile
        slowest = _views.max_of(cycles)
        if not slowest:
            return 0.0
        count = _views.nonzero_of(cycles) if over_active else len(cycles)
        return _views.total_of(cycles) / (count * slowest)

    @property
    def tileBalance(self):
        """Busy share of the IPU's tiles: Σ tile cycles ÷ (tiles × the slowest tile's cycles)."""
        return self._balance(False)

    @property
    def activeTileBalance(self):
        """The same over the tiles with work: Σ tile cycles ÷ (active tiles × the slowest)."""
        return self._balance(True)


class StepComputeSet:
    __slots__ = ("_step", "computeSet")

    def __init__(self, step, compute_set):
        self._step, self.computeSet = step, compute_set

    name = property(lambda self: self.computeSet.name)
    cyclesByTile = property(lambda self: self._step.cyclesByTile)

    @property
    def estimatedCyclesByTile(self):
        """The compiler's estimate of one execution of the compute set on every tile (its
        `computeSet.estimatedCyclesByTile`: every execution has the same estimate)."""
        return self.computeSet.estimatedCyclesByTile


class Step:
    """`execution.steps[i]`: `program`, `ipus`, `cyclesByTile` (all tiles), `computeSets`."""

    __slots__ = ("_report", "id")

    def __init__(self, report, step):
        self._report, self.id = report, step

    @property
    def program(self):
        return Program(self._report, self._report._step_column("program")[self.id])

    @property
    def type(self):
        return self._report._handle.step(self.id)[0]

    @property
    def ipus(self):
        r, step = self._report, self.id
        return _views.LazySequence(r._num_ipus, lambda i: StepIpu(r, step, i))

    @property
    def cyclesByTile(self):
        """Every tile of every IPU, as each `ipus[i].cyclesByTile` gives them."""
        r = self._report
        return _views.concatenate([StepIpu(r, self.id, ipu).cyclesByTile for ipu in range(r._num_ipus)])

    @property
    def computeSets(self):
        compute_set = self._report._handle.step(self.id)[1]
        return [StepComputeSet(self, ComputeSet(self._report, compute_set))] if compute_set >= 0 else []

    def __repr__(self):
        return f"<pva.Step {self.id} {self.program.name!r}>"


class Microseconds:
    __slots__ = ("start", "end")

    def __init__(self, start, end):
        self.start, self.end = start, end


class Run:
    """`execution.runs[i]`: `name`, `steps`, `microseconds.start/end`."""

    __slots__ = ("_report", "id", "name", "microseconds")

    def __init__(self, report, index, row):
        self._report, self.id = report, index
        self.name, start, end = row
        self.microseconds = Microseconds(start, end)

    @property
    def steps(self):
        r = self._report
        return _views.IndexedSequence(memoryview(r._handle.run_steps(self.id)), lambda s: Step(r, s))


class TotalCycles:
    __slots__ = ("total",)

    def __init__(self, total):
        self.total = total


class Execution:
    """`report.execution`."""

    __slots__ = ("_report",)

    def __init__(self, report):
        self._report = report

    @property
    def runs(self):
        r = self._report
        return [Run(r, i, row) for i, row in enumerate(r._handle.runs)]

    @property
    def steps(self):
        r = self._report
        return _views.LazySequence(r._handle.num_steps, lambda s: Step(r, s))

    @property
    def totalCycles(self):
        """The execution span: latest step end − earliest step start over all IPUs (the Summary's)."""
        return TotalCycles(self._report._summary["totalCycles"])


class DebugContext:
    __slots__ = ("id", "parent", "layer", "name", "json")

    def __init__(self, index, row):
        self.id = index
        self.parent, self.layer, self.name, self.json = row


class Operation:
    """`OperationAnalysis(report).operations[i]`. Beside libpva's fields it carries popscope's
    figures: `layer`, `cycles`, `flops`, `codeBytes` (as `popscope-cli operations` prints them)."""

    __slots__ = ("_report", "id", "name", "layer", "debugName", "_context", "_programs", "flops", "codeBytes", "cycles")

    def __init__(self, report, index):
        self._report, self.id = report, index
        (self.name, self.layer, self.debugName, self._context, self._programs,
         self.flops, self.codeBytes, self.cycles) = report._handle.operation(index)

    @property
    def debugContext(self):
        if self._context < 0:
            _views.unavailable(f"operation {self.name!r}", "debugContext", "the operation has no debug context")
        return DebugContext(self._context, self._report._handle.debug_context(self._context))

    def programs(self):
        return [Program(self._report, p) for p in self._programs]

    def _liveness_span(self, field):
        span = self._report._handle.operation_liveness_steps(self.id)
        if span is None:
            _views.unavailable(f"operation {self.name!r}", field, "no liveness program step runs one of its programs")
        return span

    # Indexes into compilation.livenessProgramSteps (known at compile time): the first and last
    # liveness step whose program is one of the operation's programs or below one of them.
    firstStepIndex = property(lambda self: self._liveness_span("firstStepIndex")[0])
    lastStepIndex = property(lambda self: self._liveness_span("lastStepIndex")[1])

    @property
    def executionSteps(self):
        """popscope: the execution steps (indexes into execution.steps) that ran its programs."""
        return self._report._handle.operation_steps(self.id).tolist()

    @property
    def variables(self):
        """popscope: the variables whose debug context is the operation's or below it (as the
        Operations report counts them), whole: `name`, `size`, ..."""
        r = self._report
        return [Variable(r, v) for v in r._handle.variables_under_context(self._context)]

    @property
    def vars(self):
        """The lowered variables it uses: the brief variables (one per variable and tile, `_id` as
        in loweredVariables.allBriefVars) of the variables its programs, and the programs below
        them, read and write (format 1.3); in an older profile, of `variables` (its debug context's)."""
        r = self._report
        if r._handle.has_program_variables:
            return brief_vars_of(r, r._handle.program_variables(self._programs))
        return brief_vars_of(r, r._handle.variables_under_context(self._context))

    def __repr__(self):
        return f"<pva.Operation {self.name!r}>"


class OperationAnalysis:
    """`pva.OperationAnalysis(report).operations`."""

    def __init__(self, report):
        self._report = report

    @property
    def operations(self):
        r = self._report
        return _views.LazySequence(r._handle.num_operations, lambda i: Operation(r, i))
