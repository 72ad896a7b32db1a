package dev.lockstep.core.adversary;

import dev.lockstep.core.Action;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/**
 * A schedule written down step by step — how a lecturer replays a known execution, and how the
 * README's deadlock schedules are reproduced exactly. Each step names the round, the node, the
 * action and, for receive actions, optionally the port and message label; draws may be fixed.
 * After the last scripted round, {@code then} (if any) schedules the rest.
 */
public final class Scripted implements SchedulerPolicy {
    /**
     * @param port    port the message must arrive on, or -1 for any
     * @param message label prefix the message must have (e.g. {@code request-lock}), or null
     * @param draws   values for the execution's random draws, or null
     */
    public record Step(int round, int node, String action, int port, String message, int[] draws, String source) {}

    private final List<Step> steps;
    private final SchedulerPolicy then;
    private final int lastRound;

    public Scripted(List<Step> steps, SchedulerPolicy then) {
        this.steps = List.copyOf(steps);
        this.then = then;
        int last = -1;
        for (Step s : steps) last = Math.max(last, s.round());
        this.lastRound = last;
    }

    @Override
    public String name() {
        return "scripted";
    }

    public List<Step> steps() {
        return steps;
    }

    public SchedulerPolicy then() {
        return then;
    }

    /** The knobs of the policy that follows the script (none without one). */
    @Override
    public Tuning tuning(Tuning fallback) {
        return then == null ? fallback : then.tuning(fallback);
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        int round = sim.round();
        if (round > lastRound) return then == null ? List.of() : then.plan(sim);
        List<Planned> out = new ArrayList<>();
        boolean[] used = new boolean[sim.nodeCount()];
        for (Step s : steps) {
            if (s.round() != round) continue;
            if (used[s.node()]) {
                throw new ScheduleException(s.source(), "node " + sim.nodeName(s.node())
                        + " is scheduled twice in round " + round + " (one action per node per round)");
            }
            used[s.node()] = true;
            out.add(Planned.now(resolve(sim, s)));
        }
        return out;
    }

    private static Choice resolve(Simulation sim, Step s) {
        List<Choice> enabled = sim.choices(s.node());
        List<Action<NodeState>> actions = sim.actions();
        for (Choice c : enabled) {
            if (!actions.get(c.action()).label().equals(s.action())) continue;
            Envelope m = c.message();
            if (s.port() >= 0 && (m == null || m.toPort() != s.port())) continue;
            if (s.message() != null && (m == null || !m.message().label().startsWith(s.message()))) continue;
            if (s.draws() == null) return c;
            Choice fixed = c.withDraws(s.draws());
            String why = sim.drawsProblem(fixed);
            if (why != null) throw new ScheduleException(s.source(), "in round " + s.round() + " " + why);
            return fixed;
        }
        StringBuilder options = new StringBuilder();
        for (Choice c : enabled) {
            if (options.length() > 0) options.append(", ");
            options.append(actions.get(c.action()).label());
            if (c.message() != null) {
                options.append('(').append(c.message().message().label()).append(" via port ")
                        .append(c.message().toPort()).append(')');
            }
        }
        String wanted = s.action() + (s.message() != null ? " of " + s.message() : "")
                + (s.port() >= 0 ? " via port " + s.port() : "");
        throw new ScheduleException(s.source(), "in round " + s.round() + " node " + sim.nodeName(s.node())
                + " cannot execute " + wanted + "; enabled: " + (options.length() == 0 ? "nothing" : options));
    }
}
