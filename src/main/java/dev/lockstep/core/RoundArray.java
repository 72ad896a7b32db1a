package dev.lockstep.core;

import java.util.Arrays;

/**
 * Round numbers (or −1 for "never"), two bytes each while every one stored is below 65,535 and
 * four for good from the first later one on: a run of a million nodes saves 2 bytes a node per
 * array for its first 65,534 rounds. Widening replaces the array, so whoever stores from several
 * threads must call {@link #fit} with the largest value to come at a point where no other thread
 * stores (the simulation does so as each round begins: every round stored is the current one).
 */
final class RoundArray {
    /** The largest value a char holds as value + 1. */
    static final int NARROW_MAX = Character.MAX_VALUE - 1;

    /** Each value + 1; null once {@link #wide}. */
    private char[] narrow;
    private int[] wide;

    /** {@code length} values, each {@code fill}. */
    RoundArray(int length, int fill) {
        if (fits(fill)) {
            narrow = new char[length];
            if (fill != -1) Arrays.fill(narrow, (char) (fill + 1));
        } else {
            wide = new int[length];
            Arrays.fill(wide, fill);
        }
    }

    private RoundArray(char[] narrow, int[] wide) {
        this.narrow = narrow;
        this.wide = wide;
    }

    private static boolean fits(int v) {
        return v >= -1 && v <= NARROW_MAX;
    }

    int length() {
        return narrow != null ? narrow.length : wide.length;
    }

    int get(int i) {
        char[] c = narrow;
        return c != null ? c[i] - 1 : wide[i];
    }

    void set(int i, int v) {
        char[] c = narrow;
        if (c != null && fits(v)) {
            c[i] = (char) (v + 1);
            return;
        }
        fit(v);
        wide[i] = v;
    }

    /** Widens now if {@code v} would not fit, so that storing it later never replaces the array. */
    void fit(int v) {
        if (narrow == null || fits(v)) return;
        int[] w = new int[narrow.length];
        for (int i = 0; i < w.length; i++) w[i] = narrow[i] - 1;
        wide = w;
        narrow = null;
    }

    boolean isNarrow() {
        return narrow != null;
    }

    RoundArray copy() {
        return copyOf(length());
    }

    /** A copy of the first {@code length} values, zero-filled (0, not −1) beyond this one's length. */
    RoundArray copyOf(int length) {
        if (narrow == null) return new RoundArray(null, Arrays.copyOf(wide, length));
        char[] c = Arrays.copyOf(narrow, length);
        if (length > narrow.length) Arrays.fill(c, narrow.length, length, (char) 1);
        return new RoundArray(c, null);
    }

    /** {@link System#arraycopy} from {@code src} (which may be this array) into this one. */
    void copy(RoundArray src, int from, int to, int count) {
        if (count <= 0) return;
        if (src.narrow == null) fit(Integer.MAX_VALUE);
        if (narrow != null) {
            System.arraycopy(src.narrow, from, narrow, to, count);
        } else if (src.narrow == null) {
            System.arraycopy(src.wide, from, wide, to, count);
        } else {
            for (int i = 0; i < count; i++) wide[to + i] = src.narrow[from + i] - 1;
        }
    }
}
