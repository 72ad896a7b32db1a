package dev.lockstep.figure;

/**
 * Numbers as the figures write them: at most two decimals, a point as the separator, no
 * exponent, no trailing zeros and no "-0", whatever the default locale, so the same moment gives
 * the same bytes everywhere.
 */
final class Decimals {
    private Decimals() {}

    static String of(double x) {
        if (!Double.isFinite(x)) throw new IllegalArgumentException("not a finite coordinate: " + x);
        long hundredths = Math.round(x * 100);
        if (hundredths == 0) return "0";
        StringBuilder sb = new StringBuilder();
        if (hundredths < 0) sb.append('-');
        long a = Math.abs(hundredths);
        sb.append(a / 100);
        long frac = a % 100;
        if (frac != 0) {
            sb.append('.').append(frac / 10);
            if (frac % 10 != 0) sb.append(frac % 10);
        }
        return sb.toString();
    }
}
