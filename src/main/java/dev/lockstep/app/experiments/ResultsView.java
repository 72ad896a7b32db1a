package dev.lockstep.app.experiments;

import dev.lockstep.json.JsonWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The results half of the Experiments window: a line chart of a chosen measure against a chosen
 * axis, one series per value of another axis (or one series), each point the mean over the runs
 * so far; below it the grid points with their runs, mean and sd, and "Open run" for the selected
 * point with one of the seeds it ran with. It only shows {@link LiveResults}.
 */
final class ResultsView {
    static final String NO_SERIES = "(none)";

    final ComboBox<String> measure = new ComboBox<>();
    final ComboBox<String> xAxis = new ComboBox<>();
    final ComboBox<String> series = new ComboBox<>();
    final NumberAxis x = new NumberAxis();
    final NumberAxis y = new NumberAxis();
    final SpreadChart chart = new SpreadChart(x, y);
    final CheckBox spread = new CheckBox("± sd");
    final TableView<LiveResults.Row> table = new TableView<>();
    final ComboBox<Long> seed = new ComboBox<>();
    final Button openRun = new Button("Open run");
    final Label note = new Label();
    private final Node node;
    private final Supplier<Path> dir;
    private final RunOpener opener;
    private LiveResults results;
    private boolean syncing;

    ResultsView(Supplier<Path> dir, RunOpener opener) {
        this.dir = dir;
        this.opener = opener;
        measure.setId("xwin-measure");
        xAxis.setId("xwin-x");
        series.setId("xwin-series");
        chart.setId("xwin-chart");
        table.setId("xwin-table");
        seed.setId("xwin-seed");
        openRun.setId("xwin-open-run");
        note.getStyleClass().add("dim");
        chart.setAnimated(false);
        chart.setCreateSymbols(true);
        chart.setMinHeight(220);
        x.setForceZeroInRange(false);
        y.setForceZeroInRange(false);
        table.setPlaceholder(new Label("Open a sweep spec."));
        table.setRowFactory(t -> {
            TableRow<LiveResults.Row> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) openSelected();
            });
            return row;
        });
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> offerSeeds());
        for (ComboBox<String> c : List.of(measure, xAxis, series)) c.valueProperty().addListener((o, a, b) -> {
            if (!syncing) refresh();
        });
        spread.setId("xwin-spread");
        spread.setSelected(true);
        spread.selectedProperty().addListener((o, a, b) -> refresh());
        Tooltip.install(spread, new Tooltip("A bar from mean − sd to mean + sd at each point (the runs' sample standard deviation)"));
        openRun.setOnAction(e -> openSelected());
        openRun.setDisable(true);
        seed.setDisable(true);
        Tooltip.install(openRun, new Tooltip("Opens the selected point's scenario with this seed in the main window (or double-click a row)"));

        HBox choices = new HBox(8, new Label("Measure"), measure, new Label("against"), xAxis, new Label("one line per"), series, spread);
        choices.setAlignment(Pos.CENTER_LEFT);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox open = new HBox(8, note, gap, new Label("Seed"), seed, openRun);
        open.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, choices, chart);
        VBox.setVgrow(chart, Priority.ALWAYS);
        VBox bottom = new VBox(6, table, open);
        VBox.setVgrow(table, Priority.ALWAYS);
        top.setPadding(new Insets(0, 0, 4, 0));
        bottom.setPadding(new Insets(4, 0, 0, 0));
        SplitPane split = new SplitPane(top, bottom);
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.6);
        node = split;
    }

    Node node() {
        return node;
    }

    /** Shows a new sweep's (empty) results: the choices follow its measures and axes. */
    void show(LiveResults r) {
        results = r;
        syncing = true;
        List<String> axes = r.axes();
        for (ComboBox<String> c : List.of(measure, xAxis, series)) c.setValue(null); // else a value equal to the old one is not shown
        measure.getItems().setAll(r.measures());
        measure.setValue(r.measures().contains("messagesPerCs") ? "messagesPerCs" : r.measures().isEmpty() ? null : r.measures().get(0));
        xAxis.getItems().setAll(axes);
        xAxis.setValue(r.defaultX());
        series.getItems().setAll(NO_SERIES);
        series.getItems().addAll(axes);
        String lines = r.defaultSeries(r.defaultX());
        series.setValue(lines == null ? NO_SERIES : lines);
        syncing = false;
        columns(axes);
        refresh();
    }

    /** The same spec's results anew (a Run reads the directory again): the choices made stay. */
    void replace(LiveResults r) {
        results = r;
        refresh();
    }

    private void columns(List<String> axes) {
        table.getColumns().clear();
        table.getColumns().add(column("point", 70, row -> row.point().id()));
        for (String a : axes) table.getColumns().add(column(a, 120, row -> LiveResults.text(row.point().params().get(a))));
        table.getColumns().add(column("runs", 70, row -> Integer.toString(row.runs())));
        table.getColumns().add(column("mean", 120, row -> number(row.stat().mean())));
        table.getColumns().add(column("sd", 120, row -> number(row.stat().sd())));
    }

    private static TableColumn<LiveResults.Row, String> column(String name, double width, java.util.function.Function<LiveResults.Row, String> cell) {
        TableColumn<LiveResults.Row, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(cell.apply(d.getValue())));
        c.setSortable(false);
        return c;
    }

    static String number(double d) {
        return Double.isNaN(d) ? "" : JsonWriter.number(Math.round(d * 1e4) / 1e4);
    }

    /** Redraws the chart and the table from the results (after a batch of runs or a new choice). */
    void refresh() {
        if (results == null) return;
        List<String> ms = results.measures();
        if (!ms.equals(measure.getItems())) {
            syncing = true;
            String keep = measure.getValue();
            measure.getItems().setAll(ms);
            measure.setValue(keep);
            syncing = false;
        }
        String m = measure.getValue();
        String xa = xAxis.getValue();
        String sa = NO_SERIES.equals(series.getValue()) ? null : series.getValue();
        boolean numeric = xa == null || results.numericAxis(xa);
        x.setLabel(xa == null ? "" : xa);
        y.setLabel(m == null ? "" : m);
        x.setTickLabelFormatter(numeric ? null : new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return results.label(xa, n.doubleValue());
            }

            @Override
            public Number fromString(String s) {
                return null;
            }
        });
        chart.setVerticalZeroLineVisible(numeric); // position 0 of a named axis is its first value, not a zero
        x.setMinorTickVisible(numeric);
        if (!numeric) {
            x.setAutoRanging(false);
            x.setLowerBound(-0.5);
            x.setUpperBound(Math.max(0.5, results.points().isEmpty() ? 0.5 : axisSize(xa) - 0.5));
            x.setTickUnit(1);
        } else {
            x.setAutoRanging(true);
        }
        var data = chart.getData();
        data.clear();
        if (m != null) {
            for (LiveResults.Series s : results.chart(m, xa, sa)) {
                XYChart.Series<Number, Number> line = new XYChart.Series<>();
                line.setName(sa == null ? s.name() : sa + " = " + s.name());
                for (LiveResults.ChartPoint p : s.points()) {
                    double sd = p.stat().sd();
                    line.getData().add(new XYChart.Data<>(p.x(), p.stat().mean(), spread.isSelected() && !Double.isNaN(sd) ? sd : null));
                }
                data.add(line);
                // the spread, on hover: the chart draws means only (the plot command draws error bars)
                for (int i = 0; i < s.points().size(); i++) {
                    LiveResults.ChartPoint p = s.points().get(i);
                    Node symbol = line.getData().get(i).getNode();
                    if (symbol != null) Tooltip.install(symbol, new Tooltip(line.getName() + ", " + xa + " = " + p.xLabel() + ": mean "
                            + number(p.stat().mean()) + (p.stat().n() > 1 ? ", sd " + number(p.stat().sd()) : "") + " over " + p.stat().n()
                            + " run" + (p.stat().n() == 1 ? "" : "s")));
                }
            }
        }
        LiveResults.Row selected = table.getSelectionModel().getSelectedItem();
        table.getItems().setAll(results.rows(m));
        if (selected != null) {
            for (LiveResults.Row r : table.getItems()) if (r.point().id().equals(selected.point().id())) table.getSelectionModel().select(r);
        }
        List<String> pooled = results.pooled(xa, sa);
        note.setText(pooled.isEmpty() ? "" : "Each chart point pools the runs over " + String.join(", ", pooled) + ".");
        offerSeeds();
    }

    private int axisSize(String name) {
        return (int) results.points().stream().map(p -> p.params().get(name)).distinct().count();
    }

    /** The seeds the selected point ran with; Open run needs one. */
    private void offerSeeds() {
        LiveResults.Row r = table.getSelectionModel().getSelectedItem();
        List<Long> seeds = r == null || results == null ? List.of() : results.seedsDone(r.point().id());
        Long keep = seed.getValue();
        if (!seeds.equals(seed.getItems())) seed.getItems().setAll(seeds);
        seed.setValue(keep != null && seeds.contains(keep) ? keep : seeds.isEmpty() ? null : seeds.get(0));
        seed.setDisable(seeds.isEmpty());
        openRun.setDisable(seeds.isEmpty());
    }

    /** Open run: the selected point's scenario file with the chosen seed, in the main window. */
    void openSelected() {
        LiveResults.Row r = table.getSelectionModel().getSelectedItem();
        Long s = seed.getValue();
        if (r == null || s == null || results == null) return;
        LiveResults.RunToOpen run = results.open(r.point().id(), s, dir.get());
        opener.open(run.scenario(), run.seed());
    }
}
