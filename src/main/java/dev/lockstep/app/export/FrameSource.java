package dev.lockstep.app.export;

import java.awt.image.BufferedImage;

/** The frames of an animation, asked for in order 0, 1, ..., count - 1, from any thread but one at a time. */
interface FrameSource extends AutoCloseable {
    int count();

    BufferedImage frame(int index) throws Exception;

    @Override
    default void close() {}
}
