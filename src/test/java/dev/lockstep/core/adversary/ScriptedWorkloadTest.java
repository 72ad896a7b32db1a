package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Call;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Calls at their rounds, and the automatic Unlock after a lock call's hold. */
class ScriptedWorkloadTest {
    private static List<String> run(int rounds, ScriptedWorkload.Entry... entries) {
        Simulation sim = AdversaryTest.lme(1, 1, 2);
        List<String> calls = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void called(int round, int u, Call c) {
                calls.add(round + ":" + c.json() + "@" + sim.statusSince(u));
            }
        });
        new Engine(sim, new ScenarioAdversary(new int[0], 0, List.of(), null, new ScriptedWorkload(List.of(entries)),
                new Synchronous())).runUntil(rounds);
        return calls;
    }

    private static String lockedSince(List<String> calls, int i) {
        return calls.get(i).substring(calls.get(i).indexOf('@') + 1);
    }

    @Test
    void callsHappenInTheirRoundsOnly() {
        List<String> calls = run(30, new ScriptedWorkload.Entry(2, 0, Call.LOCK, -1));
        assertEquals(1, calls.size(), calls.toString());
        assertEquals("2:lock", calls.get(0).split("@")[0]);
    }

    @Test
    void aLockWithAHoldIsUnlockedExactlyHoldRoundsAfterItIsAcquired_andWithoutOneNever() {
        for (int hold : new int[] {0, 2, 5}) {
            List<String> calls = run(40, new ScriptedWorkload.Entry(1, 0, Call.LOCK, hold));
            assertEquals(2, calls.size(), calls.toString());
            String unlock = calls.get(1);
            int since = Integer.parseInt(lockedSince(calls, 1));
            // calls come at a round's start: the earliest Unlock is the round after the lock took effect
            assertEquals((since + Math.max(hold, 1)) + ":unlock", unlock.split("@")[0], "hold " + hold + ": " + calls);
        }
        assertEquals(1, run(40, new ScriptedWorkload.Entry(1, 0, Call.LOCK, -1)).size());
    }

    @Test
    void theLatestLockCallsHoldApplies() {
        List<String> calls = run(80, new ScriptedWorkload.Entry(0, 0, Call.LOCK, 2),
                new ScriptedWorkload.Entry(30, 0, Call.LOCK, 5), new ScriptedWorkload.Entry(60, 0, Call.LOCK, -1));
        List<String> unlocks = calls.stream().filter(c -> c.contains(":unlock")).toList();
        assertEquals(2, unlocks.size(), calls.toString());
        int first = Integer.parseInt(lockedSince(calls, calls.indexOf(unlocks.get(0))));
        int second = Integer.parseInt(lockedSince(calls, calls.indexOf(unlocks.get(1))));
        assertEquals((first + 2) + ":unlock", unlocks.get(0).split("@")[0]);
        assertEquals((second + 5) + ":unlock", unlocks.get(1).split("@")[0]);
        assertEquals(5, calls.size(), "the third lock is held for good: " + calls);
    }
}
