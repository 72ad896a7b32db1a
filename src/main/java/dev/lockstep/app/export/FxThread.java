package dev.lockstep.app.export;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import javafx.application.Platform;

/** Work on the JavaFX application thread from another thread, and a toolkit for machines without a display. */
public final class FxThread {
    private FxThread() {}

    private static boolean started;

    /**
     * JavaFX warns that it runs from the class path (the jar is not modular): not news for an
     * export's stderr. Held here because java.util.logging keeps loggers only weakly: a level set on
     * a logger nobody holds is lost when the GC collects it, and the warning came back now and then.
     */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    /**
     * Starts JavaFX for exporting without a window: Monocle's headless platform and the software
     * renderer with the T2K rasteriser, always (not only when there is no display), so a frame
     * is drawn the same way on every machine and the same inputs give the same bytes. Properties
     * already set on the command line win. Does nothing if the toolkit is already running.
     */
    public static synchronized void startHeadless() throws InterruptedException {
        if (started) return;
        setIfAbsent("glass.platform", "Monocle");
        setIfAbsent("monocle.platform", "Headless");
        setIfAbsent("prism.order", "sw");
        setIfAbsent("prism.text", "t2k");
        setIfAbsent("java.awt.headless", "true");
        JAVAFX_LOG.setLevel(java.util.logging.Level.SEVERE);
        CountDownLatch up = new CountDownLatch(1);
        try {
            Platform.startup(up::countDown);
        } catch (IllegalStateException alreadyRunning) {
            up.countDown();
        }
        up.await();
        Platform.setImplicitExit(false);
        started = true;
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) System.setProperty(key, value);
    }

    /** Runs {@code work} on the JavaFX thread and returns its result (directly if already on it). */
    static <T> T call(Callable<T> work) throws Exception {
        if (Platform.isFxApplicationThread()) return work.call();
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return await(f);
    }

    /** The future's result, with what the work threw rethrown as itself (not wrapped). */
    static <T> T await(java.util.concurrent.Future<T> f) throws Exception {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof Exception x) throw x;
            if (c instanceof Error err) throw err;
            throw e;
        }
    }

    /** Runs {@code work} on the JavaFX thread, waiting for it unless called from it. */
    static void run(Runnable work) {
        try {
            call(() -> {
                work.run();
                return null;
            });
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
