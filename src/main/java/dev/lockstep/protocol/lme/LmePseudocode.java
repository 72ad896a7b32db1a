package dev.lockstep.protocol.lme;

import dev.lockstep.core.Pseudocode;
import dev.lockstep.core.Pseudocode.Block;
import dev.lockstep.core.Pseudocode.Lines;
import dev.lockstep.core.Pseudocode.Span;
import dev.lockstep.protocol.lme.LmeState.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Algorithms 1-3 of the paper, line for line as printed (Sec. 3 of the SAND 2022 version; the
 * arXiv version prints the same lines), and for the corrected variants a fourth block listing the
 * corrected and added lines, which the printed lines they change point to with a
 * {@link #MARK} note. The {@code paper} variant shows exactly the printed text.
 *
 * <p>Indentation is four spaces per level; a printed comment follows "  ▷ ".
 */
final class LmePseudocode {
    /** Blocks, in order. */
    static final int ALG1 = 0;
    static final int ALG2 = 1;
    static final int ALG3 = 2;
    static final int FIXES = 3;

    /** Marks a printed line that the corrections change or extend (never in the paper variant). */
    static final String MARK = "✱";

    static final String ALG1_TITLE = "Algorithm 1 The Lock Operation: Preparation Phase for Node u.";
    static final String ALG2_TITLE = "Algorithm 2 The Lock Operation: Competition Phase for Node u.";
    static final String ALG3_TITLE = "Algorithm 3 The Unlock Operation for Node u.";

    private static final List<String> ALGORITHM_1 = List.of(
            "InitLock: On Lock being called →  ▷ Initiator initiates a lock request.",
            "    if state = ⊥ then  ▷ Only one locking operation at a time.",
            "        CleanUp( ).",
            "        Set state ← prepare and L ← N[u].",
            "        for all ℓ ∈ L do Send(prepare(), ℓ).",
            "ReceivePrepare: On receiving prepare() via port ℓ →",
            "    CleanUp( ).",
            "    if phase = compete then set H ← H ∪ {ℓ}.  ▷ Put ℓ on hold if already competing.",
            "    else",
            "        Set A ← A ∪ {ℓ} and phase ← prepare.  ▷ Add ℓ as an applicant otherwise.",
            "        Send(ready(), ℓ).",
            "ReceiveReady: On receiving ready() via port ℓ →",
            "    CleanUp( ).",
            "    Set R ← R ∪ {ℓ}.",
            "CheckStart: (state = prepare) ∧ (R = L) →  ▷ All ready() messages received.",
            "    CleanUp( ).",
            "    Set state ← compete, R ← ∅, and W ← ∅.",
            "    Choose priority p ∈ {0, …, K − 1} uniformly at random.",
            "    for all ℓ ∈ L do Send(request-lock(p), ℓ).",
            "CleanUp: (phase ≠ ⊥) ∨ (state = unlock) →",
            "    CleanUp( ).",
            "function CleanUp( )  ▷ Helper function for processing disconnections D.",
            "    for all ℓ ∈ D do",
            "        if lock = ℓ then lock ← ⊥.",
            "        Remove ℓ from all sets: L ← L \\ {ℓ}, R ← R \\ {ℓ}, W ← W \\ {(ℓ, ·)}, H ← H \\ {ℓ},",
            "        A ← A \\ {ℓ}, C ← C \\ {ℓ}, and P ← P \\ {(ℓ, ·)}.",
            "    if C = ∅ then",
            "        for all ℓ ∈ H do Send(ready(), ℓ).",
            "        Set A ← A ∪ H and H ← ∅.  ▷ All nodes on hold become applicants.",
            "        if A ≠ ∅ then set phase ← prepare.",
            "        else set phase ← ⊥.");

    private static final List<String> ALGORITHM_2 = List.of(
            "ReceiveRequest: On receiving request-lock(p) via port ℓ →",
            "    CleanUp( ).",
            "    if ℓ ∈ A then set A ← A \\ {ℓ} and C ← C ∪ {ℓ}.",
            "    Set P ← P ∪ {(ℓ, p)} and phase ← compete.  ▷ Close competition.",
            "CheckPriorities: (phase = compete) ∧ (|C| = |P|) →  ▷ All priorities received.",
            "    CleanUp( ).",
            "    if lock = ⊥ and ∃(ℓ, p) ∈ P with a unique highest p then",
            "        Send(win(true), ℓ) and Send(win(false), ℓ′) for all ℓ′ ∈ C \\ {ℓ}.",
            "    else Send(win(false), ℓ) for all ℓ ∈ C.",
            "    Reset P ← ∅.  ▷ Competition is over.",
            "ReceiveWin: On receiving win(b) via port ℓ →",
            "    CleanUp( ).",
            "    Set W ← W ∪ {(ℓ, b)}.",
            "CheckWin: (state = compete) ∧ (|W| = |L|) →  ▷ All win(b) replies received.",
            "    CleanUp( ).",
            "    if ∃(·, false) ∈ W then  ▷ Start new locking attempt.",
            "        Choose priority p ∈ {0, …, K − 1} uniformly at random.",
            "        for all ℓ ∈ L do Send(request-lock(p), ℓ).",
            "    else  ▷ Succeeded in locking.",
            "        Set state ← win and reset R ← ∅.",
            "        for all ℓ ∈ L do Send(set-lock(), ℓ).",
            "    Reset W ← ∅.",
            "ReceiveSetLock: On receiving set-lock() via port ℓ →",
            "    Set lock ← ℓ and C ← C \\ {ℓ}.",
            "    CleanUp( ).",
            "    Send(ack-lock(), ℓ).",
            "ReceiveAckLock: On receiving ack-lock() via port ℓ →",
            "    CleanUp( ).",
            "    Set R ← R ∪ {ℓ}.",
            "CheckDone: (state = win) ∧ (R = L) →  ▷ All lock acknowledgements received.",
            "    CleanUp( ).",
            "    Set state ← locked and reset R = ∅.",
            "    return L.  ▷ Locking complete.");

    private static final List<String> ALGORITHM_3 = List.of(
            "InitUnlock: On Unlock being called →  ▷ Initiator initiates an unlock.",
            "    if state = locked then  ▷ Only one Unlock per successful Lock.",
            "        CleanUp( ).",
            "        Set state ← unlock and reset R ← ∅.",
            "        for all ℓ ∈ L do Send(release-lock(), ℓ).",
            "ReceiveRelease: On receiving release-lock() via port ℓ →",
            "    CleanUp( ).",
            "    Set lock ← ⊥ and Send(ack-unlock(), ℓ).",
            "ReceiveAckUnlock: On receiving ack-unlock() via port ℓ →",
            "    CleanUp( ).",
            "    Set R ← R ∪ {ℓ}.",
            "CheckUnlocked: (state = unlock) ∧ (R = L) →  ▷ All unlock acknowledgements received.",
            "    CleanUp( ).",
            "    Reset state ← ⊥ and R = ∅.  ▷ Unlocking complete.");

    /** The CleanUp() helper's lines in Algorithm 1. */
    static final int HELPER_FIRST = 22;
    static final int HELPER_LAST = 31;

    /** Each action's own lines: block, first, last (the order of {@link Lme#actions()}). */
    private static final Map<String, Span> OWN = new LinkedHashMap<>();

    static {
        OWN.put("InitLock", new Span(ALG1, 1, 5));
        OWN.put("ReceivePrepare", new Span(ALG1, 6, 11));
        OWN.put("ReceiveReady", new Span(ALG1, 12, 14));
        OWN.put("CheckStart", new Span(ALG1, 15, 19));
        OWN.put("CleanUp", new Span(ALG1, 20, 21));
        OWN.put("ReceiveRequest", new Span(ALG2, 1, 4));
        OWN.put("CheckPriorities", new Span(ALG2, 5, 10));
        OWN.put("ReceiveWin", new Span(ALG2, 11, 13));
        OWN.put("CheckWin", new Span(ALG2, 14, 22));
        OWN.put("ReceiveSetLock", new Span(ALG2, 23, 26));
        OWN.put("ReceiveAckLock", new Span(ALG2, 27, 29));
        OWN.put("CheckDone", new Span(ALG2, 30, 33));
        OWN.put("InitUnlock", new Span(ALG3, 1, 5));
        OWN.put("ReceiveRelease", new Span(ALG3, 6, 8));
        OWN.put("ReceiveAckUnlock", new Span(ALG3, 9, 11));
        OWN.put("CheckUnlocked", new Span(ALG3, 12, 14));
    }

    /**
     * The corrections block's lines, by what they correct. Line numbers (1-based) into the block
     * differ between the variants, so they are looked up through {@link Fixes}.
     */
    private record Fixes(List<String> lines, int guard, int lateCut, int lateClear, int lateIf, int lateSet,
                         int lateSend, int lateMark, int lockClean, int unlockClean) {}

    private static Fixes fixes(LmeVariant v) {
        List<String> l = new ArrayList<>();
        l.add("Alg. 1, l. 20′: CleanUp: (phase ≠ ⊥) ∨ (state ∉ {⊥, locked}) →"
                + "  ▷ Replaces l. 20: an initiator whose partners were cut still cleans up.");
        int guard = l.size();
        l.add("Alg. 1, l. 26′:         Late ← Late \\ {ℓ}.  ▷ With l. 25-26: a cut port leaves Late too.");
        int lateCut = l.size();
        int lateClear = -1;
        if (v == LmeVariant.CORRECTED) {
            l.add("Alg. 1, l. 27′:         Set Late ← ∅.  ▷ In l. 27's branch: Late belongs to one competition.");
            lateClear = l.size();
        }
        l.add("Alg. 2, l. 2′:      if ℓ ∈ Late then  ▷ ℓ's request missed a decided trial; otherwise l. 3-4.");
        int lateIf = l.size();
        l.add("Alg. 2, l. 2″:          Set Late ← Late \\ {ℓ}, A ← A \\ {ℓ}, C ← C ∪ {ℓ}, and phase ← compete.");
        int lateSet = l.size();
        l.add("Alg. 2, l. 2‴:          Send(win(false), ℓ) and skip l. 3-4.  ▷ It loses at once and resends.");
        int lateSend = l.size();
        l.add(v == LmeVariant.CORRECTED
                ? "Alg. 2, l. 6′:      if C ≠ ∅ then set Late ← Late ∪ A.  ▷ A trial is decided: the applicants are late."
                : "Alg. 2, l. 6′:      Set Late ← Late ∪ A.  ▷ The applicants miss this trial.");
        int lateMark = l.size();
        int lockClean = -1;
        int unlockClean = -1;
        if (v.cleanUpOnEveryCall()) {
            l.add("Alg. 1, l. 1′:      CleanUp( ).  ▷ Before l. 2, replacing l. 3: a call that does not apply still processes D.");
            lockClean = l.size();
            l.add("Alg. 3, l. 1′:      CleanUp( ).  ▷ Before l. 2, replacing l. 3, for the same reason.");
            unlockClean = l.size();
        }
        return new Fixes(l, guard, lateCut, lateClear, lateIf, lateSet, lateSend, lateMark, lockClean, unlockClean);
    }

    private final Fixes fixes;
    private final Pseudocode pseudocode;

    LmePseudocode(LmeVariant variant) {
        this.fixes = variant.lateApplicants() ? fixes(variant) : null;
        List<Block> blocks = new ArrayList<>();
        if (fixes == null) {
            blocks.add(new Block(ALG1_TITLE, ALGORITHM_1));
            blocks.add(new Block(ALG2_TITLE, ALGORITHM_2));
            blocks.add(new Block(ALG3_TITLE, ALGORITHM_3));
        } else {
            List<String> a1 = new ArrayList<>(ALGORITHM_1);
            mark(a1, 20, "replaced by l. 20′");
            mark(a1, 26, "followed by l. 26′");
            if (fixes.lateClear > 0) mark(a1, 27, "see l. 27′");
            List<String> a2 = new ArrayList<>(ALGORITHM_2);
            mark(a2, 2, "followed by l. 2′-2‴");
            mark(a2, 6, "followed by l. 6′");
            List<String> a3 = new ArrayList<>(ALGORITHM_3);
            if (fixes.lockClean > 0) {
                mark(a1, 3, "moved before l. 2 (l. 1′)");
                mark(a3, 3, "moved before l. 2 (l. 1′)");
            }
            blocks.add(new Block(ALG1_TITLE, a1));
            blocks.add(new Block(ALG2_TITLE, a2));
            blocks.add(new Block(ALG3_TITLE, a3));
            blocks.add(new Block("Corrections (Lockstep, variant " + variant.json() + "; see README)", fixes.lines));
        }
        Map<String, List<Span>> spans = new LinkedHashMap<>();
        for (var e : OWN.entrySet()) {
            Lines lines = new Lines();
            Span own = e.getValue();
            lines.range(own.block(), own.first(), own.last());
            lines.range(ALG1, HELPER_FIRST, HELPER_LAST);
            if (fixes != null) {
                fixHelper(lines, true, true);
                switch (e.getKey()) {
                    case "CleanUp" -> lines.add(FIXES, fixes.guard);
                    case "ReceiveRequest" -> lines.range(FIXES, fixes.lateIf, fixes.lateSend);
                    case "CheckPriorities" -> lines.add(FIXES, fixes.lateMark);
                    case "InitLock" -> {
                        if (fixes.lockClean > 0) lines.add(FIXES, fixes.lockClean);
                    }
                    case "InitUnlock" -> {
                        if (fixes.unlockClean > 0) lines.add(FIXES, fixes.unlockClean);
                    }
                    default -> { }
                }
            }
            spans.put(e.getKey(), lines.spans());
        }
        this.pseudocode = new Pseudocode(blocks, spans);
    }

    private static void mark(List<String> lines, int number, String note) {
        lines.set(number - 1, lines.get(number - 1) + "  " + MARK + " " + note);
    }

    private void fixHelper(Lines lines, boolean cut, boolean cleared) {
        if (cut) lines.add(FIXES, fixes.lateCut);
        if (cleared && fixes.lateClear > 0) lines.add(FIXES, fixes.lateClear);
    }

    Pseudocode pseudocode() {
        return pseudocode;
    }

    /**
     * The lines the execution ran: the action's lines on the branches it took, and CleanUp()'s
     * (l. 22-31) as far as it went, with the corrections' lines where they ran instead or as well.
     */
    List<Span> executed(LmeStep x) {
        Lines l = new Lines();
        LmeState m = x.mid;
        switch (x.label) {
            case "InitLock" -> {
                l.add(ALG1, 1, 2);
                call(l, x, ALG1, fixes == null ? -1 : fixes.lockClean);
            }
            case "ReceivePrepare" -> {
                l.add(ALG1, 6, 7, 8);
                if (m.phase() != Phase.COMPETE) l.range(ALG1, 9, 11);
            }
            case "ReceiveReady" -> l.range(ALG1, 12, 14);
            case "CheckStart" -> l.range(ALG1, 15, 19);
            case "CleanUp" -> {
                l.range(ALG1, 20, 21);
                if (fixes != null) l.add(FIXES, fixes.guard);
            }
            case "ReceiveRequest" -> {
                l.add(ALG2, 1, 2);
                if (fixes != null) l.add(FIXES, fixes.lateIf);
                if (x.lateRequest()) l.add(FIXES, fixes.lateSet, fixes.lateSend);
                else l.add(ALG2, 3, 4);
            }
            case "CheckPriorities" -> {
                l.add(ALG2, 5, 6, 7);
                if (fixes != null) l.add(FIXES, fixes.lateMark);
                l.add(ALG2, LmeRules.winner(m) >= 0 ? 8 : 9);
                l.add(ALG2, 10);
            }
            case "ReceiveWin" -> l.range(ALG2, 11, 13);
            case "CheckWin" -> {
                l.add(ALG2, 14, 15, 16);
                if (x.someLoss()) l.range(ALG2, 17, 18);
                else l.range(ALG2, 19, 21);
                l.add(ALG2, 22);
            }
            case "ReceiveSetLock" -> l.range(ALG2, 23, 26);
            case "ReceiveAckLock" -> l.range(ALG2, 27, 29);
            case "CheckDone" -> l.range(ALG2, 30, 33);
            case "InitUnlock" -> {
                l.add(ALG3, 1, 2);
                call(l, x, ALG3, fixes == null ? -1 : fixes.unlockClean);
            }
            case "ReceiveRelease" -> l.range(ALG3, 6, 8);
            case "ReceiveAckUnlock" -> l.range(ALG3, 9, 11);
            case "CheckUnlocked" -> l.range(ALG3, 12, 14);
            default -> {
                return pseudocode.spansOf(x.label);
            }
        }
        if (x.cleaned) helper(l, x);
        return l.spans();
    }

    /**
     * InitLock's or InitUnlock's lines after l. 2: the corrected l. 1′ (CleanUp() before the
     * test, {@code early} > 0) whether or not the call applies, l. 3 only where it still runs.
     */
    private static void call(Lines l, LmeStep x, int block, int early) {
        if (early > 0) l.add(FIXES, early);
        if (!x.applied) return;
        if (early <= 0) l.add(block, 3);
        l.range(block, 4, 5);
    }

    /** CleanUp()'s lines as far as this execution went. */
    private void helper(Lines l, LmeStep x) {
        l.add(ALG1, 22, 23);                                      // the call, the loop over D
        if (x.d != 0) {
            l.range(ALG1, 24, 26);
            if (fixes != null) fixHelper(l, true, false);
        }
        l.add(ALG1, 27);
        if (x.competitionBranch()) {
            l.range(ALG1, 28, 30);
            if (x.mid.A() == 0) l.add(ALG1, 31);
            if (fixes != null) fixHelper(l, false, true);
        }
    }

    /** The algorithm block an action belongs to (its own lines). */
    static Span own(String label) {
        return OWN.get(label);
    }
}
