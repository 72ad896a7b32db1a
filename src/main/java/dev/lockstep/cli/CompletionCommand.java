package dev.lockstep.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code completion}: a bash (and zsh) completion script for every command and option: {@code source <(lockstep completion)}. */
@Command(name = "completion", hidden = true, mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Print a bash/zsh completion script for lockstep; load it with source <(java -jar target/lockstep.jar completion) (zsh: after autoload -U +X bashcompinit && bashcompinit).")
final class CompletionCommand implements Callable<Integer> {
    private final Streams streams;

    @Spec
    CommandSpec spec;

    CompletionCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() {
        streams.out().print(AutoComplete.bash("lockstep", spec.parent().commandLine()));
        return ExitCode.OK;
    }
}
