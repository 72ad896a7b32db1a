package dev.lockstep.core;

import java.util.Arrays;

/** Sorting the few node ids a unit disk's questions find. */
public final class FewInts {
    private FewInts() {}

    /**
     * Sorts a[0..k) ascending: by insertion while k is a unit disk's few nodes, where a library
     * sort's set-up dominates, else by {@link Arrays#sort(int[], int, int)}.
     */
    public static void sort(int[] a, int k) {
        if (k > 32) {
            Arrays.sort(a, 0, k);
            return;
        }
        for (int i = 1; i < k; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= 0 && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }
}
