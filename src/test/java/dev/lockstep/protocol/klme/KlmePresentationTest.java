package dev.lockstep.protocol.klme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.protocol.klme.KlmeMessages.PerGrant;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pseudocode panel lights the lines an execution ran, and the narration says what it did. */
class KlmePresentationTest {
    @Test
    void theIdleLeadersHandOverLightsCsLines11To15AndNotTheGrant() throws Exception {
        var e = ScenarioLoader.load(Path.of("sample-runs", "klme-table-1.json")).engine();
        var sim = e.simulation();
        List<String> lines = new ArrayList<>();
        List<List<Span>> spans = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord r) {
                if (r.round() != 13 || !r.label().equals(KlmeActions.C)) return;
                lines.add(KlmePresentation.INSTANCE.narrate(r, null, sim));
                spans.add(KlmePresentation.INSTANCE.executedLines(r, null, sim));
            }
        });
        e.runUntil(14);
        assertEquals(List.of("2 ran C.Req_CS from 3 (port 2): 2 acknowledges 3's request 1; hands the token to 3"
                + " (Token_leader_no 2) and broadcasts Leader_info"), lines);
        assertEquals(List.of(new Span(KlmePseudocode.C, 1, 2), new Span(KlmePseudocode.C, 5, 6),
                new Span(KlmePseudocode.C, 9, 15)), spans.get(0));
    }

    @Test
    void marksAndMessageTokens() {
        KlmeState holder = new KlmeState();
        holder.id = 2;
        holder.mThId = 2;
        holder.token = new KlmeToken(2, 4, "A");
        holder.token.rQueue.add(1);
        assertEquals(new NodeMarks(1, true, 1, "Kfree 2"), KlmePresentation.INSTANCE.marks(holder));
        assertTrue(KlmePresentation.INSTANCE.marks(new KlmeState()).isEmpty());
        holder.parked.put("B", new KlmeToken(2, 3, "B"));                 // kept for empty B: two badges
        assertEquals(new NodeMarks(2, true, 1, "Kfree 2"), KlmePresentation.INSTANCE.marks(holder));
        assertEquals(1, KlmePresentation.INSTANCE.tokens(new TokenMsg(holder.token, true, 0)));
        assertEquals(0, KlmePresentation.INSTANCE.tokens(new PerGrant("A", 0)));
    }
}
