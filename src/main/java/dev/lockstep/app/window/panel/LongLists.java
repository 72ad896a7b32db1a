package dev.lockstep.app.window.panel;

import javafx.scene.control.ComboBox;

/**
 * Choosers that list every node: JavaFX sizes a combo box by laying out a cell for every item,
 * which for 10,000 node names held the window for seconds after opening a large scenario (JFR:
 * {@code ComboBoxListViewSkin.computePrefWidth} in each layout pass). Measuring the first rows
 * only keeps the width of a short list as it was and makes a long one cheap.
 */
public final class LongLists {
    /** Rows measured for a combo box's width: every row of a list this short, as before. */
    public static final int ROWS_MEASURED = 100;

    private LongLists() {}

    /** Sizes {@code box} by its first {@link #ROWS_MEASURED} items (JavaFX's own key for that). */
    public static <T> ComboBox<T> measureFirstRows(ComboBox<T> box) {
        box.getProperties().put("comboBoxRowsToMeasureWidth", ROWS_MEASURED);
        return box;
    }
}
