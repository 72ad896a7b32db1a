package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ApplicationState;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SVG and TikZ figures of an application run (Sec. 6) fill each node with its application state,
 * as the window does, and their legend lists the states shown under the application's name.
 */
class ApplicationFigureTest {
    private static final FigureOptions OPTIONS = new FigureOptions(900, 700, true, true);

    private static Session at(String sample, int rounds) throws Exception {
        Path f = Path.of("sample-runs", sample);
        Session s = Session.start(ScenarioLoader.parse(Files.readString(f), f.toString()));
        for (int i = 0; i < rounds; i++) s.stepRound();
        return s;
    }

    @Test
    void nodesAreFilledWithTheApplicationStateAndTheLegendNamesTheStatesShown() throws Exception {
        for (String sample : List.of("majority-with-locks-moving-16.json", "approximate-majority-with-locks-moving-16.json")) {
            Session s = at(sample, 120);
            ApplicationState app = s.simulation().application();
            Figure fig = Figures.figure(s, OPTIONS);
            List<String> shown = new ArrayList<>();
            for (Figure.Node n : fig.nodes()) {
                String state = app.label(n.index());
                assertEquals(state, n.fillValue(), sample + ": " + n.name());
                assertEquals(Look.APPLICATION.get(state), n.fill(), sample + ": " + n.name() + " in " + state + "'s colour");
                if (!shown.contains(state)) shown.add(state);
            }
            assertTrue(shown.size() >= 2, sample + ": more than one state at round 120: " + shown);
            String name = s.simulation().config().application().name();
            assertTrue(fig.legend().stream().anyMatch(l -> l.kind() == Figure.LegendKind.TITLE && l.text().equals("fill = " + name)),
                    sample + ": the legend's fill title");
            List<String> legendStates = fig.legend().stream().filter(l -> l.kind() == Figure.LegendKind.FILL).map(Figure.LegendItem::text).toList();
            List<String> expected = Look.APPLICATION_ORDER.stream().filter(shown::contains).toList();
            assertEquals(expected, legendStates, sample + ": the states shown, in the legends' order");
            String svg = Figures.svg(s, OPTIONS);
            for (String state : shown) assertTrue(svg.toUpperCase().contains(Look.APPLICATION.get(state)), sample + ": the SVG uses " + state + "'s colour");
        }
    }
}
