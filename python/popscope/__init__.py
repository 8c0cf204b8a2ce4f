"""popscope for Python: read popscope profiles (.pop).

``import popscope.pva as pva`` gives the libpva API (the Poplar SDK's ``import pva``) over
popscope's reader; a libpva script swaps by changing that one import line.
``python3 -m popscope.convert PROFILE -o OUT.json`` (standard library only) brings any report that
a libpva-compatible module opens into popscope. Nothing is imported here, so the converter runs on a
machine that has only this folder and the Poplar SDK.
"""
