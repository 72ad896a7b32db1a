package dev.lockstep.figure;

import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the README's SVG figure until the {@code export} command is merged, with what that command
 * will do: {@code export SCENARIO --format svg|tikz --out PATH --from N} runs N rounds, begins the
 * next (as the window does after a step) and draws that moment at 960x540 with legend and caption.
 *
 * <p>{@code java -cp target/test-classes:target/classes:$(cat cp.txt) dev.lockstep.figure.ReadmeFigure
 * sample-runs/figure-1-persistent-neighbourhood.json 42 assets/export/figure-1.svg}
 */
public final class ReadmeFigure {
    private ReadmeFigure() {}

    public static void main(String[] args) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of(args[0])));
        s.runUntil(Integer.parseInt(args[1]));
        s.beginRound();
        FigureOptions o = new FigureOptions(960, 540, true, true);
        Path out = Path.of(args[2]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        String text = out.toString().endsWith(".tex") ? Figures.tikz(s, o) : Figures.svg(s, o);
        Files.writeString(out, text, StandardCharsets.UTF_8);
    }
}
