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
 * A looping animated GIF (NETSCAPE2.0 loop extension) through javax.imageio. Every frame covers
 * the whole picture with its own palette ({@link Quantizer}); pixels that did not change since
 * the previous frame are transparent (disposal "doNotDispose" keeps the previous frame under
 * them), which makes long runs the LZW coder packs tightly: small files. Same frames, same bytes.
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
        boolean[] changed = new boolean[px.length];
        boolean any = false;
        for (int i = 0; i < px.length; i++) {
            changed[i] = previous == null || (px[i] & 0xFFFFFF) != (previous[i] & 0xFFFFFF);
            any |= changed[i];
        }
        if (!any) changed[0] = true; // a palette needs a colour: keep one pixel opaque
        Quantizer q = new Quantizer(px, changed, TRANSPARENT);
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
        BufferedImage indexed = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_INDEXED, cm);
        byte[] data = ((DataBufferByte) indexed.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < px.length; i++) data[i] = (byte) (changed[i] ? q.indexOf(px[i]) : TRANSPARENT);

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
        desc.setAttribute("imageLeftPosition", "0");
        desc.setAttribute("imageTopPosition", "0");
        desc.setAttribute("imageWidth", Integer.toString(width));
        desc.setAttribute("imageHeight", Integer.toString(height));
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
