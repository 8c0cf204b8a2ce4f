#include "query_binding.hpp"

#include "popscope/query.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace popscope::python {

namespace {

py::object pythonValue(const QueryValue& value)
{
    if (const auto* integer = std::get_if<int64_t>(&value))
        return py::int_(*integer);
    if (const auto* real = std::get_if<double>(&value))
        return py::float_(*real);
    if (const auto* text = std::get_if<std::string>(&value)) {
        // Names from the file may not be UTF-8: replaced, never an exception.
        PyObject* decoded = PyUnicode_DecodeUTF8(text->data(), py::ssize_t(text->size()), "replace");
        if (!decoded)
            throw py::error_already_set();
        return py::reinterpret_steal<py::str>(decoded);
    }
    if (const auto* bytes = std::get_if<std::vector<uint8_t>>(&value))
        return py::bytes(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    return py::none();
}

// (columns, rows): the column names and a list of tuples.
py::tuple runQuery(const std::vector<std::string>& paths, const std::string& sql, double timeoutSeconds)
{
    if (paths.empty() || paths.size() > 2)
        throw py::value_error("a query reads one report, or two as source and target");
    auto session = paths.size() == 1 ? std::make_unique<QuerySession>(paths[0])
                                     : std::make_unique<QuerySession>(paths[0], paths[1]);
    QueryOptions options;
    options.timeoutSeconds = timeoutSeconds;
    // Ctrl-C: Python's handler runs here (the query holds the thread), raises KeyboardInterrupt
    // and stops the query; the exception then goes up in place of the query's error.
    options.stopRequested = [] { return PyErr_CheckSignals() != 0; };
    std::vector<std::string> columns;
    py::list rows;
    try {
        session->run(
            sql, options, [&](const std::vector<std::string>& names) { columns = names; },
            [&](const std::vector<QueryValue>& row) {
                py::tuple values(row.size());
                for (size_t i = 0; i < row.size(); ++i)
                    values[i] = pythonValue(row[i]);
                rows.append(std::move(values));
            });
    } catch (const QueryError&) {
        if (PyErr_Occurred())
            throw py::error_already_set(); // KeyboardInterrupt (or what the handler raised)
        throw;
    }
    return py::make_tuple(columns, rows);
}

} // namespace

void bindQuery(py::module_& module)
{
    module.def("_query", &runQuery, py::arg("paths"), py::arg("sql"), py::arg("timeout") = 60.0,
        "SQL over the query schema of one report, or two as source and target: (columns, rows)");
}

} // namespace popscope::python
