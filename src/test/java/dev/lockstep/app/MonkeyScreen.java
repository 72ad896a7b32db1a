package dev.lockstep.app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.stage.PopupWindow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the monkey sees of the screen and how it answers what pops up: reads on the JavaFX
 * thread, the menus, lists and dialogs showing, a dialog's buttons pressed, and the tidying
 * after each action (Escape for a menu or a field, Cancel for a dialog, Pause).
 */
final class MonkeyScreen {
    private final AppFixture f;

    MonkeyScreen(AppFixture f) {
        this.f = f;
    }

    private FxRobot robot() {
        return f.robot();
    }

    private MainWindow w() {
        return f.window;
    }

    /**
     * Reads on the JavaFX thread without waiting for its event queue to drain first (the robot
     * already waits after every gesture; a read does not need the extra rounds).
     */
    <T> T read(java.util.function.Supplier<T> s) {
        try {
            return WaitForAsyncUtils.asyncFx(s::get).get(Monkey.ACTION_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the JavaFX thread did not answer: " + e, e);
        }
    }

    boolean menuItemShown(String id) {
        try {
            WaitForAsyncUtils.waitFor(3, TimeUnit.SECONDS, () -> read(() -> robot().lookup(id).tryQuery().isPresent()));
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    Stage exportDialog() {
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> findExportDialog() != null);
        } catch (java.util.concurrent.TimeoutException e) {
            return null;
        }
        return findExportDialog();
    }

    Stage findExportDialog() {
        return read(() -> {
            for (Window win : Window.getWindows()) {
                if (win instanceof Stage s && s != f.stage && s.isShowing() && s.getScene() != null
                        && s.getScene().getRoot().lookup("#export-format") != null) return s;
            }
            return null;
        });
    }

    /**
     * Answers the dialog the action opened, if one did: yes (the OK-type button, or {@code yesText})
     * or Cancel. An error dialog has only OK.
     */
    String answer(boolean yes, String yesText) {
        WaitForAsyncUtils.waitForFxEvents();
        List<DialogPane> ds = f.dialogs();
        if (ds.isEmpty()) return "";
        DialogPane d = ds.get(0);
        String header = read(d::getHeaderText);
        List<ButtonType> types = read(() -> List.copyOf(d.getButtonTypes()));
        ButtonType pick = null;
        for (ButtonType t : types) {
            boolean ok = yesText != null ? t.getText().equals(yesText) : t.getButtonData() == ButtonBar.ButtonData.OK_DONE;
            if (yes == ok) pick = t;
        }
        if (pick == null) pick = types.get(0);
        press(d, pick);
        return " [" + header + ": " + pick.getText() + "]";
    }

    /**
     * Clicks a dialog's button; clicks again if the dialog still shows a moment later (a dialog
     * just shown may still be moving to its place when the first click arrives).
     */
    void press(DialogPane d, ButtonType type) {
        Node button = read(() -> d.lookupButton(type));
        for (int attempt = 0; attempt < 5; attempt++) {
            if (!read(() -> d.getScene() != null && d.getScene().getWindow().isShowing())) return;
            robot().clickOn(button);
            try {
                WaitForAsyncUtils.waitFor(2, TimeUnit.SECONDS, () -> !read(() -> d.getScene() != null && d.getScene().getWindow().isShowing()));
                return;
            } catch (java.util.concurrent.TimeoutException e) {
                // once more
            }
        }
        throw new AssertionError("the dialog \"" + read(d::getHeaderText) + "\" stays open after 5 clicks on " + type.getText());
    }

    /**
     * Closes what an action may have left open, as a person would: Escape for a menu or a field
     * with the focus, Cancel for a dialog. An internal-error dialog stays (the test reports it).
     */
    String tidy() {
        StringBuilder did = new StringBuilder();
        if (read(() -> f.stage.getScene().getFocusOwner() instanceof TextInputControl)) {
            robot().type(KeyCode.ESCAPE);
            did.append(" esc(field)");
        }
        for (int i = 0; i < 3 && openPopup(); i++) {
            robot().type(KeyCode.ESCAPE);
            did.append(" esc(popup)");
        }
        if (openPopup()) {
            read(() -> {
                for (Window win : new ArrayList<>(Window.getWindows())) if (win instanceof ContextMenu c) c.hide();
                return null;
            });
            did.append(" hid a popup Escape did not close");
        }
        for (DialogPane d : f.dialogs()) {
            String header = read(d::getHeaderText);
            if (read(() -> d.getScene().getWindow() instanceof Stage s && s.getTitle().contains("internal error"))) continue;
            List<ButtonType> types = read(() -> List.copyOf(d.getButtonTypes()));
            ButtonType close = types.stream().filter(t -> t.getButtonData().isCancelButton()).findFirst().orElse(types.get(0));
            press(d, close);
            did.append(" closed \"").append(header).append('"');
        }
        Stage export = findExportDialog();
        if (export != null) {
            read(() -> { export.close(); return null; });
            did.append(" closed the export dialog");
        }
        if (read(() -> w().playing())) {
            robot().type(KeyCode.SPACE);
            did.append(" paused");
        }
        return did.toString();
    }

    boolean openPopup() {
        return read(() -> Window.getWindows().stream().anyMatch(win -> win.isShowing()
                && (win instanceof ContextMenu || win instanceof PopupWindow p && !(p instanceof javafx.scene.control.Tooltip))));
    }

    boolean visible(Node n) {
        return read(() -> {
            for (Node x = n; x != null; x = x.getParent()) if (!x.isVisible()) return false;
            return n.getScene() != null && n.getScene().getWindow() != null && n.getScene().getWindow().isShowing();
        });
    }

    /** Nodes of the popups now showing (menus, combo lists) that match, in scene order. */
    List<Node> popupNodes(Predicate<Node> match) {
        WaitForAsyncUtils.waitForFxEvents();
        return read(() -> {
            List<Node> out = new ArrayList<>();
            for (Window win : Window.getWindows()) {
                if (win instanceof PopupWindow && win.isShowing() && win.getScene() != null) collect(win.getScene().getRoot(), match, out);
            }
            return out;
        });
    }

    static void collect(Node n, Predicate<Node> match, List<Node> out) {
        if (!n.isVisible()) return;
        if (match.test(n)) out.add(n);
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) collect(c, match, out);
    }

    static boolean hasText(Node n, String text) {
        if (n instanceof Labeled l && text.equals(l.getText())) return true;
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) if (hasText(c, text)) return true;
        return false;
    }
}
