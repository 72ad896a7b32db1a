package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The pseudocode panel scrolls to the line an execution ran, wherever its module sits: KRL has
 * eleven modules, most of them below the fold. (Fails when the scroll is left out.)
 */
class PseudocodeScrollTest extends AppFixture {
    @Test
    void theExecutedLineIsScrolledIntoViewInEveryModule() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "krl-figure-2-static.json"))));
        fx(() -> window.showPanel("pseudocode"));
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            fx(() -> window.stepAction());
            settle();
            settle();
            List<String> lit = fx(() -> window.pseudocode().highlighted());
            if (lit.isEmpty()) continue;
            seen.add(lit.get(0));
            String where = lit.get(0);
            assertTrue(fx(() -> window.pseudocode().targetInView()), "line not in view after step " + i + ": " + where);
        }
        assertTrue(seen.size() >= 3, "several modules were shown: " + seen);
    }
}
