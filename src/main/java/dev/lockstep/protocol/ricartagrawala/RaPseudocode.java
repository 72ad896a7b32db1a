package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Block;
import dev.lockstep.core.Pseudocode.Lines;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Ok;
import dev.lockstep.protocol.ricartagrawala.RaState.Region;
import java.util.List;
import java.util.Map;

/**
 * RicartAgrawalaME written out from the lecture slides' rules ("Mutual Exclusion -
 * RicartAgrawalaME", "ok Messages (1)" and "(2)"), in the form {@link RicartAgrawala} implements
 * them: one block, one action per rule.
 */
final class RaPseudocode {
    private RaPseudocode() {}

    static final String TITLE = "RicartAgrawalaME for process Pᵢ (after the lecture slides)";

    static final List<String> LINES = List.of(
            "Try: On tryᵢ →  ▷ The user asks for the critical region.",
            "    if region = rem then  ▷ One request at a time.",
            "        Set clock ← clock + 1 and t ← (clock, i).  ▷ The request's logical time.",
            "        Set region ← try, expected ← all other processes, and oks ← ∅.",
            "        for all ℓ ∈ N[i] do Send(try(t), ℓ).  ▷ Broadcast, Pᵢ itself included.",
            "ReceiveTry: On receiving try(tⱼ) with tⱼ = (cⱼ, j) via port ℓ →",
            "    Set clock ← max(clock, cⱼ) + 1.  ▷ Lamport time.",
            "    if ℓ = 0 then stop.  ▷ Its own try: nobody to answer.",
            "    if region = rem then Send(ok(clock), ℓ).  ▷ In E or R: reply at once.",
            "    else if region = crit then set deferred ← deferred ∪ {ℓ}.  ▷ In C: defer until exit.",
            "    else if tⱼ < t then Send(ok(clock), ℓ).  ▷ In T, Pⱼ's request is earlier: reply.",
            "    else set deferred ← deferred ∪ {ℓ}.  ▷ In T, the own request is earlier: defer.",
            "ReceiveOk: On receiving ok(c) via port ℓ →",
            "    Set clock ← max(clock, c) + 1 and oks ← oks ∪ {ℓ}.",
            "Crit: (region = try) ∧ (expected ⊆ oks) →  ▷ Every other process answered.",
            "    Set region ← crit and perform critᵢ.",
            "Exit: On exitᵢ →",
            "    if region = crit then  ▷ Exit only from C.",
            "        Set clock ← clock + 1 and Send(ok(clock), ℓ) for all ℓ ∈ deferred.  ▷ The deferred oks.",
            "        Set deferred ← ∅, region ← rem, and t ← ⊥; perform remᵢ.  ▷ exitᵢ and remᵢ in one step.");

    static final Pseudocode PSEUDOCODE = new Pseudocode(List.of(new Block(TITLE, LINES)), Map.of(
            "Try", List.of(new Span(0, 1, 5)),
            "ReceiveTry", List.of(new Span(0, 6, 12)),
            "ReceiveOk", List.of(new Span(0, 13, 14)),
            "Crit", List.of(new Span(0, 15, 16)),
            "Exit", List.of(new Span(0, 17, 20))));

    /**
     * The lines the execution ran: the branch of ReceiveTry it took (with every condition it
     * tested on the way), and whether a call applied.
     */
    static List<Span> executed(ExecutionRecord r, RaState before) {
        Lines l = new Lines();
        switch (r.label()) {
            case "Try" -> {
                l.add(0, 1, 2);
                if (before.region == Region.REM) l.range(0, 3, 5);
            }
            case "ReceiveTry" -> {
                l.add(0, 6, 7, 8);
                if (r.received().toPort() != 0) {
                    boolean ok = r.sent().stream().anyMatch(s -> s.message() instanceof Ok);
                    switch (before.region) {
                        case REM -> l.add(0, 9);
                        case CRIT -> l.add(0, 9, 10);
                        case TRY -> l.add(0, 9, 10, 11).add(0, ok ? 11 : 12); // l. 9-11 test their conditions
                    }
                }
            }
            case "ReceiveOk" -> l.range(0, 13, 14);
            case "Crit" -> l.range(0, 15, 16);
            case "Exit" -> {
                l.add(0, 17, 18);
                if (before.region == Region.CRIT) l.range(0, 19, 20);
            }
            default -> {
                return PSEUDOCODE.spansOf(r.label());
            }
        }
        return l.spans();
    }
}
