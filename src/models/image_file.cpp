#include "models/image_file.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QSaveFile>

namespace popscope {

bool saveImageFile(const QImage& image, const QString& path, QString* error)
{
    const auto fail = [&](const QString& cause) {
        if (error)
            *error = QCoreApplication::translate("popscope::ImageFile", "%1: cannot write the image (%2)")
                         .arg(path, cause);
        return false;
    };
    QByteArray format = QFileInfo(path).suffix().toLower().toLatin1();
    if (!QImageWriter::supportedImageFormats().contains(format))
        format = "png";
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    QImageWriter writer(&file, format);
    if (!writer.write(image)) {
        const QString cause
            = file.error() != QFileDevice::NoError ? file.errorString() : writer.errorString();
        file.cancelWriting();
        return fail(cause);
    }
    if (!file.commit())
        return fail(file.errorString());
    return true;
}

} // namespace popscope
