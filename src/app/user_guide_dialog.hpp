#pragma once
// Help ▸ User Guide: docs/user-guide.md and its screenshots, compiled into the program's
// resources (:/guide/), rendered as Markdown in a non-modal window.
#include <QDialog>

class QTextBrowser;

namespace popscope {

class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return m_browser; }
    // The guide's Markdown from the resources (empty if it was not compiled in).
    static QString guideMarkdown();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void fitImages();
    QTextBrowser* m_browser;
    int m_fittedWidth = -1;
};

} // namespace popscope
