package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.Variable;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * KLME runs in the same window: its States as the legend's fill values, its checks in the checks
 * panel, the paper's variables in the inspector, and the token moving as the leader walks away.
 */
class KlmeTest extends AppFixture {
    @Test
    void opensStepsAndInspects() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "klme-leader-walks-away.json"))));
        assertTrue(fx(() -> stage.getTitle()).contains("KLME: the leader walks away"));
        assertEquals("klme", sim().protocol().name());
        List<String> legend = fx(() -> window.legend().items());
        assertEquals(List.of("R", "W", "CS"), legend.subList(0, 3), "fill = State");
        assertTrue(legend.containsAll(List.of("queue = R_Queue", "label = Kfree (at the token holder)",
                "area of the plane (region)")), legend.toString());
        assertEquals(List.of("k-exclusion", "l-deadlock", "one-token", "leader-number", "lockout", "deadlock"),
                fx(() -> window.checks().checkNames()));
        int one = node("1");
        int two = node("2");
        fx(() -> window.select(two));
        for (int i = 0; i < 200 && sim().round() < 14; i++) robot().clickOn("#step");
        settle();
        assertEquals("B", fx(() -> window.session().simulation().region(one)), "1 walked into B at round 12");
        List<Variable> vars = fx(() -> window.session().simulation().state(two).variables());
        assertEquals(List.of("region", "State", "token", "leader", "RN", "Req_ack", "Node_leader_no", "Node_req_list",
                "Node_release_list", "Kfree", "T_alloc_id", "queue", "R_Queue", "Token_leader_no", "copy", "parked"),
                vars.stream().map(Variable::name).toList());
        for (Variable v : vars) assertEquals(v.value(), text("#var-" + v.name()));
        assertEquals("1", text("#var-token"), "2 holds A's token now");
        assertEquals("2", text("#var-leader"));
        NodeMarks marks = fx(() -> window.session().simulation().protocol().presentation()
                .marks(window.session().simulation().state(two)));
        assertEquals(new NodeMarks(1, true, 0, "Kfree 1"), marks);
        assertTrue(fx(() -> window.errors()).isEmpty());
        for (String c : fx(() -> window.checks().checkNames())) assertEquals("ok", fx(() -> window.checks().status(c)));
    }

    /** The chooser switches a complete graph without neighbourhoods to KLME: one neighbourhood for all. */
    @Test
    @SuppressWarnings("unchecked")
    void theChooserRunsKlmeOnTheSameNetwork() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ricart-agrawala-complete-5.json"))));
        fx(() -> ((javafx.scene.control.ComboBox<String>) robot().lookup("#protocol").query()).setValue("klme"));
        settle();
        assertEquals("klme", sim().protocol().name());
        assertEquals(List.of("R", "W", "CS"), fx(() -> window.legend().items()).subList(0, 3));
        fx(() -> window.runRounds(60));
        var s = fx(() -> window.session().simulation());
        long holders = 0;
        for (int u = 0; u < s.nodeCount(); u++) {
            if (((dev.lockstep.protocol.klme.KlmeState) s.state(u)).holdsToken()) holders++;
            long[] moving = {0};
            s.messagesInTransit(u, m -> moving[0] += s.protocol().presentation().tokens(m));
            holders += moving[0];
        }
        assertEquals(1, holders, "one neighbourhood, one token (held or on its way)");
        assertTrue(s.stats().locksAcquired() > 0);
        assertTrue(fx(() -> window.errors()).isEmpty());
        for (String c : fx(() -> window.checks().checkNames())) assertEquals("ok", fx(() -> window.checks().status(c)));
    }
}
