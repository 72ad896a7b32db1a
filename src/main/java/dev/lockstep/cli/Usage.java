package dev.lockstep.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The generated usage texts in the project's style: a synopsis reads like a command line,
 * {@code run SCENARIO [--seed N] [--rounds N] ...} (the file first, each option with its value, in
 * the order declared), and the general help lists every command with its synopsis and description.
 */
final class Usage {
    private static final int INDENT = 6;

    private Usage() {}

    /** Installs the synopsis renderer on every subcommand and the command list on {@code root}. */
    static void install(CommandLine root) {
        root.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, Usage::commandList);
        for (CommandLine sub : root.getSubcommands().values()) {
            // options in the order declared (the synopsis's), a blank line between the sections
            sub.getCommandSpec().usageMessage().sortOptions(false);
            if (!(sub.getCommand() instanceof CommandLine.HelpCommand)) {
                sub.getCommandSpec().usageMessage().descriptionHeading("%n").parameterListHeading("%n");
            }
            sub.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS,
                    help -> wrap(units(help.commandSpec(), help.commandSpec().qualifiedName()), help.commandSpec().usageMessage().width(),
                            help.synopsisHeadingLength(), INDENT) + "\n");
        }
    }

    /** The pieces of a synopsis: the name, the positional parameters, then each option with its value. */
    static List<String> units(CommandSpec spec, String name) {
        List<String> units = new ArrayList<>(List.of(name));
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) units.add(p.hideParamSyntax() || p.arity().min() > 0 ? p.paramLabel() : "[" + p.paramLabel() + "]");
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden() || o.usageHelp() || o.versionHelp()) continue;
            String value = o.arity().max() > 0 ? " " + o.paramLabel() : "";
            units.add("[" + o.names()[0] + value + "]" + (o.isMultiValue() ? "..." : ""));
        }
        return units;
    }

    /** Every visible command: its synopsis, then its description indented below. */
    private static String commandList(Help help) {
        StringBuilder sb = new StringBuilder();
        int width = help.commandSpec().usageMessage().width();
        for (Map.Entry<String, CommandLine> e : help.commandSpec().subcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            if (sub.usageMessage().hidden() || !e.getKey().equals(sub.name())) continue;
            sb.append("  ").append(wrap(units(sub, sub.name()), width, 2, INDENT)).append('\n');
            String[] summary = sub.usageMessage().header().length > 0 ? sub.usageMessage().header() : sub.usageMessage().description();
            List<String> words = List.of(String.join(" ", summary).replace("%n", " ").strip().split(" +"));
            sb.append(" ".repeat(INDENT)).append(wrap(words, width, INDENT, INDENT)).append('\n');
        }
        return sb.toString();
    }

    /** Pieces joined by spaces into lines of at most {@code width} (when they fit), the first starting at {@code column}. */
    static String wrap(List<String> pieces, int width, int column, int indent) {
        StringBuilder sb = new StringBuilder();
        int at = column;
        for (String p : pieces) {
            if (sb.length() > 0) {
                if (at + 1 + p.length() > width) {
                    sb.append('\n').append(" ".repeat(indent));
                    at = indent;
                } else {
                    sb.append(' ');
                    at++;
                }
            }
            sb.append(p);
            at += p.length();
        }
        return sb.toString();
    }
}
