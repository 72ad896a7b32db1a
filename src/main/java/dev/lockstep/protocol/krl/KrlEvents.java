package dev.lockstep.protocol.krl;

import dev.lockstep.core.Execution;
import dev.lockstep.core.Message;
import dev.lockstep.protocol.krl.KrlMessages.LinkInfo;
import dev.lockstep.protocol.krl.KrlMessages.Request;
import dev.lockstep.protocol.krl.KrlMessages.Token;

/**
 * The input events of a KRL node (Fig. 1: RequestCS, ReleaseCS, Recv, LinkUp, LinkDown), one per
 * action label. Shared by the protocol's actions and the presentation's re-runs.
 */
final class KrlEvents {
    private KrlEvents() {}

    static final String REQUEST_CS = "RequestCS";
    static final String RELEASE_CS = "ReleaseCS";
    static final String RECEIVE_REQUEST = "ReceiveRequest";
    static final String RECEIVE_TOKEN = "ReceiveToken";
    static final String RECEIVE_LINK_INFO = "ReceiveLinkInfo";
    static final String LINK_CHANGE = "LinkChange";

    /** Runs the event {@code label} at a node: the link events the detectors hold first, then the input. */
    static void run(String label, KrlState s, Execution x, KrlTrace t, KrlVariant v) {
        KrlAlgorithm a = new KrlAlgorithm(s, x, t, v);
        a.links();
        Message m = x.receivedMessage();
        int j = x.receivedPort();
        switch (label) {
            case REQUEST_CS -> a.requestCS();
            case RELEASE_CS -> a.releaseCS();
            case RECEIVE_REQUEST -> a.onRequest(j, ((Request) m).h());
            case RECEIVE_TOKEN -> a.onToken(j, ((Token) m).h());
            case RECEIVE_LINK_INFO -> a.onLinkInfo(j, ((LinkInfo) m).h());
            default -> { } // LinkChange: the link events only
        }
    }
}
