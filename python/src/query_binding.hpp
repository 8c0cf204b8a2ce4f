#pragma once
// popscope._popscope._query: SQL over the query schema of one or two reports (docs/query.md).
#include <pybind11/pybind11.h>

namespace popscope::python {

void bindQuery(pybind11::module_& module);

} // namespace popscope::python
