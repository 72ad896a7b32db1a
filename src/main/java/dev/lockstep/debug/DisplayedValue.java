package dev.lockstep.debug;

import java.util.Locale;

/**
 * Values as a condition compares them: as {@code state(u).variables()} displays them, ignoring
 * white space and case, with ⊥ and ∅ typed in any of their spellings.
 */
final class DisplayedValue {
    private DisplayedValue() {}

    /** How ⊥ is displayed (and what {@code bottom}, {@code _|_} and {@code bot} mean in a value). */
    static final String BOTTOM = "⊥";
    /** How the empty set is displayed (and what {@code {}} and {@code empty} mean in a value). */
    static final String EMPTY = "∅";

    /** The displayed form of a value as typed: ⊥ and ∅ spelled out, surrounding white space trimmed. */
    static String normalize(String value) {
        String v = value == null ? "" : value.strip();
        switch (v.toLowerCase(Locale.ROOT)) {
            case "bottom", "_|_", "bot", "⊥" -> {
                return BOTTOM;
            }
            case "{}", "empty", "∅" -> {
                return EMPTY;
            }
            default -> {
                return v;
            }
        }
    }

    /** The value as a whole number (white space around it ignored), or null when it is not one. */
    static Long wholeNumber(String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether a displayed value is the wanted one (normalized), ignoring white space and case. */
    static boolean same(String displayed, String wanted) {
        if (displayed.equals(wanted)) return true;
        String a = displayed.replaceAll("\\s+", "");
        String b = wanted.replaceAll("\\s+", "");
        return a.equalsIgnoreCase(b);
    }
}
