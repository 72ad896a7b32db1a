package dev.lockstep.json;

/**
 * Text from a file or an argument made safe to print in a one-line message: a NUL, an escape
 * sequence or a line break copied from the input would corrupt the terminal or the log it goes
 * to, so control characters, line separators and lone UTF-16 surrogates are shown as
 * {@code \u0000}-style escapes (a backslash stays as it is: the escapes are for reading, not parsing).
 */
public final class Printable {
    private Printable() {}

    public static String escape(String s) {
        if (s == null) return null;
        int i = 0;
        while (i < s.length() && !unprintable(s, i)) i++;
        if (i == s.length()) return s;
        StringBuilder sb = new StringBuilder(s.length() + 16).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (unprintable(s, i)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean unprintable(String s, int i) {
        char c = s.charAt(i);
        if (Character.getType(c) == Character.CONTROL || c == '\u2028' || c == '\u2029') return true;
        if (Character.isHighSurrogate(c)) return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        if (Character.isLowSurrogate(c)) return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        return false;
    }
}
