package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import java.util.List;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.Test;

/** The inspector lists every variable of the selected node's state, D, and its messages in transit. */
class InspectorTest extends AppFixture {
    @Test
    void listsTheSelectedNodesVariablesAndMessages() {
        fx(() -> window.runRounds(12));
        // choose d in the inspector's node chooser, as a person would
        @SuppressWarnings("unchecked")
        ComboBox<String> chooser = (ComboBox<String>) robot().lookup("#inspector-node").query();
        fx(() -> chooser.setValue("d"));
        int d = node("d");
        assertEquals(d, (int) fx(() -> window.selected()));

        Simulation sim = sim();
        for (int i = 0; i < 3; i++) {
            List<Variable> vars = fx(() -> sim.state(d).variables());
            for (String name : List.of("lock", "state", "phase", "L", "R", "W", "H", "A", "C", "P")) {
                assertTrue(vars.stream().anyMatch(v -> v.name().equals(name)), "LME has " + name);
            }
            for (Variable v : vars) assertEquals(v.value(), text("#var-" + v.name()), v.name());
            assertEquals(fx(() -> PortSet.format(sim.unprocessedDisconnections(d))), text("#var-D"));
            assertTrue(text("#inspector-status").startsWith("d: " + fx(() -> sim.status(d)).name().toLowerCase()),
                    text("#inspector-status"));

            // every message to d, and every message from d on its ports, one line each
            int expected = fx(() -> {
                int n = sim.channels().size(d);
                for (int v = 0; v < sim.nodeCount(); v++) {
                    if (v == d) continue;
                    for (int k = 0; k < sim.channels().size(v); k++) {
                        Envelope e = sim.channels().get(v, k);
                        if (e.from() == d) n++;
                    }
                }
                return n;
            });
            VBox transit = (VBox) robot().lookup("#inspector-transit").query();
            long lines = fx(() -> transit.getChildren().stream().filter(n -> n.getStyleClass().contains("transit")
                    && !((Label) n).getText().equals("none")).count());
            assertEquals(expected, lines, "messages in transit listed");
            fx(() -> window.stepRound());
        }
        assertTrue(text("#ports").contains("of Δ = 4 free"), text("#ports"));
    }
}
