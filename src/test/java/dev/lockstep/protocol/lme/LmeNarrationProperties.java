package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Narration;
import dev.lockstep.core.NarrationLog;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.protocol.lme.LmeMessages.Ready;
import dev.lockstep.protocol.lme.LmeMessages.Win;
import dev.lockstep.protocol.lme.LmeState.State;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Every execution of random LME runs (every variant and scheduling policy, churn, the literal
 * adversary's no-op CleanUps) is narrated by LME's own sentences, never by the fallback, and
 * highlights lines inside its action's spans; and the branches the narration reads off its
 * replay of CleanUp() agree with what the execution actually sent.
 */
class LmeNarrationProperties {

    @Provide
    Arbitrary<String> policies() {
        return Arbitraries.of("synchronous", "semi-synchronous", "sequential", "asynchronous");
    }

    @Property(tries = 60)
    void everyExecutionIsNarrated(
            @ForAll LmeVariant variant,
            @ForAll("policies") String policy,
            @ForAll @IntRange(min = 2, max = 10) int n,
            @ForAll @IntRange(min = 1, max = 4) int delta,
            @ForAll @IntRange(min = 2, max = 4) int k,
            @ForAll boolean churn,
            @ForAll boolean literal,
            @ForAll long seed) {
        SeededRandom layout = new SeededRandom(seed);
        List<String> names = new ArrayList<>();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            names.add("v" + i);
            x[i] = layout.nextDouble() * Math.sqrt(n);
            y[i] = layout.nextDouble() * Math.sqrt(n);
        }
        Lme lme = new Lme(k, variant);
        Simulation sim = new Simulation(new SimulationConfig(lme, names, x, y, null, delta,
                ChannelDiscipline.UNORDERED, PortAssignment.RANDOM, new CheckSettings(Integer.MAX_VALUE / 2), seed));
        ScenarioAdversary adversary = new ScenarioAdversary(new int[0], 1.0, List.of(),
                churn ? new Churn(0.1, 0.2, 120) : null, new RandomWorkload(0.3, 2, 150),
                LmeProperties.policy(policy, literal ? NodeChoice.ANY : NodeChoice.EFFECTIVE));
        Engine engine = new Engine(sim, adversary);
        Pseudocode code = lme.presentation().pseudocode();
        LmePseudocode lines = new LmePseudocode(variant);
        int[] count = new int[1];
        sim.addListener(new NarrationLog(sim, e -> {
            count[0]++;
            String who = sim.nodeName(e.record().node());
            LmeStep step = new LmeStep(e.record(), (LmeState) e.before(), variant);
            String sentence = LmeNarration.sentence(step, sim); // throws if LME cannot narrate it
            assertEquals(sentence, e.sentence());
            assertTrue(sentence.startsWith(who + " ") && sentence.length() > who.length() + 10, sentence);
            assertFalse(sentence.contains("null"), sentence);

            List<Span> ran = lines.executed(step);
            assertEquals(ran, e.lines());
            assertFalse(ran.isEmpty());
            List<Span> all = code.spansOf(e.record().label());
            for (Span s : ran) {
                for (int l = s.first(); l <= s.last(); l++) {
                    int line = l;
                    assertTrue(all.stream().anyMatch(a -> a.contains(s.block(), line)),
                            e.record().label() + " ran block " + s.block() + " l. " + l + " outside " + all);
                }
            }
            agrees(step);
        }));
        engine.runUntil(200);
        assertTrue(count[0] > 0);
    }

    /** The branches LmeStep reads off its replay match what the execution sent and left behind. */
    static void agrees(LmeStep x) {
        var r = x.record;
        long ready = Narration.sentPorts(r, m -> m instanceof Ready);
        long yes = Narration.sentPorts(r, m -> m instanceof Win w && w.won());
        long no = Narration.sentPorts(r, m -> m instanceof Win w && !w.won());
        long bit = x.port >= 0 ? 1L << x.port : 0;
        switch (x.label) {
            case "ReceivePrepare" -> {
                boolean hold = x.mid.phase() == LmeState.Phase.COMPETE;
                assertEquals(hold, (x.after.H() & bit) != 0);
                assertEquals(x.ready | (hold ? 0 : bit), ready);
            }
            case "ReceiveRequest" -> {
                assertEquals(x.lateRequest(), no == bit && bit != 0);
                assertEquals(x.ready, ready);
            }
            case "CheckPriorities" -> {
                assertEquals(LmeRules.winner(x.mid) >= 0 && (x.mid.C() & (1L << LmeRules.winner(x.mid))) != 0, yes != 0);
                assertEquals(x.mid.C(), yes | no);
                assertEquals(x.ready, ready);
            }
            case "CheckWin" -> {
                assertEquals(x.someLoss(), x.after.state() == State.COMPETE);
                assertEquals(x.ready, ready);
            }
            default -> assertEquals(x.ready, ready, x.label);
        }
    }
}
