package dev.lockstep.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version the jar's manifest records (Maven's project version). */
final class Version implements IVersionProvider {
    /** The version, or a note when the classes do not come from the jar (an IDE, the tests). */
    static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "(development build, not from the jar)" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"lockstep " + current()};
    }
}
