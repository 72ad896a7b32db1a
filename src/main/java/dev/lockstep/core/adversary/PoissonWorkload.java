package dev.lockstep.core.adversary;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;

/**
 * Requests in time units, as the KRL/KRLF experiments give them: a node that is idle (its previous
 * request served and released, no call pending) requests again after a random time of mean
 * {@code meanInterRequest} time units, holds its locks {@code hold} rounds (the CS duration) and
 * calls Unlock; so each node has at most one request outstanding, as every protocol assumes.
 *
 * <p>One time unit is one round (README, "The model Lockstep simulates"). The exponential
 * inter-request time is discretised as its memoryless counterpart on whole rounds, the geometric
 * distribution with the same mean: in each round an idle node calls Lock with probability
 * 1/{@code meanInterRequest}, so the rounds from its release (the round its Unlock completed) to
 * its next Lock call have mean exactly {@code meanInterRequest}. Rounding an exponential draw up
 * or down instead would bias the mean by half a round, and a per-node clock would be state that a
 * session travelling back in time would have to restore; this draw needs none, only the
 * simulation's one stream. That makes it {@link RandomWorkload} with lock probability
 * 1/{@code meanInterRequest}, and it draws exactly as that one does.
 *
 * <p>The CS duration is {@code hold} rounds, or, with {@code meanHold} > 0, random with that mean
 * (the KLME experiments' exponential CS times): discretised the same way, a node that has held its
 * locks for at least one round calls Unlock in each round with probability 1/{@code meanHold}, so
 * it holds them a geometric number of rounds, at least one, of mean {@code meanHold}.
 *
 * @param meanInterRequest mean rounds from a node's release to its next request, ≥ 1
 * @param hold             rounds a node holds its locks before Unlock (the CS duration), ≥ 0
 * @param until            new requests only in rounds below this one
 * @param meanHold         0: the CS lasts {@code hold} rounds; else its mean length in rounds, ≥ 1
 */
public record PoissonWorkload(double meanInterRequest, int hold, int until, double meanHold) implements Workload {
    public PoissonWorkload {
        if (!(meanInterRequest >= 1 && meanInterRequest < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("the mean time between requests is at least one round: " + meanInterRequest);
        }
        if (hold < 0) throw new IllegalArgumentException("hold is a number of rounds: " + hold);
        if (!(meanHold == 0 || meanHold >= 1 && meanHold < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("the mean CS length is at least one round: " + meanHold);
        }
    }

    /** A CS of {@code hold} rounds. */
    public PoissonWorkload(double meanInterRequest, int hold, int until) {
        this(meanInterRequest, hold, until, 0);
    }

    /** The request rate λ_req per node and time unit, 1/{@code meanInterRequest}. */
    public double requestRate() {
        return 1 / meanInterRequest;
    }

    @Override
    public void calls(Simulation sim) {
        if (meanHold == 0) {
            new RandomWorkload(requestRate(), hold, until).calls(sim);
            return;
        }
        int round = sim.round();
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            if (sim.hasPendingCalls(u)) continue;
            OperationStatus s = sim.status(u);
            if (s == OperationStatus.LOCKED) {
                if (round - sim.statusSince(u) >= 1 && sim.random().chance(1 / meanHold)) sim.call(u, Call.UNLOCK);
            } else if (s == OperationStatus.IDLE && round < until && sim.random().chance(requestRate())) {
                sim.call(u, Call.LOCK);
            }
        }
    }
}
