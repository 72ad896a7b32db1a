package dev.lockstep.app.graph;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.session.Session;

/**
 * Forwards the graph view's topology gestures to a {@link Session} as recorded inputs (dragging a
 * node: {@code move}; the edge tool: {@code link}; the cut tool: {@code cut}), then redraws the
 * view and runs {@link #setAfterChange afterChange} so the window can refresh its panels. Clicks
 * and context-menu requests go to the optional {@code next} listener (the window's), which also
 * sees every gesture after it was applied.
 *
 * <p>Refused topology changes (no open port, already adjacent, not adjacent) are shown on the node
 * with {@link GraphView#showRefusal}; the simulation reports them, it does not throw. An input given
 * while a round's executions are under way is applied by the session at the start of the next
 * round; the view says so on the node.
 */
public final class GraphInputs implements GraphViewListener {
    private final Session session;
    private final GraphView view;
    private final GraphViewListener next;
    private Runnable afterChange = () -> {};
    private final SimulationListener refusals;

    public GraphInputs(Session session, GraphView view) {
        this(session, view, null);
    }

    public GraphInputs(Session session, GraphView view, GraphViewListener next) {
        this.session = session;
        this.view = view;
        this.next = next == null ? new GraphViewListener() {} : next;
        Simulation sim = session.simulation();
        refusals = new SimulationListener() {
            @Override
            public void refused(int round, String change, int u, int v, String reason) {
                view.showRefusal(culprit(sim, u, v, reason), reason);
            }
        };
        sim.addListener(refusals);
    }

    /** Installs this adapter as the view's listener; returns it. */
    public GraphInputs attach() {
        view.setListener(this);
        return this;
    }

    /** Stops showing the simulation's refusals (when the window drops this session). */
    public void detach() {
        session.simulation().removeListener(refusals);
    }

    /** Runs after every topology change applied through this adapter (e.g. refresh the inspector). */
    public void setAfterChange(Runnable r) {
        afterChange = r == null ? () -> {} : r;
    }

    public Session session() {
        return session;
    }

    @Override
    public void nodeClicked(int node) {
        view.setSelected(node);
        next.nodeClicked(node);
    }

    @Override
    public void backgroundClicked() {
        view.setSelected(-1);
        next.backgroundClicked();
    }

    @Override
    public void nodeContextMenu(int node, double screenX, double screenY) {
        next.nodeContextMenu(node, screenX, screenY);
    }

    @Override
    public void nodeDragged(int node, double x, double y, boolean finished) {
        Simulation sim = session.simulation();
        if (!finished && sim.graph().x(node) == x && sim.graph().y(node) == y) return;
        boolean now = session.submit(new dev.lockstep.session.Input.Move(0, -1, node, x, y));
        if (!now && finished) view.showRefusal(node, "moves at the start of the next round");
        changed();
        next.nodeDragged(node, x, y, finished);
    }

    @Override
    public void linkRequested(int u, int v) {
        boolean now = session.submit(new dev.lockstep.session.Input.Link(0, -1, u, v, -1, -1));
        if (!now) view.showRefusal(u, "links at the start of the next round");
        changed();
        next.linkRequested(u, v);
    }

    @Override
    public void cutRequested(int u, int v) {
        boolean now = session.submit(new dev.lockstep.session.Input.Cut(0, -1, u, v));
        if (!now) view.showRefusal(u, "cut at the start of the next round");
        changed();
        next.cutRequested(u, v);
    }

    private void changed() {
        view.update(false);
        afterChange.run();
    }

    /** The node a refusal is about: the one without an open port if there is one, else u. */
    static int culprit(Simulation sim, int u, int v, String reason) {
        if (reason != null && v >= 0 && v < sim.nodeCount() && reason.startsWith(sim.nodeName(v) + " ")) return v;
        if (u >= 0 && u < sim.nodeCount()) return u;
        return v;
    }
}
