package dev.lockstep.figure;

import static dev.lockstep.figure.FigureSizes.CAPTION_FONT;
import static dev.lockstep.figure.FigureSizes.CAPTION_LINE;
import static dev.lockstep.figure.FigureSizes.DETAIL_FONT;
import static dev.lockstep.figure.FigureSizes.HEADER_H;
import static dev.lockstep.figure.FigureSizes.LEGEND_FONT;
import static dev.lockstep.figure.FigureSizes.LEGEND_ROW;
import static dev.lockstep.figure.FigureSizes.MARGIN;
import static dev.lockstep.figure.FigureSizes.TITLE_FONT;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.figure.Figure.Point;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * The band around a figure's graph: the header on top (round, step, scenario), and at the bottom
 * the legend of the visual language and the caption telling what just happened. Text is measured
 * with {@link TextWidth}, so it fits without a renderer.
 */
final class FigureBands {
    private final Session session;
    private final Protocol<NodeState> protocol;
    private final Moment moment;

    @SuppressWarnings({"unchecked", "rawtypes"})
    FigureBands(Session session, Moment moment) {
        this.session = session;
        this.protocol = (Protocol) session.simulation().protocol();
        this.moment = moment;
    }

    // ------------------------------------------------------------------ header

    Figure.Header header(double w) {
        String title = "Round " + moment.round();
        String detail = "step " + moment.step() + (moment.inProgress() ? " · round in progress" : "");
        double titleW = TextWidth.of(title, TITLE_FONT, true);
        double detailX = MARGIN + titleW + 12;
        double detailEnd = detailX + TextWidth.of(detail, DETAIL_FONT, false);
        String scenario = fit(session.scenario().name() + " · " + protocol.name(), w - MARGIN - detailEnd - 24, DETAIL_FONT,
                false);
        double scenarioX = w - MARGIN - TextWidth.of(scenario, DETAIL_FONT, false);
        return new Figure.Header(title, MARGIN, detail, detailX, scenario, scenarioX, 23, HEADER_H - 0.5);
    }

    /** The text, cut with an ellipsis if it is wider than {@code max} pixels ("" if not even that fits). */
    static String fit(String text, double max, double size, boolean bold) {
        if (TextWidth.of(text, size, bold) <= max) return text;
        int[] cps = text.codePoints().toArray();
        for (int k = cps.length - 1; k > 0; k--) {
            String cut = new String(cps, 0, k).stripTrailing() + "…";
            if (TextWidth.of(cut, size, bold) <= max) return cut;
        }
        return "";
    }

    // ------------------------------------------------------------------ caption and legend

    /** Lays out the caption from the bottom up; returns its top. */
    double caption(List<Figure.CaptionLine> out, double w, double h) {
        List<String[]> items = new ArrayList<>(); // {text, "alert" or ""}
        for (History.Violated v : moment.violations()) {
            items.add(new String[] {"⚠ " + v.violation().check() + " violated: " + v.violation().message(), "alert"});
        }
        for (History.Refused r : moment.refusals()) items.add(new String[] {"Refused: " + r.reason(), "alert"});
        for (History.Executed e : moment.executions()) items.add(new String[] {e.narration(), ""});
        if (items.isEmpty()) {
            items.add(new String[] {moment.round() == 0 && !moment.inProgress() ? "The initial configuration."
                    : "No action was executed in round " + moment.toldRound() + ".", ""});
        }
        int maxLines = (int) Math.max(1, Math.min(4, Math.floor((h - HEADER_H) * 0.18 / CAPTION_LINE)));
        double max = w - 2 * MARGIN;
        List<String[]> lines = new ArrayList<>();
        int shown = 0;
        for (String[] item : items) {
            List<String> wrapped = wrap(item[0], max, CAPTION_FONT, !item[1].isEmpty());
            if (lines.size() + wrapped.size() > maxLines) break;
            for (String l : wrapped) lines.add(new String[] {l, item[1]});
            shown++;
        }
        int rest = items.size() - shown;
        if (rest > 0) {
            String more = "… and " + rest + " more " + (rest == 1 ? "event" : "events") + " in round " + moment.toldRound();
            if (lines.size() >= maxLines) lines.remove(lines.size() - 1);
            lines.add(new String[] {fit(more, max, CAPTION_FONT, false), ""});
        }
        double top = h - 8 - lines.size() * CAPTION_LINE;
        for (int i = 0; i < lines.size(); i++) {
            out.add(new Figure.CaptionLine(lines.get(i)[0], MARGIN, top + (i + 1) * CAPTION_LINE - 4,
                    !lines.get(i)[1].isEmpty()));
        }
        return top - 4;
    }

    /** Greedy word wrap by measured width (a word wider than the line is cut with an ellipsis). */
    static List<String> wrap(String text, double max, double size, boolean bold) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split("\\s+")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (TextWidth.of(candidate, size, bold) <= max) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (!line.isEmpty()) out.add(line.toString());
            line.setLength(0);
            line.append(fit(word, max, size, bold));
        }
        if (!line.isEmpty() || out.isEmpty()) out.add(line.toString());
        return out;
    }

    /** Lays out the legend as rows of entries above {@code bottom}; returns its top. */
    double legend(List<Figure.LegendItem> out, double w, double bottom) {
        record Entry(Figure.LegendKind kind, String text, String colour, boolean startsGroup) {}
        List<Entry> entries = new ArrayList<>();
        List<String> fills = protocol.presentation().fillValues();
        var app = session.simulation().application();
        if (app instanceof dev.lockstep.application.amoebot.ParticleSystem) {
            // amoebots: the bodies show the particles' state, the node's fill the protocol's (no badge)
            entries.add(new Entry(Figure.LegendKind.LATTICE, "lattice", Look.LATTICE, true));
            entries.add(new Entry(Figure.LegendKind.CONTRACTED, "contracted", Look.PARTICLE, false));
            entries.add(new Entry(Figure.LegendKind.EXPANDED, "expanded (• head)", Look.PARTICLE, false));
            entries.add(new Entry(Figure.LegendKind.COLLISION, "collision", Look.ALERT, false));
            if (!fills.isEmpty()) {
                entries.add(new Entry(Figure.LegendKind.TITLE, fillTitle(), null, true));
                for (String f : fills) entries.add(new Entry(Figure.LegendKind.FILL, f, Look.fill(fills, f), false));
            }
        } else if (app != null) {
            // the application's states the figure shows, in the legends' order (Sec. 6)
            List<String> shown = new ArrayList<>();
            for (int u = 0; u < session.simulation().nodeCount(); u++) if (!shown.contains(app.label(u))) shown.add(app.label(u));
            shown.sort(java.util.Comparator.comparingInt((String a) -> Look.APPLICATION_ORDER.indexOf(a) < 0
                    ? Integer.MAX_VALUE : Look.APPLICATION_ORDER.indexOf(a)).thenComparing(a -> a));
            entries.add(new Entry(Figure.LegendKind.TITLE, "fill = " + session.simulation().config().application().name(), null, true));
            for (String a : shown) entries.add(new Entry(Figure.LegendKind.FILL, a, Look.application(List.of(), a), false));
            if (app instanceof dev.lockstep.application.Interactive) {
                entries.add(new Entry(Figure.LegendKind.INTERACTION, "interaction", Look.INTERACTION, false));
            }
            if (!fills.isEmpty()) {
                // the protocol's fill value is the badge on the rim (Sec. 6: the fill is the application's)
                entries.add(new Entry(Figure.LegendKind.TITLE, "badge = " + protocol.presentation().fillName(), null, true));
                for (String f : fills) entries.add(new Entry(Figure.LegendKind.STATE_BADGE, f, Look.fill(fills, f), false));
            }
        } else if (!fills.isEmpty()) {
            entries.add(new Entry(Figure.LegendKind.TITLE, fillTitle(), null, true));
            for (String f : fills) entries.add(new Entry(Figure.LegendKind.FILL, f, Look.fill(fills, f), false));
        }
        List<String> rings = protocol.presentation().ringValues();
        if (!rings.isEmpty()) {
            entries.add(new Entry(Figure.LegendKind.TITLE, ringTitle(), null, true));
            for (int i = 0; i < rings.size(); i++) {
                entries.add(new Entry(Figure.LegendKind.RING, rings.get(i), Look.ring(i), false));
            }
        }
        boolean first = true;
        for (MarkKinds.Entry m : MarkKinds.of(session.simulation()).entries()) {
            entries.add(new Entry(Figure.LegendKind.valueOf(m.kind() == MarkKinds.Kind.TOKEN ? "BADGE" : m.kind().name()), m.text(),
                    m.kind() == MarkKinds.Kind.AREA || m.kind() == MarkKinds.Kind.REGION ? Look.area(0) : Look.INK, first));
            first = false;
        }
        entries.add(new Entry(Figure.LegendKind.HULL, "lock set", Look.holder(1), true));
        entries.add(new Entry(Figure.LegendKind.POINTER, "lock pointer → locker", Look.holder(1), false));
        entries.add(new Entry(Figure.LegendKind.TOKEN, "message → receiver", Look.INK, false));
        entries.add(new Entry(Figure.LegendKind.PORT, "port", Look.INK, false));
        if (!moment.violations().isEmpty()) entries.add(new Entry(Figure.LegendKind.VIOLATION, "violation", Look.ALERT_GLOW, false));
        if (!moment.refusals().isEmpty()) entries.add(new Entry(Figure.LegendKind.REFUSAL, "refused change", Look.ALERT, false));

        // place the entries in rows, wrapping before a group when it does not fit (or an entry, if a group is too long)
        List<List<double[]>> rows = new ArrayList<>(); // per row: {entry index, x of its swatch/text start}
        List<double[]> row = new ArrayList<>();
        double x = MARGIN;
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            double ew = entryWidth(e.kind(), e.text());
            if (e.startsGroup() && !row.isEmpty()) {
                double groupW = ew;
                for (int j = i + 1; j < entries.size() && !entries.get(j).startsGroup(); j++) {
                    groupW += 10 + entryWidth(entries.get(j).kind(), entries.get(j).text());
                }
                x += 18;
                if (x + groupW > w - MARGIN) {
                    rows.add(row);
                    row = new ArrayList<>();
                    x = MARGIN;
                }
            } else if (!row.isEmpty()) {
                x += 10;
                if (x + ew > w - MARGIN) {
                    rows.add(row);
                    row = new ArrayList<>();
                    x = MARGIN + 16;
                }
            }
            row.add(new double[] {i, x});
            x += ew;
        }
        if (!row.isEmpty()) rows.add(row);
        double top = bottom - 6 - rows.size() * LEGEND_ROW;
        for (int k = 0; k < rows.size(); k++) {
            double cy = top + k * LEGEND_ROW + LEGEND_ROW / 2;
            for (double[] placed : rows.get(k)) {
                Entry e = entries.get((int) placed[0]);
                double sw = swatchWidth(e.kind());
                double sx = placed[1] + sw / 2;
                double textX = e.kind() == Figure.LegendKind.TITLE ? placed[1] : placed[1] + sw + 5;
                out.add(new Figure.LegendItem(e.kind(), e.text(), new Point(sx, cy), textX, e.colour()));
            }
        }
        return top - 2;
    }

    private static double swatchWidth(Figure.LegendKind kind) {
        return switch (kind) {
            case TITLE -> 0;
            case FILL, RING, PORT, VIOLATION, REFUSAL -> 16;
            case HULL, POINTER -> 30;
            case TOKEN -> 34;
            case BADGE, LEADER, CRASHED -> 16;
            case QUEUE -> 14;
            case LABEL -> 14;
            case ARROW, AREA, REGION -> 24;
            case STATE_BADGE -> 10;
            case INTERACTION, EXPANDED -> 30;
            case LATTICE -> 24;
            case CONTRACTED, COLLISION -> 18;
        };
    }

    private static double entryWidth(Figure.LegendKind kind, String text) {
        if (kind == Figure.LegendKind.TITLE) return TextWidth.of(text, LEGEND_FONT, true);
        return swatchWidth(kind) + 5 + TextWidth.of(text, LEGEND_FONT, false);
    }

    /** As the window's legend strip words it. */
    private String fillTitle() {
        return "fill = " + protocol.presentation().fillName();
    }

    private String ringTitle() {
        String name = protocol.presentation().ringName();
        return name.isEmpty() ? "ring" : "ring = " + name;
    }
}
