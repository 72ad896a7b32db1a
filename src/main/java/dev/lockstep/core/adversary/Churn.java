package dev.lockstep.core.adversary;

/**
 * Random topology changes in rounds 1 ≤ r < {@code until}: every present edge is cut with
 * probability {@code cut}; every absent base edge (an initial edge, or a pair within the unit-disk
 * radius) whose ends both have an open port is linked with probability {@code link}.
 */
public record Churn(double cut, double link, int until) {
    public boolean activeIn(int round) {
        return round >= 1 && round < until;
    }
}
