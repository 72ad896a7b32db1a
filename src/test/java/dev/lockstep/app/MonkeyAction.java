package dev.lockstep.app;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * One thing a person does to the window, as text ("drag 3 250 700"): a name and whole-number
 * arguments. Arguments never name state (a node is an index taken modulo the node count when the
 * action runs, a place is per mille of the graph view), so a printed list of actions can be run
 * again, shortened, or pasted into a regression test.
 */
record MonkeyAction(String name, int... args) {

    /** The actions, with how often the monkey picks each and the ranges of its arguments. */
    enum Kind {
        STEP("step", 10), ACTION("action", 6), BACK("back", 4), BACK_ROUND("backRound", 3), HOME("home", 1), END("end", 3),
        TOPOLOGY_BACK("pageUp", 1), TOPOLOGY_FORWARD("pageDown", 1), PLAY("play", 4, 1, 8),
        DRAG("drag", 6, 0, 64, 50, 950, 50, 950), LINK("link", 5, 0, 64, 0, 64, 0, 2), SHIFT_LINK("shiftLink", 1, 0, 64, 0, 64),
        CUT("cut", 4, 0, 64), STROKE("stroke", 2, 50, 950, 50, 950, 50, 950, 50, 950),
        ADD("add", 1, 50, 950, 50, 950, 0, 2), DELETE("delete", 1, 0, 64, 0, 2), LOCK("lock", 3, 0, 64), UNLOCK("unlock", 1, 0, 64),
        MANUAL("manual", 2), CHOOSE("choose", 7, 0, 64, 0, 64), ROW("row", 3, 0, 64, -1, 8), TOKEN("token", 2, 0, 64),
        JUMP("jump", 4, 0, 1000), GOTO("goto", 2, 0, 120), BRANCH("branch", 2, 0, 8), EXPORT("export", 1, 0, 3),
        RESET("reset", 1), POLICY("policy", 1, 0, 8), WORKLOAD("workload", 1), DELTA("delta", 1, 0, 2, 0, 2),
        LECTURE("lecture", 1), SELECT("select", 2, 0, 64), ESCAPE("esc", 1), ZOOM("zoom", 1, -4, 5), MENU("menu", 3, 0, 64),
        TAB("tab", 1, 0, 8);

        final String text;
        final int weight;
        /** Pairs of bounds, lower inclusive, upper exclusive. */
        final int[] ranges;

        Kind(String text, int weight, int... ranges) {
            this.text = text;
            this.weight = weight;
            this.ranges = ranges;
        }

        static Kind of(String text) {
            for (Kind k : values()) if (k.text.equals(text)) return k;
            throw new IllegalArgumentException("no monkey action \"" + text + "\"");
        }
    }

    Kind kind() {
        return Kind.of(name);
    }

    int arg(int i) {
        return args[i];
    }

    /** A random action: the sequence is a function of the generator's seed only. */
    static MonkeyAction random(Random r) {
        int total = 0;
        for (Kind k : Kind.values()) total += k.weight;
        int pick = r.nextInt(total);
        Kind chosen = null;
        for (Kind k : Kind.values()) {
            pick -= k.weight;
            if (pick < 0) {
                chosen = k;
                break;
            }
        }
        int[] a = new int[chosen.ranges.length / 2];
        for (int i = 0; i < a.length; i++) a[i] = chosen.ranges[2 * i] + r.nextInt(chosen.ranges[2 * i + 1] - chosen.ranges[2 * i]);
        return new MonkeyAction(chosen.text, a);
    }

    static List<MonkeyAction> random(long seed, int count) {
        Random r = new Random(seed);
        List<MonkeyAction> out = new ArrayList<>();
        for (int i = 0; i < count; i++) out.add(random(r));
        return out;
    }

    static MonkeyAction parse(String text) {
        String[] parts = text.trim().split("\\s+");
        Kind k = Kind.of(parts[0]);
        int[] a = new int[parts.length - 1];
        for (int i = 0; i < a.length; i++) a[i] = Integer.parseInt(parts[i + 1]);
        if (a.length != k.ranges.length / 2) throw new IllegalArgumentException("\"" + text + "\": " + k.text + " takes " + k.ranges.length / 2 + " numbers");
        return new MonkeyAction(k.text, a);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(name);
        for (int a : args) b.append(' ').append(a);
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MonkeyAction m && m.name.equals(name) && Arrays.equals(m.args, args);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(args);
    }

    /** The list as Java string literals, ready to paste into {@code MonkeyRegressionTest}. */
    static String asJava(List<MonkeyAction> actions) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < actions.size(); i++) {
            b.append(i == 0 ? "" : ", ").append('"').append(actions.get(i)).append('"');
        }
        return b.toString();
    }
}
