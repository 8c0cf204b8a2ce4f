#include "app/simulation_form.hpp"

#include "popscope/sim/generators.hpp"
#include "popscope/sim/target_config.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace popscope {

namespace {

QString qt(const std::string& text)
{
    return QString::fromStdString(text);
}

QLabel* hintLabel(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

} // namespace

// The target: its preset, the seed, and every field of the target with the preset's value.
QGroupBox* SimulationForm::buildTargetBox()
{
    auto* targetBox = new QGroupBox(tr("Target"), this);
    m_preset = new QComboBox(targetBox);
    for (const auto& name : sim::TargetConfig::presetNames())
        m_preset->addItem(qt(name));
    m_preset->setCurrentText(QStringLiteral("Mk2"));
    m_seed = new QLineEdit(QStringLiteral("1"), targetBox);
    m_seed->setToolTip(tr("Seed of the per-tile jitter: the same request and seed give the same file"));
    m_targetFields = new QTableWidget(0, 2, targetBox);
    m_targetFields->setHorizontalHeaderLabels({ tr("Field"), tr("Value") });
    m_targetFields->horizontalHeader()->setStretchLastSection(true);
    m_targetFields->verticalHeader()->hide();
    m_targetFields->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_targetFields->setMinimumHeight(90); // three rows; it scrolls
    auto* targetTop = new QFormLayout;
    targetTop->addRow(tr("Preset:"), m_preset);
    targetTop->addRow(tr("Seed:"), m_seed);
    auto* targetLayout = new QVBoxLayout(targetBox);
    targetLayout->addLayout(targetTop);
    targetLayout->addWidget(hintLabel(tr("Any field may be overridden: type a value over the preset's "
                                         "(bold once changed). IPUs, replicas and I/O tiles come from "
                                         "the workload's parameters."),
        targetBox));
    targetLayout->addWidget(m_targetFields, 1);

    return targetBox;
}

SimulationForm::SimulationForm(QWidget* parent)
    : QWidget(parent)
{
    m_workloads = new QListWidget(this);
    for (const auto& g : sim::generatorInfos()) {
        auto* item = new QListWidgetItem(qt(g.name), m_workloads);
        item->setToolTip(qt(g.summary));
    }
    m_workloads->setMaximumWidth(180);
    auto* workloadTitle = new QLabel(tr("Workload"), this);
    QFont bold = workloadTitle->font();
    bold.setBold(true);
    workloadTitle->setFont(bold);
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    m_description->setMinimumHeight(fontMetrics().height() * 2 + 4); // two lines: the layout does not jump
    auto* paramsBox = new QGroupBox(tr("Parameters"), this);
    m_params = new QFormLayout(paramsBox);
    m_params->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    QGroupBox* targetBox = buildTargetBox();

    auto* right = new QVBoxLayout;
    right->addWidget(m_description);
    right->addWidget(paramsBox);
    right->addWidget(targetBox, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* left = new QVBoxLayout;
    left->addWidget(workloadTitle);
    left->addWidget(m_workloads, 1);
    layout->addLayout(left);
    layout->addLayout(right, 1);

    connect(m_workloads, &QListWidget::currentRowChanged, this, [this] {
        buildParameters();
        emit changed();
    });
    connect(m_preset, &QComboBox::currentTextChanged, this, [this] {
        fillTargetFields();
        emit changed();
    });
    connect(m_seed, &QLineEdit::textChanged, this, &SimulationForm::changed);
    connect(m_targetFields, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_filling || item->column() != 1)
            return;
        QFont font = item->font();
        font.setBold(item->text() != item->data(Qt::UserRole).toString());
        item->setFont(font);
        emit changed();
    });
    fillTargetFields();
    m_workloads->setCurrentRow(0);
}

void SimulationForm::buildParameters()
{
    while (m_params->rowCount() > 0)
        m_params->removeRow(0);
    m_fields.clear();
    const sim::GeneratorInfo* info = sim::findGenerator(workload().toStdString());
    m_description->setText(info ? qt(info->summary) : QString());
    if (!info)
        return;
    for (const sim::ParamInfo& param : info->params) {
        QWidget* field = makeField(param);
        const QString tip = tr("%1 (%2; default %3)")
                                .arg(qt(param.help), qt(sim::parameterDomain(param)), qt(param.defaultValue));
        field->setToolTip(tip);
        auto* row = new QWidget;
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        rowLayout->addWidget(field);
        auto* unit = new QLabel(qt(param.unit), row);
        unit->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("micro-batches")) + 4);
        rowLayout->addWidget(unit);
        rowLayout->addWidget(hintLabel(qt(param.help), row), 1);
        m_params->addRow(qt(param.name) + QLatin1Char(':'), row);
        m_fields[qt(param.name)] = field;
    }
}

QWidget* SimulationForm::makeField(const sim::ParamInfo& param)
{
    const QString value = qt(param.defaultValue);
    if (param.kind == sim::ParamKind::Flag) {
        auto* box = new QCheckBox;
        box->setChecked(value == QLatin1String("true"));
        connect(box, &QCheckBox::toggled, this, &SimulationForm::changed);
        return box;
    }
    if (param.kind == sim::ParamKind::Choice) {
        auto* combo = new QComboBox;
        for (const auto& c : param.choices)
            combo->addItem(qt(c));
        combo->setCurrentText(value);
        connect(combo, &QComboBox::currentTextChanged, this, &SimulationForm::changed);
        return combo;
    }
    auto* edit = new QLineEdit(value);
    edit->setPlaceholderText(qt(sim::parameterDomain(param)));
    edit->setAlignment(Qt::AlignRight);
    edit->setFixedWidth(150);
    connect(edit, &QLineEdit::textChanged, this, &SimulationForm::changed);
    return edit;
}

void SimulationForm::fillTargetFields()
{
    m_filling = true;
    std::map<QString, QString> overrides; // kept across a change of preset
    for (int r = 0; r < m_targetFields->rowCount(); ++r) {
        const QTableWidgetItem* value = m_targetFields->item(r, 1);
        if (value->text() != value->data(Qt::UserRole).toString())
            overrides[m_targetFields->item(r, 0)->text()] = value->text();
    }
    const sim::TargetConfig preset = sim::TargetConfig::preset(m_preset->currentText().toStdString());
    const std::vector<std::string> names = sim::targetFieldNames();
    m_targetFields->setRowCount(int(names.size()));
    for (int r = 0; r < int(names.size()); ++r) {
        auto* name = new QTableWidgetItem(qt(names[size_t(r)]));
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        const QString presetText = qt(sim::targetFieldText(preset, names[size_t(r)]));
        const auto kept = overrides.find(name->text());
        auto* value = new QTableWidgetItem(kept == overrides.end() ? presetText : kept->second);
        value->setData(Qt::UserRole, presetText);
        value->setToolTip(tr("%1's value: %2").arg(m_preset->currentText(), presetText));
        QFont font = value->font();
        font.setBold(kept != overrides.end());
        value->setFont(font);
        m_targetFields->setItem(r, 0, name);
        m_targetFields->setItem(r, 1, value);
    }
    m_targetFields->resizeColumnToContents(0);
    m_filling = false;
}

QString SimulationForm::workload() const
{
    const QListWidgetItem* item = m_workloads->currentItem();
    return item ? item->text() : QString();
}

void SimulationForm::setWorkload(const QString& name)
{
    const auto found = m_workloads->findItems(name, Qt::MatchExactly);
    if (!found.isEmpty())
        m_workloads->setCurrentItem(found.first());
}

QWidget* SimulationForm::parameterField(const QString& key) const
{
    const auto it = m_fields.find(key);
    return it == m_fields.end() ? nullptr : it->second;
}

void SimulationForm::setTargetOverride(const QString& field, const QString& value)
{
    for (int r = 0; r < m_targetFields->rowCount(); ++r)
        if (m_targetFields->item(r, 0)->text() == field)
            m_targetFields->item(r, 1)->setText(value);
}

QString SimulationForm::fieldText(const QWidget* field) const
{
    if (const auto* box = qobject_cast<const QCheckBox*>(field))
        return box->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (const auto* combo = qobject_cast<const QComboBox*>(field))
        return combo->currentText();
    return static_cast<const QLineEdit*>(field)->text().trimmed();
}

void SimulationForm::setFieldText(QWidget* field, const QString& text)
{
    if (auto* box = qobject_cast<QCheckBox*>(field))
        box->setChecked(text == QLatin1String("true") || text == QLatin1String("1")
            || text == QLatin1String("on") || text == QLatin1String("yes"));
    else if (auto* combo = qobject_cast<QComboBox*>(field))
        combo->setCurrentText(text);
    else
        static_cast<QLineEdit*>(field)->setText(text);
}

SimulationRequest SimulationForm::request(QString* problem) const
{
    SimulationRequest out;
    sim::SimulationSpec& spec = out.spec;
    spec.workload = workload().toStdString();
    spec.source = "the dialog";
    spec.target = m_preset->currentText().toStdString();
    bool seedOk = false;
    spec.seed = m_seed->text().trimmed().toULongLong(&seedOk);
    if (!seedOk && problem)
        *problem = tr("the seed must be a whole number from 0 to 18446744073709551615, not '%1'")
                       .arg(m_seed->text());
    for (const auto& [key, field] : m_fields) {
        const QStringList values = fieldText(field).split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (values.size() > 1 && out.sweepKey.empty()) {
            // Read as the CLI reads --sweep KEY=V1,V2,...: numbers in ascending order.
            auto [sweepKey, sweepValues]
                = sim::parseSweep((key + QLatin1Char('=') + fieldText(field)).toStdString());
            out.sweepKey = std::move(sweepKey);
            out.sweepValues = std::move(sweepValues);
            spec.params[out.sweepKey] = out.sweepValues.front();
            continue;
        }
        if (values.size() > 1 && problem && problem->isEmpty())
            *problem
                = tr("only one parameter can take a list of values (%1 already does)").arg(qt(out.sweepKey));
        spec.params[key.toStdString()] = fieldText(field).toStdString();
    }
    for (int r = 0; r < m_targetFields->rowCount(); ++r) {
        const QTableWidgetItem* value = m_targetFields->item(r, 1);
        if (value->text() != value->data(Qt::UserRole).toString())
            spec.targetOverrides[m_targetFields->item(r, 0)->text().toStdString()]
                = value->text().toStdString();
    }
    return out;
}

void SimulationForm::setSpec(const sim::SimulationSpec& spec)
{
    setWorkload(qt(spec.workload));
    m_preset->setCurrentText(qt(spec.target));
    fillTargetFields();
    for (const auto& [field, value] : spec.targetOverrides)
        setTargetOverride(qt(field), qt(value));
    for (const auto& [key, value] : spec.params)
        if (QWidget* field = parameterField(qt(key)))
            setFieldText(field, qt(value));
    m_seed->setText(QString::number(spec.seed));
    emit changed();
}

} // namespace popscope
