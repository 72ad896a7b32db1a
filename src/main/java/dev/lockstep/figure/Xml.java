package dev.lockstep.figure;

/** Text and attribute values for XML. */
final class Xml {
    private Xml() {}

    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                case '\t', '\n', '\r' -> out.append(' ');
                default -> {
                    // XML 1.0 has no way to write the other control characters (nor U+FFFE/FFFF),
                    // and UTF-8 none to write half a surrogate pair
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (c < 0x20 || c == 0xFFFE || c == 0xFFFF || Character.isSurrogate(c)) {
                        out.append('\uFFFD');
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
