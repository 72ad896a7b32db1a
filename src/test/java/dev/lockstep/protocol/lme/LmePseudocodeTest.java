package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Action;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Block;
import dev.lockstep.core.Pseudocode.Span;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Algorithms 1-3 as printed (seeds 000 and 003 agree line for line), and the corrections block. */
class LmePseudocodeTest {

    private static Pseudocode of(LmeVariant v) {
        return new Lme(8, v).presentation().pseudocode();
    }

    /** A line without its indentation, its printed comment and a correction note. */
    static String code(String line) {
        String s = line;
        int mark = s.indexOf("  " + LmePseudocode.MARK);
        if (mark >= 0) s = s.substring(0, mark);
        int comment = s.indexOf("  ▷");
        if (comment >= 0) s = s.substring(0, comment);
        return s.strip();
    }

    private static String line(Pseudocode p, int block, int number) {
        return p.blocks().get(block).lines().get(number - 1);
    }

    @Test
    void thePaperVariantShowsAlgorithmsOneToThreeAsPrinted() {
        Pseudocode p = of(LmeVariant.PAPER);
        assertEquals(3, p.blocks().size());
        assertEquals(List.of("Algorithm 1 The Lock Operation: Preparation Phase for Node u.",
                        "Algorithm 2 The Lock Operation: Competition Phase for Node u.",
                        "Algorithm 3 The Unlock Operation for Node u."),
                p.blocks().stream().map(Block::title).toList());
        assertEquals(List.of(31, 33, 14), p.blocks().stream().map(b -> b.lines().size()).toList());

        assertEquals("InitLock: On Lock being called →  ▷ Initiator initiates a lock request.", line(p, 0, 1));
        assertEquals("        Set state ← prepare and L ← N[u].", line(p, 0, 4));
        assertEquals("    if phase = compete then set H ← H ∪ {ℓ}.  ▷ Put ℓ on hold if already competing.", line(p, 0, 8));
        assertEquals("CheckStart: (state = prepare) ∧ (R = L) →", code(line(p, 0, 15)));
        assertEquals("Choose priority p ∈ {0, …, K − 1} uniformly at random.", code(line(p, 0, 18)));
        assertEquals("CleanUp: (phase ≠ ⊥) ∨ (state = unlock) →", line(p, 0, 20));
        assertEquals("function CleanUp( )", code(line(p, 0, 22)));
        assertEquals("Remove ℓ from all sets: L ← L \\ {ℓ}, R ← R \\ {ℓ}, W ← W \\ {(ℓ, ·)}, H ← H \\ {ℓ},",
                code(line(p, 0, 25)));
        assertEquals("A ← A \\ {ℓ}, C ← C \\ {ℓ}, and P ← P \\ {(ℓ, ·)}.", code(line(p, 0, 26)));
        assertEquals("        else set phase ← ⊥.", line(p, 0, 31));

        assertEquals("ReceiveRequest: On receiving request-lock(p) via port ℓ →", line(p, 1, 1));
        assertEquals("if ℓ ∈ A then set A ← A \\ {ℓ} and C ← C ∪ {ℓ}.", code(line(p, 1, 3)));
        assertEquals("CheckPriorities: (phase = compete) ∧ (|C| = |P|) →", code(line(p, 1, 5)));
        assertEquals("if lock = ⊥ and ∃(ℓ, p) ∈ P with a unique highest p then", code(line(p, 1, 7)));
        assertEquals("Send(win(true), ℓ) and Send(win(false), ℓ′) for all ℓ′ ∈ C \\ {ℓ}.", code(line(p, 1, 8)));
        assertEquals("if ∃(·, false) ∈ W then", code(line(p, 1, 16)));
        assertEquals("    if ∃(·, false) ∈ W then  ▷ Start new locking attempt.", line(p, 1, 16));
        assertEquals("Set lock ← ℓ and C ← C \\ {ℓ}.", code(line(p, 1, 24)));
        assertEquals("    return L.  ▷ Locking complete.", line(p, 1, 33));

        assertEquals("if state = locked then", code(line(p, 2, 2)));
        assertEquals("    Set lock ← ⊥ and Send(ack-unlock(), ℓ).", line(p, 2, 8));
        assertEquals("    Reset state ← ⊥ and R = ∅.  ▷ Unlocking complete.", line(p, 2, 14));
    }

    /** Every action header starts the line its span starts on, in the paper's order. */
    @Test
    void everyActionStartsWhereThePaperPrintsItsLabel() {
        Lme lme = new Lme(8, LmeVariant.PAPER);
        Pseudocode p = lme.presentation().pseudocode();
        for (Action<LmeState> a : lme.actions()) {
            Span own = p.spansOf(a.label()).stream().filter(s -> s.block() == LmePseudocode.own(a.label()).block())
                    .filter(s -> s.first() == LmePseudocode.own(a.label()).first()).findFirst().orElseThrow();
            assertTrue(line(p, own.block(), own.first()).startsWith(a.label() + ":"), a.label());
        }
    }

    @ParameterizedTest
    @EnumSource(LmeVariant.class)
    void everyActionHasSpansInsideItsAlgorithm(LmeVariant v) {
        Lme lme = new Lme(8, v);
        Pseudocode p = lme.presentation().pseudocode();
        for (Action<LmeState> a : lme.actions()) {
            List<Span> spans = p.spansOf(a.label());
            assertFalse(spans.isEmpty(), a.label());
            for (Span s : spans) {
                int size = p.blocks().get(s.block()).lines().size();
                assertTrue(1 <= s.first() && s.first() <= s.last() && s.last() <= size, a.label() + " " + s);
            }
            Span own = LmePseudocode.own(a.label());
            assertTrue(spans.stream().anyMatch(s -> s.block() == own.block() && s.first() <= own.first()
                    && own.last() <= s.last()), a.label() + ": its own lines");
        }
        // CheckWin is Alg. 2, l. 14-22, and like every action but the calls that do not apply it calls CleanUp().
        assertTrue(p.spansOf("CheckWin").contains(new Span(LmePseudocode.ALG2, 14, 22)));
        assertTrue(p.spansOf("CheckWin").contains(new Span(LmePseudocode.ALG1, 22, 31)));
        assertTrue(p.spansOf("CleanUp").contains(new Span(LmePseudocode.ALG1, 20, 31)), "the action and the helper");
    }

    @Test
    void thePaperVariantHasNoCorrectionMarkers() {
        for (Block b : of(LmeVariant.PAPER).blocks()) {
            assertFalse(b.title().contains("Correction"));
            for (String l : b.lines()) {
                assertFalse(l.contains(LmePseudocode.MARK) || l.contains("Late") || l.contains("20′"), l);
            }
        }
    }

    @Test
    void theCorrectedVariantsMarkTheChangedLinesAndListTheCorrections() {
        Pseudocode paper = of(LmeVariant.PAPER);
        for (LmeVariant v : List.of(LmeVariant.CORRECTED, LmeVariant.CORRECTED_UNSCOPED)) {
            Pseudocode p = of(v);
            assertEquals(4, p.blocks().size());
            // The printed lines are kept; the changed ones only gain a note.
            for (int b = 0; b < 3; b++) {
                List<String> printed = paper.blocks().get(b).lines();
                List<String> shown = p.blocks().get(b).lines();
                assertEquals(printed.size(), shown.size());
                for (int i = 0; i < printed.size(); i++) assertTrue(shown.get(i).startsWith(printed.get(i)));
            }
            assertTrue(line(p, 0, 20).endsWith(LmePseudocode.MARK + " replaced by l. 20′"), line(p, 0, 20));
            assertTrue(line(p, 0, 26).contains(LmePseudocode.MARK));
            assertTrue(line(p, 1, 2).contains(LmePseudocode.MARK));
            assertTrue(line(p, 1, 6).contains(LmePseudocode.MARK));
            assertFalse(line(p, 1, 16).contains(LmePseudocode.MARK));
            Block fixes = p.blocks().get(3);
            assertTrue(fixes.title().startsWith("Corrections (Lockstep"), fixes.title());
            assertEquals("Alg. 1, l. 20′: CleanUp: (phase ≠ ⊥) ∨ (state ∉ {⊥, locked}) →", code(fixes.lines().get(0)));
            assertTrue(fixes.lines().stream().anyMatch(l -> l.contains("if ℓ ∈ Late then")));
            assertTrue(fixes.lines().stream().anyMatch(l -> l.contains("Send(win(false), ℓ)")));
        }
        // Lockstep's fix for flaw 3: Late is scoped to one competition, and only a decided trial marks it.
        List<String> corrected = of(LmeVariant.CORRECTED).blocks().get(3).lines();
        List<String> unscoped = of(LmeVariant.CORRECTED_UNSCOPED).blocks().get(3).lines();
        assertTrue(corrected.stream().anyMatch(l -> l.contains("Set Late ← ∅.")));
        assertTrue(corrected.stream().anyMatch(l -> l.contains("if C ≠ ∅ then set Late ← Late ∪ A.")));
        assertFalse(unscoped.stream().anyMatch(l -> l.contains("Set Late ← ∅.")));
        assertTrue(unscoped.stream().anyMatch(l -> code(l).endsWith("Set Late ← Late ∪ A.") && !l.contains("C ≠ ∅")));
        assertTrue(line(of(LmeVariant.CORRECTED), 0, 27).contains(LmePseudocode.MARK));
        assertFalse(line(of(LmeVariant.CORRECTED_UNSCOPED), 0, 27).contains(LmePseudocode.MARK));
    }

    /** Lockstep's fix for flaw 4, in the corrected variant only: CleanUp() before the l. 2 test of both calls. */
    @Test
    void onlyTheCorrectedVariantMovesTheCallsCleanUpBeforeTheirTest() {
        Pseudocode p = of(LmeVariant.CORRECTED);
        List<String> fixes = p.blocks().get(3).lines();
        assertEquals("Alg. 1, l. 1′:      CleanUp( ).", fixes.get(7).substring(0, fixes.get(7).indexOf("  ▷")));
        assertEquals("Alg. 3, l. 1′:      CleanUp( ).", fixes.get(8).substring(0, fixes.get(8).indexOf("  ▷")));
        assertTrue(line(p, 0, 3).endsWith(LmePseudocode.MARK + " moved before l. 2 (l. 1′)"), line(p, 0, 3));
        assertTrue(line(p, 2, 3).endsWith(LmePseudocode.MARK + " moved before l. 2 (l. 1′)"), line(p, 2, 3));
        assertTrue(p.spansOf("InitLock").contains(new Span(LmePseudocode.FIXES, 8, 8)));
        assertTrue(p.spansOf("InitUnlock").contains(new Span(LmePseudocode.FIXES, 9, 9)));
        Pseudocode unscoped = of(LmeVariant.CORRECTED_UNSCOPED);
        assertFalse(unscoped.blocks().get(3).lines().stream().anyMatch(l -> l.contains("l. 1′")));
        assertFalse(line(unscoped, 0, 3).contains(LmePseudocode.MARK));
        assertFalse(line(unscoped, 2, 3).contains(LmePseudocode.MARK));
    }

    @Test
    void linesMergeIntoSortedSpans() {
        List<Span> spans = new Pseudocode.Lines().add(1, 16, 14, 15).range(0, 22, 23).add(0, 27).add(1, 22).spans();
        assertEquals(List.of(new Span(0, 22, 23), new Span(0, 27, 27), new Span(1, 14, 16), new Span(1, 22, 22)), spans);
        assertTrue(spans.get(2).contains(1, 15));
        assertFalse(spans.get(2).contains(0, 15));
    }
}
