package dev.lockstep.cli;

import dev.lockstep.io.JarVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version the jar's manifest records (Maven's project version). */
final class Version implements IVersionProvider {
    static String current() {
        return JarVersion.current();
    }

    @Override
    public String[] getVersion() {
        return new String[] {"lockstep " + current()};
    }
}
