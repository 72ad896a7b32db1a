package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;

/**
 * The gallery (sample-runs/README.md) shows each sample's GIF, and the GIF is what the export
 * command written under it makes: as many frames and the same size. Shared by the gallery tests
 * of every protocol.
 */
final class GalleryGifs {
    private GalleryGifs() {}

    /** Checks the GIFs of {@code keys}; with {@code guiCommand}, each entry also gives the command that opens it. */
    static void check(List<String> keys, boolean guiCommand) throws IOException {
        String gallery = Files.readString(Path.of("sample-runs", "README.md"));
        for (String key : keys) {
            if (guiCommand) assertTrue(gallery.contains("java -jar target/lockstep.jar gui sample-runs/" + key + ".json"), key);
            assertTrue(gallery.contains("](gifs/" + key + ".gif)"), "the gallery shows the GIF of " + key);
            Matcher m = Pattern.compile("export sample-runs/" + Pattern.quote(key)
                    + "\\.json --format gif --from (\\d+) --to (\\d+) --frames-per-step (\\d+) --width (\\d+) --height (\\d+)")
                    .matcher(gallery);
            assertTrue(m.find(), "the command that made the GIF of " + key);
            int from = Integer.parseInt(m.group(1)), to = Integer.parseInt(m.group(2)), k = Integer.parseInt(m.group(3));
            ImageReader r = ImageIO.getImageReadersByFormatName("gif").next();
            try (var in = ImageIO.createImageInputStream(Path.of("sample-runs", "gifs", key + ".gif").toFile())) {
                r.setInput(in);
                assertEquals(1 + (to - from) * k, r.getNumImages(true), key + ": frames");
                assertEquals(Integer.parseInt(m.group(4)), r.getWidth(0), key + ": width");
                assertEquals(Integer.parseInt(m.group(5)), r.getHeight(0), key + ": height");
            } finally {
                r.dispose();
            }
        }
    }
}
