package dev.lockstep.scenario;

import static dev.lockstep.scenario.Problems.orElse;

import dev.lockstep.application.LockMode;
import dev.lockstep.application.amoebot.Amoebots;
import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.MoveWorkload;
import dev.lockstep.application.amoebot.Reach;
import dev.lockstep.application.amoebot.Shapes;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an {@code "application": {"kind": "amoebots", ...}} (Sec. 6, second paragraph): the
 * particles' cells, listed ({@code "cells": [[0, 0], [1, 0]]}) or as a shape ({@code {"shape":
 * "hexagon", "particles": 30, "spacing": 2}}), the locks and the move rule. The particles make the
 * scenario's nodes, positions, edges and Δ ({@link #nodeNames}), so the file gives no
 * {@code "nodes"} or {@code "edges"}; fields that would move the graph another way are refused.
 */
final class AmoebotReader {
    static final String KIND = "amoebots";
    static final List<String> FIELDS = List.of("kind", "cells", "locks", "move", "hold");
    static final List<String> SHAPE_FIELDS = List.of("shape", "particles", "spacing", "seed");
    /** Top-level fields that would give the graph or move it other than by the particles' moves. */
    static final List<String> REFUSED = List.of("nodes", "edges", "unitDisk", "mobility", "churn", "linkChanges", "dynamics",
            "areas", "areaMoves");
    static final int MAX_PARTICLES = 10_000;

    private final Problems problems;

    AmoebotReader(Problems problems) {
        this.problems = problems;
    }

    /** The top-level checks ({@link #topLevel}) and the application; null after reporting. */
    static ApplicationReader.Read read(Problems problems, JsonValue.Obj root) {
        AmoebotReader r = new AmoebotReader(problems);
        r.topLevel(root);
        return r.application((JsonValue.Obj) root.get("application"));
    }

    /** Whether the scenario's application is amoebots (then the particles make the graph). */
    static boolean in(JsonValue.Obj root) {
        return root.get("application") instanceof JsonValue.Obj o && o.get("kind") instanceof JsonValue.Str s
                && s.value().equals(KIND);
    }

    /** The nodes' names: p00, p01, … (as many digits as the last one needs, at least two). */
    static List<String> nodeNames(int particles) {
        int digits = Math.max(2, Integer.toString(particles - 1).length());
        List<String> out = new ArrayList<>();
        for (int u = 0; u < particles; u++) out.add("p" + "0".repeat(Math.max(0, digits - Integer.toString(u).length())) + u);
        return out;
    }

    /** Refuses the top-level fields the particles replace, and a Δ below what they need. */
    void topLevel(JsonValue.Obj root) {
        for (String f : REFUSED) {
            if (root.has(f)) {
                problems.add(root.get(f), "amoebots make the graph from the particles' cells (nodes p00, p01, …; an edge between"
                        + " particles within lattice distance " + Reach.DISTANCE + "), and it changes only when they move;"
                        + " remove \"" + f + "\"");
            }
        }
        JsonValue delta = root.get("delta");
        if (delta != null && !(delta instanceof JsonValue.Num d && d.isIntegral() && d.text().equals(Integer.toString(Reach.MAX_DEGREE)))) {
            problems.add(delta, "amoebots need delta = " + Reach.MAX_DEGREE + " (an expanded particle can have " + Reach.MAX_DEGREE
                    + " neighbours within lattice distance " + Reach.DISTANCE + "), found " + new JsonWriter().value(delta)
                    + "; leave \"delta\" out to get it");
        }
    }

    /** The application and its workload, or null after reporting every problem. */
    ApplicationReader.Read application(JsonValue.Obj o) {
        problems.onlyKnown(o, FIELDS);
        LockMode locks = LockMode.NEIGHBOURHOOD;
        if (o.has("locks")) {
            String l = problems.string(o.get("locks"), "the locks (\"neighbourhood\" or \"none\")");
            LockMode m = l == null ? null : LockMode.parse(l);
            if (l != null && (m == null || m == LockMode.PAIR)) {
                problems.add(o.get("locks"), "unknown locks \"" + l + "\" for amoebots; expected \"neighbourhood\" (move only while"
                        + " holding the locks of the neighbourhood) or \"none\" (move without locks)");
            } else if (m != null) {
                locks = m;
            }
        }
        double move = o.has("move") ? orElse(problems.probability(o.get("move"),
                "move (the probability that an idle particle calls Lock, or without locks begins a move, in a round)"), 0.0) : 0.2;
        int hold = o.has("hold") ? (int) (long) orElse(problems.integer(o.get("hold"),
                "hold (rounds from a move's read to its write)", 0, 1_000_000), 0L) : 1;
        List<Cell> cells = null;
        if (!o.has("cells")) {
            problems.add(o, "missing \"cells\": the particles' cells, e.g. [[0, 0], [1, 0]], or a shape like"
                    + " {\"shape\": \"blob\", \"particles\": 30}");
        } else {
            cells = cells(o.get("cells"));
        }
        if (cells == null || cells.isEmpty() || problems.any()) return null;
        return new ApplicationReader.Read(new Amoebots(cells), new MoveWorkload(locks, move, hold));
    }

    private List<Cell> cells(JsonValue v) {
        if (v instanceof JsonValue.Obj shape) return shape(shape);
        JsonValue.Arr arr = problems.array(v, "the cells ([[q, r], ...] in axial coordinates, or a shape object)");
        if (arr == null) return null;
        if (arr.size() == 0) problems.add(arr, "expected at least one particle");
        if (arr.size() > MAX_PARTICLES) problems.add(arr, "at most " + MAX_PARTICLES + " particles are supported");
        List<Cell> out = new ArrayList<>();
        Map<Cell, Integer> seen = new HashMap<>(); // lookups only
        for (int i = 0; i < arr.size(); i++) {
            JsonValue item = arr.get(i);
            if (!(item instanceof JsonValue.Arr a) || a.size() != 2) {
                problems.add(item, "expected a cell as [q, r] (two integers, axial coordinates), found " + new JsonWriter().value(item));
                continue;
            }
            Long q = problems.integer(a.get(0), "the cell's q", -1_000_000, 1_000_000);
            Long r = problems.integer(a.get(1), "the cell's r", -1_000_000, 1_000_000);
            if (q == null || r == null) continue;
            Cell c = new Cell((int) (long) q, (int) (long) r);
            Integer before = seen.putIfAbsent(c, i);
            if (before != null) {
                problems.add(item, "two particles on cell " + c + " (items " + before + " and " + i + "); expected one particle per cell");
                continue;
            }
            out.add(c);
        }
        return out;
    }

    private List<Cell> shape(JsonValue.Obj o) {
        problems.onlyKnown(o, SHAPE_FIELDS);
        String name = null;
        if (!o.has("shape")) problems.add(o, "missing \"shape\"; expected one of: " + String.join(", ", Shapes.NAMES));
        else {
            name = problems.string(o.get("shape"), "the shape");
            if (name != null && !Shapes.NAMES.contains(name)) {
                problems.add(o.get("shape"), "unknown shape \"" + name + "\"; expected one of: " + String.join(", ", Shapes.NAMES));
                name = null;
            }
        }
        Long n = null;
        if (!o.has("particles")) problems.add(o, "missing \"particles\": how many particles the shape has");
        else n = problems.integer(o.get("particles"), "the number of particles", 1, MAX_PARTICLES);
        long seed = o.has("seed") ? orElse(problems.integer(o.get("seed"), "the shape's seed", Long.MIN_VALUE, Long.MAX_VALUE), 1L) : 1L;
        if (o.has("seed") && name != null && !name.equals("blob")) problems.add(o.get("seed"), "only a \"blob\" takes a seed");
        int spacing = o.has("spacing") ? (int) (long) orElse(problems.integer(o.get("spacing"),
                "the spacing (cells between neighbouring particles of the shape)", 1, 100), 1L) : 1;
        if (name == null || n == null) return null;
        return Shapes.of(name, (int) (long) n, seed, spacing);
    }
}
