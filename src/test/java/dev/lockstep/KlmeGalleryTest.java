package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The KLME samples show what their gallery entries say (sample-runs/README.md). */
class KlmeGalleryTest {

    private static Engine engine(String file) throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs", file)).engine();
    }

    private static String var(Simulation sim, String node, String name) {
        NodeState s = sim.state(sim.indexOf(node));
        for (Variable v : s.variables()) if (v.name().equals(name)) return v.value();
        throw new AssertionError("no variable " + name);
    }

    /** "State leader" of each listed node, e.g. "R2 R2 CS3 R3": Table 1's s.Pi and l.Pi columns. */
    private static String row(Simulation sim, String... nodes) {
        List<String> out = new ArrayList<>();
        for (String u : nodes) out.add(var(sim, u, "State") + var(sim, u, "leader"));
        return String.join(" ", out);
    }

    /** The token holder's T_alloc_id, Kfree and R_Queue: Table 1's other columns. */
    private static String token(Simulation sim, String holder) {
        assertEquals("1", var(sim, holder, "token"), holder + " holds the token");
        return var(sim, holder, "T_alloc_id") + " | " + var(sim, holder, "Kfree") + " | " + var(sim, holder, "R_Queue");
    }

    @Test
    void table1_eachRowIsTheStateAfterItsEvents() throws Exception {
        Engine e = engine("klme-table-1.json");
        Simulation sim = e.simulation();
        e.runUntil(11);                                               // a: 2 leads, everybody knows it
        assertEquals("R2 R2 R2 R2", row(sim, "1", "2", "3", "4"));
        assertEquals("-1,0 -1,0 | 2 | ∅", token(sim, "2"));
        e.runUntil(16);                                               // b: the token went to 3, in CS
        assertEquals("R3 R3 CS3 R3", row(sim, "1", "2", "3", "4"));
        assertEquals("3,1 -1,0 | 1 | ∅", token(sim, "3"));
        e.runUntil(22);                                               // c: 4 in CS by Per_grant
        assertEquals("R3 R3 CS3 CS3", row(sim, "1", "2", "3", "4"));
        assertEquals("3,1 4,1 | 0 | ∅", token(sim, "3"));
        e.runUntil(27);                                               // d: 5 entered and knows 3 leads
        assertEquals("R3 R3 CS3 CS3 R3", row(sim, "1", "2", "3", "4", "5"));
        assertEquals("N", var(sim, "5", "region"));
        e.runUntil(33);                                               // e: 4 released its resource
        assertEquals("3,1 -1,0 | 1 | ∅", token(sim, "3"));
        assertEquals("R", var(sim, "4", "State"));
        e.runUntil(36);                                               // f: 4 left, everybody heard it
        assertEquals("–", var(sim, "4", "region"));
        e.runUntil(45);                                               // g: 3 exited, 1 asked, 1 holds the token in CS
        assertEquals("CS1 R1 R1 R1", row(sim, "1", "2", "3", "5"));
        assertEquals("1,1 -1,0 | 1 | ∅", token(sim, "1"));
        e.runUntil(54);                                               // h: 5 granted, 2 queued
        assertEquals("CS1 W1 R1 CS1", row(sim, "1", "2", "3", "5"));
        assertEquals("1,1 5,1 | 0 | 2", token(sim, "1"));
        e.runUntil(80);
        assertEquals(List.of(), sim.violations());
    }

    @Test
    void leaderWalksAway_correctedHandsTheTokenOver_printedTakesItAlong() throws Exception {
        Engine good = engine("klme-leader-walks-away.json");
        good.runUntil(14);
        assertEquals("1", var(good.simulation(), "2", "token"), "1 handed A's token to 2, the lowest id left");
        good.runUntil(60);
        assertEquals(List.of(), good.simulation().violations());
        assertEquals(good.simulation().stats().lockRequests(), good.simulation().stats().locksAcquired());
        Engine bad = engine("klme-leader-walks-away-paper.json");
        bad.runUntil(60);
        List<Violation> v = bad.simulation().violations();
        assertEquals("one-token", v.get(0).check());
        assertEquals(12, v.get(0).round(), "B has two tokens as soon as 1 walks in with A's");
        assertTrue(v.stream().anyMatch(x -> x.check().equals("l-deadlock") && x.message().startsWith("A ")),
                "A is left without a token: " + v);
    }

    @Test
    void tokenLost_detectedByLeaderInfoAndRegenerated_printedOrderFoolsTheDetection() throws Exception {
        Engine lost = engine("klme-token-lost.json");
        lost.runUntil(40);
        Simulation sim = lost.simulation();
        assertEquals(List.of(), sim.violations());
        assertEquals(1, sim.stats().tokensLost(), "the adversary dropped the token once");
        assertEquals(2, sim.stats().locksAcquired());
        Engine fooled = engine("klme-token-lost-paper.json");
        fooled.runUntil(40);
        List<Violation> v = fooled.simulation().violations();
        assertEquals(1, v.size(), v.toString());
        assertEquals("one-token", v.get(0).check());
        assertEquals(0, fooled.simulation().stats().tokensLost(), "nothing was lost, yet a second token was made");
    }

    @Test
    void leaderCrash_theNeighbourhoodStallsForGood() throws Exception {
        Engine e = engine("klme-leader-crash-stall.json");
        e.runUntil(40);
        List<Violation> v = e.simulation().violations();
        assertEquals("deadlock", v.get(0).check());
        assertEquals(10, v.get(0).round());
        assertEquals(0, e.simulation().stats().locksAcquired());
        assertTrue(v.stream().anyMatch(x -> x.check().equals("lockout")), v.toString());
    }

    @Test
    void emptyNeighbourhood_theTokenNodeOneKeptGoesToTheFirstToEnter() throws Exception {
        Engine e = engine("klme-empty-neighbourhood.json");
        e.runUntil(9);
        assertEquals("B", var(e.simulation(), "1", "parked"), "1 keeps B's token from the election on");
        e.runUntil(15);                                               // rounds 1–14
        assertEquals("–", var(e.simulation(), "1", "parked"));
        assertEquals("1", var(e.simulation(), "4", "token"), "4's I_am_here reached 1 first");
        assertEquals("0", var(e.simulation(), "5", "token"));
        e.runUntil(40);
        assertEquals(List.of(), e.simulation().violations());
        assertEquals(3, e.simulation().stats().locksAcquired());
        assertEquals("1", var(e.simulation(), "5", "token"), "4 handed B's one token to 5");
    }

    @Test
    void theGalleryShowsEachGifAndTheCommandThatMadeIt() throws Exception {
        String gallery = java.nio.file.Files.readString(Path.of("sample-runs", "README.md"));
        for (String key : List.of("klme-table-1", "klme-leader-walks-away", "klme-leader-walks-away-paper",
                "klme-token-lost", "klme-token-lost-paper", "klme-leader-crash-stall", "klme-empty-neighbourhood")) {
            assertTrue(gallery.contains("java -jar target/lockstep.jar gui sample-runs/" + key + ".json"), key);
            assertTrue(gallery.contains("](gifs/" + key + ".gif)"), "the gallery shows the GIF of " + key);
            var m = java.util.regex.Pattern.compile("export sample-runs/" + java.util.regex.Pattern.quote(key)
                    + "\\.json --format gif --from (\\d+) --to (\\d+) --frames-per-step (\\d+) --width (\\d+) --height (\\d+)")
                    .matcher(gallery);
            assertTrue(m.find(), "the command that made the GIF of " + key);
            int from = Integer.parseInt(m.group(1)), to = Integer.parseInt(m.group(2)), k = Integer.parseInt(m.group(3));
            javax.imageio.ImageReader r = javax.imageio.ImageIO.getImageReadersByFormatName("gif").next();
            try (var in = javax.imageio.ImageIO.createImageInputStream(Path.of("sample-runs", "gifs", key + ".gif").toFile())) {
                r.setInput(in);
                assertEquals(1 + (to - from) * k, r.getNumImages(true), key + ": frames");
                assertEquals(Integer.parseInt(m.group(4)), r.getWidth(0), key + ": width");
                assertEquals(Integer.parseInt(m.group(5)), r.getHeight(0), key + ": height");
            } finally {
                r.dispose();
            }
        }
    }
}
