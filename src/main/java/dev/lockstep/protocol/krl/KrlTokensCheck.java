package dev.lockstep.protocol.krl;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import dev.lockstep.protocol.krl.KrlMessages.Token;
import java.util.List;

/**
 * {@code tokens-conserved}: the tokens held (numTokens) plus the Token messages in transit equal
 * k minus the tokens the adversary destroyed (a Token in transit on a cut edge, or sent into a
 * severed port: {@link SystemView#tokensLost()}). "There are only k tokens in the system at any
 * time" is what Theorem 1 rests on. While an asynchronous execution is under way, a token it
 * received is in neither place, so only "at most k" is checked then.
 */
final class KrlTokensCheck implements Check {
    static final String NAME = "tokens-conserved";
    private final int k;

    KrlTokensCheck(int k) {
        this.k = k;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        long held = 0;
        long[] moving = new long[1];
        for (int u = 0, n = view.nodeCount(); u < n; u++) {
            KrlState s = (KrlState) view.state(u);
            held += s.numTokens;
            if (s.tokenHolder != (s.numTokens > 0)) {
                out.add(new Violation(NAME, view.round(), List.of(u), view.nodeName(u) + " has tokenHolder = "
                        + s.tokenHolder + " but numTokens = " + s.numTokens));
            }
            view.messagesInTransit(u, m -> {
                if (m instanceof Token) moving[0]++;
            });
        }
        long lost = view.tokensLost();
        // The paper assumes k < n; with k ≥ n every node starts with one token, n in all.
        long k = Math.min(this.k, view.nodeCount());
        // An asynchronous execution under way may hold a received token in its staged state (its
        // message has left the channel, its new numTokens is not committed yet): then only "at
        // most k" can be checked; with no execution under way, exactly k.
        long total = held + moving[0] + lost;
        if (total > k || (total != k && view.executionsInFlight() == 0)) {
            out.add(new Violation(NAME, view.round(), List.of(), held + " tokens held + " + moving[0] + " in transit + "
                    + lost + " lost on cuts = " + (held + moving[0] + lost) + ", not k = " + k));
        }
    }
}
