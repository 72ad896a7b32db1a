package dev.lockstep.io;

/**
 * The version the running jar records (its manifest's {@code Implementation-Version}), shown by
 * {@code --version}, the window's About box and the benchmarks, so a report or a screenshot says
 * which build made it.
 */
public final class JarVersion {
    private JarVersion() {}

    /** The version, or a note when the classes do not come from the jar (an IDE, the tests). */
    public static String current() {
        String v = JarVersion.class.getPackage().getImplementationVersion();
        return v == null ? "(development build, not from the jar)" : v;
    }
}
