package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The headless layers stay headless, and the core knows no protocol. Scans the sources (not the
 * classes), so a fully qualified name without an import is caught as well; comments and string
 * literals are ignored.
 */
class LayeringTest {
    static final Path MAIN = Path.of("src/main/java");
    static final List<String> HEADLESS = List.of("core", "protocol", "scenario", "json", "io", "cli", "figure", "session", "debug");
    static final Pattern GUI = Pattern.compile(
            "\\b(javafx|org\\s*\\.\\s*graphstream|org\\s*\\.\\s*controlsfx|java\\s*\\.\\s*awt|javax\\s*\\.\\s*swing)\\s*\\.");
    static final Pattern CORE_FORBIDDEN = Pattern.compile(
            "\\bdev\\s*\\.\\s*lockstep\\s*\\.\\s*(protocol|scenario|cli)\\b");

    @Test
    void headlessLayersUseNoGuiToolkit() throws IOException {
        List<String> offences = new ArrayList<>();
        int scanned = 0;
        for (String layer : HEADLESS) {
            for (Path file : javaFiles(MAIN.resolve("dev/lockstep/" + layer))) {
                scanned++;
                offences.addAll(find(file, GUI));
            }
        }
        assertTrue(scanned >= 50, "expected to scan the headless sources, found only " + scanned + " files");
        if (!offences.isEmpty()) {
            fail("GUI toolkits used outside the GUI layer (" + offences.size() + "):\n  " + String.join("\n  ", offences));
        }
    }

    @Test
    void coreKnowsNoProtocolScenarioOrCli() throws IOException {
        List<String> offences = new ArrayList<>();
        List<Path> core = javaFiles(MAIN.resolve("dev/lockstep/core"));
        assertTrue(core.size() >= 20, "expected to scan the core, found only " + core.size() + " files");
        for (Path file : core) offences.addAll(find(file, CORE_FORBIDDEN));
        if (!offences.isEmpty()) {
            fail("the core depends on outer layers (" + offences.size() + "):\n  " + String.join("\n  ", offences));
        }
    }

    @Test
    void theScannerSeesThroughCommentsAndStringsButNotPastCode() {
        String src = """
                package dev.lockstep.core;
                // import javafx.scene.Node;
                /* java.awt.Color */
                /** {@link dev.lockstep.protocol.lme.Lme} */
                import java.util.List;
                class X {
                    String s = "javafx.scene.Node and dev.lockstep.cli.Main";
                    char c = '"';
                    String t = \"""
                        javax.swing.JFrame
                        \""";
                    Object o = new java.awt.Point();
                    dev.lockstep.scenario.Scenario sc;
                }
                """;
        String code = codeOnly(src);
        List<String> gui = matches(code, GUI);
        List<String> core = matches(code, CORE_FORBIDDEN);
        assertEquals(List.of("12: java.awt."), gui);
        assertEquals(List.of("13: dev.lockstep.scenario"), core);
        assertEquals(List.of("1: import javafx."), matches(codeOnly("import javafx.scene.Node;"), Pattern.compile("import " + GUI.pattern())));
        assertEquals(List.of("1: javax . swing ."), matches(codeOnly("import javax . swing . JFrame;"), GUI));
        assertEquals(List.of(), matches(codeOnly("import com.example.javafxlike.Thing;"), GUI));
    }

    static List<Path> javaFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    static List<String> find(Path file, Pattern forbidden) throws IOException {
        String code = codeOnly(Files.readString(file, StandardCharsets.UTF_8));
        List<String> out = new ArrayList<>();
        for (String m : matches(code, forbidden)) out.add(file + ":" + m);
        return out;
    }

    /** "line: matched text" for every match. */
    static List<String> matches(String code, Pattern p) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(code);
        while (m.find()) {
            int line = 1;
            for (int i = 0; i < m.start(); i++) if (code.charAt(i) == '\n') line++;
            out.add(line + ": " + m.group());
        }
        return out;
    }

    /** The source with comments and string/char/text-block literals blanked out; line breaks kept. */
    static String codeOnly(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                while (i < n && src.charAt(i) != '\n') i++;
            } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                blank(src, i, end, out);
                i = end;
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                while (end > 0 && src.charAt(end - 1) == '\\') end = src.indexOf("\"\"\"", end + 1);
                end = end < 0 ? n : end + 3;
                blank(src, i, end, out);
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') j += src.charAt(j) == '\\' ? 2 : 1;
                int end = Math.min(n, j + 1);
                blank(src, i, end, out);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static void blank(String src, int from, int to, StringBuilder out) {
        for (int k = from; k < to; k++) out.append(src.charAt(k) == '\n' ? '\n' : ' ');
    }
}
