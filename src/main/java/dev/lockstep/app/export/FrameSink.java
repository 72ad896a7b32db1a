package dev.lockstep.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;

/** Where frames go, one after another: an encoder writing to a (temporary) path. */
interface FrameSink extends AutoCloseable {
    void add(BufferedImage frame) throws IOException;

    /** Writes what remains (trailers, indexes); the output is complete after it. */
    void finish() throws IOException;

    /** Releases files and encoders; after a failure the output is incomplete and will be deleted. */
    @Override
    void close() throws IOException;
}
