package dev.lockstep.app.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProgressLineTest {
    @Test
    void countsRunsFoundInTheDirectoryAsDoneButNotInTheRate() {
        // 100 of 400 were written by an earlier sweep; this one ran 50 in 10 s: 5 runs/s, 250 left → 50 s
        ProgressLine p = new ProgressLine(150, 400, 50, 10);
        assertEquals(0.375, p.fraction());
        assertEquals(5.0, p.rate());
        assertEquals("150 / 400 runs · 5.0 runs/s · 50 s left", p.text());
    }

    @Test
    void beforeTheFirstRunAndAtTheEnd() {
        assertEquals("0 / 8 runs", new ProgressLine(0, 8, 0, 0).text());
        assertEquals("8 / 8 runs · 4.0 runs/s", new ProgressLine(8, 8, 8, 2).text());
        assertEquals(1.0, new ProgressLine(0, 0, 0, 0).fraction());
    }

    @Test
    void durations() {
        assertEquals("42 s", ProgressLine.duration(41.2));
        assertEquals("3 min 5 s", ProgressLine.duration(185));
        assertEquals("2 h 10 min", ProgressLine.duration(7800));
    }
}
