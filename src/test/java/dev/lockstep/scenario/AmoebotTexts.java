package dev.lockstep.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** Amoebot scenarios for the tests: random blobs of particles, corrected LME, a policy. */
final class AmoebotTexts {
    static final String[] POLICIES = {
        "{\"policy\": \"asynchronous\", \"activation\": 0.8, \"maxDuration\": 2}",
        "{\"policy\": \"asynchronous\", \"activation\": 0.5, \"maxDuration\": 3}",
        "{\"policy\": \"semi-synchronous\", \"activation\": 0.7}",
        "{\"policy\": \"synchronous\"}",
    };

    private AmoebotTexts() {}

    /**
     * n particles on distinct random cells of a (side × side) parallelogram of the lattice, drawn
     * from {@code layoutSeed}: with a small side a dense blob (connected), with a large one
     * scattered particles (often not), as [[q, r], ...].
     */
    static String randomCells(int n, int side, long layoutSeed) {
        Random r = new Random(layoutSeed);
        Set<List<Integer>> seen = new HashSet<>();
        List<List<Integer>> cells = new ArrayList<>();
        while (cells.size() < n) {
            List<Integer> c = List.of(r.nextInt(side), r.nextInt(side));
            if (seen.add(c)) cells.add(c);
        }
        StringBuilder sb = new StringBuilder("[");
        for (List<Integer> c : cells) sb.append(sb.length() > 1 ? ", " : "").append('[').append(c.get(0)).append(", ").append(c.get(1)).append(']');
        return sb.append(']').toString();
    }

    /** The scenario: {@code cells} is the value of "cells" (a list or a shape object). */
    static String scenario(String cells, long seed, int rounds, String policy, String locks, double move, int hold, int lockoutBound) {
        return "{\n  \"format\": \"lockstep-scenario/1\",\n  \"protocol\": \"lme\",\n"
                + "  \"params\": {\"K\": 8, \"variant\": \"corrected\"},\n"
                + "  \"seed\": " + seed + ",\n  \"rounds\": " + rounds + ",\n"
                + "  \"scheduler\": " + policy + ",\n"
                + "  \"application\": {\"kind\": \"amoebots\", \"cells\": " + cells + ", \"locks\": \"" + locks + "\", \"move\": " + move
                + ", \"hold\": " + hold + "},\n"
                + "  \"checks\": {\"lockoutBound\": " + lockoutBound + "}\n}\n";
    }
}
