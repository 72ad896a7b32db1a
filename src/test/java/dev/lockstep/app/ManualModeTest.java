package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.graph.GraphViewListener;
import dev.lockstep.app.window.panel.ChoicesPanel;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.History;
import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * Manual mode: the person is the adversary. Clicking a listed choice, a message in the graph or
 * a node's choice executes exactly that choice; a fixed draw is used; the session replays.
 */
class ManualModeTest extends AppFixture {

    History.Executed lastExecution() {
        return fx(() -> {
            List<History.Event> ev = window.session().history().events();
            for (int i = ev.size() - 1; i >= 0; i--) if (ev.get(i) instanceof History.Executed x) return x;
            return null;
        });
    }

    String label(Choice c) {
        return fx(() -> sim().actions().get(c.action()).label());
    }

    void assertExecuted(Choice c, long stepBefore) {
        History.Executed x = lastExecution();
        assertNotNull(x);
        assertEquals(stepBefore + 1, x.step(), "exactly one execution, the chosen one");
        assertEquals(c.node(), x.node(), "the chosen node");
        assertEquals(label(c), x.action(), "the chosen action");
        if (c.message() == null) assertEquals(null, x.received());
        else assertEquals(c.message().id(), x.received().id(), "the chosen message");
        List<Input> inputs = fx(() -> window.session().inputs());
        Input.Execute in = (Input.Execute) inputs.get(inputs.size() - 1);
        assertEquals(c.node(), in.node());
        assertEquals(label(c), in.action());
    }

    long step() {
        return fx(() -> window.session().simulation().executionsBegun());
    }

    @Test
    void clickingAListedChoiceExecutesIt() {
        fx(() -> window.runRounds(12));
        robot().clickOn("#manual");
        assertTrue(fx(() -> window.session().manual()));
        assertEquals("tab-choices", fx(() -> window.sideTabs().getSelectionModel().getSelectedItem().getId()));
        List<Choice> enabled = fx(() -> sim().choices());
        assertEquals(enabled.size(), fx(() -> window.choices().listed()).size(), "every enabled choice is listed");
        assertTrue(fx(() -> window.playing()) == false);

        // Space does not run anything in manual mode
        robot().type(KeyCode.SPACE);
        assertFalse(fx(() -> window.playing()));

        // a receive: the row of a choice that receives a message
        ChoicesPanel.Row row = fx(() -> window.choices().rows().stream().filter(r -> r.choice().message() != null)
                .findFirst().orElseThrow());
        long before = step();
        robot().clickOn(row.button());
        assertExecuted(row.choice(), before);
        assertTrue(fx(() -> window.choices().listed()).stream().noneMatch(c -> c.node() == row.choice().node()),
                "a node acts at most once a round: its choices are gone");
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void aFixedDrawIsUsedAndTheSessionReplaysExactly() {
        // on to a round that begins with a choice that draws (LME's CheckStart draws a priority)
        int guard = 0;
        while (fx(() -> window.choices().rows()).stream().noneMatch(r -> r.bounds().length > 0) && guard++ < 200) {
            fx(() -> window.stepRound());
            fx(() -> window.setManual(true));
            if (fx(() -> window.choices().rows()).stream().noneMatch(r -> r.bounds().length > 0)) fx(() -> window.setManual(false));
        }
        ChoicesPanel.Row first = fx(() -> window.choices().rows().stream().filter(r -> r.bounds().length > 0).findFirst().orElseThrow());
        assertTrue(fx(() -> window.session().manual()));
        // only that node's choices (the list's node filter), so its row is in view
        fx(() -> window.choices().filterTo(first.choice().node()));
        ChoicesPanel.Row row = fx(() -> window.choices().rows().stream().filter(r -> r.bounds().length > 0).findFirst().orElseThrow());
        assertEquals(first.choice(), row.choice());
        int bound = row.bounds()[0];
        int fixed = bound - 1 == 3 ? 2 : Math.min(3, bound - 1);
        robot().clickOn(row.draws().get(0)).write(Integer.toString(fixed));
        long before = step();
        robot().clickOn(row.button());
        assertExecuted(row.choice(), before);
        assertArrayEquals(new int[] {fixed}, lastExecution().draws(), "the competitor drew what the person fixed");
        Input.Execute in = (Input.Execute) fx(() -> window.session().inputs()).get(fx(() -> window.session().inputs()).size() - 1);
        assertArrayEquals(new int[] {fixed}, in.draws(), "the draw is recorded with the input");

        // an out-of-range draw is refused with a message, nothing executes
        fx(() -> window.choices().filterTo(-1));
        ChoicesPanel.Row firstOther = fx(() -> window.choices().rows().stream().filter(r -> r.bounds().length > 0).findFirst().orElse(null));
        if (firstOther != null) fx(() -> window.choices().filterTo(firstOther.choice().node()));
        ChoicesPanel.Row other = firstOther == null ? null
                : fx(() -> window.choices().rows().stream().filter(r -> r.bounds().length > 0).findFirst().orElse(null));
        if (other != null) {
            robot().clickOn(other.draws().get(0)).write(Integer.toString(other.bounds()[0]));
            long at = step();
            robot().clickOn(other.button());
            assertEquals(at, step(), "nothing executed");
            assertTrue(fx(() -> window.statusMessage()).contains("from 0 to " + (other.bounds()[0] - 1)), fx(() -> window.statusMessage()));
        }

        // the saved session replays exactly: same history, same state
        Session s = fx(() -> window.session());
        String json = fx(() -> s.toJson());
        Session replayed = assertDoesNotThrowParse(json);
        replayed.jumpTo(fx(() -> s.position()));
        List<History.Event> a = fx(() -> s.history().events());
        List<History.Event> b = replayed.history().events();
        assertEquals(a.size(), b.size());
        History.Executed mine = lastExecution();
        History.Executed theirs = null;
        for (History.Event e : b) if (e instanceof History.Executed x && x.step() == mine.step()) theirs = x;
        assertNotNull(theirs);
        assertArrayEquals(mine.draws(), theirs.draws());
        assertEquals(mine.narration(), theirs.narration());
        Simulation mineSim = fx(() -> s.simulation());
        for (int u = 0; u < replayed.simulation().nodeCount(); u++) {
            int node = u;
            assertEquals(fx(() -> mineSim.state(node).variables()), replayed.simulation().state(u).variables());
        }
    }

    static Session assertDoesNotThrowParse(String json) {
        try {
            return Session.parse(json, "saved.lockstep-session.json");
        } catch (dev.lockstep.scenario.ScenarioException e) {
            throw new AssertionError("the saved manual session loads: " + e.getMessage());
        }
    }

    @Test
    void clickingAMessageInTheGraphReceivesIt() {
        fx(() -> window.runRounds(10));
        fx(() -> window.setManual(true));
        settle();
        GraphView view = window.graphView();
        // a message drawn clear of nodes and other messages, which exactly one choice receives
        GraphView.TokenView token = fx(() -> {
            for (GraphView.TokenView t : view.drawnTokens()) {
                if (t.leaving() || view.nodeAt(t.x(), t.y()) >= 0 || view.tokenAt(t.x(), t.y()) != t.id()) continue;
                if (window.choices().receiving(t.id()).size() == 1) return t;
            }
            return null;
        });
        assertNotNull(token, "some message in transit can be received now");
        Choice expected = fx(() -> window.choices().receiving(token.id()).get(0));
        Point2D at = fx(() -> view.tokenScreenPosition(token.id()));
        long before = step();
        robot().clickOn(at);
        assertExecuted(expected, before);
        assertEquals(token.id(), lastExecution().received().id());
    }

    @Test
    void clickingANodeOffersItsChoicesAndPickingOneExecutesIt() {
        fx(() -> window.runRounds(10));
        fx(() -> window.setManual(true));
        settle();
        // a node with an enabled choice
        int u = fx(() -> {
            for (int v = 0; v < sim().nodeCount(); v++) if (!sim().choices(v).isEmpty()) return v;
            return -1;
        });
        assertTrue(u >= 0);
        List<Choice> offered = fx(() -> sim().choices(u));
        robot().clickOn(fx(() -> window.graphView().nodeScreenPosition(u)));
        assertEquals(u, (int) fx(() -> window.selected()));
        assertEquals(u, (int) fx(() -> window.choices().filteredNode()), "the list shows only its choices");
        // the menu at the node: one item per choice
        waitUntil("the choices menu shows", () -> fx(() -> window.choicesMenu() != null && window.choicesMenu().isShowing()));
        List<MenuItem> items = fx(() -> window.choicesMenu().getItems().stream().filter(i -> i.getStyleClass().contains("choice-item")).toList());
        assertEquals(offered.size(), items.size());
        Choice pick = offered.get(offered.size() - 1);
        String text = items.get(items.size() - 1).getText();
        long before = step();
        javafx.scene.Parent menuRoot = fx(() -> window.choicesMenu().getScene().getRoot());
        Node item = fx(() -> robot().from(menuRoot).lookup(".menu-item")
                .match((Node n) -> n.lookup(".label") instanceof javafx.scene.control.Label l && text.equals(l.getText()))
                .<Node>query());
        robot().clickOn(item);
        assertExecuted(pick, before);
    }

    /**
     * Manual mode, edge tool: a forming edge asks which of the open ports it takes; the ports
     * picked (not the lowest, the default) are the ports the edge gets, recorded as the input.
     */
    @Test
    void aFormingEdgeTakesThePortsTheUserPicks() {
        assertTrue(fx(() -> window.open(java.nio.file.Path.of("sample-runs", "ricart-agrawala-complete-5.json"))));
        fx(() -> window.setManual(true));
        GraphViewListener g = fx(() -> window.gestures());
        int p1 = node("p1"), p2 = node("p2"), p3 = node("p3"), p4 = node("p4");
        // free two ports at p1 and two at p2 (Δ = 4, complete graph: all taken)
        fx(() -> g.cutRequested(p1, p2));
        fx(() -> g.cutRequested(p1, p3));
        fx(() -> g.cutRequested(p2, p4));
        long openP1 = fx(() -> sim().graph().openPorts(p1));
        long openP2 = fx(() -> sim().graph().openPorts(p2));
        assertEquals(2, Long.bitCount(openP1));
        assertEquals(2, Long.bitCount(openP2));
        int highP1 = 63 - Long.numberOfLeadingZeros(openP1);
        int highP2 = 63 - Long.numberOfLeadingZeros(openP2);

        fx(() -> g.linkRequested(p1, p2));
        javafx.scene.control.DialogPane pane = robot().lookup(".dialog-pane").query();
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<Integer> pu = (javafx.scene.control.ComboBox<Integer>) robot().lookup("#port-u").query();
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<Integer> pv = (javafx.scene.control.ComboBox<Integer>) robot().lookup("#port-v").query();
        assertEquals(List.of(Long.numberOfTrailingZeros(openP1), highP1), fx(() -> List.copyOf(pu.getItems())), "exactly p1's open ports");
        assertEquals(List.of(Long.numberOfTrailingZeros(openP2), highP2), fx(() -> List.copyOf(pv.getItems())), "exactly p2's open ports");
        assertFalse(fx(() -> sim().graph().adjacent(p1, p2)), "nothing happens before Link");
        fx(() -> {
            pu.setValue(highP1);
            pv.setValue(highP2);
            for (javafx.scene.control.ButtonType b : pane.getButtonTypes()) {
                if (b.getText().equals("Link")) ((javafx.scene.control.Button) pane.lookupButton(b)).fire();
            }
        });
        assertTrue(fx(() -> sim().graph().adjacent(p1, p2)));
        assertEquals(highP1, (int) fx(() -> sim().graph().portTo(p1, p2)), "the port picked at p1");
        assertEquals(highP2, (int) fx(() -> sim().graph().portTo(p2, p1)), "the port picked at p2");
        List<Input> inputs = fx(() -> window.session().inputs());
        Input.Link in = (Input.Link) inputs.get(inputs.size() - 1);
        assertEquals(List.of(p1, p2, highP1, highP2), List.of(in.u(), in.v(), in.pu(), in.pv()), "recorded with its ports");
    }
}
