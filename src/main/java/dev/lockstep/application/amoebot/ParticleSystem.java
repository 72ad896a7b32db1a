package dev.lockstep.application.amoebot;

/**
 * What an amoebot system shows of itself (read-only): where each particle is. A contracted
 * particle occupies one cell (head = tail); an expanded one occupies two adjacent cells, its
 * head being the cell it expanded into. The window draws the lattice and the particles from
 * this; the application's state implements it.
 */
public interface ParticleSystem {
    /** The number of particles: node u of the simulation is particle u. */
    int particles();

    Cell tail(int u);

    Cell head(int u);

    default boolean expanded(int u) {
        return !head(u).equals(tail(u));
    }
}
