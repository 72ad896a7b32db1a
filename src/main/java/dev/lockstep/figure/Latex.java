package dev.lockstep.figure;

import java.text.Normalizer;
import java.util.Map;

/**
 * Text for LaTeX, as pure ASCII: the ten special characters escaped, the symbols narrations use
 * (⊥ ∅ → ∈ ℓ ...) as math, accented letters as accent commands, white space and control
 * characters as a space (a no-break space as LaTeX's tie, ~), anything else as "?". Works
 * with the default OT1 encoding and no package beyond amssymb.
 */
final class Latex {
    private Latex() {}

    private static final Map<Integer, String> SYMBOLS = Map.ofEntries(
            Map.entry((int) '⊥', "$\\bot$"), Map.entry((int) '∅', "$\\emptyset$"), Map.entry((int) '→', "$\\rightarrow$"),
            Map.entry((int) '←', "$\\leftarrow$"), Map.entry((int) '↔', "$\\leftrightarrow$"),
            Map.entry((int) '⇒', "$\\Rightarrow$"), Map.entry((int) '∈', "$\\in$"), Map.entry((int) '∉', "$\\notin$"),
            Map.entry((int) 'ℓ', "$\\ell$"), Map.entry((int) '·', "$\\cdot$"), Map.entry((int) '—', "---"),
            Map.entry((int) '•', "$\\bullet$"),
            Map.entry((int) '–', "--"), Map.entry((int) '…', "\\dots{}"), Map.entry((int) '≠', "$\\neq$"),
            Map.entry((int) '≤', "$\\leq$"), Map.entry((int) '≥', "$\\geq$"), Map.entry((int) '∞', "$\\infty$"),
            Map.entry((int) '∪', "$\\cup$"), Map.entry((int) '∩', "$\\cap$"), Map.entry((int) '×', "$\\times$"),
            Map.entry((int) '⊆', "$\\subseteq$"), Map.entry((int) '⊂', "$\\subset$"), Map.entry((int) '∧', "$\\wedge$"),
            Map.entry((int) '∨', "$\\vee$"), Map.entry((int) '¬', "$\\neg$"), Map.entry((int) '∀', "$\\forall$"),
            Map.entry((int) '∃', "$\\exists$"), Map.entry((int) '≈', "$\\approx$"), Map.entry((int) '±', "$\\pm$"),
            Map.entry((int) '▸', "$\\triangleright$"), Map.entry((int) '▷', "$\\triangleright$"),
            Map.entry((int) '●', "$\\bullet$"), Map.entry((int) '○', "$\\circ$"), Map.entry((int) '⚠', "\\textbf{!}"),
            Map.entry((int) '“', "``"), Map.entry((int) '”', "''"), Map.entry((int) '‘', "`"), Map.entry((int) '’', "'"),
            Map.entry((int) '«', "$\\ll$"), Map.entry((int) '»', "$\\gg$"), Map.entry((int) '°', "$^\\circ$"),
            Map.entry((int) 'α', "$\\alpha$"), Map.entry((int) 'β', "$\\beta$"), Map.entry((int) 'γ', "$\\gamma$"),
            Map.entry((int) 'δ', "$\\delta$"), Map.entry((int) 'ε', "$\\varepsilon$"), Map.entry((int) 'λ', "$\\lambda$"),
            Map.entry((int) 'μ', "$\\mu$"), Map.entry((int) 'π', "$\\pi$"), Map.entry((int) 'σ', "$\\sigma$"),
            Map.entry((int) 'τ', "$\\tau$"), Map.entry((int) 'Δ', "$\\Delta$"), Map.entry((int) 'Σ', "$\\Sigma$"),
            Map.entry((int) 'ß', "{\\ss}"), Map.entry((int) 'æ', "{\\ae}"), Map.entry((int) 'ø', "{\\o}"),
            Map.entry((int) 'Ø', "{\\O}"), Map.entry((int) 'å', "{\\aa}"), Map.entry((int) 'Å', "{\\AA}"),
            Map.entry((int) 'ł', "{\\l}"), Map.entry((int) 'Ł', "{\\L}"));

    /** No-break, figure and narrow no-break space: LaTeX's tie (~) is the space a line never breaks at. */
    private static final String NO_BREAK_SPACES = "\u00A0\u2007\u202F";

    /** Accents over a letter, by the combining character NFD splits them into. */
    private static final Map<Character, String> ACCENTS = Map.of('\u0301', "\\'", '\u0300', "\\`", '\u0302', "\\^",
            '\u0308', "\\\"", '\u0303', "\\~", '\u0327', "\\c", '\u030A', "\\r", '\u030C', "\\v", '\u0304', "\\=",
            '\u0306', "\\u");

    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '\\' -> out.append("$\\backslash$");
                case '{' -> out.append("\\{");
                case '}' -> out.append("\\}");
                case '$' -> out.append("\\$");
                case '&' -> out.append("\\&");
                case '#' -> out.append("\\#");
                case '%' -> out.append("\\%");
                case '_' -> out.append("\\_");
                case '^' -> out.append("\\^{}");
                case '~' -> out.append("\\~{}");
                case '<' -> out.append("$<$");
                case '>' -> out.append("$>$");
                case '|' -> out.append("$|$");
                case '"' -> out.append("''");
                // no ligatures: "--" stays two hyphens, "``" two grave accents, "!`" and "?`" as written
                case '-' -> out.append(endsWithHyphen(out) ? "{-}" : "-");
                case '`' -> out.append("{`}");
                case '\t', '\n', '\r' -> out.append(' ');
                default -> {
                    if (c >= 0x20 && c < 0x7F) out.append((char) c);
                    else if (c <= 0x9F) out.append(' '); // C0 and C1 controls, DEL
                    else if (NO_BREAK_SPACES.indexOf(c) >= 0) out.append('~');
                    // an em space or a line separator is still a space: never "?"
                    else if (Character.isWhitespace(c) || Character.isSpaceChar(c)) out.append(' ');
                    else {
                        String t = nonAscii(c);
                        // a dash right after a hyphen would otherwise merge with it
                        if (t.startsWith("-") && endsWithHyphen(out)) out.append("{}");
                        out.append(t);
                    }
                }
            }
        }
        return out.toString();
    }

    private static boolean endsWithHyphen(StringBuilder out) {
        return out.length() > 0 && out.charAt(out.length() - 1) == '-';
    }

    private static String nonAscii(int c) {
        String symbol = SYMBOLS.get(c);
        if (symbol != null) return symbol;
        String d = Normalizer.normalize(new String(Character.toChars(c)), Normalizer.Form.NFD);
        if (d.length() == 2 && d.charAt(0) < 0x7F && Character.isLetter(d.charAt(0))) {
            String accent = ACCENTS.get(d.charAt(1));
            if (accent != null) {
                // the dotless i and j take the accent (LaTeX: \'{\i})
                String base = d.charAt(0) == 'i' ? "\\i" : d.charAt(0) == 'j' ? "\\j" : String.valueOf(d.charAt(0));
                return "{" + accent + "{" + base + "}}";
            }
        }
        return "?";
    }
}
