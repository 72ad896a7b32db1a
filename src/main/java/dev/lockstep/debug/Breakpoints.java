package dev.lockstep.debug;

import dev.lockstep.core.SystemView;
import dev.lockstep.session.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An ordered list of breakpoint conditions, each enabled or not. After every step of a run the
 * events the step added are handed to {@link #firstHit}: the first event (in order) after which
 * an enabled condition holds is where the run stops.
 */
public final class Breakpoints {
    /** A breakpoint that holds: its position in the list, its condition and the event after which it holds. */
    public record Hit(int index, Condition condition, History.Event event) {}

    /** One breakpoint. */
    public record Entry(Condition condition, boolean enabled) {}

    private final List<Entry> entries = new ArrayList<>();

    /** Adds an enabled condition at the end; returns its index. */
    public int add(Condition c) {
        return add(c, true);
    }

    /** Adds a condition at the end; returns its index. */
    public int add(Condition c, boolean enabled) {
        if (c == null) throw new IllegalArgumentException("no condition");
        entries.add(new Entry(c, enabled));
        return entries.size() - 1;
    }

    public void remove(int index) {
        entries.remove(index);
    }

    /** Flips whether the condition at {@code index} is enabled. */
    public void toggle(int index) {
        setEnabled(index, !enabled(index));
    }

    public void setEnabled(int index, boolean on) {
        entries.set(index, new Entry(entries.get(index).condition(), on));
    }

    public boolean enabled(int index) {
        return entries.get(index).enabled();
    }

    public Condition condition(int index) {
        return entries.get(index).condition();
    }

    public int size() {
        return entries.size();
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Whether some breakpoint is enabled. */
    public boolean anyEnabled() {
        for (Entry e : entries) if (e.enabled()) return true;
        return false;
    }

    public void clear() {
        entries.clear();
    }

    /** The breakpoints in order. */
    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    /**
     * The first event of {@code newEvents} (in order) after which an enabled condition holds, with
     * the first such condition; {@code view} is the configuration after the step that produced
     * the events.
     */
    public Optional<Hit> firstHit(List<History.Event> newEvents, SystemView view) {
        if (!anyEnabled()) return Optional.empty();
        for (History.Event e : newEvents) {
            for (int i = 0; i < entries.size(); i++) {
                Entry b = entries.get(i);
                if (b.enabled() && b.condition().holdsAfter(e, view)) return Optional.of(new Hit(i, b.condition(), e));
            }
        }
        return Optional.empty();
    }
}
