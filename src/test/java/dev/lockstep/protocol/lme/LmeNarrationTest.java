package dev.lockstep.protocol.lme;

import static dev.lockstep.protocol.lme.LmePseudocode.ALG1;
import static dev.lockstep.protocol.lme.LmePseudocode.ALG2;
import static dev.lockstep.protocol.lme.LmePseudocode.ALG3;
import static dev.lockstep.protocol.lme.LmePseudocode.FIXES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.lockstep.core.Call;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Narration;
import dev.lockstep.core.NarrationLog;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The narration log's sentences and the highlighted pseudocode lines for characteristic LME
 * executions, driven step by step (port 1 is the x–y edge at both ends in the two-node runs).
 */
class LmeNarrationTest {

    /** A harness whose every execution is narrated by {@link NarrationLog}. */
    static final class Narrated {
        final LmeHarness h;
        final List<NarrationLog.Entry> log = new ArrayList<>();

        Narrated(LmeVariant variant, int delta, String... names) {
            h = new LmeHarness(variant, delta, names);
            h.sim.addListener(new NarrationLog(h.sim, log::add));
        }

        /** Executes and returns the sentence. */
        String say(String node, String action, int port, int... draws) {
            ExecutionRecord r = h.step(node, action, port, draws);
            NarrationLog.Entry e = log.get(log.size() - 1);
            assertEquals(r, e.record());
            return e.sentence();
        }

        String say(String node, String action) {
            return say(node, action, -1);
        }

        List<Span> lines() {
            return log.get(log.size() - 1).lines();
        }

        void round() {
            h.endRound();
        }
    }

    /** Whether line {@code n} of block {@code b} is highlighted. */
    static boolean lit(List<Span> lines, int b, int n) {
        return lines.stream().anyMatch(s -> s.contains(b, n));
    }

    static void assertLit(List<Span> lines, int b, int... numbers) {
        for (int n : numbers) assertTrue(lit(lines, b, n), "block " + b + " l. " + n + " in " + lines);
    }

    static void assertDark(List<Span> lines, int b, int... numbers) {
        for (int n : numbers) assertFalse(lit(lines, b, n), "block " + b + " l. " + n + " in " + lines);
    }

    /** x and y both lock and prepare; CheckStart draws the given priorities (round 5). */
    static Narrated twoNodes(LmeVariant v, int px, int py) {
        Narrated n = new Narrated(v, 2, "x", "y");
        n.h.link("x", "y");
        n.h.sim.call(0, Call.LOCK);
        n.h.sim.call(1, Call.LOCK);
        n.h.bothPrepare(px, py);
        return n;
    }

    @Test
    void preparation() {
        Narrated n = new Narrated(LmeVariant.CORRECTED, 2, "x", "y");
        n.h.link("x", "y");
        n.h.sim.call(0, Call.LOCK);
        assertEquals("x ran InitLock: Lock was called, so x entered prepare with L = {x, y} and sent prepare() on ports 0, 1",
                n.say("x", "InitLock"));
        // The corrected variant's CleanUp() is l. 1′, before the test (flaw 4), not l. 3.
        assertLit(n.lines(), ALG1, 1, 2, 4, 5, 22, 23, 27);
        assertLit(n.lines(), FIXES, 8);
        assertDark(n.lines(), ALG1, 3);
        n.round();
        assertEquals("x ran ReceivePrepare from itself (port 0): no competition for x is under way, so x became an "
                + "applicant and got ready()", n.say("x", "ReceivePrepare", 0));
        assertEquals("y ran ReceivePrepare from x (port 1): no competition for y is under way, so x became an "
                + "applicant and got ready()", n.say("y", "ReceivePrepare", 1));
        assertLit(n.lines(), ALG1, 6, 7, 8, 9, 10, 11);
        n.round();
        assertEquals("x ran ReceiveReady from itself (port 0): 1 of 2 ready() replies in", n.say("x", "ReceiveReady", 0));
        n.round();
        assertEquals("x ran ReceiveReady from y (port 1): both ready() replies in", n.say("x", "ReceiveReady", 1));
        n.round();
        assertEquals("x ran CheckStart: both ready() replies in, so x entered compete, drew priority 5 and sent "
                + "request-lock(5) on ports 0, 1", n.say("x", "CheckStart", -1, 5));
        assertLit(n.lines(), ALG1, 15, 16, 17, 18, 19);
        n.round();
        // A Lock call while a lock operation is under way is consumed without effect (Alg. 1, l. 2);
        // the corrected variant runs CleanUp() first (l. 1′), which here has nothing to do.
        n.h.sim.call(0, Call.LOCK);
        assertEquals("x ran InitLock: Lock was called, but x is already in state compete (one locking operation at "
                + "a time), so the call had no effect", n.say("x", "InitLock"));
        assertLit(n.lines(), ALG1, 1, 2, 22, 23, 27);
        assertLit(n.lines(), FIXES, 8);
        assertDark(n.lines(), ALG1, 3, 4, 5, 24);
    }

    /** A tie, a lost trial and a resend, a unique winner, lock completion, a locked participant, unlock. */
    @Test
    void competitionLockAndUnlock() {
        Narrated n = twoNodes(LmeVariant.CORRECTED, 3, 3);
        assertEquals("x ran ReceiveRequest from itself (port 0): x joined the competition for x as a candidate with "
                + "priority 3, closing it to newcomers; the only priority is in", n.say("x", "ReceiveRequest", 0));
        assertEquals("y ran ReceiveRequest from x (port 1): x joined the competition for y as a candidate with "
                + "priority 3, closing it to newcomers; the only priority is in", n.say("y", "ReceiveRequest", 1));
        assertLit(n.lines(), ALG2, 1, 2, 3, 4);
        assertLit(n.lines(), FIXES, 4);
        n.round();
        assertEquals("x ran ReceiveRequest from y (port 1): y joined the competition for x as a candidate with "
                + "priority 3; both priorities in", n.say("x", "ReceiveRequest", 1));
        n.say("y", "ReceiveRequest", 0);
        n.round();

        assertEquals("x ran CheckPriorities: tie at priority 3 between x and y, so every candidate loses: win(false) "
                + "to ports 0, 1", n.say("x", "CheckPriorities"));
        assertLit(n.lines(), ALG2, 5, 6, 7, 9, 10);
        assertDark(n.lines(), ALG2, 8);
        assertEquals("y ran CheckPriorities: tie at priority 3 between y and x, so every candidate loses: win(false) "
                + "to ports 0, 1", n.say("y", "CheckPriorities"));
        n.round();
        assertEquals("x ran ReceiveWin from itself (port 0): x lost the trial at itself (win(false)); 1 of 2 replies in",
                n.say("x", "ReceiveWin", 0));
        n.say("y", "ReceiveWin", 0);
        n.round();
        assertEquals("x ran ReceiveWin from y (port 1): x lost the trial at y (win(false)); both replies in",
                n.say("x", "ReceiveWin", 1));
        n.say("y", "ReceiveWin", 1);
        n.round();
        assertEquals("x ran CheckWin: win(false) on ports 0, 1, so it drew priority 6 and sent request-lock(6) on "
                + "ports 0, 1", n.say("x", "CheckWin", -1, 6));
        assertLit(n.lines(), ALG2, 14, 15, 16, 17, 18, 22);
        assertDark(n.lines(), ALG2, 19, 20, 21);
        n.say("y", "CheckWin", -1, 2);
        n.round();
        n.say("x", "ReceiveRequest", 0);
        assertEquals("y ran ReceiveRequest from x (port 1): candidate x tries again with priority 6; 1 of 2 "
                + "priorities in", n.say("y", "ReceiveRequest", 1));
        n.round();
        n.say("x", "ReceiveRequest", 1);
        n.say("y", "ReceiveRequest", 0);
        n.round();

        assertEquals("x ran CheckPriorities: unique highest priority 6 from x (port 0), so win(true) to port 0 and "
                + "win(false) to port 1", n.say("x", "CheckPriorities"));
        assertEquals("y ran CheckPriorities: unique highest priority 6 from x (port 1), so win(true) to port 1 and "
                + "win(false) to port 0", n.say("y", "CheckPriorities"));
        assertLit(n.lines(), ALG2, 5, 6, 7, 8, 10);
        assertDark(n.lines(), ALG2, 9);
        n.round();
        n.say("x", "ReceiveWin", 0);
        n.say("y", "ReceiveWin", 0);
        n.round();
        assertEquals("x ran ReceiveWin from y (port 1): x won the trial at y (win(true)); both replies in",
                n.say("x", "ReceiveWin", 1));
        n.say("y", "ReceiveWin", 1);
        n.round();
        assertEquals("x ran CheckWin: win(true) from both participants, so x entered win and sent set-lock() on "
                + "ports 0, 1", n.say("x", "CheckWin"));
        assertLit(n.lines(), ALG2, 14, 15, 16, 19, 20, 21, 22);
        assertDark(n.lines(), ALG2, 17, 18);
        n.say("y", "CheckWin", -1, 4);
        n.round();
        assertEquals("x ran ReceiveSetLock from itself (port 0): x is now locked by itself (lock = 0) and answered "
                + "ack-lock()", n.say("x", "ReceiveSetLock", 0));
        assertEquals("y ran ReceiveSetLock from x (port 1): y is now locked by x (lock = 1) and answered ack-lock()",
                n.say("y", "ReceiveSetLock", 1));
        assertLit(n.lines(), ALG2, 23, 24, 25, 26);
        n.round();
        assertEquals("x ran ReceiveAckLock from itself (port 0): 1 of 2 acknowledgements in",
                n.say("x", "ReceiveAckLock", 0));
        n.say("y", "ReceiveRequest", 0);
        n.round();
        assertEquals("x ran ReceiveAckLock from y (port 1): both acknowledgements in", n.say("x", "ReceiveAckLock", 1));
        n.round();
        assertEquals("x ran CheckDone: all acknowledgements in, x now holds {x, y}", n.say("x", "CheckDone"));
        assertLit(n.lines(), ALG2, 30, 31, 32, 33);
        n.round();
        n.say("x", "ReceiveRequest", 1);
        n.round();
        assertEquals("x ran CheckPriorities: x is locked by itself, so every candidate loses: win(false) to port 1",
                n.say("x", "CheckPriorities"));
        assertEquals("y ran CheckPriorities: y is locked by x (port 1), so every candidate loses: win(false) to port 0",
                n.say("y", "CheckPriorities"));
        assertLit(n.lines(), ALG2, 7, 9);
        assertDark(n.lines(), ALG2, 8);
        n.round();

        n.h.sim.call(0, Call.UNLOCK);
        assertEquals("x ran InitUnlock: Unlock was called, so x entered unlock and sent release-lock() on ports 0, 1",
                n.say("x", "InitUnlock"));
        assertLit(n.lines(), ALG3, 1, 2, 4, 5);
        assertLit(n.lines(), FIXES, 9);
        assertDark(n.lines(), ALG3, 3);
        n.round();
        assertEquals("x ran ReceiveRelease from itself (port 0): x is no longer locked by itself and answered "
                + "ack-unlock()", n.say("x", "ReceiveRelease", 0));
        assertEquals("y ran ReceiveRelease from x (port 1): y is no longer locked by x and answered ack-unlock()",
                n.say("y", "ReceiveRelease", 1));
        assertLit(n.lines(), ALG3, 6, 7, 8);
        n.round();
        assertEquals("x ran ReceiveAckUnlock from itself (port 0): 1 of 2 unlock acknowledgements in",
                n.say("x", "ReceiveAckUnlock", 0));
        n.round();
        assertEquals("x ran ReceiveAckUnlock from y (port 1): both unlock acknowledgements in",
                n.say("x", "ReceiveAckUnlock", 1));
        n.round();
        assertEquals("x ran CheckUnlocked: all unlock acknowledgements in, so x released {x, y} and is idle again "
                + "(state ⊥)", n.say("x", "CheckUnlocked"));
        assertLit(n.lines(), ALG3, 12, 13, 14);
        n.round();
        n.h.sim.call(0, Call.UNLOCK);
        assertEquals("x ran InitUnlock: Unlock was called, but x is not locked (state ⊥), so the call had no effect",
                n.say("x", "InitUnlock"));
        assertEquals(List.of(new Span(ALG1, 22, 23), new Span(ALG1, 27, 27), new Span(ALG3, 1, 2),
                new Span(FIXES, 9, 9)), n.lines(), "Alg. 3, l. 1′ and CleanUp(), not l. 3-5");
    }

    /** Flaw 4 (README): a Lock call that does not apply, right after a cut. */
    @Test
    void aLockCallThatDoesNotApplyStillProcessesTheCutInTheCorrectedVariant() {
        for (LmeVariant v : LmeVariant.values()) {
            Narrated n = new Narrated(v, 1, "x", "y");
            n.h.link("x", "y");
            n.h.sim.call(0, Call.LOCK);
            n.say("x", "InitLock");
            assertEquals(v != LmeVariant.CORRECTED, lit(n.lines(), ALG1, 3), v.json() + ": l. 3 where CleanUp() is printed");
            n.round();
            n.h.sim.cut(0, 1);
            n.h.sim.call(0, Call.LOCK);
            String said = n.say("x", "InitLock");
            if (v == LmeVariant.CORRECTED) {
                assertEquals("x ran InitLock: Lock was called, but x is already in state prepare (one locking operation "
                        + "at a time), so only CleanUp() ran; it processed the cut of port 1 (dropped it from L)", said);
                assertLit(n.lines(), ALG1, 1, 2, 22, 23, 24, 25, 26, 27);
                assertLit(n.lines(), FIXES, 8);
                assertDark(n.lines(), ALG1, 3, 4, 5);
                assertEquals(PortSet.of(0), n.h.state("x").L());
            } else {
                assertEquals("x ran InitLock: Lock was called, but x is already in state prepare (one locking operation "
                        + "at a time), so the call had no effect", said, v.json());
                assertEquals(List.of(new Span(ALG1, 1, 2)), n.lines(), v.json());
                assertEquals(PortSet.of(0, 1), n.h.state("x").L(), v.json() + ": the cut is lost");
            }
        }
    }

    @Test
    void anUnlockCallThatDoesNotApplyStillProcessesTheCutInTheCorrectedVariant() {
        Narrated n = new Narrated(LmeVariant.CORRECTED, 1, "x", "y");
        n.h.link("x", "y");
        n.h.sim.call(0, Call.LOCK);
        n.say("x", "InitLock");
        n.round();
        n.h.sim.cut(0, 1);
        n.h.sim.call(0, Call.UNLOCK);
        assertEquals("x ran InitUnlock: Unlock was called, but x is not locked (state prepare), so only CleanUp() ran; "
                + "it processed the cut of port 1 (dropped it from L)", n.say("x", "InitUnlock"));
        assertLit(n.lines(), ALG3, 1, 2);
        assertLit(n.lines(), ALG1, 24, 25, 26);
        assertLit(n.lines(), FIXES, 9);
        assertDark(n.lines(), ALG3, 3, 4, 5);
    }

    /** README's flaw-1 opening: x's participant decides a trial while y is still an applicant. */
    @Test
    void aLateApplicantLosesAtOnce() {
        Narrated n = twoNodes(LmeVariant.CORRECTED, 5, 2);
        n.say("x", "ReceiveRequest", 0);
        n.round();
        assertEquals("x ran CheckPriorities: unique highest priority 5 from x (port 0), so win(true) to port 0; "
                + "applicant y (port 1) missed this trial and is now late", n.say("x", "CheckPriorities"));
        assertLit(n.lines(), FIXES, 7);
        n.round();
        assertEquals("x ran ReceiveRequest from y (port 1): y missed the decided trial (late), so it loses at once: "
                + "win(false)", n.say("x", "ReceiveRequest", 1));
        assertLit(n.lines(), ALG2, 1, 2);
        assertDark(n.lines(), ALG2, 3, 4);
        assertLit(n.lines(), FIXES, 4, 5, 6);
    }

    /** The same schedule as printed: no late mark, y's request waits in P (the start of flaw 1). */
    @Test
    void thePaperVariantHasNoLateApplicants() {
        Narrated n = twoNodes(LmeVariant.PAPER, 5, 2);
        n.say("x", "ReceiveRequest", 0);
        assertLit(n.lines(), ALG2, 1, 2, 3, 4);
        assertTrue(n.lines().stream().allMatch(s -> s.block() < 3), "no corrections block");
        n.round();
        assertEquals("x ran CheckPriorities: unique highest priority 5 from x (port 0), so win(true) to port 0",
                n.say("x", "CheckPriorities"));
        n.round();
        assertEquals("x ran ReceiveRequest from y (port 1): y joined the competition for x as a candidate with "
                + "priority 2; 1 of 2 priorities in", n.say("x", "ReceiveRequest", 1));
    }

    /** y's prepare arrives while x's competition runs; x's set-lock ends it and releases y from hold. */
    @Test
    void holdAndRelease() {
        Narrated n = new Narrated(LmeVariant.CORRECTED, 2, "x", "y");
        n.h.link("x", "y");
        n.h.sim.call(0, Call.LOCK);
        n.say("x", "InitLock");
        n.round();
        n.say("x", "ReceivePrepare", 0);
        n.say("y", "ReceivePrepare", 1);
        n.round();
        n.say("x", "ReceiveReady", 0);
        n.round();
        n.say("x", "ReceiveReady", 1);
        n.round();
        n.say("x", "CheckStart", -1, 4);
        n.round();
        n.say("x", "ReceiveRequest", 0);
        n.say("y", "ReceiveRequest", 1);
        n.round();
        n.h.sim.call(1, Call.LOCK);
        n.say("y", "InitLock");
        assertEquals("x ran CheckPriorities: unique highest priority 4 from x (port 0), so win(true) to port 0",
                n.say("x", "CheckPriorities"));
        n.round();
        assertEquals("x ran ReceivePrepare from y (port 1): a competition for x is under way, so y waits on hold",
                n.say("x", "ReceivePrepare", 1));
        assertLit(n.lines(), ALG1, 6, 7, 8);
        assertDark(n.lines(), ALG1, 9, 10, 11);
        n.say("y", "CheckPriorities");
        n.round();
        n.say("x", "ReceiveWin", 0);
        n.round();
        n.say("x", "ReceiveWin", 1);
        n.round();
        n.say("x", "CheckWin");
        n.round();
        assertEquals("x ran ReceiveSetLock from itself (port 0): x is now locked by itself (lock = 0) and answered "
                + "ack-lock(); C is now empty, so the competition for x is over; y (port 1) left hold and got "
                + "ready(); phase compete → prepare", n.say("x", "ReceiveSetLock", 0));
        assertLit(n.lines(), ALG1, 22, 23, 27, 28, 29, 30);
        assertDark(n.lines(), ALG1, 24, 25, 26, 31);
        assertLit(n.lines(), FIXES, 3);
    }

    @Test
    void cutsAreProcessedByTheNextExecution() {
        Narrated n = new Narrated(LmeVariant.CORRECTED, 2, "x", "y", "z");
        n.h.link("x", "y");
        n.h.link("x", "z");
        n.h.sim.call(0, Call.LOCK);
        assertEquals("x ran InitLock: Lock was called, so x entered prepare with L = {x, y, z} and sent prepare() on "
                + "ports 0, 1, 2", n.say("x", "InitLock"));
        n.round();
        n.say("x", "ReceivePrepare", 0);
        n.say("y", "ReceivePrepare", 1);
        n.round();
        n.h.sim.cut(n.h.node("x"), n.h.node("z"));
        assertEquals("x ran ReceiveReady from itself (port 0): 1 of 2 ready() replies in; it first processed the cut "
                + "of port 2 (dropped it from L)", n.say("x", "ReceiveReady", 0));
        assertLit(n.lines(), ALG1, 22, 23, 24, 25, 26);
        assertLit(n.lines(), FIXES, 2);
        assertEquals("y ran CleanUp: nothing to clean up", n.say("y", "CleanUp"));
        assertLit(n.lines(), ALG1, 20, 21, 22, 23, 27);
        assertLit(n.lines(), FIXES, 1);
    }

    /**
     * README's flaw 2 in the corrected variant: the wider guard lets x's CleanUp action process the
     * cut of y, so x completes; y processes it when it next acts (its lock pointer is cleared).
     */
    @Test
    void theCorrectedCleanUpActionEndsFlawTwo() throws Exception {
        Scenario s = LmeHarness.sample("flaw-2-stuck-in-win.json", "\"paper\"", "\"corrected\"");
        Engine e = s.engine();
        Simulation sim = e.simulation();
        List<NarrationLog.Entry> log = new ArrayList<>();
        sim.addListener(new NarrationLog(sim, log::add));
        e.runUntil(20);
        assertEquals("x ran CleanUp: processed the cut of port 1 (dropped it from L)", find(log, "x", "CleanUp"));
        assertEquals("x ran CheckDone: all acknowledgements in, x now holds {x}", find(log, "x", "CheckDone"));
        sim.call(sim.indexOf("y"), Call.LOCK);
        e.stepRound();
        assertEquals("y ran InitLock: Lock was called, so y entered prepare with L = {y} and sent prepare() on port 0; "
                + "it first processed the cut of port 1 (lock 1 → ⊥)", find(log, "y", "InitLock"));
    }

    /** README's flaw 3 (corrected-unscoped): two late marks at once, a stale one answering win(false). */
    @Test
    void flawThreeNarration() throws Exception {
        Scenario s = LmeHarness.sample("flaw-3-stale-late-mark.json");
        Engine e = s.engine();
        Simulation sim = e.simulation();
        List<NarrationLog.Entry> log = new ArrayList<>();
        sim.addListener(new NarrationLog(sim, log::add));
        e.runUntil(50);
        assertEquals("z ran CheckPriorities: unique highest priority 0 from x (port 1), so win(true) to port 1; "
                + "applicants z and y (ports 0, 2) missed this trial and are now late", find(log, "z", "CheckPriorities"));
        assertEquals("x ran ReceiveRequest from z (port 2): z missed the decided trial (late), so it loses at once: "
                + "win(false)", log.stream().filter(l -> l.record().round() == 39).findFirst().orElseThrow().sentence());
        assertEquals("x ran CheckDone: all acknowledgements in, x now holds {x, y, z}", find(log, "x", "CheckDone"));
    }

    static String find(List<NarrationLog.Entry> log, String node, String label) {
        for (NarrationLog.Entry e : log) {
            if (e.record().label().equals(label) && e.sentence().startsWith(node + " ")) return e.sentence();
        }
        fail("no " + label + " at " + node);
        return null;
    }

    /** The generic fallback names the sender, the cut ports, the draws and groups the sends. */
    @Test
    void theGenericDescription() {
        Narrated n = twoNodes(LmeVariant.CORRECTED, 3, 3);
        n.say("x", "ReceiveRequest", 0);
        ExecutionRecord r = n.log.get(n.log.size() - 1).record();
        assertEquals("x ran ReceiveRequest: received request-lock(3) from itself (port 0)", Narration.describe(r, n.h.sim));
        ExecutionRecord start = n.log.stream().filter(l -> l.record().label().equals("CheckStart")).findFirst()
                .orElseThrow().record();
        assertEquals("x ran CheckStart: drew 3; sent request-lock(3) on ports 0, 1", Narration.describe(start, n.h.sim));
        Pseudocode p = n.h.sim.protocol().presentation().pseudocode();
        assertEquals(4, p.blocks().size());
    }
}
