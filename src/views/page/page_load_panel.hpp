#pragma once
// What a page shows in place of its views while it reads its parts: what is being read, a bar and
// Cancel; then, if a part failed, the file and the problem with Retry, or after Cancel a Load
// button. ReportPage lays it over the page, so every page shows loading the same way.
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace popscope {

class PageLoadPanel : public QWidget {
    Q_OBJECT
public:
    explicit PageLoadPanel(QWidget* parent = nullptr);
    // Loading starts for the page called `pageName`.
    void showLoading(const QString& pageName);
    // The page the panel speaks of, when it shows a failure without loading first (a page's work).
    void setPageName(const QString& pageName) { m_pageName = pageName; }
    void setProgress(int done, int total, const QString& text);
    void showError(const QString& message);
    void showCancelled();
    // The panel's title and message, for tests and screenshots.
    QString title() const;
    QString message() const;
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* retryButton() const { return m_retry; }

signals:
    void cancelRequested();
    void retryRequested();

private:
    QLabel* m_title;
    QLabel* m_message;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
    QPushButton* m_retry;
    QString m_pageName;
};

} // namespace popscope
