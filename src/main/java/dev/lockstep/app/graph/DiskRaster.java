package dev.lockstep.app.graph;

import java.nio.IntBuffer;
import java.util.Arrays;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;

/**
 * Antialiased disks (a large graph's nodes with their rings, and its messages as dots) painted
 * straight into pixels and handed to the canvas as one image. JavaFX's software rasteriser sets
 * up every shape as a path and sweeps its scanlines, which for thousands of small disks costs
 * tens of milliseconds per frame, however they are batched; copying one image costs about as
 * much as an empty frame. Pixels are premultiplied ARGB; each disk's coverage is computed from
 * the distance of each pixel's centre to the disk's centre.
 */
final class DiskRaster {
    private int w;
    private int h;
    private int[] pixels = new int[0];
    private PixelBuffer<IntBuffer> buffer;
    private WritableImage image;
    /** The rows painted since the last clear (to clear and hand over only those). */
    private int dirtyTop = Integer.MAX_VALUE;
    private int dirtyBottom = -1;

    /** Starts a frame of w by h pixels, all transparent. */
    void begin(int width, int height) {
        if (width != w || height != h || image == null) {
            w = Math.max(1, width);
            h = Math.max(1, height);
            IntBuffer ib = IntBuffer.allocate(w * h);
            pixels = ib.array();
            buffer = new PixelBuffer<>(w, h, ib, PixelFormat.getIntArgbPreInstance());
            image = new WritableImage(buffer);
            dirtyTop = Integer.MAX_VALUE;
            dirtyBottom = -1;
            return;
        }
        if (dirtyBottom >= dirtyTop) Arrays.fill(pixels, dirtyTop * w, (dirtyBottom + 1) * w, 0);
        dirtyTop = Integer.MAX_VALUE;
        dirtyBottom = -1;
    }

    /** Premultiplied ARGB of a colour at an opacity. */
    static int premultiplied(Color c, double alpha) {
        double a = c.getOpacity() * alpha;
        return ((int) Math.round(a * 255) << 24) | ((int) Math.round(c.getRed() * a * 255) << 16)
                | ((int) Math.round(c.getGreen() * a * 255) << 8) | (int) Math.round(c.getBlue() * a * 255);
    }

    /**
     * A disk at (cx, cy): filled with {@code fill} out to radius {@code inner}, and with
     * {@code ring} from there out to {@code outer} (both premultiplied ARGB), over what is there.
     */
    void disk(double cx, double cy, double inner, double outer, int fill, int ring) {
        double reach = outer + 0.5;
        int y0 = Math.max(0, (int) Math.floor(cy - reach));
        int y1 = Math.min(h - 1, (int) Math.ceil(cy + reach));
        if (y0 > y1 || cx + reach < 0 || cx - reach > w) return;
        dirtyTop = Math.min(dirtyTop, y0);
        dirtyBottom = Math.max(dirtyBottom, y1);
        // pixels whose centre lies this far in are covered by the fill alone (no edge to smooth)
        double solid = inner - 0.5;
        boolean opaque = (fill >>> 24) == 255;
        for (int y = y0; y <= y1; y++) {
            double dy = y + 0.5 - cy;
            double dy2 = dy * dy;
            if (dy2 >= reach * reach) continue;
            double span = Math.sqrt(reach * reach - dy2);
            int xa = Math.max(0, (int) Math.floor(cx - span - 0.5));
            int xb = Math.min(w - 1, (int) Math.ceil(cx + span - 0.5));
            int ia = Integer.MAX_VALUE;
            int ib = Integer.MIN_VALUE;
            if (opaque && solid > 0 && dy2 < solid * solid) {
                double in = Math.sqrt(solid * solid - dy2);
                ia = (int) Math.ceil(cx - in - 0.5);
                ib = (int) Math.floor(cx + in - 0.5);
            }
            int row = y * w;
            for (int x = xa; x <= xb; x++) {
                if (x >= ia && x <= ib) {
                    pixels[row + x] = fill;
                    continue;
                }
                double dx = x + 0.5 - cx;
                double d = Math.sqrt(dx * dx + dy2);
                double out = outer - d + 0.5;
                if (out <= 0) continue;
                if (out > 1) out = 1;
                double in = inner - d + 0.5;
                in = in <= 0 ? 0 : in > 1 ? 1 : in;
                // the fill where the inner disk covers the pixel, the ring for the rest of the outer one
                int src = in >= 1 ? fill : mix(fill, in, ring, out - in);
                pixels[row + x] = (src >>> 24) == 255 ? src : over(src, pixels[row + x]);
            }
        }
    }

    /** A speck one pixel across at (x, y): a disk too small to be worth its rim. */
    void speck(double x, double y, int argb) {
        int xi = (int) Math.floor(x);
        int yi = (int) Math.floor(y);
        if (xi < 0 || yi < 0 || xi >= w || yi >= h) return;
        dirtyTop = Math.min(dirtyTop, yi);
        dirtyBottom = Math.max(dirtyBottom, yi);
        pixels[yi * w + xi] = over(argb, pixels[yi * w + xi]);
    }

    private static int mix(int a, double ka, int b, double kb) {
        int al = (int) (((a >>> 24) * ka + (b >>> 24) * kb) + 0.5);
        int r = (int) ((((a >> 16) & 255) * ka + ((b >> 16) & 255) * kb) + 0.5);
        int g = (int) ((((a >> 8) & 255) * ka + ((b >> 8) & 255) * kb) + 0.5);
        int bl = (int) (((a & 255) * ka + (b & 255) * kb) + 0.5);
        return (Math.min(255, al) << 24) | (Math.min(255, r) << 16) | (Math.min(255, g) << 8) | Math.min(255, bl);
    }

    /** Source over destination, both premultiplied. */
    private static int over(int src, int dst) {
        int k = 255 - (src >>> 24);
        if (k == 255) return dst;
        if (dst == 0) return src;
        int a = (src >>> 24) + div255((dst >>> 24) * k);
        int r = ((src >> 16) & 255) + div255(((dst >> 16) & 255) * k);
        int g = ((src >> 8) & 255) + div255(((dst >> 8) & 255) * k);
        int b = (src & 255) + div255((dst & 255) * k);
        return (Math.min(255, a) << 24) | (Math.min(255, r) << 16) | (Math.min(255, g) << 8) | Math.min(255, b);
    }

    /** x / 255, rounded, for x in [0, 255 * 255]. */
    private static int div255(int x) {
        return (x + 128 + ((x + 128) >> 8)) >> 8;
    }

    /** Draws what was painted this frame at the canvas's origin. */
    void drawOn(GraphicsContext g) {
        if (dirtyBottom < dirtyTop) return;
        buffer.updateBuffer(b -> null); // the whole image: the rows cleared since the last frame change too
        g.drawImage(image, 0, 0);
    }
}
