package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.api.FxRobot;

@ExtendWith(ApplicationExtension.class)
class AppSmokeTest {
    @Start
    void start(Stage stage) {
        new LockstepApp().start(stage);
    }

    @Test
    void windowShows(FxRobot robot) {
        assertNotNull(robot.lookup("#lockstep-root").query());
    }
}
