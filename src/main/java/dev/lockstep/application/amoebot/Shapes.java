package dev.lockstep.application.amoebot;

import dev.lockstep.core.SeededRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Initial layouts of N contracted particles, for scenario files that name a shape instead of
 * listing cells. A compact shape leaves only its rim free to move, so the default is a loose
 * blob with holes, where most particles have an empty cell next to them.
 */
public final class Shapes {
    public static final List<String> NAMES = List.of("hexagon", "line", "blob");

    private Shapes() {}

    /**
     * The shape's cells, or null for an unknown name; {@code seed} matters for "blob" only. With
     * {@code spacing} s > 1 every coordinate is multiplied by s: particles s cells apart, which
     * keeps the degrees of the {@link Reach} graph low (s = 2: a spaced hexagon's particles have
     * at most six neighbours, and every empty cell next to one lies between two of them).
     */
    public static List<Cell> of(String name, int particles, long seed, int spacing) {
        List<Cell> cells = switch (name) {
            case "hexagon" -> hexagon(particles);
            case "line" -> line(particles);
            case "blob" -> blob(particles, seed);
            default -> null;
        };
        if (cells == null || spacing == 1) return cells;
        List<Cell> out = new ArrayList<>();
        for (Cell c : cells) out.add(new Cell(c.q() * spacing, c.r() * spacing));
        return out;
    }

    /** (0,0), then ring after ring around it, each ring counter-clockwise from its east corner: a filled hexagon. */
    public static List<Cell> hexagon(int particles) {
        List<Cell> out = new ArrayList<>();
        out.add(new Cell(0, 0));
        for (int ring = 1; out.size() < particles; ring++) {
            Cell c = new Cell(ring, 0);
            for (int side = 0; side < Cell.DIRECTION_COUNT; side++) {
                for (int i = 0; i < ring; i++) {
                    out.add(c);
                    c = c.neighbour((side + 2) % Cell.DIRECTION_COUNT);
                }
            }
        }
        return out.subList(0, particles);
    }

    /** (0,0), (1,0), …: a row. */
    public static List<Cell> line(int particles) {
        List<Cell> out = new ArrayList<>();
        for (int i = 0; i < particles; i++) out.add(new Cell(i, 0));
        return out;
    }

    /**
     * A loose random blob, connected in the {@link Reach} sense: from (0,0), each new particle
     * goes on a uniformly chosen cell within distance 2 of a uniformly chosen particle placed
     * already, if that cell is free (draws from its own stream, seeded with {@code seed}).
     */
    public static List<Cell> blob(int particles, long seed) {
        SeededRandom random = new SeededRandom(seed);
        List<Cell> out = new ArrayList<>();
        Set<Cell> taken = new HashSet<>(); // membership only
        out.add(new Cell(0, 0));
        taken.add(out.get(0));
        while (out.size() < particles) {
            Cell from = out.get(random.nextInt(out.size()));
            List<Cell> around = Reach.cellsWithin(from, from);
            Cell c = around.get(random.nextInt(around.size()));
            if (taken.add(c)) out.add(c);
        }
        return out;
    }
}
