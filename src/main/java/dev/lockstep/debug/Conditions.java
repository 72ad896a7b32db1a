package dev.lockstep.debug;

import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Check;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.core.check.MutualExclusionCheck;
import dev.lockstep.core.check.PersistentLockSetCheck;
import dev.lockstep.core.check.TransitBoundCheck;
import dev.lockstep.session.History;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The breakpoint conditions: one factory per kind (the window's breakpoint panel builds them
 * without text) and {@link #parse} for the command line's syntax (README "Debugging from the command line"):
 *
 * <pre>
 *   round &gt;= N   round = N   round &gt; N
 *   NODE.VAR = VALUE   *.VAR = VALUE   #3.VAR = VALUE      (x.state = locked, y.lock = ⊥)
 *   sent LABEL [by NODE]   received LABEL [by NODE]         (LABEL: a prefix, e.g. request-lock)
 *   violation [CHECK]
 *   wait &gt; N
 *   A or B   (also A || B)
 * </pre>
 *
 * <p>When a condition holds: {@code sent}, {@code received} and {@code violation} look at the
 * event itself; {@code NODE.VAR} and {@code wait} look at the configuration after the step that
 * produced the event (the {@code view}); {@code round} and the time in {@code wait} are the
 * event's round.
 */
public final class Conditions {
    private Conditions() {}

    /** How ⊥ is displayed (and what {@code bottom}, {@code _|_} and {@code bot} mean in a value). */
    public static final String BOTTOM = "⊥";
    /** How the empty set is displayed (and what {@code {}} and {@code empty} mean in a value). */
    public static final String EMPTY = "∅";

    static final String KINDS = "round >= N, round = N, wait > N, violation [CHECK], sent LABEL [by NODE], "
            + "received LABEL [by NODE], NODE.VAR = VALUE or *.VAR = VALUE";

    // ------------------------------------------------------------------ the kinds

    /** {@code NODE.VAR = VALUE}: a node's variable (as {@code state(u).variables()} displays it) has a value; node -1: any node. */
    public record NodeValue(int node, String nodeName, String variable, String value) implements Condition {
        @Override
        public boolean holdsAfter(History.Event event, SystemView view) {
            if (node >= 0) return node < view.nodeCount() && matches(view, node);
            for (int u = 0, n = view.nodeCount(); u < n; u++) if (matches(view, u)) return true;
            return false;
        }

        private boolean matches(SystemView view, int u) {
            for (Variable v : view.state(u).variables()) {
                if (v.name().equals(variable)) return sameValue(v.value(), value);
            }
            return false;
        }

        @Override
        public String text() {
            return who(node, nodeName) + "." + variable + " = " + value;
        }
    }

    /** {@code sent LABEL [by NODE]}: an execution sent (or tried to send, into a severed port) a message whose label starts with the prefix. */
    public record Sent(String labelPrefix, int node, String nodeName) implements Condition {
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
    public record Received(String labelPrefix, int node, String nodeName) implements Condition {
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
    public record ViolationOf(String check) implements Condition {
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
    public record WaitedMoreThan(int rounds) implements Condition {
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
    public record RoundReached(int round) implements Condition {
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
    public record RoundIs(int round) implements Condition {
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
    public record Any(List<Condition> conditions) implements Condition {
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

    // ------------------------------------------------------------------ factories

    /**
     * A node's variable equals the displayed value ({@code node} -1: any node). Values are compared
     * as {@code state(u).variables()} displays them, ignoring white space and case; {@code bottom},
     * {@code _|_} and {@code bot} mean ⊥, {@code {}} and {@code empty} mean ∅. The text names the
     * node {@code #u} (see {@link #withNames} for its name).
     */
    public static Condition nodeValue(int node, String variable, String value) {
        return new NodeValue(Math.max(node, -1), null, variable, normalizeValue(value));
    }

    /** A message whose label starts with {@code labelPrefix} is sent by {@code node} (-1: any node). */
    public static Condition sent(String labelPrefix, int node) {
        return new Sent(labelPrefix, Math.max(node, -1), null);
    }

    /** A message whose label starts with {@code labelPrefix} is received by {@code node} (-1: any node). */
    public static Condition received(String labelPrefix, int node) {
        return new Received(labelPrefix, Math.max(node, -1), null);
    }

    /** A check reports a violation ({@code check} null: any check). */
    public static Condition violation(String check) {
        return new ViolationOf(check);
    }

    /** Some request has waited more than {@code rounds} rounds: status LOCKING and round - requestRound &gt; N. */
    public static Condition waitedMoreThan(int rounds) {
        return new WaitedMoreThan(rounds);
    }

    /** The run has reached round {@code round}: an event of that round or later. */
    public static Condition roundReached(int round) {
        return new RoundReached(round);
    }

    /** An event of round {@code round} exactly. */
    public static Condition roundIs(int round) {
        return new RoundIs(round);
    }

    /** Any of the conditions (one of them alone is returned as it is). */
    public static Condition any(List<Condition> cs) {
        return cs.size() == 1 ? cs.get(0) : new Any(cs);
    }

    /** The same condition with its nodes named as in {@code view} (for {@link Condition#text}). */
    public static Condition withNames(Condition c, SystemView view) {
        if (c instanceof NodeValue v && v.node() >= 0 && v.node() < view.nodeCount()) {
            return new NodeValue(v.node(), view.nodeName(v.node()), v.variable(), v.value());
        }
        if (c instanceof Sent s && s.node() >= 0 && s.node() < view.nodeCount()) {
            return new Sent(s.labelPrefix(), s.node(), view.nodeName(s.node()));
        }
        if (c instanceof Received r && r.node() >= 0 && r.node() < view.nodeCount()) {
            return new Received(r.labelPrefix(), r.node(), view.nodeName(r.node()));
        }
        if (c instanceof Any a) {
            List<Condition> named = new ArrayList<>();
            for (Condition x : a.conditions()) named.add(withNames(x, view));
            return new Any(named);
        }
        return c;
    }

    private static String who(int node, String name) {
        if (node < 0) return "*";
        return name != null ? name : "#" + node;
    }

    /** The displayed form of a value as typed: ⊥ and ∅ spelled out, surrounding white space trimmed. */
    static String normalizeValue(String value) {
        String v = value == null ? "" : value.strip();
        switch (v.toLowerCase(Locale.ROOT)) {
            case "bottom", "_|_", "bot", "⊥" -> {
                return BOTTOM;
            }
            case "{}", "empty", "∅" -> {
                return EMPTY;
            }
            default -> {
                return v;
            }
        }
    }

    static boolean sameValue(String displayed, String wanted) {
        if (displayed.equals(wanted)) return true;
        String a = displayed.replaceAll("\\s+", "");
        String b = wanted.replaceAll("\\s+", "");
        return a.equalsIgnoreCase(b);
    }

    // ------------------------------------------------------------------ parsing

    /**
     * Reads a condition in the command line's syntax (see the class comment); node names resolve
     * in {@code view}, and variable and check names are checked against what {@code view} has.
     *
     * @throws ConditionException naming the column and what was expected there
     */
    public static Condition parse(String text, SystemView view) throws ConditionException {
        String s = text == null ? "" : text;
        List<int[]> terms = split(s);
        List<Condition> cs = new ArrayList<>();
        for (int t = 0; t < terms.size(); t++) {
            int[] span = terms.get(t);
            String term = s.substring(span[0], span[1]);
            if (term.isBlank()) {
                String where = terms.size() == 1 ? "" : t == 0 ? " before \"or\"" : " after \"or\"";
                throw new ConditionException(span[0] + 1, "expected a condition" + where + ": " + KINDS);
            }
            cs.add(new Parser(term, span[0], view).term());
        }
        return any(cs);
    }

    /** The spans [start, end) of the terms between {@code or} (a word) and {@code ||}. */
    private static List<int[]> split(String s) {
        List<int[]> out = new ArrayList<>();
        int start = 0;
        int i = 0;
        while (i < s.length()) {
            if (s.startsWith("||", i)) {
                out.add(new int[] {start, i});
                i += 2;
                start = i;
            } else if ((i == 0 || Character.isWhitespace(s.charAt(i - 1))) && s.regionMatches(true, i, "or", 0, 2)
                    && (i + 2 == s.length() || Character.isWhitespace(s.charAt(i + 2)))) {
                out.add(new int[] {start, i});
                i += 2;
                start = i;
            } else {
                i++;
            }
        }
        out.add(new int[] {start, s.length()});
        return out;
    }

    /** Reads one term; columns in messages are 1-based positions in the whole text. */
    private static final class Parser {
        private final String s;
        private final int base;
        private final SystemView view;
        private int i;

        Parser(String s, int base, SystemView view) {
            this.s = s;
            this.base = base;
            this.view = view;
        }

        private int col() {
            return base + i + 1;
        }

        private void skipWs() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        }

        private boolean atEnd() {
            skipWs();
            return i >= s.length();
        }

        private static boolean opChar(char c) {
            return c == '=' || c == '<' || c == '>' || c == '!';
        }

        /** A run of characters up to white space or an operator. */
        private String word() {
            skipWs();
            int start = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && !opChar(s.charAt(i))) i++;
            return s.substring(start, i);
        }

        /** A run of characters up to white space (labels may hold anything else). */
        private String token() {
            skipWs();
            int start = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i))) i++;
            return s.substring(start, i);
        }

        private String op() {
            skipWs();
            int start = i;
            while (i < s.length() && opChar(s.charAt(i))) i++;
            return s.substring(start, i);
        }

        private int number(String what) throws ConditionException {
            skipWs();
            int at = col();
            String w = token();
            try {
                int n = Integer.parseInt(w);
                if (n < 0) throw new NumberFormatException();
                return n;
            } catch (NumberFormatException e) {
                throw new ConditionException(at, "expected " + what + " (a whole number ≥ 0)"
                        + (w.isEmpty() ? "" : ", found \"" + w + "\""));
            }
        }

        private void end() throws ConditionException {
            if (atEnd()) return;
            int at = col();
            throw new ConditionException(at, "unexpected \"" + s.substring(i).strip()
                    + "\": expected the end of the condition or \"or\"");
        }

        Condition term() throws ConditionException {
            skipWs();
            int at = col();
            String w = word();
            String key = w.toLowerCase(Locale.ROOT);
            switch (key) {
                case "round" -> {
                    skipWs();
                    int opAt = col();
                    String op = op();
                    if (!op.equals(">=") && !op.equals(">") && !op.equals("=") && !op.equals("==")) {
                        throw new ConditionException(opAt, "expected >=, > or = after \"round\""
                                + (op.isEmpty() ? "" : ", found \"" + op + "\""));
                    }
                    int n = number("a round number after \"round " + op + "\"");
                    end();
                    if (op.equals(">")) return roundReached(n + 1);
                    return op.startsWith("=") ? roundIs(n) : roundReached(n);
                }
                case "wait", "waited" -> {
                    skipWs();
                    int opAt = col();
                    String op = op();
                    if (!op.equals(">") && !op.equals(">=")) {
                        throw new ConditionException(opAt, "expected > after \"" + w + "\" (wait > N: a request has waited more than N rounds)"
                                + (op.isEmpty() ? "" : ", found \"" + op + "\""));
                    }
                    int n = number("a number of rounds after \"" + w + " " + op + "\"");
                    end();
                    if (op.equals(">=")) return n == 0 ? waitedMoreThan(-1) : waitedMoreThan(n - 1);
                    return waitedMoreThan(n);
                }
                case "violation", "violated" -> {
                    if (atEnd()) return violation(null);
                    int checkAt = col();
                    String check = token();
                    String canonical = check(check, checkAt);
                    end();
                    return violation(canonical);
                }
                case "sent", "send", "received", "receive", "recv" -> {
                    boolean sent = key.startsWith("sen");
                    if (atEnd()) {
                        throw new ConditionException(col(), "expected a message label after \"" + w
                                + "\" (a prefix such as request-lock or win(false))");
                    }
                    String label = token();
                    if (label.equalsIgnoreCase("by") || label.equalsIgnoreCase("at")) {
                        throw new ConditionException(col() - label.length(), "expected a message label before \""
                                + label + "\" (a prefix such as request-lock or win(false))");
                    }
                    int node = -1;
                    String name = null;
                    if (!atEnd()) {
                        int byAt = col();
                        String by = token();
                        if (!by.equalsIgnoreCase("by") && !by.equalsIgnoreCase("at")) {
                            throw new ConditionException(byAt, "expected \"by NODE\" or the end of the condition after \""
                                    + w + " " + label + "\", found \"" + by + "\"");
                        }
                        if (atEnd()) throw new ConditionException(col(), "expected a node after \"" + by + "\"" + nodeList());
                        int nodeAt = col();
                        node = node(token(), nodeAt);
                        name = node < 0 ? null : view.nodeName(node);
                    }
                    end();
                    return sent ? new Sent(label, node, name) : new Received(label, node, name);
                }
                default -> {
                    return nodeValue(w, at);
                }
            }
        }

        private Condition nodeValue(String w, int at) throws ConditionException {
            if (w.isEmpty()) {
                String found = i < s.length() ? ", found \"" + s.substring(i).strip() + "\"" : "";
                throw new ConditionException(at, "expected a condition: " + KINDS + found);
            }
            int dot = w.lastIndexOf('.');
            if (dot < 0) {
                if (findNode(w) >= -1) {
                    throw new ConditionException(at + w.length(), "expected .VAR after the node \"" + w
                            + "\" (e.g. " + w + ".state = locked)" + variableList(-1));
                }
                throw new ConditionException(at, "unknown condition \"" + w + "\": expected " + KINDS);
            }
            String nodeText = w.substring(0, dot);
            String varText = w.substring(dot + 1);
            if (nodeText.isEmpty()) throw new ConditionException(at, "expected a node (or *) before \"." + varText + "\"" + nodeList());
            int u = node(nodeText, at);
            int varAt = at + dot + 1;
            if (varText.isEmpty()) throw new ConditionException(varAt, "expected a variable after \"" + nodeText + ".\"" + variableList(u));
            String variable = variable(varText, u, varAt);
            skipWs();
            int opAt = col();
            String op = op();
            if (!op.equals("=") && !op.equals("==")) {
                throw new ConditionException(opAt, "expected = after \"" + w + "\"" + (op.isEmpty() ? "" : ", found \"" + op + "\""));
            }
            skipWs();
            int valueAt = col();
            String value = s.substring(i).strip();
            if (value.isEmpty()) {
                throw new ConditionException(valueAt, "expected a value after \"" + w + " =\" (e.g. locked, compete, ⊥)");
            }
            i = s.length();
            return new NodeValue(u, u < 0 ? null : view.nodeName(u), variable, normalizeValue(value));
        }

        /** -1 for *, the node's index, or -2 if there is no such node. */
        private int findNode(String name) {
            if (name.equals("*")) return -1;
            if (name.startsWith("#")) {
                try {
                    int k = Integer.parseInt(name.substring(1));
                    if (k >= 0 && k < view.nodeCount()) return k;
                } catch (NumberFormatException e) {
                    // not an index: perhaps a name
                }
            }
            for (int u = 0, n = view.nodeCount(); u < n; u++) if (view.nodeName(u).equals(name)) return u;
            return -2;
        }

        private int node(String name, int at) throws ConditionException {
            int u = findNode(name);
            if (u >= -1) return u;
            throw new ConditionException(at, "unknown node \"" + name + "\"" + nodeList());
        }

        private String nodeList() {
            int n = view.nodeCount();
            if (n == 0) return " (the run has no nodes)";
            List<String> names = new ArrayList<>();
            for (int u = 0; u < Math.min(n, 40); u++) names.add(view.nodeName(u));
            return " (nodes: " + String.join(", ", names) + (n > 40 ? ", … " + n + " in all" : "") + "; * for any node)";
        }

        private Set<String> variables(int u) {
            Set<String> names = new LinkedHashSet<>();
            int from = u < 0 ? 0 : u;
            int to = u < 0 ? view.nodeCount() : u + 1;
            for (int k = from; k < to; k++) for (Variable v : view.state(k).variables()) names.add(v.name());
            return names;
        }

        private String variableList(int u) {
            Set<String> names = variables(u);
            return names.isEmpty() ? "" : " (variables: " + String.join(", ", names) + ")";
        }

        private String variable(String name, int u, int at) throws ConditionException {
            Set<String> names = variables(u);
            if (names.contains(name)) return name;
            String match = null;
            for (String n : names) {
                if (n.equalsIgnoreCase(name)) {
                    if (match != null) {
                        match = null;
                        break;
                    }
                    match = n;
                }
            }
            if (match != null) return match;
            throw new ConditionException(at, "unknown variable \"" + name + "\"" + variableList(u));
        }

        private String check(String name, int at) throws ConditionException {
            List<String> names = checkNames(view);
            for (String n : names) if (n.equals(name)) return n;
            for (String n : names) if (n.equalsIgnoreCase(name)) return n;
            throw new ConditionException(at, "unknown check \"" + name + "\" (checks: " + String.join(", ", names) + ")");
        }
    }

    /** The names of the checks the run has (of its protocol), or every check Lockstep knows if the view is not a simulation. */
    public static List<String> checkNames(SystemView view) {
        List<String> names = new ArrayList<>();
        if (view instanceof Simulation sim) {
            for (Check c : sim.protocol().checks(sim.config().checks())) names.add(c.name());
            return names;
        }
        return List.of(MutualExclusionCheck.NAME, PersistentLockSetCheck.NAME, TransitBoundCheck.NAME,
                dev.lockstep.protocol.lme.AcyclicDependenciesCheck.NAME, LockoutCheck.NAME, DeadlockCheck.NAME);
    }
}
