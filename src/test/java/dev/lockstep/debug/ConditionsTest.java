package dev.lockstep.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Violation;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.History;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The condition language: every kind, {@code or}, the spellings of ⊥, and errors that name the problem. */
class ConditionsTest {
    /** Ring of 8 (LME): nodes a..h, variables lock, state, phase, L, ... */
    static Simulation ring() throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs/ring-8.json")).engine().simulation();
    }

    static Simulation ricartAgrawala() throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs/ricart-agrawala-complete-5.json")).engine().simulation();
    }

    static Condition parse(String text) throws Exception {
        return Conditions.parse(text, ring());
    }

    static ConditionException error(String text) throws Exception {
        Simulation sim = ring();
        return assertThrows(ConditionException.class, () -> Conditions.parse(text, sim), text);
    }

    static History.Executed executed(int node, History.Msg received, List<History.Msg> sent, List<History.Msg> lost) {
        return new History.Executed(1, 0, 0, node, "A", received, sent, lost, new int[0], "narration", List.<Variable>of());
    }

    static History.Msg msg(int from, int to, String label) {
        return new History.Msg(1, from, 1, to, 1, label);
    }

    @Test
    void everyKindParsesAndPrintsInTheSameSyntax() throws Exception {
        Simulation sim = ring();
        int c = sim.indexOf("c");
        assertEquals(new Condition.NodeValue(c, "c", "state", "locked"), parse("c.state = locked"));
        assertEquals(new Condition.NodeValue(-1, null, "phase", "compete"), parse("*.phase=compete"));
        assertEquals(new Condition.NodeValue(2, "c", "state", "win"), parse("#2.state == win"));
        assertEquals(new Condition.RoundReached(5), parse("round >= 5"));
        assertEquals(new Condition.RoundReached(6), parse("round > 5"));
        assertEquals(new Condition.RoundIs(5), parse("round = 5"));
        assertEquals(new Condition.MessageSent("request-lock", -1, null), parse("sent request-lock"));
        assertEquals(new Condition.MessageSent("win(false)", c, "c"), parse("sent win(false) by c"));
        assertEquals(new Condition.MessageReceived("ready()", 0, "a"), parse("received ready() by a"));
        assertEquals(new Condition.ViolationOf(null), parse("violation"));
        assertEquals(new Condition.ViolationOf("deadlock"), parse("violation deadlock"));
        assertEquals(new Condition.WaitedMoreThan(10), parse("wait > 10"));
        assertEquals(new Condition.WaitedMoreThan(9), parse("wait >= 10"));
        assertEquals(parse("wait >= 0"), parse(parse("wait >= 0").text()), "any pending request, and back");
        for (String text : List.of("c.state = locked", "*.phase = compete", "round >= 5", "round = 5", "sent request-lock",
                "sent win(false) by c", "received ready() by a", "violation", "violation deadlock", "wait > 10",
                "c.state = locked or sent win(true) or violation")) {
            Condition parsed = parse(text);
            assertEquals(text, parsed.text());
            assertEquals(parsed, Conditions.parse(parsed.text(), sim), "text() parses back to the same condition");
        }
    }

    @Test
    void bottomHasThreeSpellingsAndValuesIgnoreCaseAndSpaces() throws Exception {
        for (String spelling : List.of("⊥", "bottom", "_|_", "BOTTOM")) {
            assertEquals(new Condition.NodeValue(1, "b", "lock", "⊥"), parse("b.lock = " + spelling), spelling);
        }
        assertEquals("∅", ((Condition.NodeValue) parse("a.R = {}")).value());
        Simulation sim = ring();
        History.Event any = executed(0, null, List.of(), List.of());
        assertTrue(Conditions.parse("a.lock = bottom", sim).holdsAfter(any, sim), "every node starts unlocked");
        assertTrue(Conditions.parse("a.STATE = ⊥", sim).holdsAfter(any, sim), "variable names ignore case when unambiguous");
        assertTrue(Conditions.parse("*.L = {}", sim).holdsAfter(any, sim), "L starts empty");
        assertFalse(Conditions.parse("a.state = locked", sim).holdsAfter(any, sim));
        assertTrue(DisplayedValue.same("{0,1,2}", "{0, 1, 2}"));
        assertTrue(DisplayedValue.same("compete", "COMPETE"));
    }

    @Test
    void orAndDoublePipeCombine() throws Exception {
        Condition c = parse("sent win(true) || received ready() by b or violation");
        Condition.Any any = assertInstanceOf(Condition.Any.class, c);
        assertEquals(3, any.conditions().size());
        Simulation sim = ring();
        int b = sim.indexOf("b");
        assertTrue(c.holdsAfter(executed(0, null, List.of(msg(0, 1, "win(true)")), List.of()), sim));
        assertTrue(c.holdsAfter(executed(b, msg(0, b, "ready()"), List.of(), List.of()), sim));
        assertFalse(c.holdsAfter(executed(0, msg(1, 0, "ready()"), List.of(), List.of()), sim), "ready() received by a, not b");
        assertTrue(c.holdsAfter(new History.Violated(3, 1, new Violation("deadlock", 1, List.of(0), "m")), sim));
        assertEquals(Conditions.violation(null), Debugger.which(c, new History.Violated(3, 1, new Violation("deadlock", 1, List.of(0), "m")), sim));
        // a node named like the keyword is still a node: "or" splits only as a word
        assertInstanceOf(Condition.MessageSent.class, parse("sent word-or-not"));
    }

    @Test
    void eventConditionsLookAtTheEvent() throws Exception {
        Simulation sim = ring();
        History.Executed sends = executed(3, null, List.of(msg(3, 4, "request-lock(5)")), List.of(msg(3, 2, "win(false)")));
        assertTrue(Conditions.sent("request-lock", -1).holdsAfter(sends, sim), "a prefix of the label");
        assertTrue(Conditions.sent("request-lock(5)", 3).holdsAfter(sends, sim));
        assertFalse(Conditions.sent("request-lock", 4).holdsAfter(sends, sim), "sent by d, not e");
        assertTrue(Conditions.sent("win(false)", 3).holdsAfter(sends, sim), "lost on send still counts as sent");
        assertFalse(Conditions.received("request-lock", -1).holdsAfter(sends, sim));
        History.Executed receives = executed(4, msg(3, 4, "request-lock(5)"), List.of(), List.of());
        assertTrue(Conditions.received("request-lock", 4).holdsAfter(receives, sim));
        assertFalse(Conditions.received("request-lock", 3).holdsAfter(receives, sim));
        History.Violated v = new History.Violated(9, 2, new Violation("mutual-exclusion", 2, List.of(1, 2), "two hold"));
        assertTrue(Conditions.violation(null).holdsAfter(v, sim));
        assertTrue(Conditions.violation("mutual-exclusion").holdsAfter(v, sim));
        assertFalse(Conditions.violation("deadlock").holdsAfter(v, sim));
        assertFalse(Conditions.violation(null).holdsAfter(sends, sim));
        History.Linked link = new History.Linked(0, 7, 0, 1, 1, 1);
        assertTrue(Conditions.roundReached(7).holdsAfter(link, sim));
        assertFalse(Conditions.roundReached(8).holdsAfter(link, sim));
        assertTrue(Conditions.roundIs(7).holdsAfter(link, sim));
        assertFalse(Conditions.roundIs(6).holdsAfter(link, sim));
    }

    @Test
    void factoriesNameNodesByIndexUntilGivenAView() throws Exception {
        Simulation sim = ring();
        Condition c = Conditions.nodeValue(2, "state", "bottom");
        assertEquals("#2.state = ⊥", c.text());
        assertEquals("c.state = ⊥", Conditions.withNames(c, sim).text());
        assertEquals(Conditions.withNames(c, sim), Conditions.parse(c.text(), sim), "#2 parses back, named");
        assertEquals("sent win by c", Conditions.withNames(Conditions.sent("win", 2), sim).text());
        assertEquals("received ready() by #5", Conditions.received("ready()", 5).text());
        assertEquals("received ready()", Conditions.received("ready()", -1).text());
        assertEquals("*.phase = compete", Conditions.nodeValue(-1, "phase", "compete").text());
        assertEquals("wait > 3 or round >= 9",
                Conditions.any(List.of(Conditions.waitedMoreThan(3), Conditions.roundReached(9))).text());
        assertEquals("violation", Conditions.violation(null).text());
    }

    @Test
    void unknownNamesAreNamedWithTheValidOnes() throws Exception {
        ConditionException node = error("q.state = locked");
        assertEquals(1, node.column());
        assertTrue(node.getMessage().contains("unknown node \"q\""), node.getMessage());
        assertTrue(node.getMessage().contains("nodes: a, b, c, d, e, f, g, h"), node.getMessage());

        ConditionException variable = error("a.stte = locked");
        assertEquals(3, variable.column());
        assertTrue(variable.getMessage().contains("unknown variable \"stte\""), variable.getMessage());
        assertTrue(variable.getMessage().contains("lock, state, phase"), variable.getMessage());

        ConditionException check = error("violation deadlok");
        assertEquals(11, check.column());
        assertTrue(check.getMessage().contains("unknown check \"deadlok\""), check.getMessage());
        assertTrue(check.getMessage().contains("mutual-exclusion") && check.getMessage().contains("deadlock"), check.getMessage());

        ConditionException by = error("sent win(true) by zz");
        assertEquals(19, by.column());
        assertTrue(by.getMessage().contains("unknown node \"zz\""), by.getMessage());

        Simulation ra = ricartAgrawala();
        ConditionException raCheck = assertThrows(ConditionException.class, () -> Conditions.parse("violation persistent-lock-set", ra));
        assertTrue(raCheck.getMessage().contains("checks: mutual-exclusion, lockout, deadlock"), raCheck.getMessage());
        ConditionException raVar = assertThrows(ConditionException.class, () -> Conditions.parse("p1.state = crit", ra));
        assertTrue(raVar.getMessage().contains("variables: clock, region"), raVar.getMessage());
        assertEquals(new Condition.NodeValue(0, "p1", "region", "crit"), Conditions.parse("p1.region = crit", ra));
    }

    @Test
    void syntaxErrorsSayWhereAndWhatWasExpected() throws Exception {
        record Case(String text, int column, String expected) {}
        for (Case c : List.of(
                new Case("", 1, "expected a condition"),
                new Case("   ", 1, "expected a condition"),
                new Case("frobnicate", 1, "unknown condition \"frobnicate\""),
                new Case("round 5", 7, "expected >=, > or = after \"round\""),
                new Case("round >= x", 10, "expected a round number"),
                new Case("round >= -1", 10, "expected a round number"),
                new Case("wait 5", 6, "expected > after \"wait\""),
                new Case("wait > many", 8, "expected a number of rounds"),
                new Case("sent", 5, "expected a message label after \"sent\""),
                new Case("sent by a", 6, "expected a message label before \"by\""),
                new Case("sent win from a", 10, "expected \"by NODE\""),
                new Case("received win by", 16, "expected a node after \"by\""),
                new Case("a.state", 8, "expected =, !=, <, <=, > or >= after \"a.state\""),
                new Case("a.state =! locked", 9, "expected =, !=, <, <=, > or >= after \"a.state\", found \"=!\""),
                new Case("a.state > locked", 11, "expected a whole number after \"a.state >\""),
                new Case("a.state =", 10, "expected a value"),
                new Case("a", 2, "expected .VAR after the node \"a\""),
                new Case(".state = locked", 1, "expected a node"),
                new Case("a. = locked", 3, "expected a variable after \"a.\""),
                new Case("violation deadlock now", 20, "unexpected \"now\""),
                new Case("round >= 3 or", 14, "expected a condition after \"or\""),
                new Case("or round >= 3", 1, "expected a condition before \"or\""),
                new Case("round >= 3 || || violation", 14, "expected a condition after \"or\""))) {
            ConditionException e = error(c.text());
            assertEquals(c.column(), e.column(), c.text() + ": " + e.getMessage());
            assertTrue(e.getMessage().startsWith("at column " + c.column() + ": "), e.getMessage());
            assertTrue(e.getMessage().contains(c.expected()), c.text() + ": " + e.getMessage());
        }
    }

    @Test
    void breakpointsTestEventsInOrderThenConditionsInOrder() throws Exception {
        Simulation sim = ring();
        Breakpoints b = new Breakpoints();
        int violation = b.add(Conditions.violation(null));
        int sent = b.add(Conditions.sent("win", -1));
        int round = b.add(Conditions.roundReached(0), false);
        assertEquals(3, b.size());
        assertFalse(b.enabled(round));
        History.Executed first = executed(0, null, List.of(msg(0, 1, "win(true)")), List.of());
        History.Violated second = new History.Violated(1, 0, new Violation("deadlock", 0, List.of(0), "m"));
        Optional<Breakpoints.Hit> hit = b.firstHit(List.of(first, second), sim);
        assertTrue(hit.isPresent());
        assertEquals(new Breakpoints.Hit(sent, b.condition(sent), first), hit.get(), "the first event decides, whatever the order of the breakpoints");
        b.toggle(round);
        assertEquals(sent, b.firstHit(List.of(first, second), sim).orElseThrow().index(),
                "for the same event, the earlier breakpoint in the list");
        b.toggle(sent);
        assertEquals(round, b.firstHit(List.of(first, second), sim).orElseThrow().index());
        b.toggle(round);
        assertEquals(violation, b.firstHit(List.of(first, second), sim).orElseThrow().index());
        assertEquals(second, b.firstHit(List.of(first, second), sim).orElseThrow().event());
        b.setEnabled(violation, false);
        assertTrue(b.firstHit(List.of(first, second), sim).isEmpty(), "nothing enabled");
        assertFalse(b.anyEnabled());
        b.remove(violation);
        assertEquals(2, b.size());
        assertEquals(Conditions.sent("win", -1), b.condition(0));
        assertEquals(List.of(new Breakpoints.Entry(Conditions.sent("win", -1), false),
                new Breakpoints.Entry(Conditions.roundReached(0), false)), b.entries());
        b.clear();
        assertTrue(b.isEmpty());
    }
}
