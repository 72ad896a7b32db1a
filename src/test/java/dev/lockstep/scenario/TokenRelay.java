package dev.lockstep.scenario;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Message;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Variable;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A minimal token-passing protocol for testing the generic marks, unknown to the registry: node 0
 * starts as the leader holding {@code k} tokens; a Lock call queues a request; a node with a token
 * and a request serves it and passes one token to a random neighbour. Each node has a height (n − id)
 * and its presentation orients every edge from the higher to the lower height.
 */
public final class TokenRelay implements Protocol<TokenRelay.S> {
    public static final String NAME = "token-relay";

    /** A message carrying {@code count} tokens. */
    public record Token(int count) implements Message {
        @Override public String label() { return "token"; }
    }

    /** A message with no token (a request for one), so the view shows both kinds. */
    public record Ask() implements Message {
        @Override public String label() { return "ask()"; }
    }

    public static final class S implements NodeState {
        boolean started;
        int id;
        int height;
        int tokens;
        boolean leader;
        int queue;

        @Override public S copy() {
            S c = new S();
            c.started = started;
            c.id = id;
            c.height = height;
            c.tokens = tokens;
            c.leader = leader;
            c.queue = queue;
            return c;
        }

        @Override public List<Variable> variables() {
            return List.of(new Variable("token", Integer.toString(tokens)), new Variable("leader", Boolean.toString(leader)),
                    new Variable("queue", Integer.toString(queue)), new Variable("height", Integer.toString(height)));
        }

        @Override public boolean equals(Object o) {
            return o instanceof S s && s.started == started && s.id == id && s.height == height && s.tokens == tokens
                    && s.leader == leader && s.queue == queue;
        }

        @Override public int hashCode() {
            return ((id * 31 + tokens) * 31 + queue) * 2 + (leader ? 1 : 0);
        }
    }

    private final int k;

    public TokenRelay(int k) {
        this.k = k;
    }

    @Override public String name() { return NAME; }

    @Override public Requirements requirements() { return new Requirements(true, false, false, false); }

    @Override public S initialState(int delta) { return new S(); }

    @Override
    public List<Action<S>> actions() {
        return List.of(
                Action.when("Start", s -> !s.started, (s, x) -> {
                    s.started = true;
                    s.id = x.id();
                    s.height = x.nodeCount() - x.id();
                    s.leader = x.id() == 0;
                    s.tokens = x.id() == 0 ? k : 0;
                }),
                Action.onCall("Request", Call.LOCK, (s, x) -> {
                    s.queue++;
                    long ports = x.ports() & ~1L;
                    if (s.tokens == 0 && ports != 0) x.send(Long.numberOfTrailingZeros(ports), new Ask());
                }),
                Action.when("Pass", s -> s.started && s.tokens > 0 && s.queue > 0, (s, x) -> {
                    s.queue--;
                    long ports = x.ports() & ~1L;
                    if (ports == 0) return;
                    int pick = x.random(Long.bitCount(ports));
                    for (int i = 0; i < pick; i++) ports &= ports - 1;
                    s.tokens--;
                    x.send(Long.numberOfTrailingZeros(ports), new Token(1));
                }),
                Action.onReceive("Receive token", Token.class, (s, x) -> s.tokens += ((Token) x.received().message()).count()),
                Action.onReceive("Receive ask", Ask.class, (s, x) -> s.queue++));
    }

    @Override public void lockSet(int holder, SystemView view, IntConsumer member) {}

    @Override public List<Check> checks(CheckSettings settings) { return List.of(); }

    @Override
    public ProtocolPresentation<S> presentation() {
        return new ProtocolPresentation<>() {
            @Override public String fill(S s) { return s.tokens > 0 ? "holding" : "idle"; }

            @Override public String fillName() { return "tokens"; }

            @Override public List<String> fillValues() { return List.of("idle", "holding"); }

            @Override public NodeMarks marks(S s) {
                return s.started ? new NodeMarks(s.tokens, s.leader, s.queue, "h=" + s.height) : NodeMarks.NONE;
            }

            @Override public String labelName() { return "height"; }

            @Override public String queueName() { return "requests"; }

            @Override public int tokens(Message m) { return m instanceof Token t ? t.count() : 0; }

            @Override public int orientation(S a, S b) { return Integer.compare(a.height, b.height); }

            @Override public String orientationName() { return "higher → lower height"; }
        };
    }
}
