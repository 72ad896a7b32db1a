package dev.lockstep.app.window;

import dev.lockstep.app.graph.GraphViewListener;
import javafx.geometry.Point2D;

/** The graph view's gestures, turned into session inputs (the view never changes the simulation). */
public final class GraphGestures implements GraphViewListener {
    private final WindowState state;
    private final Panels panels;
    private final Selection selection;
    private final Inputs inputs;
    private final GraphMenus menus;

    GraphGestures(WindowState state, Panels panels, Selection selection, Inputs inputs, GraphMenus menus) {
        this.state = state;
        this.panels = panels;
        this.selection = selection;
        this.inputs = inputs;
        this.menus = menus;
    }

    @Override
    public void nodeClicked(int node) {
        selection.select(node);
        if (state.session.manual()) {
            panels.choices.filterTo(node);
            panels.showSide(panels.choicesTab);
            Point2D at = state.graphView.nodeScreenPosition(node);
            if (at != null) menus.showChoicesMenu(node, at.getX() + 14, at.getY() + 8);
        }
    }

    @Override
    public void backgroundClicked() {
        selection.select(-1);
        if (state.session.manual()) panels.choices.filterTo(-1);
    }

    @Override
    public void tokenClicked(long messageId) {
        menus.tokenClicked(messageId);
    }

    @Override
    public void nodeContextMenu(int node, double screenX, double screenY) {
        menus.showNodeMenu(node, screenX, screenY);
    }

    @Override
    public void backgroundContextMenu(double x, double y, double screenX, double screenY) {
        menus.showBackgroundMenu(x, y, screenX, screenY);
    }

    @Override
    public void nodeDragged(int node, double x, double y, boolean finished) {
        inputs.move(node, x, y, finished);
    }

    @Override
    public void linkRequested(int u, int v) {
        if (state.session.manual()) inputs.askPortsAndLink(u, v);
        else inputs.link(u, v);
    }

    @Override
    public void cutRequested(int u, int v) {
        inputs.cut(u, v);
    }
}
