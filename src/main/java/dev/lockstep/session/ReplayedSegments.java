package dev.lockstep.session;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * A history's dropped segments being read again: each one replayed from its checkpoint, the
 * rounds before the one read re-executed muted (about ten times faster than recording them) and
 * recorded from there on as far as reads go. A few stay open for the next reads (a narration
 * reads back from a moment, a breakpoint forward), the least recently read closed first.
 */
final class ReplayedSegments<E> {
    static final int OPEN = 4;

    /**
     * Segment {@code segment} recorded from its event {@code first} (the first of round {@code round})
     * on, {@code back} rounds before the round whose read opened it.
     */
    private record Open<E>(int segment, int round, int first, int back, SegmentReplay<E> recording) {
        int size() {
            return recording.events().size();
        }
    }

    private final LinkedHashMap<Integer, Open<E>> open = new LinkedHashMap<>(8, 0.75f, true);

    /**
     * Event {@code i} of the segment {@code k} that holds the events of rounds {@code from} (its
     * checkpoint's) to {@code to} (exclusive), up to event {@code end}: replayed from round
     * {@code round} (whose first event {@code firstOf} gives), or, when a read goes back before an
     * open replay, from further back. At most {@code budget} events stay open (but one segment always).
     */
    E get(SegmentSource<E> source, int k, int i, int from, int to, int round, IntUnaryOperator firstOf, int end, int budget) {
        Open<E> o = open.get(k);
        if (o == null) {
            o = new Open<>(k, round, firstOf.applyAsInt(round), 0, source.replay(from, round, to));
            open.put(k, o);
        } else if (i < o.first()) {
            // a read before an open replay (the narration reads back from a moment): again, from twice as many
            // rounds back each time, so a scan back over many rounds replays a few times, not once a round
            int back = Math.max(1, 2 * o.back());
            int start = Math.max(from, round - back);
            o = new Open<>(k, start, firstOf.applyAsInt(start), back, source.replay(from, start, to));
            open.put(k, o);
        }
        boolean grew = false;
        while (i >= o.first() + o.size()) {
            if (!o.recording().next()) throw differs(o, from, to, end);
            grew = true;
        }
        if (grew || open.size() > OPEN) close(budget);
        if (o.first() + o.size() > end || (o.recording().done() && o.first() + o.size() != end)) throw differs(o, from, to, end);
        return o.recording().events().get(i - o.first());
    }

    private static IllegalStateException differs(Open<?> o, int from, int to, int end) {
        return new IllegalStateException("replaying rounds " + o.round() + "–" + (to - 1) + " (from the checkpoint of round " + from
                + ") gave " + o.size() + " events where " + (end - o.first()) + " were recorded");
    }

    private void close(int budget) {
        long events = 0;
        for (Open<E> o : open.values()) events += o.size();
        Iterator<Map.Entry<Integer, Open<E>>> eldest = open.entrySet().iterator();
        while (open.size() > 1 && (open.size() > OPEN || events > budget)) {
            events -= eldest.next().getValue().size();
            eldest.remove();
        }
    }

    /** Open replays, for tests. */
    int open() {
        return open.size();
    }

    List<Integer> segments() {
        return List.copyOf(open.keySet());
    }
}
