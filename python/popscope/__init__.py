"""popscope for Python: read popscope profiles (.pop).

``import popscope.pva as pva`` gives the libpva API (the Poplar SDK's ``import pva``) over
popscope's reader; a libpva script swaps by changing that one import line.
"""
from ._popscope import Error  # noqa: F401  (pva.Error, a RuntimeError)

__all__ = ["Error"]
