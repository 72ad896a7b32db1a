package dev.lockstep.scenario;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Scenarios of the test-only {@link LatticeWalk}, which no scenario file can name: a scenario of
 * LME on the particles' starting points (a unit disk of radius {@link LatticeWalkWorkload#RADIUS})
 * is read and rebuilt around the walk (the scenario's fields are visible in this package).
 */
public final class LatticeWalkScenarios {
    private LatticeWalkScenarios() {}

    /** Seven particles on a hexagon of cells: the centre and its six neighbours. */
    public static List<Cell> hexagon() {
        List<Cell> cells = new ArrayList<>();
        Cell c = new Cell(0, 0);
        cells.add(c);
        for (int d = 0; d < Cell.DIRECTION_COUNT; d++) cells.add(c.neighbour(d));
        return cells;
    }

    /** A line of n particles, every other cell along the east direction, and a few on the next row. */
    public static List<Cell> spread(int n) {
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < n; i++) cells.add(new Cell(2 * (i / 2) - (i % 2), 2 * (i % 2)));
        return cells;
    }

    /** The scenario: particles on {@code cells}, each moving with probability {@code move} a round. */
    public static Scenario walk(List<Cell> cells, double move, boolean careless, long seed) throws ScenarioException {
        return walk(cells, move, careless, false, seed);
    }

    /** {@code locked}: each move is made while the particle holds its lock set (LME), as the amoebot model's are. */
    public static Scenario walk(List<Cell> cells, double move, boolean careless, boolean locked, long seed) throws ScenarioException {
        StringBuilder nodes = new StringBuilder();
        for (int u = 0; u < cells.size(); u++) {
            if (u > 0) nodes.append(",\n");
            nodes.append(String.format(Locale.ROOT, "{\"id\": \"p%02d\", \"x\": %s, \"y\": %s}", u, cells.get(u).x(), cells.get(u).y()));
        }
        String json = "{\"format\": \"lockstep-scenario/1\", \"name\": \"lattice walk\", \"protocol\": \"lme\","
                + " \"params\": {\"K\": 8, \"variant\": \"corrected\"}, \"seed\": " + seed + ", \"rounds\": 200, \"delta\": 18,"
                + " \"nodes\": [" + nodes + "], \"unitDisk\": " + LatticeWalkWorkload.RADIUS + "}";
        Scenario s = ScenarioLoader.parse(json, "lattice-walk.json");
        return new Scenario(s.file, s.json, s.name, s.protocol, s.delta, s.seed, s.rounds, s.policy, s.channels, s.ports,
                s.nodes, s.x, s.y, s.regions, s.areas, s.edges, s.unitDisk, s.dynamics, s.churn, s.linkChanges, s.areaMoves,
                s.mobility, new LatticeWalkWorkload(move, careless, locked), new LatticeWalk(cells), s.checks);
    }

    /** A session of {@link #walk}. */
    public static Session session(List<Cell> cells, double move, boolean careless, long seed) throws ScenarioException {
        return Session.start(walk(cells, move, careless, seed));
    }

    public static Session session(List<Cell> cells, double move, boolean careless, boolean locked, long seed) throws ScenarioException {
        return Session.start(walk(cells, move, careless, locked, seed));
    }
}
