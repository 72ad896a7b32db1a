package dev.lockstep.cli;

import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TraceReplay;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code replay TRACE}: re-runs a trace's recorded choices and checks that it reproduces byte for
 * byte. {@code replay SESSION} (a counterexample written by {@code check --out}): re-runs the
 * session to its round and checks that it reports the violations recorded in it.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Re-run a trace's recorded adversary choices and verify it reproduces byte for byte (exit 1 if it diverges)."
                + " Given a counterexample session written by 'check --out', re-run it to its round and verify it reports the recorded violations.")
final class ReplayCommand implements Callable<Integer> {
    /** A session file is one line; a pretty-printed one is recognised if it is no larger than this. */
    private static final long WHOLE_FILE_LIMIT = 64L << 20;

    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "TRACE", description = "the trace file (JSON lines), or a session file written by check --out")
    List<String> files = new ArrayList<>();

    ReplayCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, ScenarioException {
        if (files.size() != 1) throw new UsageException("replay: expected one trace file");
        Path file = Path.of(files.get(0));
        if (kind(file) == FileKind.SESSION) return replaySession(file);
        TraceReplay.Result r = TraceReplay.verify(file);
        if (r.identical()) {
            streams.out().printf("trace reproduced exactly: %d records, %d rounds%n", r.lines(), r.simulation().round());
            return ExitCode.OK;
        }
        streams.out().printf("trace diverges at line %d%n  in file:  %s%n  replayed: %s%n", r.differingLine(),
                r.expected() == null ? "(end of file)" : r.expected(), r.actual() == null ? "(end of replay)" : r.actual());
        return ExitCode.VIOLATION;
    }

    private int replaySession(Path file) throws ScenarioException {
        SessionReplay.Result r = SessionReplay.verify(file);
        if (r.identical()) {
            streams.out().printf("session reproduced exactly: round %d, %d violation%s as recorded%n", r.round(), r.recorded().size(),
                    r.recorded().size() == 1 ? "" : "s");
            return ExitCode.OK;
        }
        int i = r.firstDifference();
        streams.out().printf("session diverges at its violation %d (replayed to round %d)%n  in file:  %s%n  replayed: %s%n", i + 1,
                r.round(), i < r.recorded().size() ? r.recorded().get(i) : "(no more violations)",
                i < r.replayed().size() ? r.replayed().get(i) : "(no more violations)");
        return ExitCode.VIOLATION;
    }

    /** The file's declared kind, from its first line (a trace's header, a session on one line), else its whole text. */
    private static FileKind kind(Path file) throws ScenarioException {
        String first;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            first = in.readLine();
        } catch (IOException e) {
            return null; // the trace reader reports what is wrong with the file
        }
        FileKind k = first == null ? null : FileKind.of(first);
        try {
            if (k == null && Files.size(file) <= WHOLE_FILE_LIMIT) k = FileKind.of(file);
        } catch (IOException e) {
            return null;
        }
        return k;
    }
}
