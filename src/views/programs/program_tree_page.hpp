#pragma once
// The Program Tree report: control programs and functions as a lazy tree, each program with its
// type's colour and icon, steps and cycles (Source / Target / Diff in compare mode); search by
// name with next / previous, its text and place kept per report (or pair) for when it shows again;
// the selected program's details; the programs of the same operation(s), of a chosen software
// layer, highlighted.
#include "views/page/report_page.hpp"

#include <QHash>
#include <QString>

#include <cstdint>
#include <vector>

class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QSplitter;
class QToolButton;
class QTreeView;

namespace popscope {

class ProgramDetailsView;
class ProgramTreeModel;

class ProgramTreePage : public ReportPage {
    Q_OBJECT
public:
    explicit ProgramTreePage(ReportState* state, QWidget* parent = nullptr);
    // A Program (by id) or ProgramNamed: expands down to it and selects it.
    bool showRow(const NavigationTarget& target) override;

    ProgramTreeModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }
    ProgramDetailsView* details() const { return m_details; }
    QLineEdit* searchEdit() const { return m_search; }
    QComboBox* layerBox() const { return m_layer; }
    QLabel* searchStatus() const { return m_searchStatus; }
    QLabel* note() const { return m_note; } // what the cycles are, how compare mode matched
    // The error that keeps the page from showing the report ("" when there is none).
    QString problem() const { return loadError().isEmpty() ? m_problem : loadError(); }
    // Selects a program (expanding its parents); false when it is not in the tree.
    bool selectProgram(uint32_t program);
    void findNext();
    void findPrevious();

protected:
    void showReports() override { reload(); }

private:
    void buildTree(); // the model and its view, the name column fitted
    QLayout* buildToolbar(); // search with previous and next, the highlight's layer, the note
    void followState(); // the search's shortcuts and signals, the selection, the links
    void reload();
    void search();
    void step(int direction);
    void updateSelection();
    void updateHighlight();
    // Where the user was in the reports shown before (the search, its match, the selection and the
    // scroll), kept under their paths; brought back when those reports show again.
    struct Place {
        QString search;
        int hit = -1;
        int64_t program = -1;
        int scroll = 0;
    };
    void keepPlace();
    void restorePlace();

    ProgramTreeModel* m_model;
    QTreeView* m_view;
    ProgramDetailsView* m_details;
    QLineEdit* m_search;
    QToolButton* m_previous;
    QToolButton* m_next;
    QLabel* m_searchStatus;
    QComboBox* m_layer;
    QLabel* m_note;
    QLabel* m_error; // a damaged part's message, in place of the tree
    QSplitter* m_split;
    QString m_problem; // "" when the program tree could be read
    std::vector<uint32_t> m_hits;
    int m_hit = -1;
    QString m_shownKey; // the reports the tree shows: source path, and target's in compare mode
    QHash<QString, Place> m_places;
};

} // namespace popscope
