package dev.lockstep.core;

/**
 * How an application step enters the simulation: like a call, it happens at the start of a
 * round (before its executions), changes u's application state and is told to the listeners
 * (a trace writes it, the narration says it). A run without an application refuses steps.
 */
final class ApplicationSteps {
    private ApplicationSteps() {}

    static void take(SimulationState world, Audience audience, SystemView view, int u, String kind, int partner) {
        if (world.app == null) throw new IllegalStateException("this run has no application");
        if (world.executionsThisRound > 0) {
            throw new IllegalStateException("an application step comes before the round's first execution");
        }
        String sentence = world.app.step(world.round, view::nodeName, u, kind, partner);
        world.touch(u);
        if (partner >= 0) world.touch(partner);
        for (SimulationListener l : audience.all()) l.applicationStep(world.round, u, kind, partner, sentence);
    }
}
