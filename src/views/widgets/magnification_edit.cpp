#include "views/widgets/magnification_edit.hpp"

#include <QLocale>

#include <cmath>

namespace popscope {

MagnificationEdit::MagnificationEdit(QWidget* parent)
    : QLineEdit(parent)
{
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setToolTip(
        tr("Magnification: type a zoom factor such as 8, 8x or 800% and press Enter; 1 shows everything"));
    setAccessibleName(tr("Magnification"));
    connect(this, &QLineEdit::returnPressed, this, [this] {
        if (const std::optional<double> factor = parse(text())) {
            emit magnificationTyped(*factor);
            clearFocus();
        } else {
            selectAll(); // stays for another try; the tooltip says what it takes
        }
    });
}

void MagnificationEdit::showMagnification(double factor)
{
    if (hasFocus() || !std::isfinite(factor))
        return;
    const QString shown = factor < 9.95 ? QStringLiteral("×%1").arg(factor, 0, 'f', 1)
                                        : QStringLiteral("×%1").arg(std::round(factor), 0, 'f', 0);
    if (text() != shown)
        setText(shown);
}

std::optional<double> MagnificationEdit::parse(const QString& text)
{
    QString t = text.trimmed();
    bool percent = false;
    if (t.endsWith(QLatin1Char('%'))) {
        percent = true;
        t.chop(1);
    } else if (t.endsWith(QLatin1Char('x')) || t.endsWith(QLatin1Char('X')) || t.endsWith(QChar(0x00D7))) {
        t.chop(1);
    } else if (t.startsWith(QLatin1Char('x')) || t.startsWith(QLatin1Char('X'))
        || t.startsWith(QChar(0x00D7))) {
        t.remove(0, 1);
    }
    bool ok = false;
    double value = t.trimmed().toDouble(&ok);
    if (!ok)
        value = QLocale().toDouble(t.trimmed(), &ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    if (percent)
        value /= 100;
    if (value < 1 || value > 1e12)
        return std::nullopt;
    return value;
}

} // namespace popscope
