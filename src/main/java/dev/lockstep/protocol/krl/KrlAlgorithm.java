package dev.lockstep.protocol.krl;

import static dev.lockstep.protocol.krl.KrlModules.F_LINK_UP;
import static dev.lockstep.protocol.krl.KrlModules.F_PICK;
import static dev.lockstep.protocol.krl.KrlModules.F_RELEASE_CS;
import static dev.lockstep.protocol.krl.KrlModules.F_TOKEN;
import static dev.lockstep.protocol.krl.KrlModules.FORWARD_REQUEST;
import static dev.lockstep.protocol.krl.KrlModules.GIVE_TOKEN;
import static dev.lockstep.protocol.krl.KrlModules.LINK_DOWN;
import static dev.lockstep.protocol.krl.KrlModules.LINK_INFO;
import static dev.lockstep.protocol.krl.KrlModules.LINK_UP;
import static dev.lockstep.protocol.krl.KrlModules.LOWER;
import static dev.lockstep.protocol.krl.KrlModules.RAISE;
import static dev.lockstep.protocol.krl.KrlModules.RELEASE_CS;
import static dev.lockstep.protocol.krl.KrlModules.REQUEST;
import static dev.lockstep.protocol.krl.KrlModules.REQUEST_CS;
import static dev.lockstep.protocol.krl.KrlModules.TOKEN;

import dev.lockstep.core.Execution;
import dev.lockstep.protocol.krl.KrlMessages.LinkInfo;
import dev.lockstep.protocol.krl.KrlMessages.Request;
import dev.lockstep.protocol.krl.KrlMessages.Token;
import dev.lockstep.protocol.krl.KrlState.Status;

/**
 * The appendix's modules for one execution at node i, line by line ({@code // App., Module l. N},
 * numbering in {@link KrlModules}). Each module is atomic, as the appendix assumes; the link
 * events LinkDown/LinkUp are Lockstep's disconnection and connection detectors, handled at the
 * start of whatever execution the node runs next, failures first (a port cut and reused by a new
 * neighbour is first forgotten, then formed).
 */
final class KrlAlgorithm {
    private final KrlState s;
    private final Execution x;
    private final KrlTrace t;
    private final KrlVariant v;

    KrlAlgorithm(KrlState s, Execution x, KrlTrace t, KrlVariant v) {
        this.s = s;
        this.x = x;
        this.t = t;
        this.v = v;
    }

    /** The LinkDown and LinkUp inputs the detectors hold for this execution. */
    void links() {
        long failed = x.disconnected() & ~1L;
        for (long p = failed; p != 0; p &= p - 1) linkDown(Long.numberOfTrailingZeros(p));
        if (failed != 0) afterLinkDown();
        for (long p = x.connected() & ~1L; p != 0; p &= p - 1) linkUp(Long.numberOfTrailingZeros(p));
    }

    /** "When node i requests access to the CS". */
    void requestCS() {
        if (s.status != Status.REMAINDER) return;                 // well-formedness: one request at a time
        x.lockRequested();
        t.line(REQUEST_CS, 1, 2);
        s.status = Status.WAITING;                                // App., RequestCS l. 1
        s.enqueue(0);                                             // l. 2
        t.line(REQUEST_CS, 3);
        if (!s.tokenHolder) {                                     // l. 3
            t.line(REQUEST_CS, 4);
            if (s.q.size() == 1) forwardRequest();                // l. 4
        } else {
            t.line(REQUEST_CS, 5);
            giveTokenToNext();                                    // l. 5
        }
    }

    /** "When node i releases the CS" (KRL), or its KRLF replacement. */
    void releaseCS() {
        if (s.status != Status.CRITICAL) return;                  // well-formedness: release only from the CS
        x.unlockRequested();
        if (v.forwarding()) {
            t.line(F_RELEASE_CS, 1);
            if (!s.q.isEmpty()) giveTokenToNext();                // App., F ReleaseCS l. 1
            else {
                t.line(F_RELEASE_CS, 2, 3);
                pickLowestAndForwardToken();                      // F l. 2-3
            }
            t.line(F_RELEASE_CS, 6);
            s.status = Status.REMAINDER;                          // F l. 6
        } else {
            t.line(RELEASE_CS, 1);
            if (!s.q.isEmpty()) giveTokenToNext();                // App., ReleaseCS l. 1
            t.line(RELEASE_CS, 2, 3);
            s.status = Status.REMAINDER;                          // l. 2
            // l. 3. Corrected: only a token holder lowers itself. As printed, a node that has just
            // given its last token away and has no incoming link lowers below all its neighbours:
            // a sink without a token, which requests can no longer leave (README).
            if ((v.paper() || s.tokenHolder) && s.higherThanAll()) {
                t.line(RELEASE_CS, 4);
                lowerHeight();                                    // l. 4
            }
        }
        x.unlockCompleted();
    }

    /** "When Request(h) received at node i from node j". */
    void onRequest(int j, HeightTriple h) {
        t.line(REQUEST, 1);
        if (s.receivedLI(j)) {                                    // App., Request l. 1
            t.line(REQUEST, 2);
            s.height[j] = h;                                      // l. 2
        }
        t.line(REQUEST, 3);
        if (s.height[j] != null && s.myHeight.below(s.height[j])) s.enqueue(j); // l. 3
        t.line(REQUEST, 4);
        if (s.tokenHolder) {                                      // l. 4
            t.line(REQUEST, 5);
            if (!s.q.isEmpty() && (s.status == Status.REMAINDER
                    || (s.status == Status.CRITICAL && s.numTokens > 1))) { // l. 5
                t.line(REQUEST, 6);
                giveTokenToNext();                                // l. 6
            }
        } else {
            t.line(REQUEST, 7, 8);
            if (s.lowerThanAll()) {                               // l. 8
                t.line(REQUEST, 9);
                raiseHeight();                                    // l. 9
            } else {
                t.line(REQUEST, 10);
                boolean onlyJ = s.q.size() == 1 && s.q.get(0) == j;
                if (onlyJ || (!s.q.isEmpty() && nextIsHigher())) { // l. 10
                    t.line(REQUEST, 11);
                    forwardRequest();                             // l. 11: reroute request
                }
            }
        }
    }

    /** "When Token(h) received at node i from node j" (KRL l. N, KRLF l. N + 1). */
    void onToken(int j, HeightTriple h) {
        int b = v.forwarding() ? F_TOKEN : TOKEN;
        int o = v.forwarding() ? 1 : 0;                           // KRLF's line numbers are one more
        if (v.forwarding()) {
            t.line(F_TOKEN, 1);
            s.visited |= 1L << j;                                 // App., F Token l. 1
        }
        t.line(b, 1 + o, 2 + o, 3 + o, 4 + o);
        s.tokenHolder = true;                                     // App., Token l. 1
        s.numTokens++;                                            // l. 2
        // l. 3. Corrected: not while i awaits j's LinkInfo (receivedLI[j] = false, as Request
        // l. 1 guards it): when tokens cross on a link, j's token would overwrite the height i
        // guessed for j (GiveTokenToNext l. 6), the handshake (LinkInfo l. 6) would never match,
        // and i would ignore j's heights for as long as the link lasts.
        if (v.paper() || s.receivedLI(j)) s.height[j] = h;
        HeightTriple lowered = new HeightTriple(h.h1(), h.h2() - 1, s.id());
        if (s.myHeight.above(h)) {                                // l. 4
            t.line(b, 5 + o, 6 + o, 7 + o);
            LinkInfo info = new LinkInfo(lowered);
            for (long p = s.n & ~(1L << j); p != 0; p &= p - 1) { // l. 5: outgoing k ∈ N except j
                int k = Long.numberOfTrailingZeros(p);
                // Corrected: every neighbour but j (see announceAll).
                if (announceAll() || (s.height[k] != null && s.height[k].below(s.myHeight))) x.send(k, info);
            }
            s.myHeight = lowered;                                 // l. 6-7: lower my height
            t.note("lowered its height to " + lowered);
        }
        t.line(b, 8 + o, 9 + o);
        x.send(j, new LinkInfo(lowered));                         // l. 8
        if (!v.paper() && !s.myHeight.equals(lowered)) {
            // Corrected: l. 8 is the handshake j waits for (its GiveTokenToNext l. 6 guessed
            // exactly this height), but i did not lower, so it is not i's height. The real one
            // follows; j records it, receivedLI[i] being true again (FIFO).
            x.send(j, new LinkInfo(s.myHeight));
            t.note("told " + s.who(j) + " its real height " + s.myHeight);
        }
        if (!s.q.isEmpty()) giveTokenToNext();                    // l. 9
        else if (v.forwarding()) {
            t.line(F_TOKEN, 11, 12);
            pickLowestAndForwardToken();                          // F l. 11-12
        } else {
            t.line(TOKEN, 10);
            s.next = 0;                                           // l. 10: next := i
        }
    }

    /** "When LinkInfo(h) received at node i from node j". */
    void onLinkInfo(int j, HeightTriple h) {
        t.line(LINK_INFO, 1, 2);
        s.n |= 1L << j;                                           // App., LinkInfo l. 1
        if ((s.forming & (1L << j)) != 0 && !s.myHeight.equals(s.formHeight[j])) { // l. 2
            t.line(LINK_INFO, 3);
            x.send(j, new LinkInfo(s.myHeight));                  // l. 3
        }
        t.line(LINK_INFO, 4, 5);
        s.forming &= ~(1L << j);                                  // l. 4
        if (s.receivedLI(j)) s.height[j] = h;                     // l. 5
        else {
            t.line(LINK_INFO, 6);
            if (h.equals(s.height[j])) s.awaitingLI &= ~(1L << j); // l. 6
        }
        t.line(LINK_INFO, 7, 8);
        if (s.height[j] != null && s.myHeight.above(s.height[j])) s.delete(j); // l. 7
        if (s.tokenHolder) {                                      // l. 8
            t.line(LINK_INFO, 9);
            if (s.higherThanAll()) {                              // l. 9
                t.line(LINK_INFO, 10);
                lowerHeight();                                    // l. 10
            }
        }
        t.line(LINK_INFO, 11);
        if (s.lowerThanAll() && !s.tokenHolder) {                 // l. 11
            t.line(LINK_INFO, 12);
            raiseHeight();                                        // l. 12
        } else {
            t.line(LINK_INFO, 13);
            if (!s.q.isEmpty() && nextIsHigher()) {               // l. 13
                t.line(LINK_INFO, 14);
                forwardRequest();                                 // l. 14: reroute request
            }
        }
    }

    /**
     * "When failure of link to j detected at node i", l. 1-3. Lockstep reuses ports, so the
     * port's other per-neighbour data (height, forming, visited, the neighbour's id) is forgotten.
     */
    private void linkDown(int j) {
        t.line(LINK_DOWN, 1, 2, 3);
        t.note("detected the failure of its link to " + s.who(j));
        s.n &= ~(1L << j);                                        // App., LinkDown l. 1
        s.delete(j);                                              // l. 2
        s.awaitingLI &= ~(1L << j);                               // l. 3: receivedLI[j] := true
        s.linked &= ~(1L << j);
        s.forming &= ~(1L << j);
        s.visited &= ~(1L << j);
        s.height[j] = null;
        s.formHeight[j] = null;
        s.peer[j] = -1;
    }

    /**
     * LinkDown l. 4-10, once for all the failures this execution found. Choice: failures the
     * detector reports together are one event, so no reroute goes into a link known to be dead.
     */
    private void afterLinkDown() {
        t.line(LINK_DOWN, 4);
        if (!s.tokenHolder) {                                     // l. 4
            t.line(LINK_DOWN, 5);
            if (s.lowerThanAll()) {                               // l. 5
                t.line(LINK_DOWN, 6);
                raiseHeight();                                    // l. 6: reroute request
            } else {
                t.line(LINK_DOWN, 7);
                if (!s.q.isEmpty() && !inN(s.next)) {             // l. 7
                    t.line(LINK_DOWN, 8);
                    forwardRequest();                             // l. 8
                }
            }
        } else {
            t.line(LINK_DOWN, 9);
            if (s.higherThanAll()) {                              // l. 9
                t.line(LINK_DOWN, 10);
                lowerHeight();                                    // l. 10
            }
        }
    }

    /** "When formation of link to j detected at node i" (KRLF adds l. 4). */
    void linkUp(int j) {
        int b = v.forwarding() ? F_LINK_UP : LINK_UP;
        t.line(b, 1, 2, 3);
        s.linked |= 1L << j;
        s.peer[j] = x.peerId(j);
        t.note("detected a new link to " + s.who(j));
        x.send(j, new LinkInfo(s.myHeight));                      // App., LinkUp l. 1
        s.forming |= 1L << j;                                     // l. 2
        s.formHeight[j] = s.myHeight;                             // l. 3
        if (v.forwarding()) {
            t.line(F_LINK_UP, 4);
            s.visited &= ~(1L << j);                              // F l. 4
        }
    }

    /** Procedure ForwardRequest(). Choice: with N = ∅ there is no one to ask; next := ⊥. */
    private void forwardRequest() {
        t.line(FORWARD_REQUEST, 1, 2);
        s.next = s.lowestNeighbour(s.n);                          // App., ForwardRequest l. 1
        if (s.next == KrlState.NONE) return;
        x.send(s.next, new Request(s.myHeight));                  // l. 2
        t.note("sent a Request to " + s.who(s.next));
    }

    /** Procedure GiveTokenToNext(). */
    private void giveTokenToNext() {
        t.line(GIVE_TOKEN, 1, 2);
        s.next = s.q.remove(0);                                   // App., GiveTokenToNext l. 1
        if (s.next != 0) {                                        // l. 2
            t.line(GIVE_TOKEN, 3, 4);
            s.numTokens--;                                        // l. 3
            if (s.numTokens == 0) {                               // l. 4
                t.line(GIVE_TOKEN, 5);
                s.tokenHolder = false;                            // l. 5
            }
            t.line(GIVE_TOKEN, 6, 7, 8, 9);
            s.height[s.next] = new HeightTriple(s.myHeight.h1(), s.myHeight.h2() - 1, s.peer[s.next]); // l. 6
            s.awaitingLI |= 1L << s.next;                         // l. 7: receivedLI[next] := false
            x.send(s.next, new Token(s.myHeight));                // l. 8
            t.note("sent a Token to " + s.who(s.next));
            if (s.numTokens == 0 && !s.q.isEmpty()) {             // l. 9
                t.line(GIVE_TOKEN, 10);
                x.send(s.next, new Request(s.myHeight));          // l. 10
                t.note("sent a Request after it to " + s.who(s.next));
            }
        } else {
            t.line(GIVE_TOKEN, 11, 12, 13);
            s.status = Status.CRITICAL;                           // l. 12
            x.lockAcquired();                                     // l. 13: Enter CS
            t.note("entered the critical section");
        }
    }

    /** Procedure RaiseHeight(): partial reversal (Gafni and Bertsekas). */
    private void raiseHeight() {
        t.line(RAISE, 1, 2, 3, 4, 5);
        int min = Integer.MAX_VALUE;
        for (long p = s.n; p != 0; p &= p - 1) min = Math.min(min, s.height[Long.numberOfTrailingZeros(p)].h1());
        int h1 = 1 + min;                                         // App., RaiseHeight l. 1
        int h2 = s.myHeight.h2();
        int minH2 = Integer.MAX_VALUE;                            // l. 2: S = {l ∈ N : height[l].h1 = h1}
        for (long p = s.n; p != 0; p &= p - 1) {
            HeightTriple h = s.height[Long.numberOfTrailingZeros(p)];
            if (h.h1() == h1) minH2 = Math.min(minH2, h.h2());
        }
        if (minH2 != Integer.MAX_VALUE) h2 = minH2 - 1;           // l. 3
        s.myHeight = new HeightTriple(h1, h2, s.id());
        t.note("raised its height to " + s.myHeight);
        LinkInfo info = new LinkInfo(s.myHeight);
        for (long p = s.n; p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), info); // l. 4
        for (long p = s.n; p != 0; p &= p - 1) {                  // l. 5
            int k = Long.numberOfTrailingZeros(p);
            if (s.myHeight.above(s.height[k])) s.delete(k);       // l. 6
        }
        t.line(RAISE, 7);
        if (!s.q.isEmpty()) forwardRequest();                     // l. 7
    }

    /** Procedure LowerHeight(): the reverse of partial reversal, so a token holder gets an incoming link. */
    private void lowerHeight() {
        t.line(LOWER, 1, 2, 3, 4);
        int max = Integer.MIN_VALUE;
        for (long p = s.n; p != 0; p &= p - 1) max = Math.max(max, s.height[Long.numberOfTrailingZeros(p)].h1());
        int h1 = max - 1;                                         // App., LowerHeight l. 1
        int h2 = s.myHeight.h2();
        int maxH2 = Integer.MIN_VALUE;                            // l. 2
        for (long p = s.n; p != 0; p &= p - 1) {
            HeightTriple h = s.height[Long.numberOfTrailingZeros(p)];
            if (h.h1() == h1) maxH2 = Math.max(maxH2, h.h2());
        }
        if (maxH2 != Integer.MIN_VALUE) h2 = maxH2 + 1;           // l. 3
        s.myHeight = new HeightTriple(h1, h2, s.id());
        t.note("lowered its height to " + s.myHeight);
        LinkInfo info = new LinkInfo(s.myHeight);
        for (long p = s.n; p != 0; p &= p - 1) {                  // l. 4: to all incoming k ∈ N
            int k = Long.numberOfTrailingZeros(p);
            if (announceAll() || s.height[k].above(s.myHeight)) x.send(k, info); // corrected: to all
        }
    }

    /** Procedure PickLowest&ForwardToken() (KRLF). Choice: with N = ∅ the token stays (next := i). */
    private void pickLowestAndForwardToken() {
        t.line(F_PICK, 1);
        if ((s.n & ~s.visited) == 0) {                            // App., F PickLowest l. 1
            t.line(F_PICK, 2);
            s.visited &= ~s.n;                                    // l. 2
        }
        t.line(F_PICK, 3);
        int l = s.lowestNeighbour(s.n & ~s.visited);              // l. 3
        if (l == KrlState.NONE) {
            s.next = 0;
            return;
        }
        t.line(F_PICK, 4, 5, 6);
        s.next = l;
        s.visited |= 1L << l;                                     // l. 4
        s.numTokens--;                                            // l. 5
        if (s.numTokens == 0) {                                   // l. 6
            t.line(F_PICK, 7);
            s.tokenHolder = false;                                // l. 7
        }
        t.line(F_PICK, 8, 9, 10);
        s.height[l] = new HeightTriple(s.myHeight.h1(), s.myHeight.h2() - 1, s.peer[l]); // l. 8
        s.awaitingLI |= 1L << l;                                  // l. 9
        x.send(l, new Token(s.myHeight));                         // l. 10
        t.note("forwarded its idle token to " + s.who(l));
    }

    /**
     * Corrected: a height change is announced to every neighbour. As printed, lowering tells only
     * the neighbours whose link turns (Token l. 5, LowerHeight l. 4); the others keep a stale
     * value, and a later height computed from it can leave the two ends of a link disagreeing on
     * its direction for good (both see it as incoming): the DAG the nodes route on is then not
     * the real one (README "Interpretation choices"; the token-oriented check catches it).
     */
    private boolean announceAll() {
        return !v.paper();
    }

    private boolean inN(int port) {
        return port > 0 && (s.n & (1L << port)) != 0;
    }

    /**
     * {@code myHeight < height[next]}: the link to next no longer leads down, so the request must
     * be rerouted. Choice: when next is ⊥ or no longer in N, the request has no route either.
     */
    private boolean nextIsHigher() {
        if (s.next == 0) return false;
        if (!inN(s.next) || s.height[s.next] == null) return true;
        return s.myHeight.below(s.height[s.next]);
    }
}
