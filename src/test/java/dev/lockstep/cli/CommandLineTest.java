package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.MainTest.Result;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** What picocli gives the command line: --version, generated help for every command, a completion script. */
class CommandLineTest {
    static Result run(String... args) {
        return MainTest.run(args);
    }

    /** The command tree as {@code lockstep} builds it. */
    static Map<String, CommandLine> commands() {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream());
        return new Main(sink, sink, false).commandLine(new CommandErrors(sink), new PrintWriter(sink)).getSubcommands();
    }

    @Test
    void versionPrintsOneLineAndExitsZero() {
        for (String[] args : new String[][] {{"--version"}, {"-V"}, {"run", "--version"}}) {
            Result r = run(args);
            assertEquals(ExitCode.OK, r.code(), r::toString);
            assertEquals("", r.err());
            assertEquals("lockstep " + Version.current() + "\n", r.out(), r::toString);
        }
        assertFalse(Version.current().isBlank());
    }

    @Test
    void everyCommandsHelpExitsZeroAndListsItsOptions() {
        Map<String, CommandLine> commands = commands();
        assertEquals(java.util.Set.of("run", "check", "replay", "shiviz", "export", "gui", "import-dgs", "export-dgs", "sweep", "sweep-merge", "plot", "help", "completion"), commands.keySet());
        for (Map.Entry<String, CommandLine> c : commands.entrySet()) {
            Result r = run(c.getKey(), "--help");
            assertEquals(ExitCode.OK, r.code(), r::toString);
            assertEquals("", r.err(), r::toString);
            assertTrue(r.out().contains("Usage: lockstep " + c.getKey()), r::toString);
            for (OptionSpec o : c.getValue().getCommandSpec().options()) {
                for (String name : o.names()) assertTrue(r.out().contains(name), () -> c.getKey() + " --help lists " + name + ":\n" + r.out());
            }
            if (!c.getKey().equals("help")) assertEquals(r.out(), run("help", c.getKey()).out(), "help COMMAND is COMMAND --help");
        }
    }

    @Test
    void theGeneralHelpListsEveryVisibleCommandWithItsSynopsisAndTheExitCodes() {
        Result r = run("help");
        for (Map.Entry<String, CommandLine> c : commands().entrySet()) {
            boolean hidden = c.getValue().getCommandSpec().usageMessage().hidden();
            assertEquals(!hidden, r.out().contains("\n  " + c.getKey() + " "), c.getKey() + ":\n" + r.out());
        }
        assertTrue(r.out().contains("\n  shiviz TRACE|SCENARIO [-o FILE] [--seed N] [--rounds N]\n"), r.out());
        assertTrue(r.out().contains("\n  replay TRACE\n"), r.out());
        for (int code : new int[] {ExitCode.OK, ExitCode.VIOLATION, ExitCode.BAD_INPUT, ExitCode.INTERNAL_ERROR}) {
            assertTrue(r.out().contains("\n  " + code + "   " + ExitCode.descriptions().get(String.valueOf(code)) + "\n"), r.out());
        }
        assertFalse(r.out().contains("bench"), "the benchmarks have their own entry point");
    }

    @Test
    void completionPrintsABashScriptForEveryCommandAndOption() {
        Result r = run("completion");
        assertEquals(ExitCode.OK, r.code(), r::toString);
        assertEquals("", r.err());
        String script = r.out();
        assertTrue(script.startsWith("#!/usr/bin/env bash"), script);
        assertTrue(script.contains("complete -F _complete_lockstep") || script.contains("-F _complete_lockstep lockstep"), script);
        for (String command : new String[] {"run", "replay", "shiviz", "export", "gui", "help"}) {
            assertTrue(script.contains(command), command);
        }
        for (String option : new String[] {"--seed", "--rounds", "--until", "--shiviz", "--trace", "--format", "--frames-per-step", "--screenshot"}) {
            assertTrue(script.contains(option), option);
        }
    }

    @Test
    void optionsKeepTheirOrderAndTheLastValueWins() {
        Result r = run("run", "sample-runs/ring-8.json", "--seed", "1", "--seed", "8", "--json");
        assertEquals(run("run", "sample-runs/ring-8.json", "--seed", "8", "--json").out(), r.out(), "--seed 1 --seed 8 is --seed 8");
        Result flag = run("run", "sample-runs/ring-8.json", "--json=true");
        assertEquals(ExitCode.BAD_INPUT, flag.code());
        assertEquals("lockstep: run: unknown option --json=true\nsee 'lockstep run --help'\n", flag.err());
        Result top = run("help", "frobnicate");
        assertEquals(ExitCode.BAD_INPUT, top.code(), top::toString);
        assertTrue(top.err().endsWith("\nsee 'lockstep --help'\n"), top::toString);
    }
}
