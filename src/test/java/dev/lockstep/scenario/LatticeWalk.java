package dev.lockstep.scenario;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.core.Application;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.Check;
import dev.lockstep.core.SeededRandom;
import java.util.List;

/**
 * A test-only particle system for drawing tests (not the amoebot model): particles start on the
 * given cells, contracted, and {@link LatticeWalkWorkload} expands and contracts them through
 * {@code Simulation.applicationStep} and {@code Simulation.move}, as the model does. Careless walks
 * expand into occupied cells too, so that collisions can be drawn.
 */
public final class LatticeWalk implements Application {
    private final List<Cell> start;

    public LatticeWalk(List<Cell> start) {
        this.start = List.copyOf(start);
    }

    @Override
    public String name() {
        return "lattice walk";
    }

    @Override
    public ApplicationState initialState(int nodeCount, SeededRandom random) {
        if (nodeCount != start.size()) throw new IllegalArgumentException(nodeCount + " nodes for " + start.size() + " particles");
        return new LatticeWalkState(start);
    }

    @Override
    public List<Check> checks() {
        return List.of();
    }
}
