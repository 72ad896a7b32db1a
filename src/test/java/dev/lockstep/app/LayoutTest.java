package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.figure.Arrangement;
import dev.lockstep.session.Input;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * View › Layout on a complete graph (Ricart-Agrawala): circle, grid and force-directed, each the
 * person's recorded moves, saved and reopened with the session, undone by one step back; on a unit
 * disk the layouts are not offered.
 */
class LayoutTest extends AppFixture {
    private static final Path COMPLETE = Path.of("sample-runs", "ricart-agrawala-complete-5.json");

    @Test
    void eachLayoutMovesTheNodesAsRecordedInputsThatSurviveASessionRoundTrip() throws Exception {
        assertTrue(fx(() -> window.open(COMPLETE)));
        int n = sim().nodeCount();
        for (String id : new String[] {"#layout-circle", "#layout-grid", "#layout-force"}) assertFalse(fx(() -> item(id).isDisable()), id);
        assertFalse(fx(() -> item("#layout-circle").getParentMenu().getItems().get(3).isVisible()), "no reason shown when offered");

        double[][] before = positions();
        fx(() -> item("#layout-circle").fire());
        assertArrayEquals2(Arrangement.circle(n, box(before)), positions());
        double[][] circle = positions();

        fx(() -> item("#layout-grid").fire());
        assertArrayEquals2(Arrangement.grid(n, box(circle)), positions());
        double[][] grid = positions();

        robot().press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.F).release(KeyCode.SHIFT, KeyCode.CONTROL); // its accelerator
        double[][] force = positions();
        assertNotEquals(java.util.Arrays.toString(grid[0]), java.util.Arrays.toString(force[0]), "the force-directed layout moved the nodes");
        Set<String> places = new HashSet<>();
        for (int u = 0; u < n; u++) {
            assertTrue(box(grid).contains(force[0][u], force[1][u]), "inside the drawing's square");
            places.add(force[0][u] + "," + force[1][u]);
        }
        assertEquals(n, places.size(), "no two nodes at one place");
        long moves = fx(() -> window.session().inputs().stream().filter(i -> i instanceof Input.Move).count());
        assertTrue(moves >= 3L * (n - 1), "every layout is recorded as moves: " + moves);
        assertTrue(fx(() -> window.errors()).isEmpty());

        // the session keeps them: saved, reopened, the same positions
        Path file = home.resolve("laid-out.lockstep-session.json");
        fx(() -> {
            try {
                window.saveSessionTo(file);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(fx(() -> window.open(COMPLETE)));
        assertArrayEquals2(before, positions());
        assertTrue(fx(() -> window.open(file)));
        assertArrayEquals2(force, positions());

        // the force-directed layout is deterministic: the same graph from the same grid, the same drawing
        assertTrue(fx(() -> window.open(COMPLETE)));
        fx(() -> item("#layout-circle").fire());
        fx(() -> item("#layout-grid").fire());
        fx(() -> item("#layout-force").fire());
        assertArrayEquals2(force, positions());
    }

    @Test
    void oneStepBackInTimeRestoresThePositionsBeforeALayout() {
        assertTrue(fx(() -> window.open(COMPLETE)));
        double[][] before = positions();
        robot().press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.G).release(KeyCode.SHIFT, KeyCode.CONTROL);
        assertNotEquals(java.util.Arrays.toString(before[0]), java.util.Arrays.toString(positions()[0]));
        robot().press(KeyCode.SHIFT).type(KeyCode.LEFT).release(KeyCode.SHIFT); // back one round
        assertArrayEquals2(before, positions());
    }

    @Test
    void aLayoutAskedForAfterTheRoundsExecutionsBeganWaitsForTheNextRound() {
        assertTrue(fx(() -> window.open(COMPLETE)));
        for (int i = 0; i < 100 && sim().executionsThisRound() == 0; i++) fx(() -> window.stepAction());
        assertTrue(sim().executionsThisRound() > 0, "an execution has begun this round");
        double[][] before = positions();
        int n = sim().nodeCount();
        fx(() -> item("#layout-circle").fire());
        assertArrayEquals2(before, positions()); // moves happen only between rounds (TopologyChanges.move)
        assertEquals(n, fx(() -> window.session().waiting().stream().filter(i -> i instanceof Input.Move).count()).intValue());
        fx(() -> window.stepRound());
        fx(() -> window.stepRound());
        assertArrayEquals2(Arrangement.circle(n, box(before)), positions());
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void onAUnitDiskTheLayoutsAreNotOffered() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "unit-disk-swarm-30.json"))));
        for (String id : new String[] {"#layout-circle", "#layout-grid", "#layout-force"}) assertTrue(fx(() -> item(id).isDisable()), id);
        MenuItem why = fx(() -> item("#layout-circle").getParentMenu().getItems().get(3));
        assertTrue(fx(why::isVisible));
        assertTrue(fx(why::getText).contains("unit disk"), fx(why::getText));
        double[][] before = positions();
        int edges = sim().graph().edgeCount();
        robot().press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.C).release(KeyCode.SHIFT, KeyCode.CONTROL); // a disabled item's key does nothing either
        assertArrayEquals2(before, positions());
        assertEquals(edges, sim().graph().edgeCount());
        assertTrue(fx(() -> window.session().inputs().isEmpty()));

        // back on explicit edges, they are offered again
        assertTrue(fx(() -> window.open(COMPLETE)));
        assertFalse(fx(() -> item("#layout-circle").isDisable()));
        assertFalse(fx(why::isVisible));
    }

    @Test
    void withAreasOfThePlaneTheLayoutsAreNotOfferedEither() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "klme-leader-walks-away.json"))));
        assertFalse(fx(() -> sim().config().areas().isEmpty()), "the sample names areas");
        for (String id : new String[] {"#layout-circle", "#layout-grid", "#layout-force"}) assertTrue(fx(() -> item(id).isDisable()), id);
        MenuItem why = fx(() -> item("#layout-circle").getParentMenu().getItems().get(3));
        assertTrue(fx(why::isVisible));
        assertTrue(fx(why::getText).contains("areas of the plane"), fx(why::getText));
        double[][] before = positions();
        robot().press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.G).release(KeyCode.SHIFT, KeyCode.CONTROL);
        assertArrayEquals2(before, positions());
        assertTrue(fx(() -> window.session().inputs().isEmpty()), "no node moved into another neighbourhood");
    }

    private MenuItem item(String id) {
        MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup("#menu-bar");
        for (var menu : bar.getMenus()) {
            for (MenuItem m : menu.getItems()) {
                if (m instanceof javafx.scene.control.Menu sub) {
                    for (MenuItem s : sub.getItems()) if (id.equals("#" + s.getId())) return s;
                }
            }
        }
        throw new AssertionError("no menu item " + id);
    }

    private double[][] positions() {
        return fx(() -> {
            TimeVaryingGraph g = window.session().simulation().graph();
            double[][] p = new double[2][g.nodeCount()];
            for (int u = 0; u < g.nodeCount(); u++) {
                p[0][u] = g.x(u);
                p[1][u] = g.y(u);
            }
            return p;
        });
    }

    private static Arrangement.Box box(double[][] p) {
        return Arrangement.around(p[0], p[1]);
    }

    private static void assertArrayEquals2(double[][] expected, double[][] actual) {
        assertArrayEquals(expected[0], actual[0], "x");
        assertArrayEquals(expected[1], actual[1], "y");
    }
}
