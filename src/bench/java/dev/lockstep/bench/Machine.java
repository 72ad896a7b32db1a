package dev.lockstep.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The line that says where a figure was measured: CPU, cores, OS, Java, JavaFX and its renderer, display. */
final class Machine {
    private Machine() {}

    static String describe() {
        String cpu = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (Exception e) {
            // not Linux
        }
        String pipeline = "unknown";
        try {
            Class<?> gp = Class.forName("com.sun.prism.GraphicsPipeline");
            Object p = gp.getMethod("getPipeline").invoke(null);
            pipeline = p == null ? "none" : p.getClass().getSimpleName();
        } catch (ReflectiveOperationException | RuntimeException e) {
            // internal API unavailable
        }
        return String.format(Locale.ROOT, "machine: %s, %d cores, %s %s, Java %s, JavaFX %s, Prism pipeline %s, display %s",
                cpu, Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"), System.getProperty("os.arch"),
                System.getProperty("java.version"), System.getProperty("javafx.runtime.version"), pipeline,
                System.getenv().getOrDefault("DISPLAY", "(none)"));
    }
}
