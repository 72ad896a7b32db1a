package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.watch.NarrationEntry;
import dev.lockstep.watch.SessionMoment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A history that keeps only its recent events in memory reads as the whole history: every dropped
 * segment, replayed from its checkpoint when read, equals what was recorded, and time travel,
 * the narration, forks and branch switches in the dropped past behave as with every event kept.
 */
class BoundedHistoryProperties {

    @Provide
    Arbitrary<String> samples() {
        return Arbitraries.of("ring-8.json", "unit-disk-swarm-30.json", "grid-5x5-churn.json", "ricart-agrawala-complete-5.json",
                "majority-with-locks-moving-16.json", "amoebots-with-locks-30.json");
    }

    @Property(tries = 14)
    void aBoundedHistoryReadsAsTheWholeOneThroughTravelForksAndSwitches(
            @ForAll("samples") String file, @ForAll long seed,
            @ForAll @IntRange(min = 3, max = 60) int percent) throws Exception {
        var scenario = TimeTravelProperties.sample(file);
        Session whole = TimeTravelProperties.played(scenario, seed, 70);
        int keep = Math.max(1, whole.history().size() * percent / 100);
        Session bounded = TimeTravelProperties.played(scenario, seed, 70, keep);
        assertTrue(bounded.history().droppedSegments() > 0, "segments dropped with " + keep + " events kept of " + bounded.history().size());
        assertTrue(bounded.history().inMemory() < whole.history().size(), "fewer events in memory");
        assertSameHistory(whole, bounded, "as recorded");

        SeededRandom r = new SeededRandom(seed);
        int back = r.nextInt(40);
        for (Session s : List.of(whole, bounded)) s.jumpTo(new Session.Position(back, -1));
        assertSameMoment(whole, bounded, "back at round " + back);
        for (Session s : List.of(whole, bounded)) {
            s.stepAction(3);
            s.stepAction(3);
        }
        assertSameMoment(whole, bounded, "two executions on");

        int node = r.nextInt(whole.simulation().nodeCount());
        for (Session s : List.of(whole, bounded)) {
            s.call(node, Call.LOCK); // in the past: a fork, whose history begins with the dropped past
            s.runUntil(back + 40);
        }
        assertEquals(2, bounded.branches().size());
        assertSameHistory(whole, bounded, "on the fork at round " + back);
        assertSameMoment(whole, bounded, "on the fork");

        for (Session s : List.of(whole, bounded)) s.switchTo(1);
        assertSameHistory(whole, bounded, "back on the first branch");
        assertSameMoment(whole, bounded, "back on the first branch");
    }

    private static void assertSameHistory(Session whole, Session bounded, String when) {
        List<History.Event> a = whole.history().events();
        List<History.Event> b = bounded.history().events();
        assertEquals(a.size(), b.size(), when + ": events");
        // backwards first (as the narration reads), then at random (a replay starts at the round read), then in order
        for (int i = a.size() - 1; i >= 0; i -= 1 + i % 3) assertEquals(comparable(a.get(i)), comparable(b.get(i)), when + ": event " + i);
        SeededRandom pick = new SeededRandom(a.size());
        for (int n = 0; n < 200; n++) {
            int i = pick.nextInt(a.size());
            assertEquals(comparable(a.get(i)), comparable(b.get(i)), when + ": event " + i + ", read at random");
        }
        for (int i = 0; i < a.size(); i++) {
            assertEquals(comparable(a.get(i)), comparable(b.get(i)), when + ": event " + i);
            assertEquals(a.get(i).step(), bounded.history().step(i));
        }
        for (long step = 0; step <= whole.furthestStep(); step += 7) {
            long first = step;
            long last = step + step % 5;
            assertEquals(a.stream().filter(e -> e.step() >= first && e.step() <= last).map(BoundedHistoryProperties::comparable).toList(),
                    bounded.history().between(first, last).stream().map(BoundedHistoryProperties::comparable).toList(),
                    when + ": steps " + first + " to " + last);
            assertEquals(whole.history().upTo(step).size(), bounded.history().upTo(step).size(), when + ": up to step " + step);
            assertEquals(comparable(whole.history().execution(step)), comparable(bounded.history().execution(step)), when + ": execution " + step);
        }
    }

    private static void assertSameMoment(Session whole, Session bounded, String when) {
        assertEquals(whole.position(), bounded.position(), when);
        SessionMoment m = new SessionMoment();
        List<History.Event> now = m.events(whole);
        List<History.Event> boundedNow = new SessionMoment().events(bounded);
        assertEquals(now.size(), boundedNow.size(), when + ": events that have happened");
        assertEquals(lines(SessionMoment.narration(whole.simulation(), now, 60)),
                lines(SessionMoment.narration(bounded.simulation(), boundedNow, 60)), when + ": the narration");
    }

    private static List<String> lines(List<NarrationEntry> entries) {
        List<String> out = new ArrayList<>();
        for (NarrationEntry e : entries) out.add(e.toString());
        return out;
    }

    /** An event with its draws as text (a record compares arrays by identity). */
    private static Object comparable(History.Event e) {
        if (!(e instanceof History.Executed x)) return e;
        return List.of(Arrays.toString(x.draws()), new History.Executed(x.step(), x.round(), x.startRound(), x.node(), x.action(),
                x.received(), x.sent(), x.lostOnSend(), null, x.narration(), x.state()));
    }
}
