package dev.lockstep.protocol.krl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.DerivedProtocol;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Violation;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Each live check fires on a deliberately broken KRL and stays silent on the correct one, on the
 * same random systems (the properties show silence over many more).
 */
class KrlChecksFireTest {
    private static Set<String> fired(Protocol<?> p, boolean churn, int lockoutBound) {
        Set<String> out = new TreeSet<>();
        for (long seed = 1; seed <= 12; seed++) {
            KrlSetup s = KrlSetup.of(p, 8, "asynchronous", churn, 0.3, 2, seed, lockoutBound);
            s.runAndSettle(600);
            for (Violation v : s.sim().violations()) out.add(v.check());
        }
        return out;
    }

    private static Protocol<KrlState> krl() {
        return new Krl(2, KrlVariant.KRL);
    }

    @Test
    void theCorrectProtocolViolatesNothing() {
        assertEquals(Set.of(), fired(krl(), false, 400));
        assertEquals(Set.of(), fired(new Krl(2, KrlVariant.KRLF), false, 400));
    }

    /** Entering the CS on request, token or not: more than k in the CS. */
    @Test
    void kExclusionFiresWhenNodesEnterWithoutAToken() {
        Protocol<KrlState> broken = DerivedProtocol.withAction(krl(), "RequestCS", a -> a.withOperation((s, x) -> {
            if (s.status != KrlState.Status.REMAINDER) return;
            x.lockRequested();
            s.status = KrlState.Status.CRITICAL;
            x.lockAcquired();
        }));
        assertTrue(fired(broken, false, 100000).contains(KrlExclusionCheck.NAME));
    }

    /** A token received counted twice: more than k tokens. */
    @Test
    void tokensConservedFiresWhenATokenIsDuplicated() {
        Protocol<KrlState> base = krl();
        Protocol<KrlState> broken = DerivedProtocol.withAction(base, "ReceiveToken", a -> a.withOperation((s, x) -> {
            base.actions().get(3).run(s, x);
            s.numTokens++;
            s.tokenHolder = true;
        }));
        assertTrue(fired(broken, false, 100000).contains(KrlTokensCheck.NAME));
    }

    /** LinkInfo ignored (only N grows): views go stale, the DAG the nodes believe in is not the real one. */
    @Test
    void tokenOrientedFiresWhenHeightsAreNotRecorded() {
        Protocol<KrlState> broken = DerivedProtocol.withAction(krl(), "ReceiveLinkInfo", a -> a.withOperation((s, x) -> {
            if (s.height[x.receivedPort()] == null) {
                s.height[x.receivedPort()] = ((KrlMessages.LinkInfo) x.received().message()).h();
                s.n |= 1L << x.receivedPort();
            }
        }));
        assertTrue(fired(broken, false, 100000).contains(KrlDagCheck.NAME));
    }

    /** The appendix as printed: its views drift (README "Interpretation choices"), and the check sees it. */
    @Test
    void tokenOrientedFiresOnThePrintedPseudocode() {
        assertTrue(fired(new Krl(2, KrlVariant.KRL_PAPER), false, 100000).contains(KrlDagCheck.NAME));
    }

    /** Requests dropped by their receivers: the requesters wait for ever. */
    @Test
    void lockoutFiresWhenRequestsAreDropped() {
        Protocol<KrlState> broken = DerivedProtocol.withAction(krl(), "ReceiveRequest", a -> a.withOperation((s, x) -> { }));
        assertTrue(fired(broken, false, 100).contains("lockout"));
    }

    /** k ≥ n (outside the paper's k < n): every node starts with a token, and the count is n. */
    @Test
    void moreTokensThanNodesMeansOneEach() {
        KrlSetup s = KrlSetup.of(new Krl(5, KrlVariant.KRL), 3, "synchronous", false, 0.3, 1, 7, 1000);
        s.runAndSettle(100);
        assertEquals(List.of(), s.sim().violations());
    }

    @Test
    void everyCheckIsListed() {
        assertEquals(List.of(KrlExclusionCheck.NAME, KrlTokensCheck.NAME, KrlDagCheck.NAME, "lockout"),
                krl().checks(dev.lockstep.core.CheckSettings.DEFAULTS).stream().map(c -> c.name()).toList());
    }
}
