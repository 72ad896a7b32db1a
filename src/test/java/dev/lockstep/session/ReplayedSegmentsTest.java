package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which replays stay open: a segment is replayed from the round read and on as far as reads go,
 * again only when a read goes back before it (from twice as far back each time), and the least recently read
 * is closed first, past four or past the budget of events.
 */
class ReplayedSegmentsTest {
    /** Rounds of {@link #PER_ROUND} events each; the events' steps say their round and place. */
    static final int PER_ROUND = 10;

    final List<String> replays = new ArrayList<>();

    SegmentSource<History.Event> source(int recordedPerRound) {
        return (from, round, to) -> {
            replays.add(from + ":" + round);
            List<History.Event> events = new ArrayList<>();
            return new SegmentReplay<>() {
                int r = round;

                @Override public List<History.Event> events() {
                    return events;
                }

                @Override public boolean next() {
                    if (done()) return false;
                    for (int e = 0; e < recordedPerRound; e++) events.add(new History.Tick(r * 100L + e, r, "x"));
                    r++;
                    return true;
                }

                @Override public boolean done() {
                    return r >= to;
                }
            };
        };
    }

    /** Event i of segment k (16 rounds from round 16k, events from 160k on), read from its round. */
    History.Event read(ReplayedSegments<History.Event> open, SegmentSource<History.Event> s, int k, int i, int budget) {
        int round = i / PER_ROUND;
        return open.get(s, k, i, 16 * k, 16 * (k + 1), round, r -> r * PER_ROUND, 160 * (k + 1), budget);
    }

    @Test
    void aSegmentIsReplayedFromTheRoundReadAndFromFurtherBackEachTimeAReadGoesBackBeforeIt() {
        ReplayedSegments<History.Event> open = new ReplayedSegments<>();
        SegmentSource<History.Event> s = source(PER_ROUND);
        assertEquals(504, read(open, s, 0, 54, 1000).step(), "round 5, its fifth event");
        assertEquals(List.of("0:5"), replays, "the rounds before re-executed muted, recorded from round 5");
        assertEquals(1509, read(open, s, 0, 159, 1000).step(), "on to the segment's last event, the same replay");
        assertEquals(List.of("0:5"), replays);
        assertEquals(500, read(open, s, 0, 50, 1000).step());
        assertEquals(1, replays.size(), "an earlier event of the rounds recorded: no replay");
        read(open, s, 0, 49, 1000);
        assertEquals(List.of("0:5", "0:3"), replays, "before them (round 4): replayed again, from a round further back");
        assertEquals(1509, read(open, s, 0, 159, 1000).step(), "and on from there as far as reads go");
        read(open, s, 0, 29, 1000); // round 2: two rounds back from there, down to the segment's start
        assertEquals(List.of("0:5", "0:3", "0:0"), replays, "further back each time");
        for (int i = 159; i >= 0; i--) read(open, s, 0, i, 1000);
        assertEquals(3, replays.size(), "the whole segment open: reading it back replays nothing");

        ReplayedSegments<History.Event> far = new ReplayedSegments<>();
        replays.clear();
        for (int i = 159; i >= 0; i--) read(far, s, 0, i, 1000); // back over 16 rounds from the last
        assertEquals(List.of("0:15", "0:13", "0:10", "0:5", "0:0"), replays, "1, 2, 4, 8 rounds back: five replays, not sixteen");
    }

    @Test
    void theLeastRecentlyReadIsClosedFirstPastFourOrPastTheBudget() {
        ReplayedSegments<History.Event> open = new ReplayedSegments<>();
        SegmentSource<History.Event> s = source(PER_ROUND);
        for (int k = 0; k < 4; k++) read(open, s, k, 160 * k, 1000);
        read(open, s, 0, 0, 1000); // segment 0 read again: now the most recent
        read(open, s, 4, 640, 1000);
        assertEquals(List.of(2, 3, 0, 4), open.segments(), "segment 1 closed, the least recently read");
        read(open, s, 5, 800 + 150, 1000); // its last round: 10 events
        assertEquals(4, open.open());
        read(open, s, 6, 960, 15); // over a budget of 15 events: all but the newest closed
        assertEquals(List.of(6), open.segments());
        History.Event e = read(open, s, 6, 961, 15);
        assertSame(e, read(open, s, 6, 961, 15), "still open: the same event");
        assertEquals(7, replays.size(), "one replay a segment: " + replays);
    }

    @Test
    void aReplayThatGivesOtherEventsThanRecordedSaysSo() {
        ReplayedSegments<History.Event> open = new ReplayedSegments<>();
        SegmentSource<History.Event> fewer = source(PER_ROUND - 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> read(open, fewer, 0, 159, 1000));
        assertEquals("replaying rounds 15–15 (from the checkpoint of round 0) gave 9 events where 10 were recorded", e.getMessage());
        SegmentSource<History.Event> more = source(PER_ROUND + 1);
        assertThrows(IllegalStateException.class, () -> read(new ReplayedSegments<>(), more, 0, 155, 1000));
    }
}
