package dev.lockstep.session;

import dev.lockstep.core.Call;
import dev.lockstep.core.adversary.SchedulerPolicy;

/**
 * A user's input to an interactive session: the adversary's or the application's move, made by a
 * person. Each is applied in a given round right after the adversary's own start-of-round changes
 * and before any execution, so a session replays exactly from its inputs.
 */
public sealed interface Input {
    /** The round in which the input takes effect. */
    int round();

    Input at(int round);

    record Move(int round, int node, double x, double y) implements Input {
        @Override public Move at(int r) { return new Move(r, node, x, y); }
    }

    record Link(int round, int u, int v) implements Input {
        @Override public Link at(int r) { return new Link(r, u, v); }
    }

    record Cut(int round, int u, int v) implements Input {
        @Override public Cut at(int r) { return new Cut(r, u, v); }
    }

    record CallInput(int round, int node, Call call) implements Input {
        @Override public CallInput at(int r) { return new CallInput(r, node, call); }
    }

    record Policy(int round, SchedulerPolicy policy) implements Input {
        @Override public Policy at(int r) { return new Policy(r, policy); }
    }

    record Workload(int round, boolean on) implements Input {
        @Override public Workload at(int r) { return new Workload(r, on); }
    }
}
