package dev.lockstep.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Node names to ids, built on first use: a replay or a session asks once per record, List.indexOf was O(n). */
final class NameIndex {
    private final List<String> names;
    /** Lookups only, never iterated. */
    private Map<String, Integer> byName;

    NameIndex(List<String> names) {
        this.names = names;
    }

    /** The first node with this name, or -1. */
    int indexOf(String name) {
        if (byName == null) {
            Map<String, Integer> m = new HashMap<>();
            for (int u = 0; u < names.size(); u++) m.putIfAbsent(names.get(u), u);
            byName = m;
        }
        return byName.getOrDefault(name, -1);
    }
}
