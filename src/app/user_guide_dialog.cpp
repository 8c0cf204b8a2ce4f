#include "app/user_guide_dialog.hpp"

#include <QDialogButtonBox>
#include <QFile>
#include <QHBoxLayout>
#include <QImage>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace popscope {

namespace {
const QString kGuide = QStringLiteral(":/guide/user-guide.md");
}

QString UserGuideDialog::guideMarkdown()
{
    QFile file(kGuide);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

UserGuideDialog::UserGuideDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("popscope User Guide"));
    setObjectName(QStringLiteral("UserGuide"));
    m_browser = new QTextBrowser(this);
    m_browser->setOpenExternalLinks(true);
    // Relative image paths (images/summary.png) resolve inside the resources.
    m_browser->setSearchPaths({ QStringLiteral(":/guide") });
    m_browser->document()->setBaseUrl(QUrl(QStringLiteral("qrc:/guide/")));
    m_browser->document()->setDocumentMargin(16);
    const QString markdown = guideMarkdown();
    if (markdown.isEmpty())
        m_browser->setPlainText(tr("The user guide was not built into this copy of popscope. "
                                   "Read docs/user-guide.md in the source tree."));
    else
        m_browser->setMarkdown(markdown);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    layout->addWidget(m_browser, 1);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(8, 0, 8, 0);
    row->addWidget(buttons);
    layout->addLayout(row);
    resize(1000, 760);
}

void UserGuideDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    fitImages();
}

void UserGuideDialog::resizeEvent(QResizeEvent* event)
{
    QDialog::resizeEvent(event);
    fitImages();
}

// Screenshots are 1920 pixels wide: scale each image down to the text width (never up), keeping
// its aspect ratio, so the guide reads without a horizontal scroll bar.
void UserGuideDialog::fitImages()
{
    QTextDocument* doc = m_browser->document();
    const int width = m_browser->viewport()->width() - int(2 * doc->documentMargin()) - 4;
    if (width <= 50 || width == m_fittedWidth)
        return;
    m_fittedWidth = width;
    struct Image {
        int position;
        int length;
        QTextImageFormat format;
    };
    std::vector<Image> images;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.isValid() && fragment.charFormat().isImageFormat())
                images.push_back(
                    { fragment.position(), fragment.length(), fragment.charFormat().toImageFormat() });
        }
    for (Image& im : images) {
        const QVariant data = m_browser->loadResource(QTextDocument::ImageResource, QUrl(im.format.name()));
        QImage image = data.value<QImage>();
        if (image.isNull() && data.canConvert<QByteArray>())
            image = QImage::fromData(data.toByteArray());
        if (image.isNull() || image.width() <= 0)
            continue;
        const qreal w = std::min<qreal>(image.width(), width);
        im.format.setWidth(w);
        im.format.setHeight(w * image.height() / image.width());
        QTextCursor cursor(doc);
        cursor.setPosition(im.position);
        cursor.setPosition(im.position + im.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(im.format);
    }
}

} // namespace popscope
