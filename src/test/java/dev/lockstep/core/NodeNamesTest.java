package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The names packed in one string read back as the list they came from, and stay immutable. */
class NodeNamesTest {
    @Test
    void theNamesReadBackInOrder_emptyAndNonLatinOnesIncluded() {
        List<String> given = List.of("a", "", "node 2", "ü", "節点", "", "n123456");
        List<String> names = NodeNames.of(new ArrayList<>(given));
        assertEquals(given, names);
        assertEquals(names, given);
        assertEquals(given.hashCode(), names.hashCode());
        for (int i = 0; i < given.size(); i++) assertEquals(given.get(i), names.get(i), "name " + i);
        assertEquals(4, names.indexOf("節点"));
        assertSame(names, NodeNames.of(names), "packed once");
    }

    @Test
    void likeListCopyOf_itRejectsNullAndChanges() {
        assertThrows(NullPointerException.class, () -> NodeNames.of(Arrays.asList("a", null)));
        List<String> names = NodeNames.of(List.of("a", "b"));
        assertThrows(UnsupportedOperationException.class, () -> names.set(0, "c"));
        assertThrows(UnsupportedOperationException.class, () -> names.add("c"));
        assertThrows(IndexOutOfBoundsException.class, () -> names.get(2));
        assertThrows(IndexOutOfBoundsException.class, () -> names.get(-1));
        assertEquals(List.of(), NodeNames.of(List.of()));
    }

    @Test
    void aConfigurationKeepsAnIndependentCopy() {
        List<String> given = new ArrayList<>(List.of("x", "y"));
        SimulationConfig config = new SimulationConfig(new Lme(), given, new double[2], new double[2],
                null, 2, ChannelDiscipline.FIFO, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1);
        given.set(0, "changed");
        assertEquals(List.of("x", "y"), config.names());
    }
}
