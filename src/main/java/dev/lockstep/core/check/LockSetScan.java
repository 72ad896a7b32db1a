package dev.lockstep.core.check;

import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Workers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Reads the lock sets of many holders and hands every (holder, member) pair on in holder order,
 * as one thread reading them in turn would. With more than one worker the reading (the costly
 * part: a node state per neighbour) is shared out in ranges of holders, each into a buffer of
 * its own, and the buffers are handed on in range order, so the result does not depend on the
 * thread count.
 */
final class LockSetScan {
    /** Below this many holders a range is not worth a thread. */
    static final int GRAIN = 2048;

    /** Takes one member of one holder's lock set; returns false to stop the scan. */
    @FunctionalInterface
    interface Sink {
        boolean member(int holder, int member);
    }

    private LockSetScan() {}

    /** The lock sets of {@code holders[0..count)} (of nodes 0..count−1 when {@code holders} is null). */
    static void scan(Protocol<?> protocol, SystemView view, int[] holders, int count, Sink sink) {
        Workers workers = view.workers();
        if (workers.threads() == 1 || count < 2 * GRAIN) {
            Direct direct = new Direct(sink);
            for (int i = 0; i < count && !direct.stopped; i++) {
                direct.holder = holders == null ? i : holders[i];
                protocol.lockSet(direct.holder, view, direct);
            }
            return;
        }
        List<Chunk> chunks = new ArrayList<>();
        workers.forRange(count, GRAIN, (from, to) -> {
            Chunk c = new Chunk(from, to);
            for (int i = from; i < to; i++) {
                protocol.lockSet(holders == null ? i : holders[i], view, c);
                c.ends[i - from] = c.size;
            }
            synchronized (chunks) {
                chunks.add(c);
            }
        });
        chunks.sort(Comparator.comparingInt(c -> c.from));
        for (Chunk c : chunks) {
            int k = 0;
            for (int i = c.from; i < c.to; i++) {
                int holder = holders == null ? i : holders[i];
                for (int end = c.ends[i - c.from]; k < end; k++) if (!sink.member(holder, c.members[k])) return;
            }
        }
    }

    /** One thread: members go straight to the sink (one reused consumer, no lambda per holder). */
    private static final class Direct implements IntConsumer {
        private final Sink sink;
        int holder;
        boolean stopped;

        Direct(Sink sink) {
            this.sink = sink;
        }

        @Override
        public void accept(int member) {
            if (!stopped && !sink.member(holder, member)) stopped = true;
        }
    }

    /** The lock sets of a range of holders, one after another; {@code ends[i]} is where holder from+i's ends. */
    private static final class Chunk implements IntConsumer {
        final int from;
        final int to;
        final int[] ends;
        int[] members = new int[64];
        int size;

        Chunk(int from, int to) {
            this.from = from;
            this.to = to;
            this.ends = new int[to - from];
        }

        @Override
        public void accept(int member) {
            if (size == members.length) members = Arrays.copyOf(members, size * 2);
            members[size++] = member;
        }
    }
}
