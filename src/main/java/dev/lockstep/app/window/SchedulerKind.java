package dev.lockstep.app.window;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * The scheduler policies the settings bar offers by name, one row each: its class, what it shares
 * with the others (the in-node choice, activation, duration) and how to make it from them. A
 * policy chosen by name keeps the scenario's settings.
 */
enum SchedulerKind {
    SYNCHRONOUS("synchronous", Synchronous.class) {
        @Override NodeChoice nodeChoice(SchedulerPolicy p) { return ((Synchronous) p).nodeChoice(); }

        @Override SchedulerPolicy make(double activation, int duration, NodeChoice choice) { return new Synchronous(choice); }
    },
    SEMI_SYNCHRONOUS("semi-synchronous", SemiSynchronous.class) {
        @Override NodeChoice nodeChoice(SchedulerPolicy p) { return ((SemiSynchronous) p).nodeChoice(); }

        @Override double activation(SchedulerPolicy p) { return ((SemiSynchronous) p).activation(); }

        @Override SchedulerPolicy make(double activation, int duration, NodeChoice choice) {
            return new SemiSynchronous(activation, choice);
        }
    },
    SEQUENTIAL("sequential", Sequential.class) {
        @Override NodeChoice nodeChoice(SchedulerPolicy p) { return ((Sequential) p).nodeChoice(); }

        @Override SchedulerPolicy make(double activation, int duration, NodeChoice choice) { return new Sequential(choice); }
    },
    ASYNCHRONOUS("asynchronous", Asynchronous.class) {
        @Override NodeChoice nodeChoice(SchedulerPolicy p) { return ((Asynchronous) p).nodeChoice(); }

        @Override double activation(SchedulerPolicy p) { return ((Asynchronous) p).activation(); }

        @Override int duration(SchedulerPolicy p) { return ((Asynchronous) p).maxDuration(); }

        @Override SchedulerPolicy make(double activation, int duration, NodeChoice choice) {
            return new Asynchronous(activation, duration, choice);
        }
    };

    static final double DEFAULT_ACTIVATION = 0.5;
    static final int DEFAULT_DURATION = 3;

    final String id;
    private final Class<? extends SchedulerPolicy> type;

    SchedulerKind(String id, Class<? extends SchedulerPolicy> type) {
        this.id = id;
        this.type = type;
    }

    abstract NodeChoice nodeChoice(SchedulerPolicy p);

    double activation(SchedulerPolicy p) {
        return DEFAULT_ACTIVATION;
    }

    int duration(SchedulerPolicy p) {
        return DEFAULT_DURATION;
    }

    abstract SchedulerPolicy make(double activation, int duration, NodeChoice choice);

    /** The row of a policy, or null (manual, scripted). */
    static SchedulerKind of(SchedulerPolicy p) {
        for (SchedulerKind k : values()) if (k.type.isInstance(p)) return k;
        return null;
    }

    static SchedulerKind named(String id) {
        for (SchedulerKind k : values()) if (k.id.equals(id)) return k;
        return null;
    }

    /** The names the scheduler chooser lists for a session (scripted only while it runs one). */
    static List<String> names(Session session) {
        List<String> names = new ArrayList<>();
        for (SchedulerKind k : values()) names.add(k.id);
        if (session.policy() instanceof Scripted) names.add("scripted");
        names.add("manual");
        return names;
    }

    /** A policy of the given kind, keeping the scenario's activation, duration and in-node choice (null: no such kind). */
    static SchedulerPolicy named(String id, Session session) {
        SchedulerKind kind = named(id);
        if (kind == null) return null;
        SchedulerPolicy base = session.scenario().policy();
        if (base instanceof Scripted s && s.then() != null) base = s.then();
        SchedulerKind now = of(session.policy());
        SchedulerKind was = of(base);
        NodeChoice current = now != null ? now.nodeChoice(session.policy()) : null;
        NodeChoice scenario = was != null ? was.nodeChoice(base) : null;
        NodeChoice choice = current != null ? current : scenario != null ? scenario : NodeChoice.EFFECTIVE;
        double activation = was != null ? was.activation(base) : DEFAULT_ACTIVATION;
        int duration = was != null ? was.duration(base) : DEFAULT_DURATION;
        return kind.make(activation, duration, choice);
    }
}
