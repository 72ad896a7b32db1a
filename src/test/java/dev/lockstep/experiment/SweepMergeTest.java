package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shards are disjoint and cover the grid; merged, they are the unsharded sweep. */
class SweepMergeTest {
    @TempDir
    Path dir;

    List<Path> shards(Path spec) throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Path d = dir.resolve("shard-" + i);
            Sweep.Result r = SweepFixture.run(spec, d, 1, new Shard(i, 3));
            assertEquals(4, r.total(), "12 runs dealt to 3 shards");
            dirs.add(d);
        }
        return dirs;
    }

    @Test
    void threeShardsMergedAreTheUnshardedSweep() throws Exception {
        Path spec = SweepFixture.small(dir);
        Path whole = dir.resolve("whole");
        SweepFixture.run(spec, whole, 2, Shard.ALL);
        List<Path> dirs = shards(spec);
        List<String> all = new ArrayList<>();
        for (Path d : dirs) all.addAll(SweepFixture.runs(d));
        assertEquals(12, all.stream().distinct().count(), "disjoint");

        Path merged = dir.resolve("merged");
        assertEquals(12, SweepMerge.merge(dirs, merged));
        assertEquals(SweepFixture.runs(whole), SweepFixture.runs(merged));
        assertEquals(Files.readString(whole.resolve(SummaryTable.FILE)), Files.readString(merged.resolve(SummaryTable.FILE)));
        assertEquals(Files.readString(whole.resolve(Manifest.FILE)), Files.readString(merged.resolve(Manifest.FILE)));
        for (int i = 1; i <= 4; i++) {
            assertEquals(Files.readString(GridPoint.file(whole, "p" + i)), Files.readString(GridPoint.file(merged, "p" + i)));
        }
        // in grid order: point by point, seeds in the spec's order
        List<String> order = RunLog.read(merged.resolve(RunLog.FILE)).records().stream().map(RunRecord::key).toList();
        assertEquals(List.of("p1 seed 1", "p1 seed 2", "p1 seed 3", "p2 seed 1"), order.subList(0, 4));
    }

    @Test
    void aMissingOrDuplicatedRunIsRefusedByName() throws Exception {
        Path spec = SweepFixture.small(dir);
        List<Path> dirs = shards(spec);
        IOException missing = assertThrows(IOException.class, () -> SweepMerge.merge(dirs.subList(0, 2), dir.resolve("m1")));
        // shard 3/3 holds runs 2, 5, 8, 11: p1 seed 3, p2 seed 3, p3 seed 3, p4 seed 3
        assertEquals("cannot merge: 4 runs missing: p1 seed 3, p2 seed 3, p3 seed 3, p4 seed 3; run the shards that hold them again (a sweep resumes)",
                missing.getMessage());
        List<Path> twice = List.of(dirs.get(0), dirs.get(1), dirs.get(2), dirs.get(2));
        IOException dup = assertThrows(IOException.class, () -> SweepMerge.merge(twice, dir.resolve("m2")));
        assertTrue(dup.getMessage().startsWith("cannot merge: 4 runs present more than once: p1 seed 3 (in " + dirs.get(2) + ", " + dirs.get(2) + ")"),
                dup.getMessage());
        try (Stream<Path> s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith("m")), "nothing written on refusal");
        }
        Path other = SweepFixture.spec(Files.createDirectory(dir.resolve("other")), "\"axes\": {\"K\": [2, 4]}, \"rounds\": 10");
        SweepFixture.run(other, dir.resolve("o"), 1, Shard.ALL);
        IOException mixed = assertThrows(IOException.class, () -> SweepMerge.merge(List.of(dirs.get(0), dir.resolve("o")), dir.resolve("m3")));
        assertTrue(mixed.getMessage().contains("holds a sweep of a different spec"), mixed.getMessage());
    }
}
