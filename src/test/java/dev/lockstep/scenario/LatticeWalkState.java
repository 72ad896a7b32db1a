package dev.lockstep.scenario;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.core.ApplicationState;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The particles of a {@link LatticeWalk}: steps "expand-D" (into the tail's neighbour in
 * direction D), "contract-head", "contract-tail" and "jump-Q-R" (a contracted particle put on
 * cell (Q, R): how tests make two particles share a cell).
 */
public final class LatticeWalkState implements ApplicationState, ParticleSystem {
    private final Cell[] tail;
    private final Cell[] head;

    LatticeWalkState(List<Cell> cells) {
        tail = cells.toArray(Cell[]::new);
        head = cells.toArray(Cell[]::new);
    }

    private LatticeWalkState(LatticeWalkState o) {
        tail = o.tail.clone();
        head = o.head.clone();
    }

    @Override
    public ApplicationState copy() {
        return new LatticeWalkState(this);
    }

    @Override
    public String step(int round, IntFunction<String> names, int u, String kind, int partner) {
        String who = names.apply(u);
        if (kind.startsWith("expand-")) {
            if (expanded(u)) throw new IllegalArgumentException(who + " is expanded already");
            head[u] = tail[u].neighbour(Integer.parseInt(kind.substring(7)));
            return who + " expands from " + tail[u] + " into " + head[u];
        }
        if (kind.equals("contract-head") || kind.equals("contract-tail")) {
            if (!expanded(u)) throw new IllegalArgumentException(who + " is contracted");
            Cell to = kind.equals("contract-head") ? head[u] : tail[u];
            tail[u] = to;
            head[u] = to;
            return who + " contracts into " + to;
        }
        if (kind.startsWith("jump-")) {
            String[] qr = kind.substring(5).split("_");
            Cell to = new Cell(Integer.parseInt(qr[0]), Integer.parseInt(qr[1]));
            tail[u] = to;
            head[u] = to;
            return who + " is put on " + to;
        }
        throw new IllegalArgumentException("no step " + kind);
    }

    @Override
    public String label(int u) {
        return expanded(u) ? "e" : "c";
    }

    @Override
    public int particles() {
        return tail.length;
    }

    @Override
    public Cell tail(int u) {
        return tail[u];
    }

    @Override
    public Cell head(int u) {
        return head[u];
    }

    /** Where node u goes: the midpoint of its cells' points. */
    double x(int u) {
        return (tail[u].x() + head[u].x()) / 2;
    }

    double y(int u) {
        return (tail[u].y() + head[u].y()) / 2;
    }
}
