package dev.lockstep.app.window;

import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.shape.SVGPath;

/**
 * The window's controls (toolbar, settings bar and the menus' check items), shared by the parts
 * that act on them and the ones that show the session's state in them; {@link Toolbars} lays
 * them out and wires them.
 */
public final class Controls {
    static final double MIN_RPS = 0.5;
    static final double MAX_RPS = 50;
    static final double DEFAULT_RPS = 4;
    static final String NOT_ON_A_UNIT_DISK =
            "Not offered on a unit disk: there a node's position is the topology (moving it links and cuts edges)";

    static final String PLAY = "M0,0 L0,14 L12,7 Z";
    static final String PAUSE = "M0,0 H4 V14 H0 Z M7,0 H11 V14 H7 Z";
    static final String STEP = "M0,0 L0,14 L9,7 Z M10,0 H13 V14 H10 Z";
    static final String STEP_ONE = "M0,3 L0,11 L6,7 Z M7,3 H9 V11 H7 Z";
    static final String RESET = "M3,0 H6 V14 H3 Z M6,7 L14,0 L14,14 Z";

    final ToggleButton play = new ToggleButton("Play");
    final Button step = new Button("Step");
    final Button stepAction = new Button("Action");
    final Button reset = new Button("Reset");
    final Slider speed = new Slider(0, 1, position(DEFAULT_RPS));
    final Label speedLabel = new Label();
    final TextField seed = new TextField();
    final ComboBox<String> policy = new ComboBox<>();
    /** The protocol run on the scenario's graph: choosing another starts over with the same network. */
    final ComboBox<String> protocol = new ComboBox<>();
    /** "Protocol" before the chooser; lecture mode drops it (the chooser names the protocol itself). */
    final Label protocolLabel = new Label("Protocol");
    /** The main toolbar's captions, hidden in lecture mode so that the row fits a 1280-pixel projector. */
    final Label speedCaption = new Label("Speed");
    final Label toolCaption = new Label("Tool");
    final Spinner<Integer> delta = new Spinner<>();
    final Spinner<Integer> k = new Spinner<>();
    /** The name of the protocol's whole-number parameter beside its spinner ("K", "k"). */
    final Label kLabel = new Label("K");
    {
        kLabel.setId("k-label");
    }
    final ToggleButton workload = new ToggleButton("Workload");
    final ToggleGroup tools = new ToggleGroup();
    final ToggleButton selectTool = new ToggleButton("Select");
    final ToggleButton edgeTool = new ToggleButton("Edge");
    final ToggleButton cutTool = new ToggleButton("Cut");
    final ToggleButton lectureButton = new ToggleButton("Lecture");
    final ToggleButton manualButton = new ToggleButton("Manual");
    final CheckMenuItem manualItem = new CheckMenuItem("Manual mode: you are the adversary");
    final CheckMenuItem lectureItem = new CheckMenuItem("Lecture mode");
    /** View › Layout: Circle, Grid, Force-directed, then the reason they are off (shown only then). */
    final Menu layoutMenu = new Menu("Layout");
    final MenuItem layoutWhy = new MenuItem();
    final Label roundLabel = new Label();
    /** "in progress" under the round number (not beside it: in lecture mode the toolbar has no width to spare). */
    final Label roundProgress = new Label("in progress");
    final Label scenarioLabel = new Label();

    /**
     * Offers the layouts or turns them off, saying why in the menu itself: JavaFX shows no tooltip
     * on a disabled menu item, so the reason is a (disabled) line under them.
     */
    void offerLayouts(String whyNot) {
        boolean offered = whyNot == null;
        for (MenuItem m : layoutMenu.getItems()) {
            if (m != layoutWhy) m.setDisable(!offered);
        }
        layoutWhy.setText(offered ? NOT_ON_A_UNIT_DISK : whyNot);
        layoutWhy.setDisable(true);
        layoutWhy.setVisible(!offered);
    }

    /** Rounds per second at the speed slider's position. */
    double rps() {
        return MIN_RPS * Math.pow(MAX_RPS / MIN_RPS, speed.getValue());
    }

    static double position(double rps) {
        return Math.log(rps / MIN_RPS) / Math.log(MAX_RPS / MIN_RPS);
    }

    /** How long a step's animation lasts at the chosen speed. */
    double animationMillis() {
        return Math.min(450, 0.8 * 1000 / rps());
    }

    /** The round shown, with "(in progress)" while its executions have started. */
    public String roundText() {
        return roundLabel.getText() + (roundProgress.isVisible() ? " (" + roundProgress.getText() + ")" : "");
    }

    static SVGPath icon(String path) {
        SVGPath p = new SVGPath();
        p.setContent(path);
        p.getStyleClass().add("icon");
        return p;
    }
}
