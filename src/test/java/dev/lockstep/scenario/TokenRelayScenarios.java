package dev.lockstep.scenario;

import dev.lockstep.core.Protocol;
import dev.lockstep.session.Session;

/**
 * Scenarios of the test-only {@link TokenRelay} protocol, which the registry does not know: the
 * file names a registered protocol to be read, and the scenario is then rebuilt around the test
 * protocol (the scenario's fields are visible in this package).
 */
public final class TokenRelayScenarios {
    private TokenRelayScenarios() {}

    /** A grid of 3 × 3 nodes with explicit edges and a workload (positions matter only for the drawing). */
    public static final String GRID = """
            {"format": "lockstep-scenario/1", "name": "token relay grid", "protocol": "lme", "seed": 7, "rounds": 40, "delta": 4,
             "nodes": [
               {"id": "a", "x": 0, "y": 0}, {"id": "b", "x": 10, "y": 0}, {"id": "c", "x": 20, "y": 0},
               {"id": "d", "x": 0, "y": 10}, {"id": "e", "x": 10, "y": 10}, {"id": "f", "x": 20, "y": 10},
               {"id": "g", "x": 0, "y": 20}, {"id": "h", "x": 10, "y": 20}, {"id": "i", "x": 20, "y": 20}],
             "edges": [["a","b"],["b","c"],["d","e"],["e","f"],["g","h"],["h","i"],
                       ["a","d"],["d","g"],["b","e"],["e","h"],["c","f"],["f","i"]],
             "workload": {"lock": 0.3, "hold": 1}}
            """;

    /** The scenario in {@code json} (any registered protocol) with {@code protocol} instead. */
    public static Scenario with(String json, Protocol<?> protocol) throws ScenarioException {
        Scenario s = ScenarioLoader.parse(json, "token-relay.json");
        return new Scenario(s.file, s.json, s.name, protocol, s.delta, s.seed, s.rounds, s.policy, s.channels, s.ports,
                s.nodes, s.x, s.y, s.regions, s.edges, s.unitDisk, s.dynamics, s.churn, s.workload, s.checks);
    }

    /** A session of {@link #GRID} with {@code k} tokens, after its first round (the edges exist from then on). */
    public static Session grid(int k) throws ScenarioException {
        Session session = Session.start(with(GRID, new TokenRelay(k)));
        session.stepRound();
        return session;
    }
}
