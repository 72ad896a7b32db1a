package dev.lockstep.app.export;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import org.jcodec.common.model.ColorSpace;
import org.jcodec.common.model.Picture;

/**
 * RGB frames as the H.264 encoder's input: BT.601 YUV 4:2:0 in studio range (Y 16–235, chroma
 * 16–240), what a decoder assumes of a stream that does not say otherwise (jcodec's decoder does).
 * jcodec calls its input {@link ColorSpace#YUV420J} but writes no range flag.
 *
 * <p>Written here rather than taken from jcodec's AWTUtil and RgbToYuv420j because those go through
 * an intermediate RGB picture and a method call per pixel (about 20 ms a 1280×720 frame, an eighth of
 * the export), and weigh blue at 15/256, which darkens the legend's blues. Fixed-point, integers
 * only: the same frame gives the same bytes on every machine.
 */
final class Yuv420 {
    // BT.601 studio range, scaled by 2^16: Y' = 16 + 219·(0.299 R + 0.587 G + 0.114 B)/255, and the
    // chroma rows sum to 0 so that grey has no colour
    private static final int YR = 16829;
    private static final int YG = 33039;
    private static final int YB = 6416;
    private static final int UR = -9714;
    private static final int UG = -19070;
    private static final int UB = 28784;
    private static final int VR = 28784;
    private static final int VG = -24103;
    private static final int VB = -4681;

    private Yuv420() {}

    /** The frame (even width and height) as a new YUV420J picture. */
    static Picture of(BufferedImage frame) {
        int w = frame.getWidth();
        int h = frame.getHeight();
        if ((w | h) % 2 != 0) throw new IllegalArgumentException("H.264 4:2:0 needs an even width and height, got " + w + "x" + h);
        Picture pic = Picture.create(w, h, ColorSpace.YUV420J);
        byte[] y = pic.getPlaneData(0);
        byte[] u = pic.getPlaneData(1);
        byte[] v = pic.getPlaneData(2);
        int[] top = new int[w];
        int[] bottom = new int[w];
        int[] pixels = packedPixels(frame);
        int stride = pixels == null ? w : scanlineStride(frame);
        int base = pixels == null ? 0 : ((DataBufferInt) frame.getRaster().getDataBuffer()).getOffset();
        for (int row = 0; row < h; row += 2) {
            int t;
            int b;
            int[] tp;
            int[] bp;
            if (pixels != null) {
                tp = pixels;
                bp = pixels;
                t = base + row * stride;
                b = t + stride;
            } else {
                frame.getRGB(0, row, w, 1, top, 0, w);
                frame.getRGB(0, row + 1, w, 1, bottom, 0, w);
                tp = top;
                bp = bottom;
                t = 0;
                b = 0;
            }
            int yo = row * w;
            int co = (row >> 1) * (w >> 1);
            for (int x = 0; x < w; x += 2, co++) {
                int p0 = tp[t + x];
                int p1 = tp[t + x + 1];
                int p2 = bp[b + x];
                int p3 = bp[b + x + 1];
                y[yo + x] = luma(p0);
                y[yo + x + 1] = luma(p1);
                y[yo + w + x] = luma(p2);
                y[yo + w + x + 1] = luma(p3);
                // chroma of the 2×2 block's mean colour (sums of four, hence the shift by 18)
                int r = (p0 >> 16 & 0xFF) + (p1 >> 16 & 0xFF) + (p2 >> 16 & 0xFF) + (p3 >> 16 & 0xFF);
                int g = (p0 >> 8 & 0xFF) + (p1 >> 8 & 0xFF) + (p2 >> 8 & 0xFF) + (p3 >> 8 & 0xFF);
                int bl = (p0 & 0xFF) + (p1 & 0xFF) + (p2 & 0xFF) + (p3 & 0xFF);
                // chroma within ±112 of 128 by construction: no clipping
                u[co] = (byte) ((UR * r + UG * g + UB * bl + (1 << 17)) >> 18);
                v[co] = (byte) ((VR * r + VG * g + VB * bl + (1 << 17)) >> 18);
            }
        }
        return pic;
    }

    /** jcodec's 8-bit planes hold value − 128 as a signed byte: 16 + … − 128. */
    private static byte luma(int p) {
        return (byte) (((YR * (p >> 16 & 0xFF) + YG * (p >> 8 & 0xFF) + YB * (p & 0xFF) + (1 << 15)) >> 16) - 112);
    }

    /** The raster's ints when the image is packed RGB in one int per pixel (what the frames are), else null. */
    private static int[] packedPixels(BufferedImage frame) {
        int type = frame.getType();
        if (type != BufferedImage.TYPE_INT_RGB && type != BufferedImage.TYPE_INT_ARGB) return null;
        if (!(frame.getRaster().getDataBuffer() instanceof DataBufferInt ints) || ints.getNumBanks() != 1) return null;
        if (!(frame.getSampleModel() instanceof SinglePixelPackedSampleModel)) return null;
        if (frame.getRaster().getSampleModelTranslateX() != 0 || frame.getRaster().getSampleModelTranslateY() != 0) return null;
        return ints.getData();
    }

    private static int scanlineStride(BufferedImage frame) {
        return ((SinglePixelPackedSampleModel) frame.getSampleModel()).getScanlineStride();
    }
}
