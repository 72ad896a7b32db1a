package dev.lockstep.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class PrintableTest {
    @Test
    void controlCharactersSeparatorsAndLoneSurrogatesAreEscapedTheRestKept() {
        String plain = "café – 😀 \\u0000 stays as typed";
        assertSame(plain, Printable.escape(plain), "nothing to escape: the same string");
        assertEquals("a\\u0000b\\u001b[2J\\u0009\\u000a\\u007f\\u0085\\u2028", Printable.escape("a\0b\u001b[2J\t\n\u007f\u0085\u2028"));
        assertEquals("x\\ud800y \\udc00 \uD83D\uDE00", Printable.escape("x" + (char) 0xD800 + "y " + (char) 0xDC00 + " \uD83D\uDE00"));
        assertEquals("\\ud83d", Printable.escape(String.valueOf((char) 0xD83D)), "a high half at the end");
    }
}
