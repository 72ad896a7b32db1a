package dev.lockstep.scenario;

import static dev.lockstep.scenario.Problems.orElse;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Protocol;
import dev.lockstep.json.JsonValue;
import dev.lockstep.protocol.ProtocolFactory;
import dev.lockstep.protocol.ProtocolParams;
import dev.lockstep.protocol.Protocols;
import java.util.List;

/**
 * Reads what a scenario says about the protocol: which one, its parameters (checked against the
 * ranges the protocol declares), the channel discipline it needs, and the settings of the checks.
 */
final class ProtocolReader {
    private final Problems problems;

    ProtocolReader(Problems problems) {
        this.problems = problems;
    }

    Protocol<?> protocol(JsonValue.Obj root) {
        JsonValue v = root.get("protocol");
        if (v == null) {
            problems.add(root, "missing \"protocol\"; expected one of: " + String.join(", ", Protocols.names()));
            return null;
        }
        String name = problems.string(v, "the protocol");
        if (name == null) return null;
        ProtocolFactory factory = Protocols.byName(name);
        if (factory == null) {
            problems.add(v, "unknown protocol \"" + name + "\"; expected one of: " + String.join(", ", Protocols.names()));
            return null;
        }
        JsonValue.Obj params = null;
        if (root.has("params")) {
            params = problems.object(root.get("params"), "the protocol parameters");
            if (params != null && factory.parameters().isEmpty()) {
                for (var e : params.members().entrySet()) {
                    problems.add(e.getValue(), "unknown field \"" + e.getKey() + "\": " + name
                            + " takes no parameters; expected \"params\": {}");
                }
            } else if (params != null) {
                problems.onlyKnown(params, factory.parameters());
            }
        }
        JsonValue.Obj p = params;
        JsonValue at = root.has("params") ? root.get("params") : root;
        try {
            return factory.create(new ProtocolParams() {
                @Override
                public int integer(String key, int defaultValue, int min, int max) {
                    if (p == null || !p.has(key)) return defaultValue;
                    Long x = problems.integer(p.get(key), "parameter " + key, min, max);
                    return x == null ? defaultValue : (int) (long) x;
                }

                @Override
                public String choice(String key, String... allowed) {
                    if (p == null || !p.has(key)) return allowed[0];
                    String s = problems.string(p.get(key), "parameter " + key);
                    if (s != null && List.of(allowed).contains(s)) return s;
                    if (s != null) {
                        problems.add(p.get(key), "unknown " + key + " \"" + s + "\"; expected one of: "
                                + String.join(", ", allowed));
                    }
                    return allowed[0];
                }
            });
        } catch (IllegalArgumentException e) {
            problems.add(at, e.getMessage());
            return null;
        }
    }

    ChannelDiscipline channels(JsonValue.Obj root, Protocol<?> protocol) {
        boolean fifoNeeded = protocol != null && protocol.requirements().fifo();
        if (!root.has("channels")) return fifoNeeded ? ChannelDiscipline.FIFO : ChannelDiscipline.UNORDERED;
        JsonValue v = root.get("channels");
        String s = problems.string(v, "the channel discipline");
        if (s == null) return ChannelDiscipline.UNORDERED;
        ChannelDiscipline c = ChannelDiscipline.parse(s);
        if (c == null) {
            problems.add(v, "unknown channel discipline \"" + s + "\"; expected \"unordered\" or \"fifo\"");
            return ChannelDiscipline.UNORDERED;
        }
        if (fifoNeeded && c != ChannelDiscipline.FIFO) {
            problems.add(v, protocol.name() + " needs FIFO channels; expected \"fifo\"");
        }
        return c;
    }

    CheckSettings checks(JsonValue v) {
        JsonValue.Obj o = problems.object(v, "the check settings");
        if (o == null) return CheckSettings.DEFAULTS;
        problems.onlyKnown(o, List.of("lockoutBound"));
        int bound = o.has("lockoutBound")
                ? (int) (long) orElse(problems.integer(o.get("lockoutBound"), "the lockout bound (rounds)", 1, Integer.MAX_VALUE),
                (long) CheckSettings.DEFAULT_LOCKOUT_BOUND)
                : CheckSettings.DEFAULT_LOCKOUT_BOUND;
        return new CheckSettings(bound);
    }
}
