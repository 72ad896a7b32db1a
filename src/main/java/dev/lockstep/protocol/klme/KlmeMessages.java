package dev.lockstep.protocol.klme;

import dev.lockstep.core.Message;
import java.util.List;

/**
 * The messages of Sec. 3.3, plus Token_lost and the token acknowledgement of Sec. 7. Every message
 * carries the neighbourhood it was sent in ({@code region}): the paper's broadcasts reach one
 * neighbourhood only, and a receiver drops a message of a neighbourhood it is no longer in (it
 * walked away while the message was in transit). Ids in labels are 1-based, as in the paper.
 */
public final class KlmeMessages {
    private KlmeMessages() {}

    /** Any KLME message: the neighbourhood it belongs to. */
    public sealed interface KlmeMessage extends Message {
        String region();

        /**
         * For the messages that give their receiver something (Token, Per_grant, Req_ack): the
         * receiver's visit to the neighbourhood the sender knows of (I_am_here tells it), so that
         * one addressed to an earlier visit is dropped; -1 for the others.
         */
        default int visit() {
            return -1;
        }
    }

    /** 1. Leader_info(i, T_alloc_id, Token_leader_no): i leads now. {@code alloc} is (id, rn) pairs. */
    public record LeaderInfo(int leader, List<Integer> alloc, int leaderNo, String region) implements KlmeMessage {
        @Override public String label() { return "Leader_info(" + (leader + 1) + ", " + leaderNo + ")"; }
    }

    /**
     * 2. I_am_here(i, State_i): sent on joining; the request number lets the leader act on a
     * waiting newcomer (event L); {@code init} marks the announcement at initialisation, which the
     * election stand-in counts.
     */
    public record IAmHere(int id, String state, int rn, String region, boolean init, int visit) implements KlmeMessage {
        @Override public String label() { return "I_am_here(" + (id + 1) + ", " + state + ")"; }
    }

    /**
     * 3. Req_CS(i, RN_i), with the requester's visit (not in the paper): a node that stores the
     * request (C, l. 4) and later receives the token (H, ll. 3–7) must address the Per_grant to
     * the visit the request was made in, which its own view of the requester can predate (the
     * requester's I_am_here had not reached it; KlmeProperties, fresh seeds; ExploredRacesTest).
     */
    public record ReqCs(int id, int rn, String region, int requestVisit) implements KlmeMessage {
        @Override public String label() { return "Req_CS(" + (id + 1) + ", " + rn + ")"; }
    }

    /**
     * 4. Token(i, T_alloc_id, T_req_list, Kfree, R_Queue): the token itself. {@code announced}:
     * whether the sender broadcast Leader_info for it (a regenerated or kept token is not; its
     * receiver then announces itself).
     */
    public record TokenMsg(KlmeToken token, boolean announced, int visit) implements KlmeMessage {
        @Override public String region() { return token.region; }

        @Override public String label() { return "Token(" + token.leaderNo + ", Kfree " + token.kfree + ")"; }
    }

    /**
     * 5. Req_ack(): with the request number it acknowledges (the paper's has none; an
     * acknowledgement of an earlier request arriving late would otherwise stop the resending of
     * A, ll. 7–8 for the current one).
     */
    public record ReqAck(int rn, String region, int visit) implements KlmeMessage {
        @Override public String label() { return "Req_ack()"; }
    }

    /**
     * 6. Per_grant(): with the request number it grants (the paper's has none; a grant of an
     * earlier request arriving late would otherwise let a node waiting with a later one enter on
     * it, beyond k — found by KlmeProperties with fresh seeds; ExploredRacesTest). -1: any.
     */
    public record PerGrant(String region, int visit, int rn) implements KlmeMessage {
        public PerGrant(String region, int visit) {
            this(region, visit, -1);
        }

        @Override public String label() { return "Per_grant()"; }
    }

    /** 7. Release(i, RN_i). */
    public record Release(int id, int rn, String region) implements KlmeMessage {
        @Override public String label() { return "Release(" + (id + 1) + ", " + rn + ")"; }
    }

    /**
     * 8. I_am_leaving(i, Node_req_list_i, Node_release_list_i), with the visit each stored request
     * was made in ({@code reqVisits}, as Req_CS carries it); for a dropped Token's report, that
     * Token's Token_leader_no ({@code tokenNo}; -1 for a move); and the visit of i that ends
     * ({@code leftVisit}; for a report, the visit the Token was addressed to), so that one arriving
     * after a later visit's request reached the token voids nothing of that visit.
     */
    public record IAmLeaving(int id, List<Integer> reqList, List<Integer> reqVisits, List<Integer> releaseList,
                             String region, int tokenNo, int leftVisit)
            implements KlmeMessage {
        @Override public String label() { return "I_am_leaving(" + (id + 1) + ")"; }
    }

    /** Sec. 7: the intended receiver saw Leader_info naming it before the Token. */
    public record TokenLost(int id, String region) implements KlmeMessage {
        @Override public String label() { return "Token_lost(" + (id + 1) + ")"; }
    }

    /** Sec. 7, assumption 1: the new holder acknowledges the Token, so the old one drops its copy. */
    public record TokenAck(int id, String region, int leaderNo) implements KlmeMessage {
        /**
         * With the Token_leader_no of the Token acknowledged (not in the paper): a late
         * acknowledgement of an earlier Token to the same node dropped the copy of a later one,
         * whose loss then could not be recovered (KlmeProperties, fresh seeds; ExploredRacesTest).
         * -1: any.
         */
        public TokenAck(int id, String region) {
            this(id, region, -1);
        }

        @Override public String label() { return "Token_ack(" + (id + 1) + ")"; }
    }
}
