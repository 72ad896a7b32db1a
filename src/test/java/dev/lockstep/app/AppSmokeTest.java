package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

class AppSmokeTest extends AppFixture {
    @Test
    void windowShows() {
        assertNotNull(robot().lookup("#lockstep-root").query());
    }
}
