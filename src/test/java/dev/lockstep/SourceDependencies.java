package dev.lockstep;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which main source file names which other one: through an import, a qualified name, or a
 * same-package simple name (which needs no import, so an import scan misses it). Comments and
 * string literals are ignored. The strongly connected groups are the cycles.
 */
final class SourceDependencies {
    private static final Pattern PACKAGE = Pattern.compile("\\bpackage\\s+([\\w.]+)\\s*;");
    private static final Pattern QUALIFIED = Pattern.compile("\\bdev\\s*\\.\\s*lockstep\\s*((?:\\.\\s*[a-z]\\w*\\s*)*)\\.\\s*([A-Z]\\w*)");
    private static final Pattern WORD = Pattern.compile("\\b[A-Z]\\w*\\b");
    private static final Pattern TYPE = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z]\\w*)");

    /** File (fully qualified top-level class) to the files it names, both in name order. */
    private final Map<String, Set<String>> edges = new TreeMap<>();

    private SourceDependencies(Map<String, String> sources) {
        Map<String, Set<String>> byPackage = new TreeMap<>();
        for (String fqn : sources.keySet()) byPackage.computeIfAbsent(pkg(fqn), k -> new TreeSet<>()).add(fqn);
        for (var e : sources.entrySet()) {
            String from = e.getKey();
            String code = SourceCode.codeOnly(e.getValue());
            Set<String> to = new TreeSet<>();
            Matcher q = QUALIFIED.matcher(code);
            while (q.find()) {
                String name = "dev.lockstep" + q.group(1).replaceAll("\\s", "") + "." + q.group(2);
                if (sources.containsKey(name)) to.add(name);
            }
            Matcher p = PACKAGE.matcher(code);
            String own = p.find() ? p.group(1) : pkg(from);
            Matcher w = WORD.matcher(code);
            while (w.find()) {
                String name = own + "." + w.group();
                if (sources.containsKey(name)) to.add(name);
            }
            to.remove(from);
            edges.put(from, to);
        }
    }

    static SourceDependencies of(Path root) {
        Map<String, String> sources = new TreeMap<>();
        for (Path f : SourceCode.javaFiles(root)) {
            String rel = root.relativize(f).toString().replace('\\', '/');
            sources.put(rel.substring(0, rel.length() - ".java".length()).replace('/', '.'), SourceCode.read(f));
        }
        return new SourceDependencies(sources);
    }

    static SourceDependencies of(Map<String, String> sources) {
        return new SourceDependencies(sources);
    }

    int files() {
        return edges.size();
    }

    /** The groups of two or more files that reach each other (Tarjan), each sorted, in name order. */
    List<List<String>> cycles() {
        Map<String, Integer> index = new TreeMap<>();
        Map<String, Integer> low = new TreeMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> out = new ArrayList<>();
        for (String v : edges.keySet()) if (!index.containsKey(v)) connect(v, index, low, stack, onStack, out);
        out.sort((a, b) -> a.get(0).compareTo(b.get(0)));
        return out;
    }

    private void connect(String v, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
            Set<String> onStack, List<List<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : edges.get(v)) {
            if (!index.containsKey(w)) {
                connect(w, index, low, stack, onStack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> group = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                group.add(w);
            } while (!w.equals(v));
            if (group.size() > 1) {
                group.sort(null);
                out.add(group);
            }
        }
    }

    /** A group and, for each of its files, which others of the group it names. */
    String describe(List<String> group) {
        StringBuilder sb = new StringBuilder();
        for (String f : group) {
            Set<String> inGroup = new TreeSet<>(edges.get(f));
            inGroup.retainAll(group);
            sb.append(sb.length() == 0 ? "" : "; ").append(simple(f)).append(" -> ");
            sb.append(String.join(", ", inGroup.stream().map(SourceDependencies::simple).toList()));
        }
        return "[" + pkg(group.get(0)) + "] " + sb;
    }

    /** The types declared inside a file's top-level type (the first declaration is the file's own). */
    static List<String> nestedTypes(String code) {
        List<String> out = new ArrayList<>();
        Matcher m = TYPE.matcher(code);
        boolean first = true;
        while (m.find()) {
            if (!first) out.add(m.group(1));
            first = false;
        }
        return out;
    }

    private static String pkg(String fqn) {
        return fqn.substring(0, fqn.lastIndexOf('.'));
    }

    private static String simple(String fqn) {
        return fqn.substring(fqn.lastIndexOf('.') + 1);
    }
}
