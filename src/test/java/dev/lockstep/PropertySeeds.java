package dev.lockstep;

import java.lang.reflect.Method;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Example;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyAttributes;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * The seed of every jqwik property in the suite, so that `mvn verify` fails only on a change of the
 * code, never on a draw (issue 9). Registered for all properties through
 * META-INF/services/net.jqwik.api.lifecycle.LifecycleHook, so no @Property needs editing.
 *
 * <p>By default a property draws from a seed made of its class and method name (String.hashCode is
 * specified, so the seed is the same on every JVM), unless it declares a seed of its own; a failure
 * that jqwik stored in .jqwik-database is not replayed, so what ran before cannot change what runs.
 * With {@code -Dlockstep.explore=N} (the {@code explore} profile) every property draws a fresh
 * random seed and runs N times its tries: the search for new counterexamples, kept out of CI.
 */
public final class PropertySeeds implements AroundPropertyHook {
    static final String EXPLORE = "lockstep.explore";
    /** jqwik's tries for a @Property that names none (jqwik.tries.default is not set here). */
    static final int JQWIK_DEFAULT_TRIES = 1000;

    /** Registered once, on the engine's root: without this, jqwik would apply it to the root alone. */
    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        configure(context.attributes(), context.containerClass(), context.targetMethod(), exploreFactor());
        return property.execute();
    }

    /** The tries multiplier asked for with -Dlockstep.explore=N; 0 for the deterministic default. */
    static int exploreFactor() {
        String value = System.getProperty(EXPLORE, "").strip();
        if (value.isEmpty() || value.equals("false") || value.equals("0")) return 0;
        if (value.equals("true")) return 10;
        try {
            int n = Integer.parseInt(value);
            if (n > 0) return n;
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("-D" + EXPLORE + " must be a positive number of times the tries, or true (10): " + value);
    }

    static void configure(PropertyAttributes attributes, Class<?> container, Method method, int exploreFactor) {
        if (exploreFactor == 0) {
            if (attributes.seed().filter(s -> !s.isEmpty()).isEmpty()) attributes.setSeed(seedFor(container, method));
            // with a fixed seed, RANDOM_SEED only means: ignore the failure stored in the database
            // (SAMPLE_FIRST would try that sample first, and it may come from an explore run)
            attributes.setAfterFailure(AfterFailureMode.RANDOM_SEED);
            return;
        }
        attributes.setSeed(""); // jqwik draws a random one and prints it with any failure
        // an example runs once by definition; a property runs N times as often
        if (!method.isAnnotationPresent(Example.class)) {
            int tries = attributes.tries().orElse(JQWIK_DEFAULT_TRIES);
            attributes.setTries((int) Math.min(Integer.MAX_VALUE, (long) tries * exploreFactor));
        }
    }

    /** A stable seed for one property: the same for the same class and method name on any JVM. */
    static String seedFor(Class<?> container, Method method) {
        long high = container.getName().hashCode();
        long low = method.getName().hashCode() & 0xFFFF_FFFFL;
        return Long.toString(high << 32 | low);
    }
}
