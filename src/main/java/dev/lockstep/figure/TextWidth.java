package dev.lockstep.figure;

/**
 * Text advance widths of DejaVu Sans, the sans-serif face the window's labels are drawn in on
 * Linux, so the figures can size pills and name tags and place labels without any GUI toolkit
 * (and the same on every machine). Characters outside the table count as wide as "M" minus a bit:
 * a label may come out slightly roomy, never clipped.
 */
final class TextWidth {
    private TextWidth() {}

    /** Advances in thousandths of an em for ' ' .. '~'. */
    private static final short[] REGULAR = {
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
        1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838};

    private static final short[] BOLD = {
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
        1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
        500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838};

    /** The width of {@code text} in pixels at {@code size} pixels. */
    static double of(String text, double size, boolean bold) {
        short[] table = bold ? BOLD : REGULAR;
        long sum = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            sum += advance(c, table, bold);
        }
        return sum * size / 1000.0;
    }

    private static int advance(int c, short[] table, boolean bold) {
        if (c >= 32 && c <= 126) return table[c - 32];
        return switch (c) {
            case '⊥', '∅', '∈' -> bold ? 914 : 871;
            case '→', '←', '≠', '≤', '≥', '×' -> 838;
            case 'ℓ' -> bold ? 472 : 413;
            case '·' -> bold ? 380 : 318;
            case '—', '…' -> 1000;
            case '∪', '∩' -> bold ? 812 : 732;
            default -> c < 0x300 ? (bold ? 700 : 640) : 900;
        };
    }

    /**
     * The font's vertical centre: JavaFX centres text on the middle of ascent and descent
     * (DejaVu Sans: 0.928 and 0.236 em), so the baseline sits this many ems under the centre.
     */
    static final double BASELINE_BELOW_CENTRE = 0.346;
}
