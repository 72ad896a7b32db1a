package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
                '"', '-', '`', '\'', '\n', '\t', '⊥', '∅', '→', 'ℓ', '∈', '—', '…', 'é', 'ü', 'ß', '😀', '\u0007', '中');
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
