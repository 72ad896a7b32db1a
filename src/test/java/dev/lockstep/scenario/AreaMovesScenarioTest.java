package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.onlyProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.lockstep.core.adversary.AreaMoves;
import org.junit.jupiter.api.Test;

/** The loader reads the moves between areas (README, Scenario files) and names every bad value. */
class AreaMovesScenarioTest {

    static String klme(String... extra) {
        return AreaMovesTexts.klme(4, 1, 2, 1, 1, 100, extra);
    }

    static Scenario load(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "moves.json");
    }

    @Test
    void areaMovesTakeARateAndAnEnd() throws Exception {
        assertEquals(new AreaMoves(0.02, Integer.MAX_VALUE), load(klme("\"areaMoves\": {\"rate\": 0.02}")).areaMoves());
        assertEquals(new AreaMoves(2, 300), load(klme("\"areaMoves\": {\"rate\": 2, \"until\": 300}")).areaMoves());
        assertEquals(new AreaMoves(0, Integer.MAX_VALUE), load(klme("\"areaMoves\": {\"rate\": 0}")).areaMoves());
        assertNull(load(klme()).areaMoves());
    }

    @Test
    void badAreaMovesAreNamedWithTheirPosition() {
        onlyProblem(klme("\"areaMoves\": {\"rate\": -0.1}"), "-0.1", "$.areaMoves.rate",
                "expected rate (moves between areas per time unit) at least 0 and at most 100, found -0.1");
        onlyProblem(klme("\"areaMoves\": {\"rate\": 1000}"), "1000", "$.areaMoves.rate", "at most 100, found 1000");
        onlyProblem(klme("\"areaMoves\": {\"rate\": \"often\"}"), "\"often\"", "$.areaMoves.rate", "(a number), found a string");
        onlyProblem(klme("\"areaMoves\": {\"until\": 50}"), "{\"until\"", "$.areaMoves",
                "missing \"rate\": the mean number of moves between areas per time unit (round), e.g. 0.01 for one per 100");
        onlyProblem(klme("\"areaMoves\": {\"rate\": 0.1, \"until\": -3}"), "-3", "$.areaMoves.until",
                "the last round with moves between areas (until)");
        onlyProblem(klme("\"areaMoves\": {\"rate\": 0.1, \"speed\": 0.25}"), "0.25", "$.areaMoves.speed",
                "unknown field \"speed\"; expected one of: rate, until");
        onlyProblem(klme("\"areaMoves\": 0.125"), "0.125", "$.areaMoves",
                "expected the moves between areas ({\"rate\": moves per time unit, \"until\": r}) (an object), found a number");
        String noAreas = TimeUnitTexts.krl(4, 1, 0.5, 1, 100, "\"areaMoves\": {\"rate\": 0.1}");
        onlyProblem(noAreas, "{\"rate\"", "$.areaMoves",
                "moves between areas need \"areas\": the rectangles (KLME's neighbourhoods) a node moves between");
    }
}
