"""popscope.query: SQL over the documented query schema of a report (docs/query.md)."""
import os

from . import _popscope


class QueryRows(list):
    """The rows of a query, each a tuple, with the column names in ``columns``."""

    def __init__(self, columns, rows):
        super().__init__(rows)
        self.columns = list(columns)

    def dicts(self):
        """Each row as a dict from column name to value."""
        return [dict(zip(self.columns, row)) for row in self]

    def to_pandas(self):
        """The rows as a pandas DataFrame (needs pandas)."""
        import pandas

        return pandas.DataFrame(list(self), columns=self.columns)


def _path(report_or_path):
    if isinstance(report_or_path, (str, os.PathLike)):
        return os.fspath(report_or_path)
    path = getattr(report_or_path, "path", None)  # a popscope.pva Report
    if isinstance(path, str):
        return path
    raise TypeError("query takes a path, an address or a report opened by popscope.pva")


def query(report_or_path, sql, target=None, timeout=60.0):
    paths = [_path(report_or_path)] + ([] if target is None else [_path(target)])
    columns, rows = _popscope._query(paths, sql, float(timeout))
    return QueryRows(columns, rows)
