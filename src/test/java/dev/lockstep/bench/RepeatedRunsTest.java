package dev.lockstep.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code lme --repeat}: medians and ranges per configuration, and mobile runs paired with static ones of their own repetition. */
class RepeatedRunsTest {
    @Test
    void medianIsTheMiddleValueOrTheMeanOfTheTwo() {
        assertEquals(3.0, RepeatedRuns.median(new double[] {5, 1, 3}));
        assertEquals(2.5, RepeatedRuns.median(new double[] {4, 1, 3, 2}));
        assertEquals(7.0, RepeatedRuns.median(new double[] {7}));
        double[] xs = {9, 1, 5};
        RepeatedRuns.median(xs);
        assertArrayEquals(new double[] {9, 1, 5}, xs, "the caller's values stay in their order");
        assertThrows(IllegalArgumentException.class, () -> RepeatedRuns.median(new double[0]));
        assertEquals("3.00 (1.00–5.00)", RepeatedRuns.spread(new double[] {5, 1, 3}, "%.2f"));
    }

    /** A ratio divides a mobile run by the static run of the same nodes, threads and repetition, never another's. */
    @Test
    void ratiosPairRunsOfTheSameRepetitionAndThreads() {
        RepeatedRuns runs = new RepeatedRuns();
        runs.add(new RepeatedRuns.Run(100, 1, 0, 0, 2.0, 0, 400));
        runs.add(new RepeatedRuns.Run(100, 1, 0.1, 0, 3.0, 0, 600));
        runs.add(new RepeatedRuns.Run(100, 2, 0, 0, 1.0, 0, 450));
        runs.add(new RepeatedRuns.Run(100, 2, 0.1, 0, 2.0, 0, 700));
        runs.add(new RepeatedRuns.Run(100, 1, 0, 1, 4.0, 0, 800));
        runs.add(new RepeatedRuns.Run(100, 1, 0.1, 1, 5.0, 0, 900));
        assertArrayEquals(new double[] {1.5, 1.25}, runs.ratios(1, 0.1));
        assertArrayEquals(new double[] {2.0}, runs.ratios(2, 0.1));
        assertArrayEquals(new double[0], runs.ratios(1, 0.2));
    }

    @Test
    void theSummaryHasALinePerConfigurationThenThePairs() {
        RepeatedRuns runs = new RepeatedRuns();
        for (int rep = 0; rep < 3; rep++) {
            runs.add(new RepeatedRuns.Run(1000, 2, 0, rep, 1 + rep, 200 - rep, 300 + rep));
            runs.add(new RepeatedRuns.Run(1000, 2, 0.25, rep, 3 * (1 + rep) + rep, 400, 500));
        }
        StringWriter text = new StringWriter();
        runs.print(3, new PrintWriter(text));
        List<String> lines = text.toString().lines().toList();
        assertEquals(5, lines.size(), text::toString);
        assertEquals("over 3 runs each, median (min–max):", lines.get(0));
        assertEquals(List.of("nodes", "threads", "moves", "run", "s", "ns/a", "cpu", "ns/a"), List.of(lines.get(1).trim().split(" +")));
        assertEquals(List.of("1000", "2", "0", "2.000", "(1.000–3.000)", "199", "(198–200)", "301", "(300–302)"),
                List.of(lines.get(2).trim().split(" +")));
        assertEquals(List.of("1000", "2", "0.250", "7.000", "(3.000–11.000)", "400", "(400–400)", "500", "(500–500)"),
                List.of(lines.get(3).trim().split(" +")));
        // ratios 3/1, 7/2, 11/3: median 3.5, not the ratio of the medians (7/2 here too) nor of the means
        assertEquals("1000 nodes on 2 threads: moves 0.250 take 3.50× (3.00×–3.67×) the time of none (run s; 3 pairs, each of one repetition)",
                lines.get(4));
    }
}
