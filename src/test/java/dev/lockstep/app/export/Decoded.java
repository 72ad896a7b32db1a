package dev.lockstep.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import org.jcodec.api.awt.AWTFrameGrab;
import org.jcodec.common.io.NIOUtils;
import org.jcodec.common.io.SeekableByteChannel;
import org.w3c.dom.Node;

/** Exported files decoded as a viewer would: GIF frames composed over the previous ones, MP4 frames by jcodec. */
public final class Decoded {
    private Decoded() {}

    /** A GIF's frames as shown (transparent pixels keep what the previous frame showed), and whether it loops. */
    public record Gif(List<BufferedImage> frames, List<Integer> delays, boolean loops, int logicalWidth, int logicalHeight) {}

    public static Gif gif(Path file) throws IOException {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            ImageReader r = ImageIO.getImageReadersByFormatName("gif").next();
            r.setInput(in, false);
            int n = r.getNumImages(true);
            IIOMetadataNode stream = (IIOMetadataNode) r.getStreamMetadata().getAsTree("javax_imageio_gif_stream_1.0");
            IIOMetadataNode screen = (IIOMetadataNode) stream.getElementsByTagName("LogicalScreenDescriptor").item(0);
            int w = Integer.parseInt(screen.getAttribute("logicalScreenWidth"));
            int h = Integer.parseInt(screen.getAttribute("logicalScreenHeight"));
            List<BufferedImage> frames = new ArrayList<>();
            List<Integer> delays = new ArrayList<>();
            boolean loops = false;
            int[] canvas = null;
            for (int i = 0; i < n; i++) {
                BufferedImage img = r.read(i);
                IIOMetadataNode meta = (IIOMetadataNode) r.getImageMetadata(i).getAsTree("javax_imageio_gif_image_1.0");
                IIOMetadataNode gce = (IIOMetadataNode) meta.getElementsByTagName("GraphicControlExtension").item(0);
                delays.add(Integer.parseInt(gce.getAttribute("delayTime")));
                var apps = meta.getElementsByTagName("ApplicationExtension");
                for (int k = 0; k < apps.getLength(); k++) {
                    Node app = apps.item(k);
                    IIOMetadataNode a = (IIOMetadataNode) app;
                    if ("NETSCAPE".equals(a.getAttribute("applicationID")) && a.getUserObject() instanceof byte[] b
                            && b.length >= 3 && b[0] == 1 && b[1] == 0 && b[2] == 0) {
                        loops = true;
                    }
                }
                IIOMetadataNode desc = (IIOMetadataNode) meta.getElementsByTagName("ImageDescriptor").item(0);
                int left = Integer.parseInt(desc.getAttribute("imageLeftPosition"));
                int top = Integer.parseInt(desc.getAttribute("imageTopPosition"));
                if (canvas == null) canvas = new int[w * h];
                int[] px = img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
                for (int y = 0; y < img.getHeight(); y++) {
                    for (int x = 0; x < img.getWidth(); x++) {
                        int p = px[y * img.getWidth() + x];
                        if (p >>> 24 != 0) canvas[(y + top) * w + x + left] = p;
                    }
                }
                BufferedImage shown = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
                shown.setRGB(0, 0, w, h, canvas, 0, w);
                frames.add(shown);
            }
            r.dispose();
            return new Gif(frames, delays, loops, w, h);
        }
    }

    /** Every frame of the MP4's video track. */
    public static List<BufferedImage> mp4(Path file) throws Exception {
        List<BufferedImage> out = new ArrayList<>();
        try (SeekableByteChannel ch = NIOUtils.readableChannel(file.toFile())) {
            AWTFrameGrab grab = AWTFrameGrab.createAWTFrameGrab(ch);
            for (BufferedImage f = grab.getFrame(); f != null; f = grab.getFrame()) out.add(f);
        }
        return out;
    }

    /** Largest difference of one channel between two colours (0xRRGGBB). */
    public static int distance(int a, int b) {
        int d = 0;
        for (int shift = 0; shift <= 16; shift += 8) d = Math.max(d, Math.abs((a >> shift & 0xFF) - (b >> shift & 0xFF)));
        return d;
    }
}
