package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** {@link FewInts#sort} sorts the prefix it is given as the library does, on both sides of its switch, and leaves the rest alone. */
class FewIntsProperties {

    @Property(tries = 300, seed = "36")
    void sortsThePrefixAndLeavesTheRest(@ForAll @Size(max = 80) int[] values, @ForAll @IntRange(min = 0, max = 80) int k) {
        int prefix = Math.min(k, values.length);
        int[] want = values.clone();
        Arrays.sort(want, 0, prefix);
        int[] got = values.clone();
        FewInts.sort(got, prefix);
        assertArrayEquals(want, got, "prefix " + prefix + " of " + Arrays.toString(values));
    }
}
