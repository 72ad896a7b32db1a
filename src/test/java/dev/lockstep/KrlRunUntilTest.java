package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** `run --until` over KRL's variables: height, token, queue (a number), status. */
class KrlRunUntilTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "4.height = (0,-1,4)|stopped at round 8, step 26: 4.height = (0,-1,4)",
            "1.token = 0|stopped at round 7, step 23: 1.token = 0",
            "0.queue >= 1|stopped at round 8, step 24: 0.queue >= 1",
            "*.status = CRITICAL|stopped at round 8, step 25: *.status = CRITICAL"})
    void stopsWhereTheConditionFirstHolds(String condition, String expected) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        new Main(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false)
                .execute(new String[] {"run", "sample-runs/krl-figure-2-static.json", "--until", condition});
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith(expected), text + err.toString(StandardCharsets.UTF_8));
    }
}
