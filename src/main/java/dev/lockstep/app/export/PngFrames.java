package dev.lockstep.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/** PNG frames frame-0000.png, frame-0001.png, ... in a directory. */
final class PngFrames implements FrameSink {
    private final Path dir;
    private int next;

    PngFrames(Path dir) {
        this.dir = dir;
    }

    static String name(int index) {
        return String.format(Locale.ROOT, "frame-%04d.png", index);
    }

    @Override
    public void add(BufferedImage frame) throws IOException {
        Path f = dir.resolve(name(next));
        if (!ImageIO.write(frame, "png", f.toFile())) throw new IOException("this Java has no PNG writer");
        next++;
    }

    @Override
    public void finish() {}

    @Override
    public void close() {}
}
