package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import javafx.scene.control.ToggleButton;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.SVGPath;
import org.junit.jupiter.api.Test;

/**
 * The toolbar's icons: dark on the light buttons, white on Play's blue while playing (and on the
 * black of a selected button in lecture mode). A stray stylesheet rule once painted every icon
 * black, so the pause icon vanished into the blue of a playing Play button.
 */
class ToolbarIconsTest extends AppFixture {
    Paint playIcon() {
        return fx(() -> ((SVGPath) ((ToggleButton) robot().lookup("#play").query()).getGraphic()).getFill());
    }

    void play(boolean on) {
        fx(() -> {
            if (window.playing() != on) window.togglePlay();
            window.root().applyCss();
            return null;
        });
    }

    @Test
    void playsIconIsWhiteWhilePlayingAndDarkOtherwise() {
        fx(() -> window.root().applyCss());
        Paint idle = playIcon();
        assertNotEquals(Color.WHITE, idle, "dark on a light button");
        assertEquals(Color.web("#24313d"), idle);
        play(true);
        assertEquals(Color.WHITE, playIcon(), "white on the blue of a playing Play");
        play(false);
        fx(() -> window.setLecture(true));
        play(false);
        assertEquals(Color.BLACK, playIcon(), "black in lecture mode");
        play(true);
        assertEquals(Color.WHITE, playIcon(), "white on black while playing in lecture mode");
        play(false);
    }
}
