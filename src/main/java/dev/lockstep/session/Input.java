package dev.lockstep.session;

import dev.lockstep.core.Call;
import dev.lockstep.core.adversary.SchedulerPolicy;

/**
 * A person's input to an interactive session: the adversary's or the application's move, made by
 * hand. Each takes effect at a position of the run: in {@code round}, when {@code step}
 * executions have begun since round 0 ({@code step} = -1: at the start of the round, right after
 * the adversary's own start-of-round changes). Topology changes and calls are start-of-round
 * inputs; a manual execution and a change of scheduling policy can also happen between the
 * executions of a round. A session replays exactly from its inputs.
 */
public sealed interface Input {
    /** The round in which the input takes effect. */
    int round();

    /** Executions begun when it takes effect, or -1 for the start of the round. */
    long step();

    /** The same input at another position. */
    Input at(int round, long step);

    default Input at(int round) {
        return at(round, -1);
    }

    record Move(int round, long step, int node, double x, double y) implements Input {
        @Override public Move at(int r, long s) { return new Move(r, s, node, x, y); }
    }

    /** A link; {@code pu}/{@code pv} are the ports chosen by hand, or -1 to let the scenario's assignment pick. */
    record Link(int round, long step, int u, int v, int pu, int pv) implements Input {
        @Override public Link at(int r, long s) { return new Link(r, s, u, v, pu, pv); }
    }

    record Cut(int round, long step, int u, int v) implements Input {
        @Override public Cut at(int r, long s) { return new Cut(r, s, u, v); }
    }

    /** The adversary crashes a node (KLME Sec. 7, KRL's node failures). */
    record Crash(int round, long step, int node) implements Input {
        @Override public Crash at(int r, long s) { return new Crash(r, s, node); }
    }

    /** The adversary destroys the message with id {@code message} in transit to {@code to} ("drop the token"). */
    record Lose(int round, long step, int to, long message) implements Input {
        @Override public Lose at(int r, long s) { return new Lose(r, s, to, message); }
    }

    record CallInput(int round, long step, int node, Call call) implements Input {
        @Override public CallInput at(int r, long s) { return new CallInput(r, s, node, call); }
    }

    record Policy(int round, long step, SchedulerPolicy policy) implements Input {
        @Override public Policy at(int r, long s) { return new Policy(r, s, policy); }
    }

    record WorkloadSwitch(int round, long step, boolean on) implements Input {
        @Override public WorkloadSwitch at(int r, long s) { return new WorkloadSwitch(r, s, on); }
    }

    /**
     * The person as adversary: node {@code node} runs the action labelled {@code action},
     * receiving the in-transit message {@code message} (its id; -1 for none), with the given
     * random draws (null: from the seeded stream).
     */
    record Execute(int round, long step, int node, String action, long message, int[] draws) implements Input {
        @Override public Execute at(int r, long s) { return new Execute(r, s, node, action, message, draws); }

        @Override
        public boolean equals(Object o) {
            return o instanceof Execute e && e.round == round && e.step == step && e.node == node
                    && e.action.equals(action) && e.message == message && java.util.Arrays.equals(e.draws, draws);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(round, step, node, action, message) * 31 + java.util.Arrays.hashCode(draws);
        }

        @Override
        public String toString() {
            return "Execute[round=" + round + ", step=" + step + ", node=" + node + ", action=" + action
                    + ", message=" + message + ", draws=" + java.util.Arrays.toString(draws) + "]";
        }
    }

    /** Whether it can happen between executions (otherwise it waits for the start of a round). */
    default boolean midRound() {
        return this instanceof Execute || this instanceof Policy;
    }
}
