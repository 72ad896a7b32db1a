package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import java.util.function.Function;

/** An application's state travels with {@link Simulation#copy} and {@link Simulation#restore}, as the tests of each application ask. */
final class CopyRestore {
    private CopyRestore() {}

    /**
     * Runs the scenario 30 rounds, copies it, runs run and copy on to 90 and restores the copy;
     * {@code look} shows the application's state ({@code what}: its things, for the messages).
     * Returns the run, restored to round 30.
     */
    static Simulation carries(Scenario s, Function<Simulation, String> look, String what) {
        Engine engine = s.engine();
        Simulation sim = engine.simulation();
        engine.runUntil(30);
        Simulation snapshot = sim.copy();
        String at30 = look.apply(sim);
        assertEquals(at30, look.apply(snapshot));
        Engine twin = new Engine(snapshot.copy(), s.adversary());
        engine.runUntil(90);
        twin.runUntil(90);
        assertNotEquals(at30, look.apply(sim), "the " + what + " changed in 60 rounds");
        assertEquals(at30, look.apply(snapshot), "a copy is independent of the run it came from");
        assertEquals(look.apply(sim), look.apply(twin.simulation()), "a copy continues exactly like the run");
        assertEquals(sim.violations(), twin.simulation().violations());
        sim.restore(snapshot);
        assertEquals(at30, look.apply(sim), "restore brings the " + what + " back");
        assertEquals(30, sim.round());
        return sim;
    }
}
