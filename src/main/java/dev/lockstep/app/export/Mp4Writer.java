package dev.lockstep.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import org.jcodec.api.awt.AWTSequenceEncoder;
import org.jcodec.common.io.NIOUtils;
import org.jcodec.common.io.SeekableByteChannel;
import org.jcodec.common.model.Rational;

/** An MP4 with one H.264 video track, encoded in pure Java by jcodec. */
final class Mp4Writer implements FrameSink {
    private final SeekableByteChannel channel;
    private final AWTSequenceEncoder encoder;
    private final int width;
    private final int height;

    Mp4Writer(Path file, int width, int height, int fps) throws IOException {
        this.channel = NIOUtils.writableChannel(file.toFile());
        this.width = width;
        this.height = height;
        AWTSequenceEncoder e;
        try {
            e = new AWTSequenceEncoder(channel, Rational.R(fps, 1));
        } catch (IOException | RuntimeException ex) {
            channel.close();
            throw ex;
        }
        this.encoder = e;
    }

    @Override
    public void add(BufferedImage frame) throws IOException {
        if (frame.getWidth() != width || frame.getHeight() != height) {
            throw new IllegalArgumentException("frame is " + frame.getWidth() + "x" + frame.getHeight() + ", expected " + width + "x" + height);
        }
        encoder.encodeImage(frame);
    }

    @Override
    public void finish() throws IOException {
        encoder.finish();
    }

    @Override
    public void close() throws IOException {
        NIOUtils.closeQuietly(channel);
    }
}
