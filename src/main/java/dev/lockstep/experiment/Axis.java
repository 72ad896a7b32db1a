package dev.lockstep.experiment;

import dev.lockstep.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One dimension of a sweep's grid: a place in the scenario's JSON (a JSON pointer, RFC 6901) and
 * the values it takes there. Every point of the grid is the base scenario with each axis's value
 * written at its place, so any scenario field can be swept and every point is an ordinary
 * scenario file; the friendly names are shorthands for the places most sweeps vary.
 *
 * @param name    the axis as the spec names it (a friendly name or a pointer), the CSV's column
 * @param pointer where its values go, e.g. {@code /params/K}
 * @param values  the values, in the spec's order (JSON null removes the field)
 */
public record Axis(String name, String pointer, List<JsonValue> values) {
    /** The friendly names and their places (assets/schema/lockstep-scenario-1.schema.json). */
    static final Map<String, String> NAMES = names();

    private static Map<String, String> names() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("protocol", "/protocol");
        m.put("params", "/params");
        m.put("variant", "/params/variant");
        m.put("K", "/params/K");
        m.put("k", "/params/k");
        m.put("lDeadlockBound", "/params/lDeadlockBound");
        m.put("delta", "/delta");
        m.put("rounds", "/rounds");
        m.put("channels", "/channels");
        m.put("scheduler", "/scheduler");
        m.put("policy", "/scheduler/policy");
        m.put("activation", "/scheduler/activation");
        m.put("lock", "/workload/lock");
        m.put("hold", "/workload/hold");
        m.put("workload", "/workload");
        m.put("cut", "/churn/cut");
        m.put("link", "/churn/link");
        m.put("churn", "/churn");
        // the time-unit generators (README, Scenario files): Poisson requests and link changes
        m.put("meanInterRequest", "/workload/meanInterRequest");
        m.put("meanHold", "/workload/meanHold");
        m.put("requestRate", "/workload/requestRate");
        m.put("linkChangeRate", "/linkChanges/rate");
        m.put("linkTolerance", "/linkChanges/tolerance");
        m.put("moveRate", "/areaMoves/rate");
        m.put("unitDisk", "/unitDisk");
        m.put("lockoutBound", "/checks/lockoutBound");
        // the application on top of the locks (Sec. 6) and the mobility that decides who meets whom
        m.put("application", "/application");
        m.put("locks", "/application/locks");
        m.put("interact", "/application/interact");
        m.put("appHold", "/application/hold");
        m.put("initial", "/application/initial");
        m.put("mobility", "/mobility");
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The prefix of the axes that vary a field of the spec's generated graph, e.g. {@code graph.nodes}. */
    static final String GRAPH = "graph.";

    /** The pointer of an axis name, or null if it is neither a friendly name nor a pointer (a graph axis is its own name). */
    static String pointerOf(String name) {
        if (name.startsWith("/") || isGraph(name)) return name;
        return NAMES.get(name);
    }

    static boolean isGraph(String name) {
        return name.startsWith(GRAPH) && name.length() > GRAPH.length();
    }

    /** The pointer's reference tokens, unescaped ({@code ~1} is "/", {@code ~0} is "~"). */
    List<String> tokens() {
        return tokens(pointer);
    }

    static List<String> tokens(String pointer) {
        String[] parts = pointer.substring(1).split("/", -1);
        return java.util.Arrays.stream(parts).map(t -> t.replace("~1", "/").replace("~0", "~")).toList();
    }
}
