package dev.lockstep.scenario;

import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a scenario's {@code "areas"}: named rectangles of the plane, KLME's neighbourhoods. A node's
 * region is then the first area containing its position, so a move across a boundary changes it.
 */
final class AreaReader {
    private AreaReader() {}

    static List<NeighbourhoodArea> areas(Problems problems, JsonValue v) {
        List<NeighbourhoodArea> out = new ArrayList<>();
        JsonValue.Arr arr = problems.array(v, "the areas (a list like [{\"name\": \"A\", \"x\": 0, \"y\": 0, \"width\": 4, \"height\": 3}])");
        if (arr == null) return out;
        Set<String> names = new HashSet<>();
        for (JsonValue item : arr.items()) {
            JsonValue.Obj o = problems.object(item, "an area");
            if (o == null) continue;
            problems.onlyKnown(o, List.of("name", "x", "y", "width", "height"));
            String name = o.has("name") ? problems.string(o.get("name"), "the area's name") : null;
            if (!o.has("name")) problems.add(o, "missing \"name\"");
            if (name != null && name.isEmpty()) problems.add(o.get("name"), "an area's name must not be empty");
            if (name != null && !name.isEmpty() && !names.add(name)) problems.add(o.get("name"), "duplicate area \"" + name + "\"");
            double[] f = new double[4];
            boolean ok = name != null && !name.isEmpty();
            List<String> keys = List.of("x", "y", "width", "height");
            for (int i = 0; i < 4; i++) {
                String k = keys.get(i);
                if (!o.has(k)) {
                    problems.add(o, "missing \"" + k + "\"");
                    ok = false;
                    continue;
                }
                Double d = problems.number(o.get(k), "the area's " + k);
                if (d == null) {
                    ok = false;
                } else if (i >= 2 && !(d > 0)) {
                    problems.add(o.get(k), "expected a positive " + k + ", found " + d);
                    ok = false;
                } else {
                    f[i] = d;
                }
            }
            if (ok) out.add(new NeighbourhoodArea(name, f[0], f[1], f[2], f[3]));
        }
        return out;
    }
}
