package dev.lockstep.debug;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Check;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.core.check.MutualExclusionCheck;
import dev.lockstep.core.check.PersistentLockSetCheck;
import dev.lockstep.core.check.TransitBoundCheck;
import dev.lockstep.protocol.lme.AcyclicDependenciesCheck;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The names a condition may use in a run — its nodes, their variables and its checks — looked up
 * as typed, with messages that list what there is when a name is not found.
 */
final class RunVocabulary {
    private final SystemView view;

    RunVocabulary(SystemView view) {
        this.view = view;
    }

    String nodeName(int u) {
        return view.nodeName(u);
    }

    /** -1 for *, the node's index, or -2 if there is no such node. */
    int findNode(String name) {
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

    /** -1 for *, else the node's index; {@code at} is the name's column for the message. */
    int node(String name, int at) throws ConditionException {
        int u = findNode(name);
        if (u >= -1) return u;
        throw new ConditionException(at, "unknown node \"" + name + "\"" + nodeList());
    }

    /** The run's nodes, for a message (the first 40). */
    String nodeList() {
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

    /** The variables of node {@code u} (-1: of any node), for a message; empty if there are none. */
    String variableList(int u) {
        Set<String> names = variables(u);
        return names.isEmpty() ? "" : " (variables: " + String.join(", ", names) + ")";
    }

    /** The variable's name as the node has it (case may differ if that is unambiguous). */
    String variable(String name, int u, int at) throws ConditionException {
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

    /** The check's name as the run has it (case may differ). */
    String check(String name, int at) throws ConditionException {
        List<String> names = checkNames(view);
        for (String n : names) if (n.equals(name)) return n;
        for (String n : names) if (n.equalsIgnoreCase(name)) return n;
        throw new ConditionException(at, "unknown check \"" + name + "\" (checks: " + String.join(", ", names) + ")");
    }

    /** The names of the checks the run has (its protocol's and its application's), or every check Lockstep knows if the view is not a simulation. */
    static List<String> checkNames(SystemView view) {
        List<String> names = new ArrayList<>();
        if (view instanceof Simulation sim) {
            for (Check c : sim.config().liveChecks()) names.add(c.name());
            return names;
        }
        return List.of(MutualExclusionCheck.NAME, PersistentLockSetCheck.NAME, TransitBoundCheck.NAME,
                AcyclicDependenciesCheck.NAME, LockoutCheck.NAME, DeadlockCheck.NAME);
    }
}
