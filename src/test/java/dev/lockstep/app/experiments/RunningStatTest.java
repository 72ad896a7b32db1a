package dev.lockstep.app.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunningStatTest {
    @Test
    void meanAndSampleSdByHand() {
        RunningStat s = new RunningStat();
        for (double x : new double[] {2, 4, 4, 4, 5, 5, 7, 9}) s.add(x);
        // mean 40 / 8 = 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32 / 7
        assertEquals(8, s.n());
        assertEquals(5.0, s.mean(), 1e-12);
        assertEquals(Math.sqrt(32.0 / 7), s.sd(), 1e-12);
    }

    @Test
    void noValueAndOneValue() {
        RunningStat s = new RunningStat();
        assertTrue(Double.isNaN(s.mean()));
        assertTrue(Double.isNaN(s.sd()));
        s.add(3.5);
        assertEquals(3.5, s.mean());
        assertTrue(Double.isNaN(s.sd()), "no sd below two values, as summary.csv");
    }

    @Property(tries = 200)
    void agreesWithTheTwoPassFormula(@ForAll @Size(min = 2, max = 60) List<@DoubleRange(min = -1e6, max = 1e6) Double> xs) {
        RunningStat s = new RunningStat();
        xs.forEach(s::add);
        double mean = xs.stream().mapToDouble(Double::doubleValue).sum() / xs.size();
        double sq = xs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
        assertEquals(mean, s.mean(), 1e-6 * (1 + Math.abs(mean)));
        assertEquals(Math.sqrt(sq / (xs.size() - 1)), s.sd(), 1e-6 * (1 + Math.sqrt(sq)));
    }
}
