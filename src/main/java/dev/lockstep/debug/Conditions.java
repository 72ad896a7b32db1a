package dev.lockstep.debug;

import dev.lockstep.core.SystemView;
import java.util.ArrayList;
import java.util.List;

/**
 * The breakpoint conditions: one factory per kind (the window's breakpoint panel builds them
 * without text), {@link #parse} for the command line's syntax (README "Debugging from the command
 * line") and {@link #withNames} to print them with the run's node names.
 */
public final class Conditions {
    private Conditions() {}

    /** How ⊥ is displayed (and what {@code bottom}, {@code _|_} and {@code bot} mean in a value). */
    public static final String BOTTOM = DisplayedValue.BOTTOM;
    /** How the empty set is displayed (and what {@code {}} and {@code empty} mean in a value). */
    public static final String EMPTY = DisplayedValue.EMPTY;

    /**
     * A node's variable equals the displayed value ({@code node} -1: any node). Values are compared
     * as {@code state(u).variables()} displays them, ignoring white space and case; {@code bottom},
     * {@code _|_} and {@code bot} mean ⊥, {@code {}} and {@code empty} mean ∅. The text names the
     * node {@code #u} (see {@link #withNames} for its name).
     */
    public static Condition nodeValue(int node, String variable, String value) {
        return new Condition.NodeValue(Math.max(node, -1), null, variable, DisplayedValue.normalize(value));
    }

    /** A message whose label starts with {@code labelPrefix} is sent by {@code node} (-1: any node). */
    public static Condition sent(String labelPrefix, int node) {
        return new Condition.MessageSent(labelPrefix, Math.max(node, -1), null);
    }

    /** A message whose label starts with {@code labelPrefix} is received by {@code node} (-1: any node). */
    public static Condition received(String labelPrefix, int node) {
        return new Condition.MessageReceived(labelPrefix, Math.max(node, -1), null);
    }

    /** A check reports a violation ({@code check} null: any check). */
    public static Condition violation(String check) {
        return new Condition.ViolationOf(check);
    }

    /** Some request has waited more than {@code rounds} rounds: status LOCKING and round - requestRound &gt; N. */
    public static Condition waitedMoreThan(int rounds) {
        return new Condition.WaitedMoreThan(rounds);
    }

    /** The run has reached round {@code round}: an event of that round or later. */
    public static Condition roundReached(int round) {
        return new Condition.RoundReached(round);
    }

    /** An event of round {@code round} exactly. */
    public static Condition roundIs(int round) {
        return new Condition.RoundIs(round);
    }

    /** Any of the conditions (one of them alone is returned as it is). */
    public static Condition any(List<Condition> cs) {
        return Condition.anyOf(cs);
    }

    /** The same condition with its nodes named as in {@code view} (for {@link Condition#text}). */
    public static Condition withNames(Condition c, SystemView view) {
        if (c instanceof Condition.NodeValue v && v.node() >= 0 && v.node() < view.nodeCount()) {
            return new Condition.NodeValue(v.node(), view.nodeName(v.node()), v.variable(), v.value());
        }
        if (c instanceof Condition.NodeCompare v && v.node() >= 0 && v.node() < view.nodeCount()) {
            return new Condition.NodeCompare(v.node(), view.nodeName(v.node()), v.variable(), v.op(), v.value());
        }
        if (c instanceof Condition.MessageSent s && s.node() >= 0 && s.node() < view.nodeCount()) {
            return new Condition.MessageSent(s.labelPrefix(), s.node(), view.nodeName(s.node()));
        }
        if (c instanceof Condition.MessageReceived r && r.node() >= 0 && r.node() < view.nodeCount()) {
            return new Condition.MessageReceived(r.labelPrefix(), r.node(), view.nodeName(r.node()));
        }
        if (c instanceof Condition.Any a) {
            List<Condition> named = new ArrayList<>();
            for (Condition x : a.conditions()) named.add(withNames(x, view));
            return new Condition.Any(named);
        }
        return c;
    }

    /**
     * Reads a condition in the command line's syntax; node names resolve in {@code view}, and
     * variable and check names are checked against what {@code view} has.
     *
     * @throws ConditionException naming the column and what was expected there
     */
    public static Condition parse(String text, SystemView view) throws ConditionException {
        return ConditionParser.parse(text, view);
    }

    /** The names of the checks the run has (of its protocol), or every check Lockstep knows if the view is not a simulation. */
    public static List<String> checkNames(SystemView view) {
        return RunVocabulary.checkNames(view);
    }
}
