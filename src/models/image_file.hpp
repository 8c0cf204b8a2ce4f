#pragma once
// Saves a chart or window image the way CSV exports are saved: into a temporary file beside the
// target, renamed into place only when every byte is written, so a full disk or a read-only folder
// gives a clear message and never a half-written PNG (or a damaged earlier one).
#include <QString>

class QImage;

namespace popscope {

// The format follows the file's suffix (png, jpg, bmp; anything else is PNG). On failure returns
// false and sets `error` to "PATH: cannot write the image (CAUSE)".
bool saveImageFile(const QImage& image, const QString& path, QString* error);

} // namespace popscope
