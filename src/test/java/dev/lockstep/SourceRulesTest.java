package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The rules read off the sources: no file over 500 lines, no simple name for two classes, and no
 * cycle between source files. The last one complements {@link ArchitectureTest}'s bytecode view:
 * javac inlines constants (an exit code, a format name), so a file can depend on another that
 * the class files never mention.
 */
class SourceRulesTest {
    static final int MAX_LINES = 500;

    @Test
    void noFileIsLongerThan500Lines() {
        List<String> long_ = new ArrayList<>();
        int scanned = 0;
        for (Path root : SourceCode.ROOTS) {
            for (Path f : SourceCode.javaFiles(root)) {
                scanned++;
                long lines = SourceCode.read(f).lines().count();
                if (lines > MAX_LINES) long_.add(f + ": " + lines + " lines");
            }
        }
        assertTrue(scanned >= 300, "expected to scan the sources, found only " + scanned + " files");
        if (!long_.isEmpty()) fail(long_.size() + " files over " + MAX_LINES + " lines:\n  " + String.join("\n  ", long_));
    }

    /**
     * A top-level class's name belongs to it alone: no other top-level or nested class may take it
     * (two {@code Legend}s, or an inner {@code Gestures} beside a {@code Gestures} file, read as
     * one thing). Nested variants of different types may share a name ({@code Input.Cut},
     * {@code TopologyEvent.Cut}): they are always written with their owner.
     */
    @Test
    void noTopLevelNameIsUsedForAnotherClass() {
        Map<String, List<String>> byName = new TreeMap<>();
        List<String[]> nested = new ArrayList<>();
        for (Path f : SourceCode.javaFiles(SourceCode.MAIN)) {
            if (f.getFileName().toString().equals("package-info.java")) continue; // a package's documentation, no class
            byName.computeIfAbsent(f.getFileName().toString().replace(".java", ""), k -> new ArrayList<>()).add(f.toString());
            for (String n : SourceDependencies.nestedTypes(SourceCode.codeOnly(SourceCode.read(f)))) {
                nested.add(new String[] {n, f + " (nested " + n + ")"});
            }
        }
        for (String[] n : nested) if (byName.containsKey(n[0])) byName.get(n[0]).add(n[1]);
        List<String> twice = new ArrayList<>();
        byName.forEach((name, files) -> {
            if (files.size() > 1) twice.add(name + ": " + String.join(", ", files));
        });
        if (!twice.isEmpty()) fail("top-level class names also used for other classes (rename one):\n  " + String.join("\n  ", twice));
    }

    @Test
    void noCycleBetweenSourceFiles() {
        SourceDependencies deps = SourceDependencies.of(SourceCode.MAIN);
        assertTrue(deps.files() >= 150, "expected to read the main sources, found only " + deps.files() + " files");
        List<List<String>> cycles = deps.cycles();
        if (!cycles.isEmpty()) {
            StringBuilder sb = new StringBuilder(cycles.size() + " groups of files that depend on each other:");
            for (List<String> c : cycles) sb.append("\n  ").append(deps.describe(c));
            fail(sb.toString());
        }
    }

    @Test
    void theDependencyReaderFindsEveryKindOfReferenceAndNothingElse() {
        Map<String, String> sources = new TreeMap<>();
        sources.put("dev.lockstep.a.A", """
                package dev.lockstep.a;
                import dev.lockstep.b.B; // an import
                class A { B b; }
                """);
        sources.put("dev.lockstep.b.B", """
                package dev.lockstep.b;
                class B { int x = C.LIMIT; } // a same-package name, no import
                """);
        sources.put("dev.lockstep.b.C", """
                package dev.lockstep.b;
                class C { static final int LIMIT = dev.lockstep.a.A.MAX; } // a qualified name
                """);
        sources.put("dev.lockstep.b.D", """
                package dev.lockstep.b;
                /** Not {@link B}: comments and "B" in strings do not count. */
                class D { String s = "C and dev.lockstep.a.A"; }
                """);
        SourceDependencies deps = SourceDependencies.of(sources);
        assertEquals(List.of(List.of("dev.lockstep.a.A", "dev.lockstep.b.B", "dev.lockstep.b.C")), deps.cycles());
        assertEquals(List.of(), SourceDependencies.of(Map.of(
                "dev.lockstep.b.D", sources.get("dev.lockstep.b.D"),
                "dev.lockstep.b.B", "package dev.lockstep.b;\nclass B { D d; }\n")).cycles());
        assertEquals(List.of("Inner", "Deeper"), SourceDependencies.nestedTypes(
                "class Outer { static final class Inner { record Deeper(int x) {} } }"));
    }
}
