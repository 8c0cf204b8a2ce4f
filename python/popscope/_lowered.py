"""compilation.loweredVariables: brief variables and their liveness equivalence classes.

A brief variable is one variable's bytes on one tile (a vars_info row); `id` numbers them in
variable order and, within a variable, in its tile order. An equivalence class groups the variables
with the same liveness: all always-live variables share one class, live at every liveness step; the
not-always-live variables with the same live ranges share one. A class's `steps` are half-open
intervals `[start, end)` of indexes into `compilation.livenessProgramSteps`, as libpva gives them
(``live[interval.start:interval.end] = True``)."""

from . import _views


class Interval:
    """`equivalenceClass.steps[i]`: liveness steps `start` (inclusive) to `end` (exclusive)."""

    __slots__ = ("start", "end")

    def __init__(self, start, end):
        self.start, self.end = start, end

    def __eq__(self, other):
        return isinstance(other, Interval) and (self.start, self.end) == (other.start, other.end)

    def __hash__(self):
        return hash((self.start, self.end))

    def __repr__(self):
        return f"<pva.Interval [{self.start}, {self.end})>"


class EquivalenceClass:
    """A liveness equivalence class: `id` and `steps` (half-open intervals of liveness steps)."""

    __slots__ = ("_columns", "id")

    def __init__(self, columns, index):
        self._columns, self.id = columns, index

    @property
    def steps(self):
        offsets, flat = self._columns.column("classStepOffsets"), self._columns.column("classSteps")
        first, last = offsets[self.id], offsets[self.id + 1]
        return [Interval(flat[2 * k], flat[2 * k + 1]) for k in range(first, last)]

    def __eq__(self, other):
        return isinstance(other, EquivalenceClass) and other.id == self.id and other._columns is self._columns

    def __hash__(self):
        return hash(self.id)

    def __repr__(self):
        return f"<pva.EquivalenceClass {self.id}>"


class BriefVar:
    """`loweredVariables.allBriefVars[i]` (and an operation's `vars`): `id` (also `_id`), `bytes`,
    `tileId`, `equivalenceClass`; popscope adds `variable` (the whole variable: name, size, ...)."""

    __slots__ = ("_report", "id")

    def __init__(self, report, index):
        self._report, self.id = report, index

    _id = property(lambda self: self.id)
    bytes = property(lambda self: self._columns.column("bytes")[self.id])
    tileId = property(lambda self: self._columns.column("tile")[self.id])

    @property
    def _columns(self):
        return self._report._lowered

    @property
    def equivalenceClass(self):
        columns = self._columns
        return EquivalenceClass(columns, columns.column("classOfVariable")[columns.column("variable")[self.id]])

    @property
    def variable(self):
        from ._programs import Variable
        return Variable(self._report, self._columns.column("variable")[self.id])

    @property
    def name(self):
        return self.variable.name

    def __eq__(self, other):
        return isinstance(other, BriefVar) and other.id == self.id and other._report is self._report

    def __hash__(self):
        return hash(self.id)

    def __repr__(self):
        return f"<pva.BriefVar {self.id} tile {self.tileId} {self.bytes} B>"


class LoweredColumns:
    """The report's brief-variable columns (memoryviews onto core's arrays), read on first use."""

    __slots__ = ("_handle", "_columns")

    def __init__(self, handle):
        self._handle, self._columns = handle, {}

    def column(self, name):
        found = self._columns.get(name)
        if found is None:
            found = self._columns[name] = memoryview(self._handle.lowered_column(name))
        return found

    def briefs_of_variable(self, variable):
        start = self.column("variableStart")
        return range(start[variable], start[variable + 1])


class TileBriefVars(_views.IndexedSequence):
    """`loweredVariables.forTile(t)`: the brief variables on tile t, in id order; its
    `equivalenceClasses` are their distinct classes (with each class's liveness intervals)."""

    __slots__ = ("_report",)

    def __init__(self, report, ids):
        super().__init__(ids, lambda b: BriefVar(report, b))
        self._report = report

    @property
    def equivalenceClasses(self):
        columns = self._report._lowered
        classes, variable = columns.column("classOfVariable"), columns.column("variable")
        return [EquivalenceClass(columns, c) for c in sorted({classes[variable[b]] for b in self._ids})]


class LoweredVariables:
    """`compilation.loweredVariables`: `allBriefVars`, `forTile(t)`; popscope adds
    `equivalenceClasses` (all of them) and `forVariable(v)`."""

    __slots__ = ("_report",)

    def __init__(self, report):
        self._report = report

    @property
    def allBriefVars(self):
        r = self._report
        return _views.LazySequence(len(r._lowered.column("tile")), lambda b: BriefVar(r, b))

    def forTile(self, tile):
        r = self._report
        if not 0 <= tile < r._num_ipus * r._tiles_per_ipu:
            raise IndexError(f"tile {tile} out of range (the report has {r._num_ipus * r._tiles_per_ipu})")
        offsets = r._lowered.column("tileOffsets")
        return TileBriefVars(r, r._lowered.column("byTile")[offsets[tile]:offsets[tile + 1]])

    def forVariable(self, variable):
        """The brief variables of variable `variable` (an index into the report's variables)."""
        r = self._report
        return [BriefVar(r, b) for b in r._lowered.briefs_of_variable(variable)]

    @property
    def equivalenceClasses(self):
        columns = self._report._lowered
        count = len(columns.column("classStepOffsets")) - 1
        return _views.LazySequence(max(count, 0), lambda c: EquivalenceClass(columns, c))
