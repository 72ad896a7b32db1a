package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * LME's {@link StateEffects} says a state action changes something exactly when a dry run of it
 * (its operation on a copy, with the node's disconnections) sends or leaves an unequal state, on
 * random states of every variant and random disconnections; slips of the kind one makes reading
 * CleanUp() off the pseudocode are caught; and an action rebuilt with another operation or guard
 * turns the shortcut off.
 */
class StateEffectsProperties {
    /** What an operation needs from a dry run: the disconnections, zeros for draws, and a count of its sends. */
    private static final class DryRun implements Execution {
        private final long d;
        private final int delta;
        int sends;

        DryRun(long d, int delta) {
            this.d = d;
            this.delta = delta;
        }

        @Override public Envelope received() { return null; }
        @Override public long disconnected() { return d; }
        @Override public long connected() { return 0; }
        @Override public long ports() { return 1; }
        @Override public int delta() { return delta; }
        @Override public void send(int port, Message m) { sends++; }
        @Override public int random(int bound) { return 0; }
        @Override public void lockRequested() {}
        @Override public void lockAcquired() {}
        @Override public void unlockRequested() {}
        @Override public void unlockCompleted() {}
        @Override public int id() { throw new UnsupportedOperationException(); }
        @Override public int nodeCount() { throw new UnsupportedOperationException(); }
        @Override public int peerId(int port) { throw new UnsupportedOperationException(); }
        @Override public String region() { throw new UnsupportedOperationException(); }
        @Override public List<String> regions() { throw new UnsupportedOperationException(); }
    }

    /** Bit i: the i-th state action, run on a copy of s with disconnections d, sends or changes the state. */
    private static long dryRuns(List<Action<LmeState>> stateActions, LmeState s, long enabled, long d) {
        long changing = 0;
        for (int i = 0; i < stateActions.size(); i++) {
            if ((enabled >>> i & 1) == 0) continue;
            LmeState copy = s.copy();
            DryRun x = new DryRun(d, 63);
            stateActions.get(i).run(copy, x);
            if (x.sends > 0 || !copy.equals(s)) changing |= 1L << i;
        }
        return changing;
    }

    /** Ports cut since the node's last execution: often none, often some of its sets' ports, never port 0. */
    private static long disconnections(Random r, LmeState s) {
        long sets = s.L() | s.R() | s.W() | s.H() | s.A() | s.C() | s.P() | s.late() | (s.lock() > 0 ? 1L << s.lock() : 0);
        long d = switch (r.nextInt(5)) {
            case 0, 1 -> 0;
            case 2 -> sets & r.nextLong();
            case 3 -> Long.lowestOneBit(sets & ~1L);
            default -> r.nextLong() & ~sets;
        };
        return d & ~1L;
    }

    private static List<Action<LmeState>> stateActions(Lme p) {
        return p.actions().stream().filter(a -> a.trigger() == Action.Trigger.STATE).toList();
    }

    @Property(tries = 200)
    void effectsAreTheDryRuns(@ForAll long seed) {
        Random r = new Random(seed);
        for (LmeVariant variant : LmeVariant.values()) {
            Lme p = new Lme(2 + r.nextInt(15), variant);
            StateEffects<LmeState> effects = p.stateEffects();
            assertEquals(stateActions(p), effects.actions());
            for (int i = 0; i < 40; i++) {
                LmeState s = ListingTogetherProperties.randomState(p, r);
                long d = disconnections(r, s);
                long enabled = p.stateGuards().enabled(s);
                assertEquals(dryRuns(effects.actions(), s, enabled, d), effects.changing(s, enabled, d),
                        variant + " " + s + " D=" + Long.toBinaryString(d));
            }
        }
    }

    /** The listing's use of it: the enabled state actions' codes, in order, less those the dry runs find ineffective. */
    @Property(tries = 100)
    void listingKeepsWhatTheDryRunsKeep(@ForAll long seed) {
        Random r = new Random(seed);
        Lme p = new Lme(2 + r.nextInt(15), LmeVariant.values()[r.nextInt(LmeVariant.values().length)]);
        ActionTable table = ActionTable.of(erased(p));
        List<Action<LmeState>> stateActions = stateActions(p);
        for (int i = 0; i < 50; i++) {
            LmeState s = ListingTogetherProperties.randomState(p, r);
            long d = disconnections(r, s);
            int[] all = new int[8];
            int c = table.putByState(s, all, 0);
            List<Integer> want = new ArrayList<>();
            for (int k = 0; k < c; k++) {
                int index = stateActions.indexOf(p.actions().get(all[k]));
                if (dryRuns(stateActions, s, 1L << index, d) != 0) want.add(all[k]);
            }
            int[] kept = new int[8];
            int k = table.putChangingByState(s, d, kept, 0);
            assertEquals(want, java.util.Arrays.stream(kept, 0, k).boxed().toList(), s + " D=" + Long.toBinaryString(d));
        }
    }

    /** CleanUp's no-op test with one term left out; each must disagree with the dry runs on some generated state. */
    private interface Slip {
        boolean changes(LmeState s, long d, LmeVariant variant);
    }

    private static boolean cleanUpChanges(LmeState s, long d, LmeVariant v, boolean lock, boolean sets, boolean late,
                                          boolean hold, boolean phase) {
        if (d != 0) {
            if (lock && s.lock() > 0 && (d & 1L << s.lock()) != 0) return true;
            long all = s.L() | s.R() | s.W() | s.wTrue() | s.H() | s.A() | s.C() | s.P() | s.late();
            if (sets && (all & d) != 0) return true;
        }
        if (s.C() != 0) return false;
        if (late && v == LmeVariant.CORRECTED && s.late() != 0) return true;
        if (hold && s.H() != 0) return true;
        return phase && s.phase() != (s.A() != 0 ? LmeState.Phase.PREPARE : LmeState.Phase.BOTTOM);
    }

    private static final List<Slip> SLIPS = List.of(
            (s, d, v) -> cleanUpChanges(s, d, v, false, true, true, true, true),   // the lock pointer's cut forgotten
            (s, d, v) -> cleanUpChanges(s, d, v, true, false, true, true, true),   // the sets' cuts forgotten
            (s, d, v) -> cleanUpChanges(s, d, v, true, true, false, true, true),   // Late's reset forgotten
            (s, d, v) -> cleanUpChanges(s, d, v, true, true, true, false, true),   // the ports on hold forgotten
            (s, d, v) -> cleanUpChanges(s, d, v, true, true, true, true, false),   // the phase forgotten
            (s, d, v) -> cleanUpChanges(s, d, v, true, true, true, true, true) || s.C() != 0); // "C ≠ ∅: nothing to do" misread

    @Test
    void eachSlipInCleanUpsTestIsCaught() {
        List<String> missed = new ArrayList<>();
        for (int k = 0; k < SLIPS.size(); k++) {
            Slip slip = SLIPS.get(k);
            Random r = new Random(7 + k);
            boolean caught = false;
            for (int i = 0; i < 20000 && !caught; i++) {
                LmeVariant variant = LmeVariant.values()[i % LmeVariant.values().length];
                Lme p = new Lme(8, variant);
                LmeState s = ListingTogetherProperties.randomState(p, r);
                long enabled = p.stateGuards().enabled(s);
                if ((enabled & 2) == 0) continue; // CleanUp is the second state action
                long d = disconnections(r, s);
                boolean dry = (dryRuns(stateActions(p), s, 2, d) & 2) != 0;
                caught = slip.changes(s, d, variant) != dry;
            }
            if (!caught) missed.add("slip " + k);
        }
        assertEquals(List.of(), missed);
    }

    @SuppressWarnings("unchecked")
    private static Protocol<NodeState> erased(Protocol<? extends NodeState> p) {
        return (Protocol<NodeState>) p;
    }

    /** Rebuilding a state action (another operation, another guard) turns the shortcut off; any other action leaves it on. */
    @Test
    void aRebuiltStateActionTurnsTheShortcutOff() {
        Lme p = new Lme();
        assertTrue(ActionTable.of(erased(p)).decidesEffects());
        Protocol<LmeState> otherOperation = DerivedProtocol.withAction(p, "CleanUp", a -> a.withOperation((s, x) -> {}));
        assertNotNull(otherOperation.stateEffects(), "the derived protocol offers the base's");
        assertFalse(ActionTable.of(erased(otherOperation)).decidesEffects());
        assertFalse(ActionTable.of(erased(DerivedProtocol.withAction(p, "CheckDone", a -> a.withGuard(s -> false)))).decidesEffects());
        assertTrue(ActionTable.of(erased(DerivedProtocol.withAction(p, "ReceiveWin", a -> a))).decidesEffects(),
                "an action kept as it is keeps the shortcut");
        assertFalse(new ActionTable(erased(p).actions()).decidesEffects(), "the reference table dry-runs");
    }
}
