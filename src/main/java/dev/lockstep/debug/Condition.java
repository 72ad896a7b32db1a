package dev.lockstep.debug;

import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Variable;
import dev.lockstep.session.History;
import java.util.ArrayList;
import java.util.List;

/**
 * A breakpoint condition: the run pauses after the first event for which it holds. The same
 * object serves the command line ({@code run --until "..."}) and the window's breakpoints. One
 * record per kind; the command line's syntax is read by {@code ConditionParser}, and
 * {@code Conditions} builds them without text.
 *
 * <p>When a condition holds: {@code sent}, {@code received} and {@code violation} look at the
 * event itself; {@code NODE.VAR} and {@code wait} look at the configuration after the step that
 * produced the event (the {@code view}); {@code round} and the time in {@code wait} are the
 * event's round.
 */
public sealed interface Condition {
    /**
     * Whether the run should stop right after {@code event}; {@code view} is the configuration
     * right after it (state conditions look there, event conditions at the event).
     */
    boolean holdsAfter(History.Event event, SystemView view);

    /** The condition in the command line's syntax (README "Debugging from the command line"), e.g. {@code x.state = locked}. */
    String text();

    /** Any of the conditions (one of them alone is returned as it is). */
    static Condition anyOf(List<Condition> conditions) {
        return conditions.size() == 1 ? conditions.get(0) : new Any(conditions);
    }

    /** Whether {@code test} holds at {@code node}, or with node -1 at some node. */
    private static boolean atNode(int node, SystemView view, java.util.function.IntPredicate test) {
        if (node >= 0) return node < view.nodeCount() && test.test(node);
        for (int u = 0, n = view.nodeCount(); u < n; u++) if (test.test(u)) return true;
        return false;
    }

    /** How a condition's text names a node: {@code *} for any node, else its name, else {@code #index}. */
    private static String who(int node, String name) {
        if (node < 0) return "*";
        return name != null ? name : "#" + node;
    }

    /** {@code NODE.VAR = VALUE}: a node's variable (as {@code state(u).variables()} displays it) has a value; node -1: any node. */
    record NodeValue(int node, String nodeName, String variable, String value) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            return atNode(node, view, u -> matches(view, u));
        }

        private boolean matches(SystemView view, int u) {
            for (Variable v : view.state(u).variables()) {
                if (v.name().equals(variable)) return DisplayedValue.same(v.value(), value);
            }
            return false;
        }

        @Override
        public String text() {
            return who(node, nodeName) + "." + variable + " = " + value;
        }
    }

    /**
     * {@code NODE.VAR OP VALUE} with {@code OP} one of {@code != < <= > >=}: {@code !=} compares
     * displayed values as {@code =} does; the order operators hold only where the variable shows a
     * whole number ({@code x.queue >= 2}, {@code *.Kfree < 1}, {@code *.RN > 3}). Node -1: any node.
     */
    record NodeCompare(int node, String nodeName, String variable, String op, String value) implements Condition {
        public NodeCompare {
            if (!List.of("!=", "<", "<=", ">", ">=").contains(op)) throw new IllegalArgumentException("no operator " + op);
        }

        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            return atNode(node, view, u -> matches(view, u));
        }

        private boolean matches(SystemView view, int u) {
            for (Variable v : view.state(u).variables()) {
                if (!v.name().equals(variable)) continue;
                if (op.equals("!=")) return !DisplayedValue.same(v.value(), value);
                Long have = DisplayedValue.wholeNumber(v.value());
                Long want = DisplayedValue.wholeNumber(value);
                if (have == null || want == null) return false;
                int c = Long.compare(have, want);
                return switch (op) {
                    case "<" -> c < 0;
                    case "<=" -> c <= 0;
                    case ">" -> c > 0;
                    default -> c >= 0;
                };
            }
            return false;
        }

        @Override
        public String text() {
            return who(node, nodeName) + "." + variable + " " + op + " " + value;
        }
    }

    /** {@code sent LABEL [by NODE]}: an execution sent (or tried to send, into a severed port) a message whose label starts with the prefix. */
    record MessageSent(String labelPrefix, int node, String nodeName) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            if (!(event instanceof History.Executed x) || (node >= 0 && x.node() != node)) return false;
            for (History.Msg m : x.sent()) if (m.label().startsWith(labelPrefix)) return true;
            for (History.Msg m : x.lostOnSend()) if (m.label().startsWith(labelPrefix)) return true;
            return false;
        }

        @Override
        public String text() {
            return "sent " + labelPrefix + (node < 0 ? "" : " by " + who(node, nodeName));
        }
    }

    /** {@code received LABEL [by NODE]}: an execution received a message whose label starts with the prefix. */
    record MessageReceived(String labelPrefix, int node, String nodeName) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            return event instanceof History.Executed x && (node < 0 || x.node() == node) && x.received() != null
                    && x.received().label().startsWith(labelPrefix);
        }

        @Override
        public String text() {
            return "received " + labelPrefix + (node < 0 ? "" : " by " + who(node, nodeName));
        }
    }

    /** {@code violation [CHECK]}: a live check reported a violation (check null: any check). */
    record ViolationOf(String check) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            return event instanceof History.Violated v && (check == null || v.violation().check().equals(check));
        }

        @Override
        public String text() {
            return check == null ? "violation" : "violation " + check;
        }
    }

    /** {@code wait > N}: some node's Lock request is still pending (LOCKING) and was issued more than N rounds before the event's round. */
    record WaitedMoreThan(int rounds) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            int now = event.round();
            for (int u = 0, n = view.nodeCount(); u < n; u++) {
                if (view.status(u) == OperationStatus.LOCKING && (long) now - view.requestRound(u) > rounds) return true;
            }
            return false;
        }

        @Override
        public String text() {
            return rounds < 0 ? "wait >= 0" : "wait > " + rounds;
        }
    }

    /** {@code round >= N}: the event happened in round N or later. */
    record RoundReached(int round) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            return event.round() >= round;
        }

        @Override
        public String text() {
            return "round >= " + round;
        }
    }

    /** {@code round = N}: the event happened in round N. */
    record RoundIs(int round) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            return event.round() == round;
        }

        @Override
        public String text() {
            return "round = " + round;
        }
    }

    /** {@code A or B or ...}: any of the conditions. */
    record Any(List<Condition> conditions) implements Condition {
        public Any {
            conditions = List.copyOf(conditions);
        }

        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            for (Condition c : conditions) if (c.holdsAfter(event, view)) return true;
            return false;
        }

        @Override
        public String text() {
            List<String> parts = new ArrayList<>();
            for (Condition c : conditions) parts.add(c.text());
            return String.join(" or ", parts);
        }
    }
}
