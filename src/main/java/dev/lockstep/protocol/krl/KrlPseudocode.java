package dev.lockstep.protocol.krl;

import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Block;
import dev.lockstep.core.Pseudocode.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The appendix's pseudocode as printed, one block per module, numbered as printed (block indices
 * in {@link KrlModules}). KRLF's pseudocode has the appendix's "Pseudocode for KRL with token
 * forwarding" blocks in place of ReleaseCS, Token and LinkUp, and PickLowest&ForwardToken last.
 */
final class KrlPseudocode {
    private KrlPseudocode() {}

    private static final List<Block> KRL_BLOCKS = List.of(
            new Block("When node i requests access to the CS", List.of(
                    "status := WAITING",
                    "Enqueue(Q, i)",
                    "if (not tokenHolder)",
                    "    if (|Q| = 1) ForwardRequest()",
                    "else GiveTokenToNext()")),
            new Block("When node i releases the CS", List.of(
                    "if (|Q| > 0) GiveTokenToNext()",
                    "status := REMAINDER",
                    "if (myHeight > height[k], ∀k ∈ N)   ▷ corrected: and tokenHolder",
                    "    LowerHeight()")),
            new Block("When Request(h) received at node i from node j", List.of(
                    "if (receivedLI[j])",
                    "    height[j] := h   ▷ i's view of j's height",
                    "if (myHeight < height[j]) Enqueue(Q, j)",
                    "if (tokenHolder)",
                    "    if ((|Q| > 0) and ((status = REMAINDER) or ((status = CRITICAL) and (numTokens > 1))))",
                    "        GiveTokenToNext()",
                    "else   ▷ not tokenholder",
                    "    if (myHeight < height[k], ∀k ∈ N)",
                    "        RaiseHeight()",
                    "    else if ((Q = [j]) or ((|Q| > 0) and (myHeight < height[next])))",
                    "        ForwardRequest()   ▷ reroute request")),
            new Block("When Token(h) received at node i from node j", List.of(
                    "tokenHolder := true",
                    "numTokens++",
                    "height[j] := h",
                    "if (myHeight > h)",
                    "    Send LinkInfo(h.h1, h.h2 − 1, i) to all outgoing k ∈ N except j",
                    "    myHeight.h1 := h.h1",
                    "    myHeight.h2 := h.h2 − 1   ▷ lower my height",
                    "Send LinkInfo(h.h1, h.h2 − 1, i) to j",
                    "if (|Q| > 0) GiveTokenToNext()",
                    "else next := i")),
            new Block("When LinkInfo(h) received at node i from node j", List.of(
                    "N := N ∪ {j}",
                    "if ((forming[j]) and (myHeight ≠ formHeight[j]))",
                    "    Send LinkInfo(myHeight) to j",
                    "forming[j] := false",
                    "if (receivedLI[j]) height[j] := h",
                    "else if (height[j] = h) receivedLI[j] := true",
                    "if (myHeight > height[j]) Delete(Q, j)",
                    "if (tokenHolder)",
                    "    if (myHeight > height[k], ∀k ∈ N)",
                    "        LowerHeight()",
                    "if ((myHeight < height[k], ∀k ∈ N) and (not tokenHolder))",
                    "    RaiseHeight()",
                    "else if ((|Q| > 0) and (myHeight < height[next]))",
                    "    ForwardRequest()   ▷ reroute request")),
            new Block("When failure of link to j detected at node i", List.of(
                    "N := N − {j}",
                    "Delete(Q, j)",
                    "receivedLI[j] := true",
                    "if (not tokenHolder)",
                    "    if (myHeight < height[k], ∀k ∈ N)",
                    "        RaiseHeight()   ▷ reroute request",
                    "    else if ((|Q| > 0) and (next ∉ N))",
                    "        ForwardRequest()",
                    "else if (myHeight > height[k], ∀k ∈ N)",
                    "    LowerHeight()")),
            new Block("When formation of link to j detected at node i", List.of(
                    "Send LinkInfo(myHeight) to j",
                    "forming[j] := true",
                    "formHeight[j] := myHeight")),
            new Block("Procedure ForwardRequest()", List.of(
                    "next := l ∈ N : height[l] ≤ height[j] ∀j ∈ N",
                    "Send Request(myHeight) to next")),
            new Block("Procedure GiveTokenToNext()", List.of(
                    "next := Dequeue(Q)",
                    "if (next ≠ i)",
                    "    numTokens−−",
                    "    if (numTokens = 0)",
                    "        tokenHolder := false",
                    "    height[next] := (myHeight.h1, myHeight.h2 − 1, next)",
                    "    receivedLI[next] := false",
                    "    Send Token(myHeight) to next",
                    "    if ((numTokens = 0) and (|Q| > 0))",
                    "        Send Request(myHeight) to next",
                    "else   ▷ next = i",
                    "    status := CRITICAL",
                    "    Enter CS")),
            new Block("Procedure RaiseHeight()", List.of(
                    "myHeight.h1 := 1 + min_{k ∈ N} {height[k].h1}",
                    "S := {l ∈ N : height[l].h1 = myHeight.h1}",
                    "if (S ≠ ∅) myHeight.h2 := min_{l ∈ S} {height[l].h2} − 1",
                    "Send LinkInfo(myHeight) to all k ∈ N",
                    "for (all k ∈ N such that myHeight > height[k]) do",
                    "    Delete(Q, k)",
                    "if (|Q| > 0) ForwardRequest()")),
            new Block("Procedure LowerHeight()", List.of(
                    "myHeight.h1 := max_{k ∈ N} {height[k].h1} − 1",
                    "S := {l ∈ N : height[l].h1 = myHeight.h1}",
                    "if (S ≠ ∅) myHeight.h2 := max_{l ∈ S} {height[l].h2} + 1",
                    "Send LinkInfo(myHeight) to all incoming k ∈ N")));

    private static final List<Block> KRLF_BLOCKS = List.of(
            new Block("KRLF: When node i releases the CS", List.of(
                    "if (|Q| > 0) GiveTokenToNext()",
                    "else",
                    "    PickLowest&ForwardToken()",
                    "",
                    "",
                    "status := REMAINDER")),
            new Block("KRLF: When Token(h) received at node i from node j", List.of(
                    "visited[j] := true",
                    "tokenHolder := true",
                    "numTokens++",
                    "height[j] := h",
                    "if (myHeight > h)",
                    "    Send LinkInfo(h.h1, h.h2 − 1, i) to all outgoing k ∈ N except j",
                    "    myHeight.h1 := h.h1",
                    "    myHeight.h2 := h.h2 − 1   ▷ lower my height",
                    "Send LinkInfo(h.h1, h.h2 − 1, i) to j",
                    "if (|Q| > 0) GiveTokenToNext()",
                    "else",
                    "    PickLowest&ForwardToken()")),
            new Block("KRLF: When formation of link to j detected at node i", List.of(
                    "Send LinkInfo(myHeight) to j",
                    "forming[j] := true",
                    "formHeight[j] := myHeight",
                    "visited[j] := false")),
            new Block("KRLF: Procedure PickLowest&ForwardToken()", List.of(
                    "if (visited[j] = true ∀j ∈ N)",
                    "    visited[j] := false ∀j ∈ N",
                    "next := l ∈ N : ((height[l] ≤ height[j]) and (visited[j] = false)) ∀j ∈ N",
                    "visited[next] := true",
                    "numTokens−−",
                    "if (numTokens = 0)",
                    "    tokenHolder := false",
                    "height[next] := (myHeight.h1, myHeight.h2 − 1, next)",
                    "receivedLI[next] := false",
                    "Send Token(myHeight) to next")));

    static final Pseudocode KRL = build(false);
    static final Pseudocode KRLF = build(true);

    /**
     * KRLF's panel shows its three modules in place of KRL's (same block index) and
     * PickLowest&ForwardToken after LowerHeight; {@link #KRLF_BLOCK} maps the trace's F blocks.
     */
    static final int[] KRLF_BLOCK = new int[15];

    static {
        for (int b = 0; b < KRLF_BLOCK.length; b++) KRLF_BLOCK[b] = b;
        KRLF_BLOCK[KrlModules.F_RELEASE_CS] = KrlModules.RELEASE_CS;
        KRLF_BLOCK[KrlModules.F_TOKEN] = KrlModules.TOKEN;
        KRLF_BLOCK[KrlModules.F_LINK_UP] = KrlModules.LINK_UP;
        KRLF_BLOCK[KrlModules.F_PICK] = KrlModules.LOWER + 1;
    }

    private static Pseudocode build(boolean forwarding) {
        List<Block> blocks = new ArrayList<>(KRL_BLOCKS);
        if (forwarding) {
            blocks.set(KrlModules.RELEASE_CS, KRLF_BLOCKS.get(0));
            blocks.set(KrlModules.TOKEN, KRLF_BLOCKS.get(1));
            blocks.set(KrlModules.LINK_UP, KRLF_BLOCKS.get(2));
            blocks.add(KRLF_BLOCKS.get(3));
        }
        Map<String, List<Span>> spans = new HashMap<>();
        spans.put(KrlEvents.REQUEST_CS, List.of(whole(blocks, KrlModules.REQUEST_CS)));
        spans.put(KrlEvents.RELEASE_CS, List.of(whole(blocks, KrlModules.RELEASE_CS)));
        spans.put(KrlEvents.RECEIVE_REQUEST, List.of(whole(blocks, KrlModules.REQUEST)));
        spans.put(KrlEvents.RECEIVE_TOKEN, List.of(whole(blocks, KrlModules.TOKEN)));
        spans.put(KrlEvents.RECEIVE_LINK_INFO, List.of(whole(blocks, KrlModules.LINK_INFO)));
        spans.put(KrlEvents.LINK_CHANGE, List.of(whole(blocks, KrlModules.LINK_DOWN), whole(blocks, KrlModules.LINK_UP)));
        return new Pseudocode(blocks, spans);
    }

    private static Span whole(List<Block> blocks, int b) {
        return new Span(b, 1, blocks.get(b).lines().size());
    }
}
