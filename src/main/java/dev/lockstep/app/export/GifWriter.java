package dev.lockstep.app.export;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.FileImageOutputStream;
import javax.imageio.stream.ImageOutputStream;

/**
 * A looping animated GIF (NETSCAPE2.0 loop extension) through javax.imageio. The first frame
 * covers the whole picture; each later one only the rectangle that changed, with its own palette
 * ({@link Quantizer}), and the pixels in it that did not change are transparent (disposal
 * "doNotDispose" keeps the previous frame under them), which makes long runs the LZW coder
 * packs tightly: small files, fast to write. Same frames, same bytes.
 */
final class GifWriter implements FrameSink {
    private static final String FORMAT = "javax_imageio_gif_image_1.0";
    /** Palette entry reserved for "unchanged" pixels. */
    private static final int TRANSPARENT = 255;

    private final ImageWriter writer;
    private final ImageOutputStream out;
    private final int width;
    private final int height;
    private final int delayCentis;
    private int[] previous;
    private int frames;

    GifWriter(Path file, int width, int height, int fps) throws IOException {
        Iterator<ImageWriter> it = ImageIO.getImageWritersByFormatName("gif");
        if (!it.hasNext()) throw new IOException("this Java has no GIF writer");
        writer = it.next();
        out = new FileImageOutputStream(file.toFile());
        writer.setOutput(out);
        writer.prepareWriteSequence(null);
        this.width = width;
        this.height = height;
        this.delayCentis = Math.max(1, Math.round(100f / fps));
    }

    @Override
    public void add(BufferedImage frame) throws IOException {
        if (frame.getWidth() != width || frame.getHeight() != height) {
            throw new IllegalArgumentException("frame " + frames + " is " + frame.getWidth() + "x" + frame.getHeight()
                    + ", expected " + width + "x" + height);
        }
        int[] px = frame.getRGB(0, 0, width, height, null, 0, width);
        // the rectangle that changed since the previous frame (all of the first frame)
        int x0 = width;
        int y0 = height;
        int x1 = -1;
        int y1 = -1;
        for (int y = 0; y < height; y++) {
            for (int x = 0, i = y * width; x < width; x++, i++) {
                if (previous == null || (px[i] & 0xFFFFFF) != (previous[i] & 0xFFFFFF)) {
                    if (x < x0) x0 = x;
                    if (x > x1) x1 = x;
                    if (y < y0) y0 = y;
                    y1 = y;
                }
            }
        }
        if (x1 < 0) { // nothing changed: one unchanged pixel keeps the frame's time
            x0 = y0 = x1 = y1 = 0;
        }
        int w = x1 - x0 + 1;
        int h = y1 - y0 + 1;
        int[] sub = new int[w * h];
        boolean[] changed = new boolean[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = (y + y0) * width + x + x0;
                sub[y * w + x] = px[i];
                changed[y * w + x] = previous == null || (px[i] & 0xFFFFFF) != (previous[i] & 0xFFFFFF);
            }
        }
        boolean anyChanged = false;
        for (boolean c : changed) anyChanged |= c;
        boolean[] use = changed;
        if (!anyChanged) {
            use = changed.clone();
            use[0] = true; // a palette needs a colour
        }
        Quantizer q = new Quantizer(sub, use, TRANSPARENT);
        byte[] r = new byte[256];
        byte[] g = new byte[256];
        byte[] b = new byte[256];
        for (int i = 0; i < q.palette.length; i++) {
            r[i] = (byte) (q.palette[i] >> 16);
            g[i] = (byte) (q.palette[i] >> 8);
            b[i] = (byte) q.palette[i];
        }
        boolean transparency = previous != null;
        IndexColorModel cm = transparency ? new IndexColorModel(8, 256, r, g, b, TRANSPARENT) : new IndexColorModel(8, 256, r, g, b);
        BufferedImage indexed = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED, cm);
        byte[] data = ((DataBufferByte) indexed.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < sub.length; i++) data[i] = (byte) (changed[i] ? q.indexOf(sub[i]) : TRANSPARENT);

        ImageWriteParam param = writer.getDefaultWriteParam();
        IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(indexed), param);
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(FORMAT);
        IIOMetadataNode gce = child(root, "GraphicControlExtension");
        gce.setAttribute("disposalMethod", "doNotDispose");
        gce.setAttribute("userInputFlag", "FALSE");
        gce.setAttribute("transparentColorFlag", transparency ? "TRUE" : "FALSE");
        gce.setAttribute("transparentColorIndex", Integer.toString(transparency ? TRANSPARENT : 0));
        gce.setAttribute("delayTime", Integer.toString(delayCentis));
        IIOMetadataNode desc = child(root, "ImageDescriptor");
        desc.setAttribute("imageLeftPosition", Integer.toString(x0));
        desc.setAttribute("imageTopPosition", Integer.toString(y0));
        desc.setAttribute("imageWidth", Integer.toString(w));
        desc.setAttribute("imageHeight", Integer.toString(h));
        desc.setAttribute("interlaceFlag", "FALSE");
        // the palette, explicitly: the writer's default table for an indexed image is not the image's own
        IIOMetadataNode table = child(root, "LocalColorTable");
        while (table.getFirstChild() != null) table.removeChild(table.getFirstChild());
        table.setAttribute("sizeOfLocalColorTable", "256");
        table.setAttribute("sortFlag", "FALSE");
        for (int i = 0; i < 256; i++) {
            IIOMetadataNode e = new IIOMetadataNode("ColorTableEntry");
            e.setAttribute("index", Integer.toString(i));
            e.setAttribute("red", Integer.toString(r[i] & 0xFF));
            e.setAttribute("green", Integer.toString(g[i] & 0xFF));
            e.setAttribute("blue", Integer.toString(b[i] & 0xFF));
            table.appendChild(e);
        }
        if (frames == 0) {
            if (w != width || h != height) throw new IllegalStateException("the first frame covers the whole picture");
            IIOMetadataNode apps = child(root, "ApplicationExtensions");
            IIOMetadataNode loop = new IIOMetadataNode("ApplicationExtension");
            loop.setAttribute("applicationID", "NETSCAPE");
            loop.setAttribute("authenticationCode", "2.0");
            loop.setUserObject(new byte[] {1, 0, 0}); // sub-block 1: loop count 0 = for ever
            apps.appendChild(loop);
        }
        meta.setFromTree(FORMAT, root);
        writer.writeToSequence(new IIOImage(indexed, null, meta), param);
        previous = px;
        frames++;
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) return (IIOMetadataNode) root.item(i);
        }
        IIOMetadataNode n = new IIOMetadataNode(name);
        root.appendChild(n);
        return n;
    }

    @Override
    public void finish() throws IOException {
        writer.endWriteSequence();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            out.close();
        } finally {
            writer.dispose();
        }
    }
}
