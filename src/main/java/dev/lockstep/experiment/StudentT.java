package dev.lockstep.experiment;

/**
 * The 0.975 quantile of Student's t distribution, for two-sided 95 % confidence intervals of a
 * mean: {@code mean ± t(n−1) · sd / √n}. No statistics library is a dependency, and one quantile
 * needs none: the values are the standard table's (e.g. NIST/SEMATECH e-Handbook, Table 1.4.2.7.3;
 * checked against SciPy's {@code t.ppf(0.975, df)}). Between tabulated degrees of freedom the next
 * lower entry is used, which widens the interval slightly (by at most 1 %): conservative.
 */
final class StudentT {
    private static final double[] SMALL = {12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622,
        2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687,
        2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423}; // df 1..30
    private static final int[] LARGE_DF = {40, 50, 60, 80, 100, 120};
    private static final double[] LARGE = {2.0211, 2.0086, 2.0003, 1.9901, 1.9840, 1.9799};
    /** The normal distribution's 0.975 quantile, the limit as df grows (beyond 1000 within 0.1 %). */
    private static final double NORMAL = 1.9600;

    private StudentT() {}

    static double quantile975(int df) {
        if (df < 1) throw new IllegalArgumentException("degrees of freedom " + df);
        if (df <= SMALL.length) return SMALL[df - 1];
        if (df >= 1000) return NORMAL;
        double t = SMALL[SMALL.length - 1];
        for (int i = 0; i < LARGE_DF.length && LARGE_DF[i] <= df; i++) t = LARGE[i];
        return t;
    }
}
