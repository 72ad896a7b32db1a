package dev.lockstep.app.window;

import dev.lockstep.app.graph.Tool;

/** How the graph is shown and what a drag on it does: lecture mode (large and high-contrast) and the tool. */
public final class ViewMode {
    private final WindowState state;
    private final Controls controls;
    private final DiagramView diagram;

    ViewMode(WindowState state, Controls controls, DiagramView diagram) {
        this.state = state;
        this.controls = controls;
        this.diagram = diagram;
    }

    public void setLecture(boolean on) {
        state.lecture = on;
        var styles = state.root.getStyleClass();
        if (on && !styles.contains("lecture")) styles.add("lecture");
        if (!on) styles.remove("lecture");
        state.graphView.setLectureMode(on);
        diagram.setLecture(on);
        // the settings must fit in one row at large fonts: the scenario's name stays in the title
        controls.scenarioLabel.setVisible(!on);
        controls.scenarioLabel.setManaged(!on);
        // and the main toolbar at a projector's 1280 pixels: the slider and the tool buttons speak for themselves
        for (var caption : java.util.List.of(controls.protocolLabel, controls.speedCaption, controls.toolCaption)) {
            caption.setVisible(!on);
            caption.setManaged(!on);
        }
        state.syncing = true;
        controls.lectureItem.setSelected(on);
        controls.lectureButton.setSelected(on);
        state.syncing = false;
    }

    void setTool(Tool t) {
        state.tool = t;
        state.graphView.setTool(t);
    }
}
