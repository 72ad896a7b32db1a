package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Simulation;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The fingerprint table and the fingerprint itself; that fingerprints change no search is ReductionsProperties'. */
class FingerprintSetTest {
    /** A state after x's Lock call and one execution: node states differ, a message is in transit. */
    private static Simulation busy() {
        Simulation sim = LmeStarts.pair(LmeVariant.CORRECTED, 2);
        new AdversaryMove.CallMove(0, Call.LOCK).apply(sim);
        sim.endRound();
        new AdversaryMove.ExecuteMove(sim.choices().get(0)).apply(sim);
        sim.endRound();
        return sim;
    }

    /**
     * The same in every JVM run: a literal, so a fingerprint built from identity hash codes (an
     * enum's, an object's) would fail here. It changes only when the encoding or the LME state does.
     */
    @Test
    void theFingerprintIsTheSameInEveryRun() {
        Simulation sim = busy();
        assertTrue(sim.channels().size(1) + sim.channels().size(0) > 0, "a message in transit");
        long fp = Fingerprints.of(sim.configuration().encode(new FingerprintSet()), new byte[] {1, 0, 0});
        assertEquals(0x1051c8715e885adfL, fp, Long.toHexString(fp));
    }

    /**
     * Equal keys give equal fingerprints; a different counter or configuration a different one.
     * An expanding thread prepares the fingerprint only once its values are all numbered.
     */
    @Test
    void equalKeysEqualFingerprints() {
        FingerprintSet set = new FingerprintSet();
        Simulation a = busy();
        Simulation b = busy();
        assertEquals(0, set.prepare(a.configuration(), new byte[] {1, 0, 0}), "nothing numbered yet");
        assertTrue(set.add(a.configuration(), new byte[] {1, 0, 0}, 0));
        long prepared = set.prepare(b.configuration(), new byte[] {1, 0, 0});
        assertEquals(0x1051c8715e885adfL, prepared);
        assertFalse(set.add(b.configuration(), new byte[] {1, 0, 0}, prepared));
        assertFalse(set.add(b.configuration(), new byte[] {1, 0, 0}, 0));
        assertTrue(set.add(b.configuration(), new byte[] {1, 0, 1}, set.prepare(b.configuration(), new byte[] {1, 0, 1})));
        assertTrue(set.add(LmeStarts.pair(LmeVariant.CORRECTED, 2).configuration(), new byte[] {1, 0, 0}, 0));
        assertEquals(3, set.size());
    }

    /** The open-addressing table keeps every fingerprint through its growths, zero included. */
    @Test
    void theTableKeepsEveryFingerprint() {
        FingerprintSet set = new FingerprintSet();
        long[] fps = new SplittableRandom(7).longs(50_000).toArray();
        fps[17] = 0;
        for (long fp : fps) assertTrue(set.addFingerprint(fp));
        for (long fp : fps) assertFalse(set.addFingerprint(fp));
        assertEquals(fps.length, set.size());
        ExplorationResult.Storage s = set.storage(fps.length);
        assertEquals(64, s.fingerprintBits());
        assertTrue(s.tableBytes() >= fps.length * 8L * 4 / 3, "" + s.tableBytes());
    }
}
