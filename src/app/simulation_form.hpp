#pragma once
// The fields of a simulation request: the workload (from the simulator's registry, with its
// description), each parameter as a field of its kind (number with its unit, choice, on/off) with
// its default and meaning, the target preset and its overridable fields, and the seed. One number
// field may hold a list of values ("4, 8, 16"): that parameter is swept.
#include "popscope/sim/generators.hpp"
#include "popscope/sim/simulator.hpp"

#include <QWidget>

#include <map>
#include <vector>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QTableWidget;

namespace popscope {

// A request as the form holds it: the spec, and the swept parameter with its values, if any.
struct SimulationRequest {
    sim::SimulationSpec spec;
    std::string sweepKey; // "" when nothing is swept
    std::vector<std::string> sweepValues;
};

class SimulationForm : public QWidget {
    Q_OBJECT
public:
    explicit SimulationForm(QWidget* parent = nullptr);

    // The request as typed; its spec's source is "the dialog". A field holding several values
    // becomes the sweep; with more than one such field, the problem says so.
    SimulationRequest request(QString* problem = nullptr) const;
    // Fills every field from `spec` (a stored report's, for Simulate Again With…).
    void setSpec(const sim::SimulationSpec& spec);
    void setWorkload(const QString& name);
    QString workload() const;
    // The field of parameter `key` (a QLineEdit, QComboBox or QCheckBox), null when unknown.
    QWidget* parameterField(const QString& key) const;
    // The value cell of target field `field`, for tests.
    void setTargetOverride(const QString& field, const QString& value);

signals:
    void changed();

private:
    QGroupBox* buildTargetBox();
    void buildParameters();
    QWidget* makeField(const sim::ParamInfo& param);
    void fillTargetFields();
    QString fieldText(const QWidget* field) const;
    void setFieldText(QWidget* field, const QString& text);
    QListWidget* m_workloads;
    QLabel* m_description;
    QFormLayout* m_params;
    QComboBox* m_preset;
    QTableWidget* m_targetFields;
    QLineEdit* m_seed;
    std::map<QString, QWidget*> m_fields; // parameter name -> field
    bool m_filling = false; // fields being set by code: no overrides noted, no changed()
};

} // namespace popscope
