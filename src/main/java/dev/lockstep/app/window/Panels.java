package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.BreakpointsPanel;
import dev.lockstep.app.window.panel.ChecksPanel;
import dev.lockstep.app.window.panel.ChoicesPanel;
import dev.lockstep.app.window.panel.InspectorPanel;
import dev.lockstep.app.window.panel.LegendPanel;
import dev.lockstep.app.window.panel.NarrationPanel;
import dev.lockstep.app.window.panel.PseudocodePanel;
import dev.lockstep.app.window.panel.TimelineBar;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The window's panels and how they are laid out: the graph (with the legend strip and the
 * timeline) above the narration and the space-time diagram, the inspector above the side tabs.
 */
public final class Panels {
    final StackPane graphHolder = new StackPane();
    final LegendPanel legend = new LegendPanel();
    final InspectorPanel inspector = new InspectorPanel();
    final NarrationPanel narration = new NarrationPanel();
    final PseudocodePanel pseudocode = new PseudocodePanel();
    final ChecksPanel checks = new ChecksPanel();
    final BreakpointsPanel breakpoints = new BreakpointsPanel();
    final ChoicesPanel choices = new ChoicesPanel();
    final TimelineBar timeline = new TimelineBar();
    final TabPane sideTabs = new TabPane();
    final Tab pseudocodeTab = new Tab("Pseudocode", pseudocode);
    final Tab checksTab = new Tab("Checks", checks);
    /** The graph view's full legend (locks, tokens, ports, marks), next to the compact strip. */
    final Tab legendTab = new Tab("Legend");
    final Tab breakpointsTab = new Tab("Breakpoints", breakpoints);
    final Tab choicesTab = new Tab("Choices", choices);
    final TabPane bottomTabs = new TabPane();
    final Tab narrationTab = new Tab("Narration", narration);
    final Tab spaceTimeTab;
    final SplitPane leftSplit = new SplitPane();
    final SplitPane rightSplit = new SplitPane();
    final Label pastBanner = new Label();

    public Panels(Node spaceTimeDiagram) {
        spaceTimeTab = new Tab("Space-time diagram", spaceTimeDiagram);
    }

    /** The centre of the window: the two columns, split. */
    public Node layout() {
        graphHolder.setId("graph-holder");
        graphHolder.getStyleClass().add("graph-holder");
        graphHolder.setMinSize(200, 150);
        VBox.setVgrow(graphHolder, Priority.ALWAYS);
        VBox graphArea = new VBox(graphHolder, legend, timeline);
        pastBanner.setId("past-banner");
        pastBanner.getStyleClass().add("past-banner");
        pastBanner.setMouseTransparent(true);
        pastBanner.setWrapText(true);
        pastBanner.setVisible(false);
        StackPane.setAlignment(pastBanner, Pos.TOP_CENTER);
        StackPane.setMargin(pastBanner, new Insets(8, 40, 0, 40));

        bottomTabs.getTabs().setAll(narrationTab, spaceTimeTab);
        bottomTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        bottomTabs.setId("bottom-tabs");
        narrationTab.setId("tab-narration");
        spaceTimeTab.setId("tab-space-time");

        SplitPane left = leftSplit;
        left.getItems().setAll(graphArea, bottomTabs);
        left.setOrientation(Orientation.VERTICAL);
        left.setDividerPositions(0.70);
        SplitPane.setResizableWithParent(bottomTabs, false);

        sideTabs.getTabs().setAll(pseudocodeTab, checksTab, breakpointsTab, choicesTab, legendTab);
        breakpointsTab.setId("tab-breakpoints");
        choicesTab.setId("tab-choices");
        legendTab.setId("tab-legend");
        legendTab.setClosable(false);
        sideTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        sideTabs.setId("side-tabs");
        pseudocodeTab.setId("tab-pseudocode");
        checksTab.setId("tab-checks");
        SplitPane right = rightSplit;
        right.getItems().setAll(inspector, sideTabs);
        right.setOrientation(Orientation.VERTICAL);
        right.setDividerPositions(0.46);

        SplitPane main = new SplitPane(left, right);
        main.setDividerPositions(0.67);
        SplitPane.setResizableWithParent(right, false);
        return main;
    }

    void showSide(Tab tab) {
        sideTabs.getSelectionModel().select(tab);
    }

    /** Shows a panel by name (space-time, narration, choices, breakpoints, checks, pseudocode, legend). */
    public boolean show(String name) {
        switch (name) {
            case "space-time" -> bottomTabs.getSelectionModel().select(spaceTimeTab);
            case "narration" -> bottomTabs.getSelectionModel().select(narrationTab);
            case "choices" -> showSide(choicesTab);
            case "breakpoints" -> showSide(breakpointsTab);
            case "checks" -> showSide(checksTab);
            case "pseudocode" -> showSide(pseudocodeTab);
            case "legend" -> showSide(legendTab);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The share of the left column's height the graph (with the timeline) keeps above the bottom panel. */
    public void setGraphShare(double share) {
        leftSplit.setDividerPositions(Math.max(0.2, Math.min(0.9, share)));
    }

    public InspectorPanel inspector() {
        return inspector;
    }

    public NarrationPanel narration() {
        return narration;
    }

    public PseudocodePanel pseudocode() {
        return pseudocode;
    }

    public ChecksPanel checks() {
        return checks;
    }

    public LegendPanel legend() {
        return legend;
    }

    public TimelineBar timeline() {
        return timeline;
    }

    public ChoicesPanel choices() {
        return choices;
    }

    public BreakpointsPanel breakpoints() {
        return breakpoints;
    }

    public TabPane sideTabs() {
        return sideTabs;
    }

    public TabPane bottomTabs() {
        return bottomTabs;
    }

    public Label pastBanner() {
        return pastBanner;
    }

    public String checksTabText() {
        return checksTab.getText();
    }
}
