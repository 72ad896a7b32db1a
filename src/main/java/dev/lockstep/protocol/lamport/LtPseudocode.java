package dev.lockstep.protocol.lamport;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Block;
import dev.lockstep.core.Pseudocode.Lines;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.protocol.lamport.LtState.Region;
import java.util.List;
import java.util.Map;

/**
 * LogicalTimeME written out from the lecture slides' rules ("Mutual exclusion - LogicalTimeME
 * (1)" to "(3)"), in the form {@link LogicalTimeMe} implements them: one block, one action per
 * rule, history(j) kept as its latest message and its latest ungranted try per port.
 */
final class LtPseudocode {
    private LtPseudocode() {}

    static final String TITLE = "LogicalTimeME for process Pᵢ (after the lecture slides)";

    static final List<String> LINES = List.of(
            "Try: On tryᵢ →  ▷ The user asks for the critical region.",
            "    if region = rem then  ▷ One request at a time.",
            "        Set clock ← clock + 1 and t ← (clock, i).  ▷ The request's logical time.",
            "        Set region ← try and expected ← all other processes.",
            "        for all ℓ ∈ N[i] do Send(try(t), ℓ).  ▷ Broadcast, Pᵢ itself included.",
            "ReceiveTry: On receiving try(tⱼ) with tⱼ = (cⱼ, j) via port ℓ →",
            "    Set clock ← max(clock, cⱼ) + 1.  ▷ Lamport time.",
            "    Add try(tⱼ) to history(ℓ): latest[ℓ] ← tⱼ and requests[ℓ] ← tⱼ.",
            "    if ℓ ≠ 0 then Send(ack((clock, i)), ℓ).  ▷ Its own try needs no ack.",
            "ReceiveAck: On receiving ack(tⱼ) via port ℓ →",
            "    Set clock ← max(clock, cⱼ) + 1 and latest[ℓ] ← tⱼ.",
            "ReceiveExit: On receiving exit(tⱼ) via port ℓ →",
            "    Set clock ← max(clock, cⱼ) + 1, latest[ℓ] ← tⱼ and requests[ℓ] ← ⊥.  ▷ Granted.",
            "Crit: (region = try) ∧ requests[0] = t  ▷ Its latest try is in history(i).",
            "      ∧ (∀ℓ: requests[ℓ] = ⊥ ∨ requests[ℓ] > t)  ▷ Earlier requests granted.",
            "      ∧ (∀ℓ ∈ expected: latest[ℓ] > t) →  ▷ A later message from every other.",
            "    Set region ← crit and perform critᵢ.",
            "Exit: On exitᵢ →",
            "    if region = crit then  ▷ Exit only from C.",
            "        Set clock ← clock + 1 and region ← exit.",
            "        for all ℓ ∈ N[i] do Send(exit((clock, i)), ℓ).  ▷ Broadcast, Pᵢ included.",
            "Rem: (region = exit) ∧ its latest exit is in history(i) →",
            "    Set region ← rem and t ← ⊥; perform remᵢ.");

    static final Pseudocode PSEUDOCODE = new Pseudocode(List.of(new Block(TITLE, LINES)), Map.of(
            "Try", List.of(new Span(0, 1, 5)),
            "ReceiveTry", List.of(new Span(0, 6, 9)),
            "ReceiveAck", List.of(new Span(0, 10, 11)),
            "ReceiveExit", List.of(new Span(0, 12, 13)),
            "Crit", List.of(new Span(0, 14, 17)),
            "Exit", List.of(new Span(0, 18, 21)),
            "Rem", List.of(new Span(0, 22, 23))));

    /** The lines the execution ran: whether a call applied, whether a try was acked. */
    static List<Span> executed(ExecutionRecord r, LtState before) {
        Lines l = new Lines();
        switch (r.label()) {
            case "Try" -> {
                l.add(0, 1, 2);
                if (before.region == Region.REM) l.range(0, 3, 5);
            }
            case "ReceiveTry" -> l.add(0, 6, 7, 8, 9);
            case "Exit" -> {
                l.add(0, 18, 19);
                if (before.region == Region.CRIT) l.range(0, 20, 21);
            }
            default -> {
                return PSEUDOCODE.spansOf(r.label());
            }
        }
        return l.spans();
    }
}
