"""Tiles and their memory (compilation.tiles, compilation.ipus[i].tiles, tile.memory).

One view class serves a single tile (values are ints) and a run of tiles (values are arrays, NumPy
when present): ``compilation.ipus[1].tiles.memory.category.vertexCode.total`` is IPU 1's vertex
code on every tile, ``compilation.tiles[7].memory.category.vertexCode.total`` that of tile 7."""

from . import _views

# Categories libpva names (popvision.md §5): a known name absent from the profile has 0 bytes
# there (the file records every category that holds bytes); an unknown name is an AttributeError.
CATEGORIES = (
    "vertexCode", "vertexInstanceState", "vertexFieldData", "vectorListDescriptor", "copyDescriptor",
    "controlCode", "controlId", "controlTable", "internalExchangeCode", "globalExchangeCode",
    "hostExchangeCode", "hostExchangePacketHeader", "globalExchangePacketHeader", "instrumentationResults",
    "constant", "stack", "variable", "message",
)
_ALIASES = {"variables": "variable"}


class MemoryArrays:
    """The report's memory-by-tile arrays, read on first use and kept as memoryviews (fast [t])."""

    __slots__ = ("_handle", "_packed", "_views", "_categories")

    def __init__(self, handle):
        self._handle = handle
        self._packed = {}
        self._views = {}
        self._categories = None

    def category_index(self, name):
        if self._categories is None:
            self._categories = {c: i for i, c in enumerate(self._handle.memory_categories)}
        return self._categories.get(_ALIASES.get(name, name))

    def packed(self, key):
        """key: ("total", gaps) | ("region", r, gaps) | ("liveness", alwaysLive) | ("category", c)
        | ("cube", c, r, overlapped); None for an all-zero series."""
        if key not in self._packed:
            kind, h = key[0], self._handle
            if kind == "total":
                value = h.memory_total(key[1])
            elif kind == "region":
                value = h.memory_region(key[1], key[2])
            elif kind == "liveness":
                value = h.memory_liveness(key[1])
            elif kind == "category":
                value = h.memory_category(key[1])
            else:
                value = h.memory_cube(key[1], key[2], key[3])
            self._packed[key] = value
        return self._packed[key]

    def view(self, key):
        found = self._views.get(key)
        if found is None:
            packed = self.packed(key)
            found = memoryview(packed) if packed is not None else None
            self._views[key] = found
        return found


class _Span:
    """Which tiles a memory view covers: one tile (int values) or [first, last) (arrays)."""

    __slots__ = ("arrays", "tile", "first", "last")

    def __init__(self, arrays, tile=None, first=0, last=0):
        self.arrays, self.tile, self.first, self.last = arrays, tile, first, last

    def value(self, key):
        if self.tile is not None:
            view = self.arrays.view(key)
            return view[self.tile] if view is not None else 0
        packed = self.arrays.packed(key)
        if packed is None:
            return _views.zeros(self.last - self.first)
        return _views.array(packed[self.first:self.last])

    def sum_of(self, keys):
        values = [self.value(k) for k in keys]
        if self.tile is not None:
            return sum(values)
        out = _views.zeros(self.last - self.first)
        if _views.has_numpy():
            for v in values:
                out = out + v
            return out
        return [sum(column) for column in zip(*values)] if values else out


class GapsPair:
    """`includingGaps` / `excludingGaps` of a total."""

    __slots__ = ("includingGaps", "excludingGaps")

    def __init__(self, including, excluding):
        self.includingGaps, self.excludingGaps = including, excluding

    def __repr__(self):
        return f"<includingGaps={self.includingGaps!r} excludingGaps={self.excludingGaps!r}>"


class _RegionBytes:
    __slots__ = ("_span", "_category", "_region")

    def __init__(self, span, category, region):
        self._span, self._category, self._region = span, category, region

    @property
    def nonOverlapped(self):
        return self._span.value(("cube", self._category, self._region, False))

    @property
    def overlapped(self):
        return self._span.value(("cube", self._category, self._region, True))


class CategoryMemory:
    """One category: `total` (not overlapped, as the tile total counts it) and, per region,
    `.nonInterleaved.nonOverlapped` etc."""

    __slots__ = ("_span", "_index", "name")

    def __init__(self, span, index, name):
        self._span, self._index, self.name = span, index, name

    @property
    def total(self):
        if self._index is None:
            return 0 if self._span.tile is not None else _views.zeros(self._span.last - self._span.first)
        return self._span.value(("category", self._index))

    def _region(self, region):
        if self._index is None:
            return _RegionBytes(_Span(_ZeroArrays(), self._span.tile, self._span.first, self._span.last), 0, region)
        return _RegionBytes(self._span, self._index, region)

    nonInterleaved = property(lambda self: self._region(0))
    interleaved = property(lambda self: self._region(1))
    overflowed = property(lambda self: self._region(2))


class _ZeroArrays:
    """Stands in for a category the profile has no bytes of."""

    def view(self, key):
        return None

    def packed(self, key):
        return None


class Categories:
    """`memory.category.<name>` for every category of popvision.md §5."""

    __slots__ = ("_span",)

    def __init__(self, span):
        self._span = span

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        index = self._span.arrays.category_index(name)
        if index is None and _ALIASES.get(name, name) not in CATEGORIES:
            raise AttributeError(f"memory.category.{name} is not available: no memory category of that name "
                                 f"(libpva names: {', '.join(CATEGORIES)})")
        return CategoryMemory(self._span, index, name)

    def __dir__(self):
        return list(CATEGORIES)


class TileVertex:
    """A vertex type that has code on a tile: `type.name`, `type.size`, `codeBytes`."""

    __slots__ = ("type", "codeBytes")

    def __init__(self, vertex_type):
        self.type = vertex_type
        self.codeBytes = vertex_type.codeBytes


class Memory:
    """`tile.memory` (ints) or `tiles.memory` (arrays over the tiles)."""

    __slots__ = ("_span", "_report")

    def __init__(self, report, span):
        self._report, self._span = report, span

    @property
    def total(self):
        return GapsPair(self._span.value(("total", True)), self._span.value(("total", False)))

    @property
    def alwaysLiveBytes(self):
        return self._span.value(("liveness", True))

    @property
    def notAlwaysLiveBytes(self):
        return self._span.value(("liveness", False))

    @property
    def overflowed(self):
        excluding = self._span.value(("region", 2, False))
        return GapsPair(self._span.sum_of([("region", 2, False), ("region", 2, True)]), excluding)

    @property
    def category(self):
        return Categories(self._span)

    @property
    def vertices(self):
        if self._span.tile is None:
            _views.unavailable("tiles.memory", "vertices", "ask a single tile: tiles[t].memory.vertices")
        return [TileVertex(self._report._vertex_type(t)) for t in self._report._handle.vertex_types_on_tile(self._span.tile)]


class Tile:
    """One tile: `id` (global: ipu × tilesPerIpu + tile), `ipu`, `tileInIpu`, `memory`."""

    __slots__ = ("_report", "id")

    def __init__(self, report, tile):
        self._report, self.id = report, tile

    @property
    def ipu(self):
        return self.id // self._report._tiles_per_ipu

    @property
    def tileInIpu(self):
        return self.id % self._report._tiles_per_ipu

    @property
    def memory(self):
        return Memory(self._report, _Span(self._report._memory, tile=self.id))

    def __repr__(self):
        return f"<pva.Tile {self.id}>"


class Tiles(_views.LazySequence):
    """A run of tiles: a lazy sequence of Tile, and `memory` as arrays over all of them."""

    __slots__ = ("_report", "_first")

    def __init__(self, report, first, count):
        super().__init__(count, lambda i: Tile(report, first + i))
        self._report, self._first = report, first

    @property
    def memory(self):
        return Memory(self._report, _Span(self._report._memory, first=self._first, last=self._first + self._count))


class Ipu:
    """`compilation.ipus[i]`: `id` and `tiles`."""

    __slots__ = ("_report", "id")

    def __init__(self, report, ipu):
        self._report, self.id = report, ipu

    @property
    def tiles(self):
        per_ipu = self._report._tiles_per_ipu
        return Tiles(self._report, self.id * per_ipu, per_ipu)
