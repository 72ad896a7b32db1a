package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Any text becomes safe LaTeX: ASCII, every special character escaped, braces balanced. */
class LatexProperties {
    @Provide
    Arbitrary<String> texts() {
        Arbitrary<Character> specials = Arbitraries.of('\\', '{', '}', '$', '&', '#', '%', '_', '^', '~', '<', '>', '|',
                '"', '-', '`', '\'', '\n', '\t', '⊥', '∅', '→', 'ℓ', '∈', '—', '…', 'é', 'ü', 'ß', '😀', '\u0007', '中',
                '\u00A0', '\u2003', '\u2028', '\u3000');
        Arbitrary<Character> any = Arbitraries.chars().all();
        return Arbitraries.oneOf(specials, specials, Arbitraries.chars().alpha(), any).list().ofMaxSize(40)
                .map(cs -> {
                    StringBuilder sb = new StringBuilder();
                    for (char c : cs) sb.append(c);
                    return sb.toString();
                });
    }

    @Property(tries = 500)
    void escapedTextIsSafe(@ForAll("texts") String text) {
        String tex = Latex.escape(text);
        TikzStructure.pureAscii(tex);
        TikzStructure.escapedText(tex);
        assertTrue(!tex.contains("\n"), "a line break inside node text");
        // hyphens never merge into dashes; a dash in the text is written as one, kept apart from hyphens
        String dashes = tex.replace("{-}", "").replace("{}---", "").replace("{}--", "").replace("---", "").replace("--", "");
        assertTrue(!dashes.contains("--"), "hyphens would merge: " + tex);
        if (text.indexOf('—') < 0 && text.indexOf('–') < 0) assertTrue(!tex.contains("--"), "a ligature from hyphens: " + tex);
        // a tie is a no-break space of the text and nothing else (a literal ~ must not become one)
        assertEquals(text.chars().filter(c -> NO_BREAK.indexOf(c) >= 0).count(), TikzStructure.ties(tex), tex);
    }

    private static final String NO_BREAK = "\u00A0\u2007\u202F";

    /** Every white-space character of the BMP (Java's white space and Unicode's space separators). */
    private static List<Character> whiteSpace() {
        List<Character> out = new ArrayList<>();
        for (char c = 0; c < Character.MAX_VALUE; c++) if (Character.isWhitespace(c) || Character.isSpaceChar(c)) out.add(c);
        return out;
    }

    /** Issue 9: a random seed shrank the text to one no-break space, which Latex writes as ~ (the tie). */
    @Test
    void aNoBreakSpaceAloneIsSafe() {
        escapedTextIsSafe("\u00A0");
        assertEquals("a~b", Latex.escape("a\u00A0b"));
    }

    @Test
    void everyWhiteSpaceCharacterIsASpaceOrATie() {
        List<Character> spaces = whiteSpace();
        assertTrue(spaces.size() > 20, "the BMP has some 25 white-space characters: " + spaces.size());
        for (char c : spaces) {
            String tex = Latex.escape("a" + c + "b");
            assertEquals(NO_BREAK.indexOf(c) >= 0 ? "a~b" : "a b", tex, "U+" + Integer.toHexString(c));
            escapedTextIsSafe("a" + c + "b");
        }
    }

    @Test
    void controlCharactersBecomeSpaces() {
        assertEquals("a b c d", Latex.escape("a\u0007b\u007Fc\u0085d"));
    }

    @Test
    void aLiteralTildeIsATildeNotATie() {
        String tex = Latex.escape("~");
        assertEquals("\\~{}", tex);
        assertEquals(0, TikzStructure.ties(tex));
    }

    @Test
    void lettersDigitsAndSpacesStayAsTheyAre() {
        assertEquals("Round 12: u ran InitLock", Latex.escape("Round 12: u ran InitLock"));
    }

    @Test
    void accentedLettersBecomeAccentCommands() {
        String tex = Latex.escape("é");
        TikzStructure.escapedText(tex);
        assertTrue(tex.contains("\\'") && tex.contains("e"), tex);
    }
}
