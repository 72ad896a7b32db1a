package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks of a LaTeX/TikZ document's structure that need no TeX installation. */
final class TikzStructure {
    private TikzStructure() {}

    /** The document without comments (a % that no backslash escapes starts one). */
    static String code(String tex) {
        StringBuilder out = new StringBuilder(tex.length());
        for (String line : tex.split("\n", -1)) {
            int cut = line.length();
            for (int i = 0; i < line.length(); i++) {
                if (line.charAt(i) == '%' && !escaped(line, i)) {
                    cut = i;
                    break;
                }
            }
            out.append(line, 0, cut).append('\n');
        }
        return out.toString();
    }

    private static boolean escaped(String s, int i) {
        int k = 0;
        for (int j = i - 1; j >= 0 && s.charAt(j) == '\\'; j--) k++;
        return k % 2 == 1;
    }

    static void pureAscii(String tex) {
        for (int i = 0; i < tex.length(); i++) {
            char c = tex.charAt(i);
            if (c > 0x7E || (c < 0x20 && c != '\n')) fail("not ASCII at " + i + ": U+" + Integer.toHexString(c));
        }
    }

    static void balancedBraces(String code) {
        int depth = 0;
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if ((c == '{' || c == '}') && escaped(code, i)) continue;
            if (c == '{') depth++;
            if (c == '}') depth--;
            if (depth < 0) fail("a } without its { at " + i + ": ..." + code.substring(Math.max(0, i - 60), i + 1));
        }
        assertEquals(0, depth, "unclosed {");
    }

    /** Every \begin{env} closed by its \end{env}, properly nested; returns the environments opened, in order. */
    static List<String> environments(String code) {
        Matcher m = Pattern.compile("\\\\(begin|end)\\{([^}]*)\\}").matcher(code);
        Deque<String> open = new ArrayDeque<>();
        List<String> seen = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).equals("begin")) {
                open.push(m.group(2));
                seen.add(m.group(2));
            } else {
                assertTrue(!open.isEmpty(), "\\end{" + m.group(2) + "} without a \\begin");
                assertEquals(open.pop(), m.group(2), "environments cross");
            }
        }
        assertTrue(open.isEmpty(), "not closed: " + open);
        return seen;
    }

    static TreeSet<String> definedColours(String code) {
        TreeSet<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("\\\\definecolor\\{([^}]*)\\}\\{HTML\\}\\{([0-9A-F]{6})\\}").matcher(code);
        while (m.find()) assertTrue(out.add(m.group(1)), "colour defined twice: " + m.group(1));
        return out;
    }

    /** Colour names used: in fill=, draw=, text= and as the bare first option of \fill, \draw, \filldraw. */
    static TreeSet<String> usedColours(String code) {
        TreeSet<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("(?<![a-z ])(fill|draw|text)=([A-Za-z0-9]+)").matcher(code);
        while (m.find()) out.add(m.group(2));
        Matcher bare = Pattern.compile("\\\\(fill|draw|filldraw)\\[([A-Za-z0-9]+)[,\\]]").matcher(code);
        while (bare.find()) out.add(bare.group(2));
        out.remove("none");
        out.remove("edge"); // the style, not a colour
        return out;
    }

    /** The text of every \node (what is between the braces after its coordinate). */
    static List<String> nodeTexts(String code) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\\\\node\\[[^\\n]*?\\] (?:\\([^)]*\\) )?at \\([^)]*\\) \\{(.*)\\};$", Pattern.MULTILINE)
                .matcher(code);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    /**
     * Fails if the text has a special character that is not escaped: math in $...$ and the escapes
     * LaTeX knows are taken out first; what remains must have balanced braces and none of # $ % & _ ^ \.
     * A bare ~ is allowed: it is LaTeX's tie, the no-break space, and that is what a no-break space in
     * the text becomes (a literal tilde is \~{}; LatexProperties counts the ties).
     */
    static void escapedText(String text) {
        String t = text;
        t = t.replaceAll("\\\\[#$%&_{}]", "");
        t = t.replaceAll("\\\\[\\^~]\\{\\}", "");
        t = t.replaceAll("\\$[^$]*\\$", "");
        t = t.replaceAll("\\\\[A-Za-z]+", "");
        t = t.replaceAll("\\\\['`^\"~=.]", "");
        for (char c : "#$%&_^\\".toCharArray()) {
            if (t.indexOf(c) >= 0) fail("unescaped " + c + " in node text: " + text);
        }
        int depth = 0;
        for (char c : t.toCharArray()) {
            if (c == '{') depth++;
            if (c == '}' && --depth < 0) fail("unbalanced } in node text: " + text);
        }
        assertEquals(0, depth, "unbalanced { in node text: " + text);
    }

    /** How many ties (bare ~, LaTeX's no-break space) the text has; \~ is a tilde, not a tie. */
    static long ties(String tex) {
        long n = 0;
        for (int i = 0; i < tex.length(); i++) if (tex.charAt(i) == '~' && !escaped(tex, i)) n++;
        return n;
    }

    /** Every structural check at once; returns the code without comments. */
    static String check(String tex) {
        pureAscii(tex);
        String code = code(tex);
        balancedBraces(code);
        List<String> envs = environments(code);
        assertEquals(List.of("document", "tikzpicture"), envs);
        assertTrue(code.startsWith("\\documentclass[tikz") || code.contains("\n\\documentclass[tikz"), "standalone tikz");
        TreeSet<String> defined = definedColours(code);
        TreeSet<String> used = usedColours(code);
        assertTrue(!used.isEmpty());
        used.removeAll(defined);
        assertTrue(used.isEmpty(), "colours used but not defined: " + used);
        for (String t : nodeTexts(code)) escapedText(t);
        return code;
    }
}
