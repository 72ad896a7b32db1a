package dev.lockstep.app.experiments;

/**
 * The running mean and sample standard deviation (n − 1) of a measure, by Welford's update: one
 * pass, no stored values, and no loss of precision from subtracting large sums.
 */
public final class RunningStat {
    private int n;
    private double mean;
    private double m2;

    public void add(double x) {
        n++;
        double d = x - mean;
        mean += d / n;
        m2 += d * (x - mean);
    }

    public int n() {
        return n;
    }

    /** The mean, NaN without values. */
    public double mean() {
        return n == 0 ? Double.NaN : mean;
    }

    /** The sample standard deviation, NaN below two values (as summary.csv leaves it empty). */
    public double sd() {
        return n < 2 ? Double.NaN : Math.sqrt(m2 / (n - 1));
    }
}
