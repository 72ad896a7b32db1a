package dev.lockstep.scenario;

import java.util.List;

/**
 * A scenario or trace file that cannot be used. Each problem is one line of the form
 * {@code file:line:column: $.json.path: what is wrong and what was expected}.
 */
public final class ScenarioException extends Exception {
    private final List<String> problems;

    public ScenarioException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public ScenarioException(String problem) {
        this(List.of(problem));
    }

    public List<String> problems() {
        return problems;
    }
}
