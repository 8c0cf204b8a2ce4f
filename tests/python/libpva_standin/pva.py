"""A stand-in for libpva (`import pva`) in the converter's tests: popscope.pva with only the
attributes libpva documents (popvision.md §5), so a conversion through it takes the path a real
libpva takes and lacks what libpva lacks."""
import enum

import popscope.pva as _popscope

__name__ = "pva"  # noqa: A001 - the converter names its source module in "Written by"

_CATEGORIES = {"vertexCode", "vertexInstanceState", "vertexFieldData", "vectorListDescriptor", "copyDescriptor",
               "controlCode", "controlId", "controlTable", "internalExchangeCode", "globalExchangeCode",
               "hostExchangeCode", "hostExchangePacketHeader", "globalExchangePacketHeader",
               "instrumentationResults", "constant", "stack", "variable", "variables", "message"}
DOCUMENTED = _CATEGORIES | {
    # Report, versions, settings
    "compilation", "execution", "instrumentationSettings", "poplarVersion", "version", "string", "major", "minor",
    "point", "packageHash", "isUnstableFormat", "compute", "externalExchange",
    # Compilation
    "target", "type", "numIPUs", "tilesPerIpu", "numTiles", "bytesPerTile", "bytesPerIPU", "totalMemory",
    "clockFrequency", "numReplicas", "ipusPerReplica", "tilesPerReplica", "memoryPerReplica", "graph",
    "numComputeSets", "tiles", "ipus", "memory", "total", "includingGaps", "excludingGaps", "alwaysLiveBytes",
    "notAlwaysLiveBytes", "overflowed", "category", "nonInterleaved", "interleaved", "nonOverlapped", "overlapped",
    "vertices", "codeBytes", "name", "size", "alwaysLiveVariables", "alwaysLiveVariablesForTile",
    "livenessProgramSteps", "program", "notAlwaysLiveMemory", "bytes", "variables", "notAlwaysLiveMemoryForTile",
    "notAlwaysLiveMemoryForIpu", "loweredVariables", "allBriefVars", "tileId", "equivalenceClass", "steps",
    "start", "end", "forTile", "programs", "children", "codeBytesByTile", "controlCodeByTile",
    "estimatedCyclesByTile", "computeset", "vars", "accept", "computeSets", "countByTile", "estimatedCycles",
    "id", "_id",
    # Execution
    "runs", "microseconds", "cycles", "activeCycles", "cyclesFrom", "cyclesTo", "min", "max", "tileBalance",
    "activeTileBalance", "dataIn", "dataOut", "cyclesByTile", "totalCycles",
    # Operations
    "operations", "debugContext", "json", "firstStepIndex", "lastStepIndex",
}


# Where a name libpva documents for one object would let an extra of another through (a memory
# category named `variable`, `memory.category`): the objects whose attributes are listed exactly.
ONLY = {
    "Variable": {"name", "size"},
    "BriefVar": {"id", "_id", "bytes", "tileId", "equivalenceClass"},
    "Target": {"type", "numIPUs", "tilesPerIpu", "numTiles", "bytesPerTile", "bytesPerIPU", "totalMemory",
               "clockFrequency", "numReplicas", "ipusPerReplica", "tilesPerReplica", "memoryPerReplica"},
    "DebugContext": {"id", "json"},
}


class _Documented:
    """A popscope.pva object showing libpva's documented attributes only."""

    __slots__ = ("_wrapped",)

    def __init__(self, wrapped):
        object.__setattr__(self, "_wrapped", wrapped)

    def __getattr__(self, name):
        allowed = ONLY.get(type(self._wrapped).__name__, DOCUMENTED)
        if name not in allowed:
            raise AttributeError(f"libpva documents no attribute {name!r}")
        return _wrap(getattr(self._wrapped, name))

    def __len__(self):
        return len(self._wrapped)

    def __getitem__(self, index):
        return _wrap(self._wrapped[index])

    def __iter__(self):
        return (_wrap(item) for item in self._wrapped)


def _wrap(value):
    if value is None or isinstance(value, (bool, int, float, str, bytes, enum.Enum, memoryview, list, tuple)):
        return [_wrap(v) for v in value] if isinstance(value, list) else value
    if type(value).__name__ in ("ndarray", "PackedArray"):
        return value
    if callable(value):
        return lambda *args, **kwargs: _wrap(value(*args, **kwargs))
    return _Documented(value)


Program = _popscope.Program
Error = _popscope.Error


def openReport(profile, debugInfo=None):
    return _Documented(_popscope.openReport(profile))


def OperationAnalysis(report):
    return _Documented(_popscope.OperationAnalysis(report._wrapped))
