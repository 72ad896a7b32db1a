package dev.lockstep.app.window;

import javafx.animation.PauseTransition;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.Duration;

/** The bottom line: the run's statistics on the left, a passing message on the right. */
public final class StatusBar {
    final Label stats = new Label();
    private final Label message = new Label();
    private final PauseTransition messageTimeout = new PauseTransition(Duration.seconds(8));

    /** Shows a message for a few seconds. */
    public void say(String text) {
        message.setText(text);
        messageTimeout.playFromStart();
    }

    /** Shows a message until the next one: what stopped the run, which the person may come back to long after. */
    public void sayAndKeep(String text) {
        messageTimeout.stop();
        message.setText(text);
    }

    public String message() {
        return message.getText();
    }

    public String statsText() {
        return stats.getText();
    }

    public HBox node() {
        stats.setId("stats");
        message.setId("status-message");
        message.getStyleClass().add("status-message");
        messageTimeout.setOnFinished(e -> message.setText(""));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(12, stats, gap, message);
        bar.setId("status-bar");
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        stats.setMinWidth(0);
        message.setMinWidth(0);
        return bar;
    }
}
