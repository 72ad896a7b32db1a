package dev.lockstep.app.window.panel;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * The window's dialogs. None blocks in a nested event loop ({@code showAndWait}): each is shown
 * modal to the window and continues in a callback, so the application thread (and a test driving
 * it) never waits on a person.
 */
public final class Dialogs {
    private Dialogs() {}

    public static Alert alert(Window owner, Alert.AlertType type, String title, String header) {
        Alert a = new Alert(type);
        if (owner != null && owner.getScene() != null) {
            a.initOwner(owner);
            a.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
            if (owner.getScene().getRoot().getStyleClass().contains("lecture")) {
                a.getDialogPane().getStyleClass().add("lecture");
            }
        }
        a.initModality(Modality.WINDOW_MODAL);
        a.setTitle(title);
        a.setHeaderText(header);
        a.setResizable(true);
        a.setOnShown(e -> fitOnScreen(a));
        return a;
    }

    /**
     * A dialog taller or wider than the screen (lecture fonts on a 1280×800 projector: the
     * keyboard shortcuts were 921 px tall, OK below the screen's edge) is cut to the screen and
     * moved onto it, so its buttons can always be clicked.
     */
    public static void fitOnScreen(javafx.scene.control.Dialog<?> d) {
        var screens = javafx.stage.Screen.getScreensForRectangle(d.getX(), d.getY(), Math.max(1, d.getWidth()), Math.max(1, d.getHeight()));
        javafx.geometry.Rectangle2D s = (screens.isEmpty() ? javafx.stage.Screen.getPrimary() : screens.get(0)).getVisualBounds();
        if (d.getHeight() > s.getHeight()) d.setHeight(s.getHeight());
        if (d.getWidth() > s.getWidth()) d.setWidth(s.getWidth());
        d.setX(Math.max(s.getMinX(), Math.min(d.getX(), s.getMaxX() - d.getWidth())));
        d.setY(Math.max(s.getMinY(), Math.min(d.getY(), s.getMaxY() - d.getHeight())));
    }

    /** Every problem line of a file that cannot be used, in a scrollable, copyable text. */
    public static Alert problems(Window owner, String header, List<String> lines, String footer) {
        Alert a = alert(owner, Alert.AlertType.ERROR, "Lockstep: cannot open", header);
        TextArea text = new TextArea(String.join("\n", lines));
        text.setId("problems-text");
        text.getStyleClass().add("mono");
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefRowCount(Math.min(12, Math.max(3, lines.size() + 1)));
        text.setPrefColumnCount(80);
        VBox.setVgrow(text, Priority.ALWAYS);
        Label foot = new Label(footer);
        foot.setWrapText(true);
        VBox box = new VBox(8, text, foot);
        a.getDialogPane().setContent(box);
        a.show();
        return a;
    }

    public static Alert error(Window owner, String header, String text) {
        Alert a = alert(owner, Alert.AlertType.ERROR, "Lockstep: error", header);
        a.setContentText(text);
        a.show();
        return a;
    }

    public static Alert info(Window owner, String title, String header, String text) {
        Alert a = alert(owner, Alert.AlertType.INFORMATION, title, header);
        a.setContentText(text);
        if (text.lines().count() > 12) {
            // long (the keyboard shortcuts): scrolls when the dialog is cut to the screen
            Label body = new Label(text);
            body.setId("info-text");
            javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(body);
            scroll.setFitToWidth(true);
            scroll.getStyleClass().add("info-scroll");
            a.getDialogPane().setContent(scroll);
        }
        a.show();
        return a;
    }

    /** An unexpected exception: what happened, and the stack trace to report. */
    public static Alert exception(Window owner, String what, Throwable e) {
        Alert a = alert(owner, Alert.AlertType.ERROR, "Lockstep: internal error", what);
        StringWriter sw = new StringWriter();
        e.printStackTrace(new PrintWriter(sw));
        a.setContentText(e + "\n\nThe session is intact; the autosave keeps its inputs. Details:");
        TextArea trace = new TextArea(sw.toString());
        trace.setEditable(false);
        trace.getStyleClass().add("mono");
        a.getDialogPane().setExpandableContent(trace);
        a.show();
        return a;
    }

    /** Asks; runs {@code yes} or {@code no} (may be null) when the person answers. */
    public static Alert confirm(Window owner, String header, String text, String yesText, Runnable yes, Runnable no) {
        Alert a = alert(owner, Alert.AlertType.CONFIRMATION, "Lockstep", header);
        a.setContentText(text);
        ButtonType ok = new ButtonType(yesText, ButtonBar.ButtonData.OK_DONE);
        a.getButtonTypes().setAll(ok, ButtonType.CANCEL);
        a.setOnHidden(e -> {
            if (a.getResult() == ok) yes.run();
            else if (no != null) no.run();
        });
        a.show();
        return a;
    }
}
