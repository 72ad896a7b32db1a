package dev.lockstep.app.graph;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import org.graphstream.graph.Element;
import org.graphstream.graph.Graph;
import org.graphstream.ui.graphicGraph.StyleGroup;
import org.graphstream.ui.fx_viewer.FxDefaultView;
import org.graphstream.ui.fx_viewer.FxViewer;
import org.graphstream.ui.graphicGraph.GraphicGraph;
import org.graphstream.ui.view.View;
import org.graphstream.ui.view.util.InteractiveElement;
import org.graphstream.ui.view.util.MouseManager;
import org.graphstream.ui.view.util.ShortcutManager;

/**
 * GraphStream's JavaFX viewer, repainting on JavaFX pulses instead of its own 40 ms timeline
 * (which caps the view at 25 frames per second and is not in step with the screen). The graph
 * view calls {@link #pulse(boolean)} from an {@code AnimationTimer}.
 */
final class PulseViewer extends FxViewer {
    PulseViewer(Graph graph) {
        super(graph, ThreadingModel.GRAPH_IN_GUI_THREAD);
        timeline.stop();
    }

    /**
     * Adds the JavaFX view, with GraphStream's mouse and keyboard managers off: the graph view
     * handles the mouse itself, in model coordinates (GraphStream's manager moves its own copy of
     * the graph).
     */
    FxDefaultView addQuietView() {
        FxDefaultView view = (FxDefaultView) addDefaultView(false);
        view.setMouseManager(new NoMouse());
        view.setShortcutManager(new NoKeys());
        return view;
    }

    /**
     * Repaints if the graph changed, or if {@code force} (the overlays changed). Returns whether
     * a frame was drawn.
     */
    boolean pulse(boolean force) {
        GraphicGraph gg = getGraphicGraph();
        if (gg == null) return false;
        orderDynamicElements(gg);
        boolean changed = gg.graphChangedFlag();
        if (changed) {
            actionPerformed(); // pumps, computes the metrics, displays, resets the flag
            return true;
        }
        if (force) {
            for (View v : views.values()) v.display(gg, true);
            return true;
        }
        return false;
    }

    // ------------------------------------------------------------------ drawing order

    private static final Field DYNAMIC_ONES = dynamicOnesField();

    private static Field dynamicOnesField() {
        try {
            Field f = StyleGroup.class.getDeclaredField("dynamicOnes");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // another GraphStream: its own order
        }
    }

    /**
     * GraphStream draws the nodes with a per-node colour (all of ours) in the order of a hash set
     * of identity-hashed objects: overlapping nodes would cover each other differently in every
     * run, and the same export would give different pictures. Each style group's set is swapped
     * for one that iterates in node order (a later node on top), once per group.
     */
    private static void orderDynamicElements(GraphicGraph gg) {
        if (DYNAMIC_ONES == null) return;
        for (StyleGroup group : gg.getStyleGroups().groups()) {
            try {
                Object set = DYNAMIC_ONES.get(group);
                if (set instanceof HashSet<?> h && !(set instanceof InNodeOrder)) {
                    @SuppressWarnings("unchecked")
                    HashSet<Element> elements = (HashSet<Element>) h;
                    DYNAMIC_ONES.set(group, new InNodeOrder(elements));
                }
            } catch (IllegalAccessException | RuntimeException e) {
                return;
            }
        }
    }

    /** A hash set (as GraphStream declares the field) that iterates by element id: n0, n1, ..., n10, ... */
    static final class InNodeOrder extends HashSet<Element> {
        static final Comparator<Element> ORDER = Comparator.comparingInt((Element e) -> e.getId().length())
                .thenComparing(Element::getId);

        InNodeOrder(HashSet<Element> elements) {
            super(elements);
        }

        @Override
        public Iterator<Element> iterator() {
            List<Element> sorted = new ArrayList<>(size());
            for (Iterator<Element> it = super.iterator(); it.hasNext(); ) sorted.add(it.next());
            sorted.sort(ORDER);
            Iterator<Element> in = sorted.iterator();
            return new Iterator<>() {
                private Element last;

                @Override
                public boolean hasNext() {
                    return in.hasNext();
                }

                @Override
                public Element next() {
                    last = in.next();
                    return last;
                }

                @Override
                public void remove() {
                    InNodeOrder.this.remove(last);
                }
            };
        }
    }

    private static final class NoMouse implements MouseManager {
        @Override public void init(GraphicGraph graph, View view) {}

        @Override public void release() {}

        @Override
        public EnumSet<InteractiveElement> getManagedTypes() {
            return EnumSet.noneOf(InteractiveElement.class);
        }
    }

    private static final class NoKeys implements ShortcutManager {
        @Override public void init(GraphicGraph graph, View view) {}

        @Override public void release() {}
    }
}
