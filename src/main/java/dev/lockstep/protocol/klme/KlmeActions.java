package dev.lockstep.protocol.klme;

/** The labels of KLME's actions: Sec. 3.4's event letters with what triggers them. */
final class KlmeActions {
    private KlmeActions() {}

    static final String INIT = "Init";
    static final String ELECT = "Elect";
    static final String A = "A.Leader_info";
    static final String B = "B.Request";
    static final String C = "C.Req_CS";
    static final String D = "D.Req_ack";
    static final String E = "E.Per_grant";
    static final String F = "F.Exit";
    static final String G = "G.Release";
    static final String H = "H.Token";
    static final String MOVE = "IK.Move";
    static final String J = "J.I_am_leaving";
    static final String L = "L.I_am_here";
    static final String LOST = "Token_lost";
    static final String ACK = "Token_ack";
}
