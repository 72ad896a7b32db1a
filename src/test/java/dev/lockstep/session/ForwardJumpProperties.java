package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A jump forward over known history may start from a checkpoint between here and the target
 * instead of re-executing from here (the time-travel benchmark's worst jumps): it must land in
 * exactly the configuration a fresh run of the same inputs reaches.
 */
class ForwardJumpProperties {

    @Property(tries = 25)
    void jumpingForwardFromThePastEqualsAFreshRun(@ForAll("samples") String file, @ForAll long seed,
                                                  @ForAll @IntRange(min = 40, max = 120) int rounds,
                                                  @ForAll @IntRange(min = 0, max = 1000) int from,
                                                  @ForAll @IntRange(min = 0, max = 1000) int to) throws Exception {
        Session s = TimeTravelProperties.played(TimeTravelProperties.sample(file), seed, rounds);
        long total = s.furthestStep();
        long a = total * Math.min(from, to) / 1000;
        long b = total * Math.max(from, to) / 1000;
        s.jumpToStep(a);
        s.jumpToStep(b);
        assertEquals(b, s.simulation().executionsBegun());
        Session f = TimeTravelProperties.fresh(s, s.position());
        assertEquals(f.position(), s.position());
        assertEquals(f.simulation().configuration(), s.simulation().configuration());
        assertEquals(f.simulation().stats().messagesSent(), s.simulation().stats().messagesSent());
        assertEquals(f.simulation().violations(), s.simulation().violations());
        assertEquals(f.waiting().size(), s.waiting().size(), "the inputs still ahead");
        // and on to the end: the branch's future is unchanged by the detour
        s.jumpToStep(total);
        assertEquals(total, s.simulation().executionsBegun());
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> samples() {
        return new TimeTravelProperties().samples();
    }
}
