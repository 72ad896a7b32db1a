package dev.lockstep.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time of JavaFX's two threads: the application thread (stepping, updating and recording the
 * canvas commands) and the renderer (rasterising them, in software under Xvfb). Per frame, these
 * say more than frames per second on a machine shared with other jobs, where the threads wait for
 * a core as long as they run.
 */
final class ThreadCpu {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private ThreadCpu() {}

    /** Nanoseconds of CPU used so far by the calling thread (call it on the FX thread). */
    static long fx() {
        return MX.getCurrentThreadCpuTime();
    }

    /** Nanoseconds of CPU used so far by JavaFX's renderer thread, or 0 if there is none. */
    static long renderer() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("QuantumRenderer")) {
                long ns = MX.getThreadCpuTime(t.getId());
                return Math.max(0, ns);
            }
        }
        return 0;
    }

    /**
     * Bytes allocated so far by the calling thread and the live threads of every {@link
     * dev.lockstep.core.Workers} (HotSpot's per-thread count, TLABs included), or -1 where the JVM
     * does not count them. A worker made after a first reading counts whole in the second, as it should.
     */
    static long allocated() {
        if (!(MX instanceof com.sun.management.ThreadMXBean hot) || !hot.isThreadAllocatedMemorySupported()
                || !hot.isThreadAllocatedMemoryEnabled()) {
            return -1;
        }
        long sum = Math.max(0, hot.getThreadAllocatedBytes(Thread.currentThread().getId()));
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("lockstep-worker-")) sum += Math.max(0, hot.getThreadAllocatedBytes(t.getId()));
        }
        return sum;
    }

    /** Nanoseconds of CPU used so far by the live threads of every {@link dev.lockstep.core.Workers}. */
    static long workers() {
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("lockstep-worker-")) sum += Math.max(0, MX.getThreadCpuTime(t.getId()));
        }
        return sum;
    }
}
