package dev.lockstep.scratch;

import dev.lockstep.core.*;
import dev.lockstep.core.adversary.*;
import dev.lockstep.core.check.*;
import org.junit.jupiter.api.Test;
import java.lang.reflect.*;
import java.util.*;

class BenchViolationsTest {
    @Test
    void show() throws Exception {
        Class<?> bench = Class.forName("dev.lockstep.cli.Bench");
        Method build = bench.getDeclaredMethod("build", int.class, double.class, long.class);
        build.setAccessible(true);
        Engine e = (Engine) build.invoke(null, 10000, 6.0, 1L);
        Simulation sim = e.simulation();
        int a = 8909, b = 6116;
        Set<Integer> watch = Set.of(a, b);
        sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                if (!watch.contains(r.node())) return;
                StringBuilder sb = new StringBuilder();
                sb.append("r").append(r.round()).append(" ").append(sim.nodeName(r.node())).append(" ").append(r.label());
                if (r.received() != null) sb.append(" recv ").append(r.received().message().label()).append(" from ").append(sim.nodeName(r.received().from())).append("@").append(r.received().toPort());
                sb.append(" sent ");
                for (Sent s : r.sent()) sb.append(s.port()).append(":").append(s.message().label()).append(" ");
                sb.append("\n      ").append(r.state());
                System.out.println(sb);
            }
            @Override public void called(int round, int u, Call c) { if (watch.contains(u)) System.out.println("r" + round + " call " + sim.nodeName(u) + " " + c); }
            @Override public void violated(Violation v) { System.out.println("VIOLATION " + v); }
        });
        e.runUntil(1);
        System.out.println("ports of a: " + PortSet.format(sim.ports(a)) + " peers: " + peers(sim, a));
        System.out.println("ports of b: " + PortSet.format(sim.ports(b)) + " peers: " + peers(sim, b));
        e.runUntil(40);
    }
    static String peers(Simulation s, int u) {
        StringBuilder sb = new StringBuilder();
        for (long p = s.ports(u); p != 0; p &= p - 1) { int q = Long.numberOfTrailingZeros(p); sb.append(q).append("->").append(s.nodeName(s.peer(u, q))).append(" "); }
        return sb.toString();
    }
}
