package dev.lockstep.app.export;

import java.util.Arrays;

/**
 * Deterministic colour quantisation for GIF frames: the palette is the most frequent colours
 * (ties broken by colour value, never by hash order), and every other colour takes its nearest
 * palette colour. A frame of the view has few colours that matter (the palette of the visual
 * language, the ink, the paper) and many rare anti-aliasing shades, so the frequent colours are
 * exact and the shades land on near neighbours.
 */
final class Quantizer {
    /** The palette (0xRRGGBB), at most {@code max} entries. */
    final int[] palette;
    private final int[] colours;
    private final byte[] index;

    /** Builds the palette for {@code pixels[i]} where {@code use[i]} (all if use is null). */
    Quantizer(int[] pixels, boolean[] use, int max) {
        int n = 0;
        int[] sorted = new int[pixels.length];
        for (int i = 0; i < pixels.length; i++) if (use == null || use[i]) sorted[n++] = pixels[i] & 0xFFFFFF;
        Arrays.sort(sorted, 0, n);
        // distinct colours and their counts
        int distinct = 0;
        int[] counts = new int[n];
        for (int i = 0; i < n; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[distinct] = sorted[i];
                counts[distinct++] = 1;
            } else {
                counts[distinct - 1]++;
            }
        }
        colours = Arrays.copyOf(sorted, distinct);
        // most frequent first; equal counts by colour value (stable and machine-independent)
        long[] byCount = new long[distinct];
        for (int i = 0; i < distinct; i++) byCount[i] = ((long) (Integer.MAX_VALUE - counts[i]) << 24) | colours[i];
        Arrays.sort(byCount);
        int k = Math.min(max, distinct);
        palette = new int[Math.max(1, k)];
        for (int i = 0; i < k; i++) palette[i] = (int) (byCount[i] & 0xFFFFFF);
        index = new byte[distinct];
        for (int i = 0; i < distinct; i++) index[i] = (byte) nearest(colours[i]);
    }

    private int nearest(int rgb) {
        int r = rgb >> 16 & 0xFF;
        int g = rgb >> 8 & 0xFF;
        int b = rgb & 0xFF;
        int best = 0;
        int bestD = Integer.MAX_VALUE;
        for (int i = 0; i < palette.length; i++) {
            int p = palette[i];
            int dr = r - (p >> 16 & 0xFF);
            int dg = g - (p >> 8 & 0xFF);
            int db = b - (p & 0xFF);
            // weighted towards green, as the eye is
            int d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (d < bestD) {
                bestD = d;
                best = i;
                if (d == 0) break;
            }
        }
        return best;
    }

    /** The palette index of a colour that was among the pixels given. */
    int indexOf(int rgb) {
        int i = Arrays.binarySearch(colours, rgb & 0xFFFFFF);
        if (i < 0) throw new IllegalArgumentException("colour not in the quantised frame: " + Integer.toHexString(rgb));
        return index[i] & 0xFF;
    }
}
