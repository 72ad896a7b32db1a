package dev.lockstep.app.graph;

import dev.lockstep.application.Interactive;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.application.population.Agents;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.figure.Look;
import java.util.List;
import javafx.scene.paint.Color;

/**
 * How an application's state is shown (Sec. 6): when a run has an application, a node's fill is
 * its application state ({@link Look#application}) with the state's name written in it, the
 * protocol's fill value moves to a small badge on the node's rim, the ring keeps the protocol's
 * ring value, and two agents in an interaction under way are joined by a dashed link. A particle
 * system (amoebots) is the exception: its bodies on the lattice show its state, so the node keeps
 * the protocol's fill, with no badge and no letter.
 */
public final class ApplicationLook {
    private ApplicationLook() {}

    /** The application's states in legend order (a population protocol's table order), or none. */
    public static List<String> states(ApplicationState app) {
        return app instanceof Agents a ? a.table().states() : List.of();
    }

    /** The application's name for the legend ("exact-majority"), or "application". */
    public static String name(ApplicationState app) {
        return app instanceof Agents a ? a.table().name() : "application";
    }

    /** The fill of application state {@code state}. */
    public static Color fill(List<String> states, String state) {
        return Color.web(Look.application(states, state));
    }

    /** The colour of the state's name written on its fill. */
    public static Color ink(List<String> states, String state) {
        return Look.darkFill(Look.application(states, state)) ? Color.WHITE : Palette.INK;
    }

    /** What is written in a node in this state: the name when short (A, a, x), else nothing (blank). */
    public static String mark(String state) {
        return Look.applicationMark(state);
    }

    /** The application as a particle system (amoebots: the window draws the lattice), or null. */
    public static ParticleSystem particles(ApplicationState app) {
        return app instanceof ParticleSystem ps ? ps : null;
    }

    /** The partner of u's open interaction, or −1 (also for an application without interactions). */
    public static int partnerOf(ApplicationState app, int u) {
        return app instanceof Interactive i ? i.partnerOf(u) : -1;
    }
}
