package dev.lockstep.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import javax.management.ObjectName;

/** The used heap after full collections: what a benchmark's data structures keep alive. */
final class Heap {
    private Heap() {}

    static long used() {
        for (int i = 0; i < 3; i++) System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * The JVM's class histogram of the live heap ({@code jcmd PID GC.class_histogram}), its
     * {@code top} largest classes with their bytes per node: where a run's memory goes.
     */
    static void histogram(String title, int top, int nodes, PrintWriter out) {
        String text;
        try {
            text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
        } catch (Exception e) {
            out.println("no class histogram: " + e);
            return;
        }
        out.printf(Locale.ROOT, "live heap %s:%n%10s %14s %11s  %s%n", title, "instances", "bytes", "bytes/node", "class");
        int shown = 0;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            // rows read "rank: instances bytes class (module)"; the last reads "Total instances bytes"
            boolean row = f.length >= 4 && f[0].endsWith(":");
            boolean total = f.length >= 3 && f[0].equals("Total");
            if (!(row && shown < top) && !total) continue;
            long instances = Long.parseLong(f[1]);
            long bytes = Long.parseLong(f[2]);
            out.printf(Locale.ROOT, "%10d %14d %11.1f  %s%n", instances, bytes, (double) bytes / nodes, total ? "(total)" : f[3]);
            if (row) shown++;
        }
        out.flush();
    }
}
