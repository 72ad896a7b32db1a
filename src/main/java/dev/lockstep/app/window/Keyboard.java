package dev.lockstep.app.window;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The plain-key shortcuts (the menus' accelerators handle those with Ctrl): a filter on the scene,
 * so they act wherever the focus is, except while typing in a field.
 */
public final class Keyboard {
    private final WindowActions a;

    public Keyboard(WindowActions actions) {
        this.a = actions;
    }

    public void keyPressed(KeyEvent e) {
        if (e.isControlDown() || e.isAltDown() || e.isMetaDown() || e.isShortcutDown()) return;
        WindowState state = a.state();
        Node focus = state.stage.getScene() == null ? null : state.stage.getScene().getFocusOwner();
        if (focus instanceof javafx.scene.control.TextInputControl) {
            // typing (the seed): Escape gives the keys back to the shortcuts
            if (e.getCode() == KeyCode.ESCAPE) {
                state.root.requestFocus();
                a.display().syncControls();
                e.consume();
            }
            return;
        }
        Stepping stepping = a.stepping();
        TimeTravel travel = a.travel();
        Runnable action = switch (e.getCode()) {
            case SPACE -> e.isShiftDown() ? null : a.player()::toggle;
            case RIGHT -> e.isShiftDown() ? stepping::stepAction : stepping::stepRound;
            case LEFT -> e.isShiftDown() ? travel::stepBackRound : travel::stepBackAction;
            case HOME -> travel::jumpToStart;
            case END -> travel::jumpToEnd;
            case PAGE_UP -> travel::backToTopologyChange;
            case PAGE_DOWN -> travel::forwardToTopologyChange;
            case G -> e.isShiftDown() ? null : travel::goToRoundDialog;
            case M -> e.isShiftDown() ? null : a.manual()::toggleManual;
            case R -> e.isShiftDown() ? null : a.lifecycle()::reset;
            case ESCAPE -> () -> a.selection().highlight(List.of());
            default -> null;
        };
        if (action == null) return;
        e.consume();
        action.run();
    }
}
