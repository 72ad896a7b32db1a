package dev.lockstep.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Minimal option parsing: {@code --name value}, {@code --flag}, positionals. */
final class Args {
    final List<String> positional = new ArrayList<>();
    private final Map<String, String> options = new LinkedHashMap<>();

    Args(String command, String[] args, int from, Set<String> valued, Set<String> flags) throws UsageException {
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (a.startsWith("--")) {
                String name = a;
                String value = null;
                int eq = a.indexOf('=');
                if (eq > 0) {
                    name = a.substring(0, eq);
                    value = a.substring(eq + 1);
                }
                if (valued.contains(name)) {
                    if (value == null) {
                        if (i + 1 >= args.length) throw new UsageException(command + ": " + name + " needs a value");
                        value = args[++i];
                    }
                    options.put(name, value);
                } else if (flags.contains(name) && value == null) {
                    options.put(name, "");
                } else {
                    throw new UsageException(command + ": unknown option " + a);
                }
            } else {
                positional.add(a);
            }
        }
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    String get(String name) {
        return options.get(name);
    }

    long longValue(String command, String name, long min, long max) throws UsageException {
        String v = options.get(name);
        try {
            long x = Long.parseLong(v);
            if (x < min || x > max) throw new NumberFormatException();
            return x;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + name + " expects an integer"
                    + (min == Long.MIN_VALUE ? "" : " between " + min + " and " + max) + ", got \"" + v + "\"");
        }
    }
}
