package dev.lockstep.app.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;
import javafx.geometry.Point2D;
import javafx.scene.paint.Color;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exported animations decoded and checked: frame counts, sizes, colours where nodes are, determinism, atomic writes. */
class ExportTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void toolkit() throws Exception {
        // the toolkit as TestFX starts it (other test classes share this JVM and need TestFX's start)
        org.testfx.api.FxToolkit.registerPrimaryStage();
        FxThread.startHeadless();
    }

    static Session session(String sample) throws Exception {
        return Session.start(ScenarioLoader.load(Path.of("sample-runs", sample)));
    }

    static ExportSpec spec(ExportSpec.Format f, Path out, int from, int to, int w, int h, int perStep) {
        return new ExportSpec(f, out, from, to, false, w, h, 10, perStep, true);
    }

    /** The first round at which the ring's nodes show at least two different fill values. */
    static int roundWithTwoStates(String sample) throws Exception {
        Session s = session(sample);
        for (int r = 1; r < 300; r++) {
            s.stepRound();
            if (r >= 4 && fills(s.simulation()).size() >= 2) return r;
        }
        throw new AssertionError("no round with two states");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Set<String> fills(Simulation sim) {
        Protocol<NodeState> p = (Protocol) sim.protocol();
        Set<String> out = new TreeSet<>();
        for (int u = 0; u < sim.nodeCount(); u++) out.add(p.presentation().fill(sim.state(u)));
        return out;
    }

    /** The colour the view's palette gives node u's state (what the screen shows). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int expectedFill(Simulation sim, int u) {
        Protocol<NodeState> p = (Protocol) sim.protocol();
        Color c = GraphView.fillColor(p.presentation().fillValues(), p.presentation().fill(sim.state(u)));
        return (int) Math.round(c.getRed() * 255) << 16 | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }

    /** Checks every node's centre pixel in the frame shows its state's fill colour (within tolerance). */
    static void nodesShowTheirStates(Exporter e, BufferedImage frame, int tolerance) {
        Simulation sim = e.session().simulation();
        int colours = fills(sim).size();
        assertTrue(colours >= 2, "the frame shows nodes in " + colours + " states");
        List<String> wrong = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            Point2D p = e.nodePixel(u);
            int x = (int) Math.round(p.getX());
            int y = (int) Math.round(p.getY());
            assertTrue(x >= 0 && y >= 0 && x < frame.getWidth() && y < frame.getHeight(), "node " + u + " inside the frame: " + p);
            int got = frame.getRGB(x, y) & 0xFFFFFF;
            int want = expectedFill(sim, u);
            if (Decoded.distance(got, want) > tolerance) {
                wrong.add(sim.nodeName(u) + " at (" + x + "," + y + "): " + Integer.toHexString(got) + " instead of " + Integer.toHexString(want));
            }
        }
        assertTrue(wrong.isEmpty(), "node colours: " + wrong);
    }

    @Test
    void gifHasTheRequestedFramesSizeAndLoopAndShowsEachNodesState() throws Exception {
        int r = roundWithTwoStates("ring-8.json");
        Path out = dir.resolve("ring.gif");
        Exporter e = Exporter.of(session("ring-8.json"), spec(ExportSpec.Format.GIF, out, r - 3, r, 480, 360, 2));
        assertEquals(7, e.total());
        List<int[]> progress = new ArrayList<>();
        assertEquals(out.toAbsolutePath(), e.run((d, t) -> progress.add(new int[] {d, t})));
        assertEquals(7, progress.size());
        assertArrayEquals(new int[] {7, 7}, progress.get(6));

        Decoded.Gif gif = Decoded.gif(out);
        assertEquals(7, gif.frames().size());
        assertEquals(480, gif.logicalWidth());
        assertEquals(360, gif.logicalHeight());
        assertTrue(gif.loops(), "NETSCAPE2.0 loop for ever");
        assertEquals(List.of(10, 10, 10, 10, 10, 10, 10), gif.delays(), "10 fps = 10 centiseconds per frame");
        nodesShowTheirStates(e, gif.frames().get(6), 24);
        assertEquals(r, e.session().round(), "the last frame is the range's end");
    }

    @Test
    void mp4HasTheRequestedFramesAndSizeAndShowsEachNodesState() throws Exception {
        int r = roundWithTwoStates("ring-8.json");
        Path out = dir.resolve("ring.mp4");
        Exporter e = Exporter.of(session("ring-8.json"), spec(ExportSpec.Format.MP4, out, r - 4, r, 320, 240, 1));
        e.run(null);
        List<BufferedImage> frames = Decoded.mp4(out);
        assertEquals(5, frames.size());
        for (BufferedImage f : frames) {
            assertEquals(320, f.getWidth());
            assertEquals(240, f.getHeight());
        }
        nodesShowTheirStates(e, frames.get(4), 48); // H.264 is lossy
    }

    @Test
    void mp4IsByteIdenticalWhenRepeatedOnAnyNumberOfEncoderThreads() throws Exception {
        Path a = dir.resolve("a.mp4");
        Path b = dir.resolve("b.mp4");
        // 31 frames: a group of 25 and a partial one
        Exporter.of(session("unit-disk-swarm-30.json"), spec(ExportSpec.Format.MP4, a, 5, 15, 320, 240, 3)).encoderThreads(1).run(null);
        Exporter.of(session("unit-disk-swarm-30.json"), spec(ExportSpec.Format.MP4, b, 5, 15, 320, 240, 3)).encoderThreads(3).run(null);
        assertEquals(-1, Files.mismatch(a, b), "same inputs, same MP4 bytes, on 1 or 3 threads");
        assertEquals(31, Decoded.mp4(a).size());
    }

    @Test
    void pngFramesAndGifAreByteIdenticalWhenRepeated() throws Exception {
        Path a = dir.resolve("a.gif");
        Path b = dir.resolve("b.gif");
        Exporter.of(session("unit-disk-swarm-30.json"), spec(ExportSpec.Format.GIF, a, 5, 8, 400, 300, 3)).run(null);
        Exporter.of(session("unit-disk-swarm-30.json"), spec(ExportSpec.Format.GIF, b, 5, 8, 400, 300, 3)).run(null);
        assertEquals(-1, Files.mismatch(a, b), "same inputs, same GIF bytes");

        Path pa = dir.resolve("pa");
        Path pb = dir.resolve("pb");
        Exporter.of(session("unit-disk-swarm-30.json"), spec(ExportSpec.Format.PNG, pa, 5, 7, 400, 300, 2)).run(null);
        Exporter.of(session("unit-disk-swarm-30.json"), spec(ExportSpec.Format.PNG, pb, 5, 7, 400, 300, 2)).run(null);
        List<String> names = names(pa);
        assertEquals(List.of("frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png", "frame-0004.png"), names);
        assertEquals(names, names(pb));
        for (String n : names) assertEquals(-1, Files.mismatch(pa.resolve(n), pb.resolve(n)), n);
        BufferedImage first = ImageIO.read(pa.resolve(names.get(0)).toFile());
        assertEquals(400, first.getWidth());
        assertEquals(300, first.getHeight());
        // the frames between two steps differ: the messages glide
        assertEquals(-1, Files.mismatch(pa.resolve(names.get(1)), pa.resolve(names.get(1))));
        assertNotEquals(-1, Files.mismatch(pa.resolve(names.get(1)), pa.resolve(names.get(2))));
        // the GIF frame equals the PNG frame of the same moment up to quantisation
        Decoded.Gif gif = Decoded.gif(a);
        assertEquals(10, gif.frames().size());
    }

    @Test
    void captionLineIsOptional() throws Exception {
        Path with = dir.resolve("with");
        Path without = dir.resolve("without");
        Exporter.of(session("ring-8.json"), new ExportSpec(ExportSpec.Format.PNG, with, 3, 3, false, 400, 300, 10, 1, true)).run(null);
        Exporter.of(session("ring-8.json"), new ExportSpec(ExportSpec.Format.PNG, without, 3, 3, false, 400, 300, 10, 1, false)).run(null);
        BufferedImage a = ImageIO.read(with.resolve("frame-0000.png").toFile());
        BufferedImage b = ImageIO.read(without.resolve("frame-0000.png").toFile());
        // the caption is the last line, on its own background (#f3f5f7), under the legend
        assertTrue(share(a, 10, 0xF3F5F7) > 0.5, "caption line at the bottom: " + share(a, 10, 0xF3F5F7));
        assertTrue(share(b, 10, 0xF3F5F7) < 0.05, "no caption line: " + share(b, 10, 0xF3F5F7));
        assertTrue(inkInBottomRows(a, 16) > 30, "the caption has text");
    }

    static double share(BufferedImage img, int rows, int rgb) {
        int hits = 0;
        for (int y = img.getHeight() - rows; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) if ((img.getRGB(x, y) & 0xFFFFFF) == rgb) hits++;
        }
        return hits / (double) (rows * img.getWidth());
    }

    static int inkInBottomRows(BufferedImage img, int rows) {
        int dark = 0;
        for (int y = img.getHeight() - rows; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) if (Decoded.distance(img.getRGB(x, y) & 0xFFFFFF, 0) < 100) dark++;
        }
        return dark;
    }

    @Test
    void aRangeOfStepsCountsActionExecutions() throws Exception {
        Session s = session("ring-8.json");
        Path out = dir.resolve("steps.gif");
        Exporter e = Exporter.of(s, new ExportSpec(ExportSpec.Format.GIF, out, 10, 15, true, 200, 160, 10, 1, true));
        e.run(null);
        assertEquals(6, Decoded.gif(out).frames().size());
        assertEquals(15, s.simulation().executionsBegun(), "the last frame is right after the 15th execution");

        Session short_ = session("flaw-2-stuck-in-win.json");
        IllegalArgumentException past = assertThrows(IllegalArgumentException.class, () -> Exporter.of(short_,
                new ExportSpec(ExportSpec.Format.GIF, dir.resolve("x.gif"), 0, 500, true, 200, 160, 10, 1, true)));
        assertTrue(past.getMessage().contains("step 500 never happens"), past.getMessage());
    }

    @Test
    void theExportedRunIsAReplayAndTheOriginalIsNotMoved() throws Exception {
        Session live = session("ring-8.json");
        live.runUntil(12);
        Session.Position before = live.position();
        Session copy = Session.parse(live.toJson(), "live");
        Exporter.of(copy, spec(ExportSpec.Format.GIF, dir.resolve("c.gif"), 2, 6, 200, 160, 1)).run(null);
        assertEquals(before, live.position());
        assertEquals(6, copy.round());
    }

    /** A frame source that fails at frame 3 of 6 (e.g. the renderer or the disk). */
    static final class Failing implements FrameSource {
        int drawn;

        @Override
        public int count() {
            return 6;
        }

        @Override
        public BufferedImage frame(int index) throws IOException {
            if (index == 3) throw new IOException("disk full (simulated)");
            drawn++;
            BufferedImage img = new BufferedImage(64, 48, BufferedImage.TYPE_INT_RGB);
            img.setRGB(index, index, 0xFFFFFF);
            return img;
        }
    }

    @Test
    void aFailedExportLeavesNothingUnderTheNameAndAnEarlierFileIntact() throws Exception {
        for (ExportSpec.Format f : List.of(ExportSpec.Format.GIF, ExportSpec.Format.MP4, ExportSpec.Format.PNG)) {
            Path sub = Files.createDirectory(dir.resolve("fail-" + f.id()));
            Path out = sub.resolve(f == ExportSpec.Format.PNG ? "frames" : "out." + f.id());
            Exporter e = new Exporter(spec(f, out, 0, 5, 64, 48, 1), new Failing(), null);
            IOException x = assertThrows(IOException.class, () -> e.run(null));
            assertEquals("disk full (simulated)", x.getMessage());
            assertEquals(List.of(), names(sub), f + ": nothing left behind, not even the temporary output");
        }
        // an earlier GIF under the name survives a failed export untouched
        Path out = dir.resolve("kept.gif");
        Files.write(out, new byte[] {1, 2, 3});
        assertThrows(IOException.class, () -> new Exporter(spec(ExportSpec.Format.GIF, out, 0, 5, 64, 48, 1), new Failing(), null).run(null));
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(out));
        assertEquals(List.of("fail-gif", "fail-mp4", "fail-png", "kept.gif"), names(dir));
    }

    @Test
    void aCancelledExportStopsAndLeavesNothing() throws Exception {
        Path out = dir.resolve("cancelled.gif");
        Exporter e = Exporter.of(session("ring-8.json"), spec(ExportSpec.Format.GIF, out, 0, 30, 200, 160, 1));
        int[] seen = {0};
        assertThrows(CancellationException.class, () -> e.run((d, t) -> {
            seen[0] = d;
            if (d == 4) e.cancel();
        }));
        assertEquals(4, seen[0], "stops after the frame under way");
        assertEquals(List.of(), names(dir));
    }

    @Test
    void pngFramesReplaceAnEarlierExportButNoOtherDirectory() throws Exception {
        Path frames = dir.resolve("frames");
        Exporter.of(session("ring-8.json"), spec(ExportSpec.Format.PNG, frames, 0, 4, 100, 80, 1)).run(null);
        assertEquals(5, names(frames).size());
        Exporter.of(session("ring-8.json"), spec(ExportSpec.Format.PNG, frames, 0, 2, 100, 80, 1)).run(null);
        assertEquals(3, names(frames).size(), "the earlier frames are replaced, not mixed with the new ones");
        Files.writeString(frames.resolve("notes.txt"), "mine");
        IOException x = assertThrows(IOException.class,
                () -> Exporter.of(session("ring-8.json"), spec(ExportSpec.Format.PNG, frames, 0, 2, 100, 80, 1)).run(null));
        assertTrue(x.getMessage().contains("not empty"), x.getMessage());
        assertTrue(Files.exists(frames.resolve("notes.txt")));
        assertFalse(names(dir).stream().anyMatch(n -> n.endsWith(".tmp")), "no temporary directory left: " + names(dir));
    }

    static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
