"""popscope for Python: read popscope profiles (.pop).

``import popscope.pva as pva`` gives the libpva API (the Poplar SDK's ``import pva``) over
popscope's reader; a libpva script swaps by changing that one import line.
``python3 -m popscope.convert PROFILE -o OUT.json`` (standard library only) brings any report that
a libpva-compatible module opens into popscope. Nothing is imported here, so the converter runs on a
machine that has only this folder and the Poplar SDK.
"""


def query(report_or_path, sql, target=None, timeout=60.0):
    """SQL over the query schema of a report (docs/query.md): the rows as tuples, with ``.columns``,
    ``.dicts()`` and ``.to_pandas()``. ``report_or_path`` is a path, a remote address or a report
    opened by popscope.pva. With ``target``, the two reports are the schemas ``source`` and
    ``target``. Writes, ATTACH and state-changing pragmas raise popscope.pva.Error, as does a query
    that runs past ``timeout`` seconds (0: no limit)."""
    from ._query import query as run_query

    return run_query(report_or_path, sql, target, timeout)
