package dev.lockstep.scenario;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Stats;
import dev.lockstep.core.Violation;
import dev.lockstep.json.JsonWriter;
import java.util.List;

/** What a run did: the `run` command's output and the trace's last record. */
public record Summary(int rounds, long actions, long messagesSent, long messagesLost, long lockRequests,
                      long locksAcquired, double meanWaitRounds, long maxWaitRounds, List<Violation> violations) {

    public static Summary of(Simulation sim) {
        Stats s = sim.stats();
        return new Summary(sim.round(), s.actions(), s.messagesSent(), s.messagesLost(), s.lockRequests(),
                s.locksAcquired(), s.meanWaitRounds(), s.maxWaitRounds(), sim.violations());
    }

    /** Mean wait rounded to 3 decimals, so text and JSON agree and traces stay stable. */
    public double meanWaitRounded() {
        return Math.round(meanWaitRounds * 1000) / 1000.0;
    }

    public void writeJson(JsonWriter w, Simulation sim) {
        w.beginObject()
                .field("rounds", rounds)
                .field("actions", actions)
                .field("messagesSent", messagesSent)
                .field("messagesLost", messagesLost)
                .field("lockRequests", lockRequests)
                .field("locksAcquired", locksAcquired)
                .field("meanWaitRounds", meanWaitRounded())
                .field("maxWaitRounds", maxWaitRounds);
        ApplicationOutcome.json(w, sim);
        AmoebotOutcome.json(w, sim);
        w.key("violations").beginArray();
        for (Violation v : violations) ViolationRecord.write(w, v, sim);
        w.endArray().endObject();
    }

    public String toText(Simulation sim) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("rounds       %d%n", rounds));
        sb.append(String.format("actions      %d%n", actions));
        sb.append(String.format("messages     %d sent, %d lost%n", messagesSent, messagesLost));
        sb.append(String.format("requests     %d issued, %d acquired%n", lockRequests, locksAcquired));
        sb.append(String.format(java.util.Locale.ROOT, "wait         mean %.2f rounds, max %d rounds%n", meanWaitRounds, maxWaitRounds));
        ApplicationOutcome.text(sb, sim);
        AmoebotOutcome.text(sb, sim);
        if (violations.isEmpty()) {
            sb.append(String.format("violations   none%n"));
        } else {
            sb.append(String.format("violations   %d%n", violations.size()));
            for (Violation v : violations) {
                sb.append(String.format("  %-21s round %-6d %s%n", v.check(), v.round(), v.message()));
            }
        }
        return sb.toString();
    }
}
