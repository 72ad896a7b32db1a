package dev.lockstep.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The JavaFX application (skeleton: replaced by the full window). */
public final class LockstepApp extends Application {
    @Override
    public void start(Stage stage) {
        BorderPane root = new BorderPane(new Label("Lockstep"));
        root.setId("lockstep-root");
        stage.setTitle("Lockstep");
        stage.setScene(new Scene(root, 900, 600));
        stage.show();
    }

    public static void main(String[] args) {
        launch(args);
    }
}
