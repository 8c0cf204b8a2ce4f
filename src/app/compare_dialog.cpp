#include "app/compare_dialog.hpp"
#include "models/report_location.hpp"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace popscope {

namespace {
const char* const kCompareFileFilter
    = QT_TRANSLATE_NOOP("popscope::CompareDialog", "IPU profiles (*.pop);;All files (*)");

// A report folder counts as a report (its profile.pop is opened), as when opening one.
bool isReport(const QString& path)
{
    if (ReportLocation::of(path).remote)
        return true; // checked when it is opened, over the network
    const QFileInfo info(path);
    return info.isFile()
        || (info.isDir() && QFileInfo::exists(info.filePath() + QStringLiteral("/profile.pop")));
}
} // namespace

CompareDialog::CompareDialog(const QString& folder, const QString& source, QWidget* parent)
    : QDialog(parent)
    , m_folder(folder)
{
    setWindowTitle(tr("Compare Two Reports"));
    m_source = new QLineEdit(source, this);
    m_target = new QLineEdit(this);
    m_source->setPlaceholderText(tr("The report to compare from (e.g. batch-4.pop)"));
    m_target->setPlaceholderText(tr("The report to compare with (e.g. batch-8.pop)"));
    auto* browseSource = new QPushButton(tr("Browse…"), this);
    auto* browseTarget = new QPushButton(tr("Browse…"), this);
    auto* swap = new QPushButton(tr("⇅ Swap"), this);
    swap->setToolTip(tr("Exchange source and target"));
    m_problem = new QLabel(this);
    m_problem->setForegroundRole(QPalette::PlaceholderText);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Compare"));

    auto* grid = new QGridLayout(this);
    grid->addWidget(new QLabel(tr("Source:"), this), 0, 0);
    grid->addWidget(m_source, 0, 1);
    grid->addWidget(browseSource, 0, 2);
    grid->addWidget(new QLabel(tr("Target:"), this), 1, 0);
    grid->addWidget(m_target, 1, 1);
    grid->addWidget(browseTarget, 1, 2);
    grid->addWidget(swap, 2, 2);
    grid->addWidget(m_problem, 2, 0, 1, 2);
    grid->addWidget(m_buttons, 3, 0, 1, 3);
    grid->setColumnMinimumWidth(1, 460);

    connect(browseSource, &QPushButton::clicked, this,
        [this] { browse(m_source, tr("Pick the source report")); });
    connect(browseTarget, &QPushButton::clicked, this,
        [this] { browse(m_target, tr("Pick the target report")); });
    connect(swap, &QPushButton::clicked, this, [this] { setPaths(target(), this->source()); });
    connect(m_source, &QLineEdit::textChanged, this, &CompareDialog::validate);
    connect(m_target, &QLineEdit::textChanged, this, &CompareDialog::validate);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    validate();
}

QString CompareDialog::source() const
{
    return m_source->text().trimmed();
}
QString CompareDialog::target() const
{
    return m_target->text().trimmed();
}

void CompareDialog::setPaths(const QString& source, const QString& target)
{
    m_source->setText(source);
    m_target->setText(target);
}

void CompareDialog::browse(QLineEdit* edit, const QString& title)
{
    const QString start = edit->text().isEmpty()
        ? (source().isEmpty() ? m_folder : QFileInfo(source()).absolutePath())
        : edit->text();
    const QString path = QFileDialog::getOpenFileName(this, title, start, tr(kCompareFileFilter));
    if (!path.isEmpty())
        edit->setText(path);
}

void CompareDialog::validate()
{
    QString problem;
    if (source().isEmpty() || target().isEmpty())
        problem = tr("Pick both reports.");
    else if (!isReport(source()))
        problem = tr("The source does not exist: %1").arg(source());
    else if (!isReport(target()))
        problem = tr("The target does not exist: %1").arg(target());
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace popscope
