"""Shared pieces of the pva views: lazy sequences, arrays, and the error for absent fields."""

try:  # NumPy is optional: arrays are NumPy arrays when it is installed, PackedArrays otherwise.
    import numpy as _numpy
except ImportError:  # pragma: no cover - depends on the machine
    _numpy = None


def has_numpy():
    return _numpy is not None


def array(packed):
    """A per-tile (or per-step) array: a NumPy view of `packed` when NumPy is present (no copy),
    else the PackedArray itself (a read-only sequence with len, [], iteration, sum() and tolist())."""
    if _numpy is not None:
        return _numpy.frombuffer(packed, dtype=_numpy.uint64 if memoryview(packed).itemsize == 8 else _numpy.uint32)
    return packed


def zeros(count):
    if _numpy is not None:
        return _numpy.zeros(count, dtype=_numpy.uint64)
    return [0] * count


def leading(count, value, total):
    """`total` values: the first `count` are `value`, the rest 0."""
    count = min(count, total)
    if _numpy is not None:
        out = _numpy.zeros(total, dtype=_numpy.uint64)
        out[:count] = value
        return out
    return [value] * count + [0] * (total - count)


def total_of(values):
    return int(values.sum()) if hasattr(values, "sum") else sum(values)


def max_of(values):
    if not len(values):
        return 0
    return int(values.max()) if hasattr(values, "max") else max(values)


def nonzero_of(values):
    if _numpy is not None and isinstance(values, _numpy.ndarray):
        return int(_numpy.count_nonzero(values))
    return sum(1 for v in values if v)


def concatenate(parts):
    if _numpy is not None:
        return _numpy.concatenate([_numpy.asarray(p, dtype=_numpy.uint64) for p in parts]) if parts else zeros(0)
    out = []
    for p in parts:
        out.extend(p)
    return out


def unavailable(owner, field, why):
    """Raise the AttributeError that stands for a field the profile does not hold (never a made-up 0)."""
    raise AttributeError(f"{owner}.{field} is not available: {why}")


class LazySequence:
    """A read-only sequence whose elements are made on access by `make(index)` (no object per row
    is created in advance). Indexes may be negative; slices give lists."""

    __slots__ = ("_count", "_make")

    def __init__(self, count, make):
        self._count = count
        self._make = make

    def __len__(self):
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._make(i) for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(f"index {index} out of range for {self._count} elements")
        return self._make(index)

    def __iter__(self):
        make = self._make
        for i in range(self._count):
            yield make(i)

    def __repr__(self):
        return f"<{self._count} elements>"


class IndexedSequence(LazySequence):
    """A lazy sequence over a list of ids (e.g. the steps of one run): element i is make(ids[i])."""

    __slots__ = ("_ids",)

    def __init__(self, ids, make):
        super().__init__(len(ids), lambda i: make(ids[i]))
        self._ids = ids
