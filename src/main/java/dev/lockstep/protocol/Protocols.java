package dev.lockstep.protocol;

import dev.lockstep.core.Protocol;
import dev.lockstep.protocol.klme.Klme;
import dev.lockstep.protocol.klme.KlmeVariant;
import dev.lockstep.protocol.krl.Krl;
import dev.lockstep.protocol.krl.KrlVariant;
import dev.lockstep.protocol.lamport.LogicalTimeMe;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeVariant;
import dev.lockstep.protocol.ricartagrawala.RicartAgrawala;
import java.util.ArrayList;
import java.util.List;

/** The protocols a scenario can name. */
public final class Protocols {
    private Protocols() {}

    private static final List<ProtocolFactory> ALL = List.of(
            new ProtocolFactory() {
                @Override public String name() { return Lme.NAME; }

                @Override public List<String> parameters() { return List.of("K", "variant"); }

                @Override public Tunable tunable() { return new Tunable("K", Lme.DEFAULT_K, 2, 1 << 20, "priorities 0..K-1"); }

                @Override
                public Protocol<?> create(ProtocolParams p) {
                    int k = p.integer("K", tunable().defaultValue(), tunable().min(), tunable().max());
                    String variant = p.choice("variant", LmeVariant.CORRECTED.json(), LmeVariant.PAPER.json(),
                            LmeVariant.CORRECTED_UNSCOPED.json());
                    return new Lme(k, LmeVariant.parse(variant));
                }
            },
            new ProtocolFactory() {
                @Override public String name() { return RicartAgrawala.NAME; }

                @Override public List<String> parameters() { return List.of(); }

                @Override public Protocol<?> create(ProtocolParams p) { return new RicartAgrawala(); }
            },
            new ProtocolFactory() {
                @Override public String name() { return LogicalTimeMe.NAME; }

                @Override public List<String> parameters() { return List.of(); }

                @Override public Protocol<?> create(ProtocolParams p) { return new LogicalTimeMe(); }
            },
            new ProtocolFactory() {
                @Override public String name() { return Klme.NAME; }

                @Override public List<String> parameters() { return List.of("k", "variant", "lDeadlockBound"); }

                @Override public Tunable tunable() { return new Tunable("k", Klme.DEFAULT_K, 1, 64, "resources per neighbourhood"); }

                @Override
                public Protocol<?> create(ProtocolParams p) {
                    int k = p.integer("k", tunable().defaultValue(), tunable().min(), tunable().max());
                    String variant = p.choice("variant", KlmeVariant.CORRECTED.json(), KlmeVariant.PAPER.json());
                    int bound = p.integer("lDeadlockBound", Klme.DEFAULT_L_DEADLOCK_BOUND, 1, Integer.MAX_VALUE);
                    return new Klme(k, KlmeVariant.parse(variant), bound);
                }
            },
            krl(false),
            krl(true));

    /** KRL and KRLF (KRL forwarding idle tokens): two names, as the paper names them, same parameters. */
    private static ProtocolFactory krl(boolean forwarding) {
        return new ProtocolFactory() {
            @Override public String name() { return forwarding ? Krl.NAME_FORWARDING : Krl.NAME; }

            @Override public List<String> parameters() { return List.of("k", "variant"); }

            @Override public Tunable tunable() { return new Tunable("k", Krl.DEFAULT_K, 1, 64, "tokens"); }

            @Override
            public Protocol<?> create(ProtocolParams p) {
                int k = p.integer("k", tunable().defaultValue(), tunable().min(), tunable().max());
                return new Krl(k, KrlVariant.of(forwarding, p.choice("variant", "corrected", "paper")));
            }
        };
    }

    public static List<ProtocolFactory> all() {
        return ALL;
    }

    public static ProtocolFactory byName(String name) {
        for (ProtocolFactory f : ALL) if (f.name().equals(name)) return f;
        return null;
    }

    public static List<String> names() {
        List<String> out = new ArrayList<>();
        for (ProtocolFactory f : ALL) out.add(f.name());
        return out;
    }
}
