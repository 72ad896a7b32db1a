package dev.lockstep.core.adversary;

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
 * @param meanInterRequest mean rounds from a node's release to its next request, ≥ 1
 * @param hold             rounds a node holds its locks before Unlock (the CS duration), ≥ 0
 * @param until            new requests only in rounds below this one
 */
public record PoissonWorkload(double meanInterRequest, int hold, int until) implements Workload {
    public PoissonWorkload {
        if (!(meanInterRequest >= 1 && meanInterRequest < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("the mean time between requests is at least one round: " + meanInterRequest);
        }
        if (hold < 0) throw new IllegalArgumentException("hold is a number of rounds: " + hold);
    }

    /** The request rate λ_req per node and time unit, 1/{@code meanInterRequest}. */
    public double requestRate() {
        return 1 / meanInterRequest;
    }

    @Override
    public void calls(Simulation sim) {
        new RandomWorkload(requestRate(), hold, until).calls(sim);
    }
}
