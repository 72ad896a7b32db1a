package dev.lockstep.scenario;

import java.util.Random;

/** Population-protocol scenarios on a moving unit disk, for the application layer's tests. */
public final class PopulationTexts {
    public static final String[] POLICIES = {
        "{\"policy\": \"synchronous\"}",
        "{\"policy\": \"semi-synchronous\", \"activation\": 0.6}",
        "{\"policy\": \"asynchronous\", \"activation\": 0.6, \"maxDuration\": 3}",
    };

    private PopulationTexts() {}

    /**
     * n nodes placed from {@code layoutSeed} in a square of side √n (about one node per unit
     * square, a unit disk of radius 1.5: some six neighbours each), corrected LME with Δ = n − 1
     * (no link is ever refused for want of a port), a random walk with probability {@code move},
     * and {@code application} as the application object's text.
     */
    public static String scenario(int n, long layoutSeed, long seed, int rounds, String policy, double move, String application) {
        Random r = new Random(layoutSeed);
        double side = Math.sqrt(n);
        StringBuilder nodes = new StringBuilder();
        for (int u = 0; u < n; u++) {
            nodes.append(u == 0 ? "" : ", ").append("{\"id\": \"n").append(u).append("\", \"x\": ")
                    .append(Math.round(r.nextDouble() * side * 100) / 100.0).append(", \"y\": ")
                    .append(Math.round(r.nextDouble() * side * 100) / 100.0).append('}');
        }
        return "{\n  \"format\": \"lockstep-scenario/1\",\n  \"protocol\": \"lme\",\n"
                + "  \"params\": {\"K\": 8, \"variant\": \"corrected\"},\n"
                + "  \"delta\": " + (n - 1) + ",\n  \"seed\": " + seed + ",\n  \"rounds\": " + rounds + ",\n"
                + "  \"scheduler\": " + policy + ",\n"
                + "  \"nodes\": [" + nodes + "],\n  \"unitDisk\": 1.5,\n"
                + (move > 0 ? "  \"mobility\": {\"kind\": \"random-walk\", \"move\": " + move + ", \"step\": 0.4},\n" : "")
                + "  \"application\": " + application + "\n}\n";
    }

    /** Exact majority with #A = ⌈n/2⌉ + 1 where possible. */
    public static String exact(int n, String locks, double interact, int hold) {
        int a = n / 2 + 1;
        return "{\"kind\": \"exact-majority\", \"initial\": {\"A\": " + a + ", \"B\": " + (n - a) + "}, \"locks\": \""
                + locks + "\", \"interact\": " + interact + ", \"hold\": " + hold + "}";
    }

    public static String approximate(int n, String locks, double interact, int hold) {
        int x = n / 2 + 1;
        return "{\"kind\": \"approximate-majority\", \"initial\": {\"x\": " + x + ", \"y\": " + (n - x) + "}, \"locks\": \""
                + locks + "\", \"interact\": " + interact + ", \"hold\": " + hold + "}";
    }
}
