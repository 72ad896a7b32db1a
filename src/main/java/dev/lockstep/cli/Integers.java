package dev.lockstep.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Integer option values and their ranges. A value out of range reads {@code expects an integer
 * between 0 and 2147483646, got "-5"}; {@link CommandErrors} puts the command and option in front.
 */
final class Integers {
    private Integers() {}

    static long parse(String value, long min, long max) {
        try {
            long x = Long.parseLong(value);
            if (x < min || x > max) throw new NumberFormatException();
            return x;
        } catch (NumberFormatException e) {
            throw new TypeConversionException("expects an integer" + (min == Long.MIN_VALUE ? "" : " between " + min + " and " + max)
                    + ", got \"" + value + "\"");
        }
    }

    /** A seed: any long. */
    static final class Seed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    /** A round, or a number of rounds: 0 to {@code Integer.MAX_VALUE - 1}. */
    static final class Round implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 0, Integer.MAX_VALUE - 1);
        }
    }

    /** A step (action executions begun): any non-negative long. */
    static final class Step implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, 0, Long.MAX_VALUE);
        }
    }

    /** Ports per node, Δ: 1 to the core's limit (the loader's range for "delta"). */
    static final class Delta implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 1, dev.lockstep.core.PortSet.MAX_DELTA);
        }
    }

    /** An export's width in pixels. */
    static final class Width implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 16, 7680);
        }
    }

    /** An export's height in pixels. */
    static final class Height implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 16, 4320);
        }
    }

    /** An animation's frames per second. */
    static final class Fps implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 1, 100);
        }
    }

    /** An animation's frames per step. */
    static final class FramesPerStep implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 1, 120);
        }
    }

    /** Worker threads of a sweep: 1 to 1024. */
    static final class Jobs implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 1, 1024);
        }
    }

    /** Worker threads of one simulation's rounds: at least 1. */
    static final class Threads implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 1, 1024);
        }
    }

    /** A bound such as a depth or a number of states or walks: 1 to {@code Integer.MAX_VALUE}. */
    static final class Positive implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 1, Integer.MAX_VALUE);
        }
    }

    /** A bound the explorer counts in a byte per node or state: 0 to 127 (calls, topology changes). */
    static final class Bound implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) parse(value, 0, 127);
        }
    }
}
