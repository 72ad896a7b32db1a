package dev.lockstep.bench;

import java.lang.management.ManagementFactory;

/** The used heap after full collections: what a benchmark's data structures keep alive. */
final class Heap {
    private Heap() {}

    static long used() {
        for (int i = 0; i < 3; i++) System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
