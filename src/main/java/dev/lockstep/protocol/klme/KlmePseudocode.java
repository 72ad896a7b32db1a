package dev.lockstep.protocol.klme;

import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Block;
import dev.lockstep.core.Pseudocode.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sec. 3.4's event-driven description as printed (one block per event, line 1 its heading), and
 * Sec. 7's detection and recovery written out in the same style. The code cites these lines as
 * "Sec. 3.4 C, l. 13"; {@link KlmeState#trail} records the lines an execution ran.
 */
final class KlmePseudocode {
    private KlmePseudocode() {}

    static final int INIT = 0, A = 1, B = 2, C = 3, D = 4, E = 5, F = 6, G = 7, H = 8, I = 9, J = 10, K = 11,
            L = 12, LOSS = 13;

    static final List<Block> BLOCKS = List.of(
            new Block("Initialization and GenerateToken()", List.of(
                    "Initialization",
                    "M_Tᵢ = 0; Stateᵢ = R; M_Th_id = Ø; Req_ackᵢ = 0",
                    "for (j = 1 to n) Node_req_listᵢ[j] = 0; Node_release_listᵢ[j] = −1; Node_leader_noᵢ = 0",
                    "call GenerateToken()   ▷ after the leader election the paper assumes",
                    "GenerateToken(): node i is the neighbourhood's leader",
                    "for (e = 1 to K) T_alloc_id[e] = {−1, 0}",
                    "Token_leader_no = 1",
                    "M_Tᵢ = 1; M_Th_idᵢ = i; Broadcast Leader_info to all nodes",
                    "T_req_list is initialized with 0 for all nodes",
                    "Kfree = K; R_Queue = Ø")),
            new Block("A. On receiving Leader_info(j, T_alloc_id, Token_leader_no)", List.of(
                    "A. On receiving Leader_info(j, T_alloc_id, Token_leader_no)",
                    "M_Th_idᵢ = j",
                    "if (Token_leader_no > Node_leader_noᵢ)",
                    "    Node_leader_noᵢ = Token_leader_no",
                    "    if (Stateᵢ = R && i ∈ T_alloc_id)",
                    "        send Release to j",
                    "    if (Stateᵢ = W && Req_ackᵢ ≠ 1)",
                    "        send Req_CS to M_Th_id",
                    "else",
                    "    reject the message")),
            new Block("B. Node i is requesting", List.of(
                    "B. Node i is requesting",
                    "Stateᵢ = W; Req_ackᵢ = 0; RNᵢ = RNᵢ + 1",
                    "Node_req_listᵢ[i] = Node_req_listᵢ[i] + 1",
                    "if (M_Th_idᵢ = i)",
                    "    Req_ackᵢ = 1; Kfree = Kfree − 1; Enter CS; Exit CS",
                    "elseif (M_Th_idᵢ = Ø)",
                    "    Node i will wait for Leader_info message",
                    "else",
                    "    Send Req_CS to M_Th_idᵢ")),
            new Block("C. On receiving Req_CS(j, RNⱼ) from node j", List.of(
                    "C. On receiving Req_CS(j, RNⱼ) from node j",
                    "if (Node_req_listᵢ[j] < RNⱼ)",
                    "    if (M_Th_idᵢ ≠ i)",
                    "        Node_req_listᵢ[j] = RNⱼ   ▷ the token has left",
                    "    else",
                    "        if (j ∈ T_alloc_id)",
                    "            remove the corresponding entry",
                    "            Kfree = Kfree + 1",
                    "        T_req_list[j] = RNⱼ; Node_req_listᵢ[j] = RNⱼ",
                    "        Send Req_ack to node j",
                    "        if (Stateᵢ = R)   ▷ holding the idle token",
                    "            Token_leader_no = Token_leader_no + 1",
                    "            Broadcast Leader_info message",
                    "            Send Token to requesting node j",
                    "            M_Th_idᵢ = j; M_Tᵢ = 0",
                    "        elseif (Kfree > 0)",
                    "            Kfree = Kfree − 1; Send Per_grant to node j",
                    "            (j, RNⱼ) is added in T_alloc_id",
                    "        else",
                    "            Append the request in R_Queue")),
            new Block("D. On receiving Req_ack() from leader", List.of(
                    "D. On receiving Req_ack() from leader",
                    "Req_ackᵢ = 1")),
            new Block("E. On receiving Per_grant() from node j", List.of(
                    "E. On receiving Per_grant() from node j",
                    "Stateᵢ = CS; Enter CS; Exit from CS")),
            new Block("F. Node i exits from CS", List.of(
                    "F. Node i exits from CS",
                    "Stateᵢ = R",
                    "if (i = M_Th_idᵢ)",
                    "    Kfree = Kfree + 1",
                    "    if (R_Queue ≠ Ø)",
                    "        M_Tᵢ = 0; Token_leader_no = Token_leader_no + 1",
                    "        T_alloc_id = T_alloc_id − {i, RNᵢ}",
                    "        Send Token to the node at front of R_Queue",
                    "        Broadcast Leader_info message; M_Th_idᵢ = X",
                    "else",
                    "    Send Release to M_Th_idᵢ")),
            new Block("G. On receiving Release(j, RNⱼ) from node j", List.of(
                    "G. On receiving Release(j, RNⱼ) from node j",
                    "if (M_Th_idᵢ = i)",
                    "    if (j ∈ T_alloc_id)",
                    "        T_alloc_id = T_alloc_id − {j, RNⱼ}; Kfree = Kfree + 1",
                    "        if (R_Queue ≠ Ø)",
                    "            Send Per_grant to node X   ▷ X is at front of R_Queue",
                    "    else",
                    "        reject the message   ▷ stale release",
                    "else   ▷ the token has left for a new leader",
                    "    add (j, RNⱼ) in Node_release_listᵢ")),
            new Block("H. On receiving Token(i, T_alloc_id, T_req_list, Kfree, R_Queue)", List.of(
                    "H. On receiving Token(i, T_alloc_id, T_req_list, Kfree, R_Queue)",
                    "M_Tᵢ = 1; M_Th_idᵢ = i",
                    "Compare Node_req_listᵢ with T_req_list; add pending requests to R_Queue,",
                    "    also update Node_req_listᵢ and T_req_list",
                    "for each j ∈ T_alloc_id",
                    "    if (j ∈ Node_release_listᵢ)",
                    "        T_alloc_id = T_alloc_id − {j, RNⱼ}; Kfree = Kfree + 1; remove j from Node_release_listᵢ",
                    "if (Stateᵢ = W)",
                    "    Kfree = Kfree − 1; Enter CS; Exit CS",
                    "    if (Kfree > 0)",
                    "        allocate the remaining resources to the nodes in token queue",
                    "else",
                    "    if (R_Queue ≠ Ø)",
                    "        send Token to node at front of R_Queue",
                    "    else",
                    "        hold idle Token")),
            new Block("I. Node i is about to leave the neighbourhood area", List.of(
                    "I. Node i is about to leave the neighbourhood area",
                    "if (i = M_Th_idᵢ && Stateᵢ = CS)",
                    "    Kfree = Kfree + 1; remove i from T_alloc_id; Stateᵢ = W",
                    "    if (R_Queue ≠ Ø)",
                    "        send Token to node at front of R_Queue",
                    "    else",
                    "        send Token to the lowest id neither in T_alloc_id and present in the neighbourhood",
                    "    Broadcast Leader_info message",
                    "elseif (Stateᵢ = CS)",
                    "    send Release to M_Th_idᵢ; Stateᵢ = W",
                    "Broadcast I_am_leaving message")),
            new Block("J. Node i receives I_am_leaving(j, Node_req_list, Node_release_list)", List.of(
                    "J. Node i receives I_am_leaving(j, Node_req_list, Node_release_list)",
                    "Update Node_req_listᵢ and Node_release_listᵢ",
                    "Delete its entry from all lists at node i",
                    "if (i = M_Th_id)",
                    "    Delete j from all lists on Token and take corresponding actions",
                    "    if (j ∈ T_alloc_id)   ▷ printed: i",
                    "        remove the node j from T_alloc_id")),
            new Block("K. New node i entering the neighbourhood", List.of(
                    "K. New node i entering the neighbourhood",
                    "send I_am_here to all nodes in neighbourhood",
                    "wait for Leader_info; M_Th_idᵢ = −1",
                    "Node_req_listᵢ = 0 for all entries; Req_ackᵢ = 0")),
            new Block("L. Node i receives I_am_here(j, Stateⱼ)", List.of(
                    "L. Node i receives I_am_here(j, Stateⱼ)",
                    "add entry (j, 0) to Node_req_listᵢ",
                    "if (M_Th_idᵢ = i)",
                    "    send Leader_info to node j",
                    "    if (Stateⱼ = W) act as if i has received request from node j")),
            new Block("Sec. 7. Detection and recovery of token loss", List.of(
                    "Sec. 7. Token loss",
                    "The new holder sends a token acknowledgement to the old one",
                    "The old holder keeps a copy of the token until it is acknowledged",
                    "On I_am_leaving from the node j the token was sent to (copy kept):",
                    "    regenerate the token from the old copy",
                    "    hold the idle token, or send it to the node at the front of R_Queue",
                    "On Leader_info naming i before the Token arrived:",
                    "    send Token_lost to the old holder",
                    "On Token_lost from j (copy kept):",
                    "    regenerate the token from the old copy and forward it to j")));

    static final Pseudocode PSEUDOCODE = new Pseudocode(BLOCKS, spans());

    private static Map<String, List<Span>> spans() {
        Map<String, List<Span>> m = new LinkedHashMap<>();
        m.put(KlmeActions.INIT, List.of(new Span(INIT, 1, 3)));
        m.put(KlmeActions.ELECT, List.of(new Span(INIT, 4, 10)));
        m.put(KlmeActions.A, whole(A));
        m.put(KlmeActions.B, whole(B));
        m.put(KlmeActions.C, whole(C));
        m.put(KlmeActions.D, whole(D));
        m.put(KlmeActions.E, whole(E));
        m.put(KlmeActions.F, whole(F));
        m.put(KlmeActions.G, whole(G));
        m.put(KlmeActions.H, whole(H));
        List<Span> move = new ArrayList<>(whole(I));
        move.addAll(whole(K));
        m.put(KlmeActions.MOVE, List.copyOf(move));
        m.put(KlmeActions.J, whole(J));
        m.put(KlmeActions.L, whole(L));
        m.put(KlmeActions.LOST, List.of(new Span(LOSS, 9, 10)));
        m.put(KlmeActions.ACK, List.of(new Span(LOSS, 2, 3)));
        return m;
    }

    private static List<Span> whole(int block) {
        return List.of(new Span(block, 1, BLOCKS.get(block).lines().size()));
    }
}
