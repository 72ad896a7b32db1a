package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summary.csv against a hand computation from runs.jsonl. */
class SummaryTableTest {
    @TempDir
    Path dir;

    @Test
    void meanSdAndConfidenceIntervalOfAPointByHand() throws Exception {
        Path spec = SweepFixture.spec(dir, "\"axes\": {\"K\": [2, 4]},\n\"seeds\": [3, 1, 4, 5],\n\"rounds\": 80");
        Path out = dir.resolve("out");
        SweepFixture.run(spec, out, 2, Shard.ALL);
        List<String> csv = Files.readAllLines(out.resolve(SummaryTable.FILE));
        assertEquals(3, csv.size(), "a header and a row per point");
        List<String> header = Arrays.asList(csv.get(0).split(",", -1));
        List<String> row = Arrays.asList(csv.get(2).split(",", -1));
        assertEquals(List.of("point", "K", "runs"), header.subList(0, 3));
        assertEquals(List.of("p2", "4", "4"), row.subList(0, 3));

        List<RunRecord> p2 = RunLog.read(out.resolve(RunLog.FILE)).records().stream().filter(r -> r.point().equals("p2")).toList();
        for (String measure : List.of("messagesSent", "meanWaitRounds", "p90WaitRounds", "messages.win")) {
            List<Double> xs = new ArrayList<>();
            for (RunRecord r : p2) {
                JsonValue v = measure.startsWith("messages.") ? ((JsonValue.Obj) r.measures().get("messagesByType")).get("win") : r.measures().get(measure);
                xs.add(((JsonValue.Num) v).doubleValue());
            }
            double mean = (xs.get(0) + xs.get(1) + xs.get(2) + xs.get(3)) / 4;
            double ss = 0;
            for (double x : xs) ss += (x - mean) * (x - mean);
            double sd = Math.sqrt(ss / 3);
            double ci = 3.1824 * sd / 2; // t(0.975, 3 df) · sd / √4
            assertEquals(mean, Double.parseDouble(row.get(header.indexOf(measure + "_mean"))), 1e-9, measure);
            assertEquals(sd, Double.parseDouble(row.get(header.indexOf(measure + "_sd"))), 1e-9, measure);
            assertEquals(ci, Double.parseDouble(row.get(header.indexOf(measure + "_ci95"))), 1e-9, measure);
            assertTrue(sd > 0, measure + " varies with the seed: " + xs);
        }
        assertEquals("80", row.get(header.indexOf("rounds_mean")));
        assertEquals("0", row.get(header.indexOf("rounds_sd")));
    }

    @Test
    void statisticsOfFewValues() {
        assertEquals(new SummaryTable.Stat(1, 5, Double.NaN, Double.NaN), SummaryTable.Stat.of(List.of(5.0)), "one run: no spread");
        SummaryTable.Stat two = SummaryTable.Stat.of(List.of(1.0, 3.0));
        assertEquals(2, two.mean());
        assertEquals(Math.sqrt(2), two.sd(), 1e-12);
        assertEquals(12.7062 * Math.sqrt(2) / Math.sqrt(2), two.ci95(), 1e-9);
        assertEquals(1.96, StudentT.quantile975(5000));
        assertEquals(2.0423, StudentT.quantile975(35), "between rows: the lower df's, wider");
    }
}
