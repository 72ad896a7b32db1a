package dev.lockstep.debug;

import dev.lockstep.core.SystemView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a breakpoint condition in the command line's syntax (README "Debugging from the command
 * line"); every message names the 1-based column of the problem in the whole text:
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
 * One parser reads one term (between {@code or}s) with a cursor over it.
 */
final class ConditionParser {
    static final String KINDS = "round >= N, round = N, wait > N, violation [CHECK], sent LABEL [by NODE], "
            + "received LABEL [by NODE], NODE.VAR = VALUE or *.VAR = VALUE (also !=, and < <= > >= for numbers)";

    /**
     * Reads a condition in the command line's syntax (README "Debugging from the command line"); node names resolve
     * in {@code view}, and variable and check names are checked against what {@code view} has.
     *
     * @throws ConditionException naming the column and what was expected there
     */
    static Condition parse(String text, SystemView view) throws ConditionException {
        String s = text == null ? "" : text;
        List<int[]> terms = split(s);
        RunVocabulary names = new RunVocabulary(view);
        List<Condition> cs = new ArrayList<>();
        for (int t = 0; t < terms.size(); t++) {
            int[] span = terms.get(t);
            String term = s.substring(span[0], span[1]);
            if (term.isBlank()) {
                String where = terms.size() == 1 ? "" : t == 0 ? " before \"or\"" : " after \"or\"";
                throw new ConditionException(span[0] + 1, "expected a condition" + where + ": " + KINDS);
            }
            cs.add(new ConditionParser(term, span[0], names).term());
        }
        return Condition.anyOf(cs);
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

    private final String s;
    private final int base;
    private final RunVocabulary names;
    private int i;

    private ConditionParser(String s, int base, RunVocabulary names) {
        this.s = s;
        this.base = base;
        this.names = names;
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
                if (op.equals(">")) return new Condition.RoundReached(n + 1);
                return op.startsWith("=") ? new Condition.RoundIs(n) : new Condition.RoundReached(n);
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
                if (op.equals(">=")) return new Condition.WaitedMoreThan(n == 0 ? -1 : n - 1);
                return new Condition.WaitedMoreThan(n);
            }
            case "violation", "violated" -> {
                if (atEnd()) return new Condition.ViolationOf(null);
                int checkAt = col();
                String check = token();
                String canonical = names.check(check, checkAt);
                end();
                return new Condition.ViolationOf(canonical);
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
                    if (atEnd()) throw new ConditionException(col(), "expected a node after \"" + by + "\"" + names.nodeList());
                    int nodeAt = col();
                    node = names.node(token(), nodeAt);
                    name = node < 0 ? null : names.nodeName(node);
                }
                end();
                return sent ? new Condition.MessageSent(label, node, name) : new Condition.MessageReceived(label, node, name);
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
            if (names.findNode(w) >= -1) {
                throw new ConditionException(at + w.length(), "expected .VAR after the node \"" + w
                        + "\" (e.g. " + w + ".state = locked)" + names.variableList(-1));
            }
            throw new ConditionException(at, "unknown condition \"" + w + "\": expected " + KINDS);
        }
        String nodeText = w.substring(0, dot);
        String varText = w.substring(dot + 1);
        if (nodeText.isEmpty()) throw new ConditionException(at, "expected a node (or *) before \"." + varText + "\"" + names.nodeList());
        int u = names.node(nodeText, at);
        int varAt = at + dot + 1;
        if (varText.isEmpty()) throw new ConditionException(varAt, "expected a variable after \"" + nodeText + ".\"" + names.variableList(u));
        String variable = names.variable(varText, u, varAt);
        skipWs();
        int opAt = col();
        String op = op();
        boolean equality = op.equals("=") || op.equals("==");
        if (!equality && !List.of("!=", "<", "<=", ">", ">=").contains(op)) {
            throw new ConditionException(opAt, "expected =, !=, <, <=, > or >= after \"" + w + "\""
                    + (op.isEmpty() ? "" : ", found \"" + op + "\""));
        }
        skipWs();
        int valueAt = col();
        String value = s.substring(i).strip();
        if (value.isEmpty()) {
            throw new ConditionException(valueAt, "expected a value after \"" + w + " " + op + "\" (e.g. locked, compete, ⊥, 2)");
        }
        i = s.length();
        String name = u < 0 ? null : names.nodeName(u);
        if (equality) return new Condition.NodeValue(u, name, variable, DisplayedValue.normalize(value));
        if (!op.equals("!=") && DisplayedValue.wholeNumber(value) == null) {
            throw new ConditionException(valueAt, "expected a whole number after \"" + w + " " + op + "\", found \"" + value + "\"");
        }
        return new Condition.NodeCompare(u, name, variable, op, DisplayedValue.normalize(value));
    }
}
