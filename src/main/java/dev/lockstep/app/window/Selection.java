package dev.lockstep.app.window;

import java.util.List;

/** The selected node (the inspector's, the pseudocode's) and the highlighted ones (a violation's, a hit's). */
public final class Selection {
    private final WindowState state;
    private final Panels panels;
    private final SessionDisplay display;

    Selection(WindowState state, Panels panels, SessionDisplay display) {
        this.state = state;
        this.panels = panels;
        this.display = display;
    }

    /** Selects node u for the inspector and the graph (-1: none). */
    public void select(int u) {
        state.selected = state.session != null && u >= 0 && u < state.session.simulation().nodeCount() ? u : -1;
        state.graphView.setSelected(state.selected);
        panels.inspector.show(state.selected);
        if (state.session != null && state.session.manual()) panels.choices.filterTo(state.selected);
        display.refreshPseudocode();
    }

    public void highlight(List<Integer> nodes) {
        state.highlighted.clear();
        state.highlighted.addAll(nodes);
        state.graphView.setHighlighted(List.copyOf(state.highlighted));
    }
}
