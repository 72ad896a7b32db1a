package dev.lockstep.debug;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a trace ({@code lockstep-trace/1}) into a log for ShiViz, the space-time diagram viewer
 * for logs with vector clocks. Every event is two lines,
 *
 * <pre>
 * description
 * HOST {"HOST":n,"OTHER":m,...}
 * </pre>
 *
 * which {@link #REGEX} parses; it is ShiViz's default regular expression (with its braces
 * escaped, so that Java reads it too). The file starts with that regular expression and an empty
 * line, as ShiViz reads an uploaded file: the first line is the parser, the second the (absent)
 * delimiter of several executions.
 *
 * <p>Hosts are the nodes (white space in a name becomes {@code _}). A node's events: its action
 * executions (an asynchronous one twice: where it begins and receives, and where it takes effect
 * and sends), the links and cuts of its edges, the application's calls at it, and violations that
 * name it. Each event increments the node's own clock component by one, so a host's first event
 * has its own component 1 (ShiViz requires it); a receive first merges the clock the message was
 * sent with (the sender's clock at the execution that sent it), so ShiViz draws the message. A
 * message to itself (port 0) is local. A lost message (sent into a severed port, or lost in
 * transit when its edge was cut) is a send without a receive: ShiViz draws no arrow for it, and
 * the description of the send (and of the cut) says it was lost.
 */
public final class ShiVizExport {
    private ShiVizExport() {}

    /** The log parsing regular expression to give ShiViz (also the export's first line). */
    public static final String REGEX = "(?<event>.*)\\n(?<host>\\S*) (?<clock>\\{.*\\})";

    /** The export of a trace's text as one string. */
    public static String export(String traceText, String file) throws ScenarioException {
        StringWriter out = new StringWriter();
        try {
            write(lines(traceText), file, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The lines of a text, without a final empty one. */
    public static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) lines.remove(lines.size() - 1);
        return lines;
    }

    /** Writes the export of a trace (its lines) to {@code out}; {@code file} names the trace in messages. */
    public static void write(List<String> traceLines, String file, Writer out) throws ScenarioException, IOException {
        if (traceLines.isEmpty()) throw new ScenarioException(file + ": empty trace");
        FileKind.TRACE.require(record(traceLines.get(0), file, 1), file + ":1");
        // first pass: where each message went (the trace names only the sender's port)
        Map<Long, String> destination = new HashMap<>();
        for (int i = 1; i < traceLines.size(); i++) {
            JsonValue.Obj r = record(traceLines.get(i), file, i + 1);
            String type = str(r, "type");
            if (type.equals("action") || type.equals("start")) {
                if (r.get("recv") instanceof JsonValue.Obj recv && recv.get("id") instanceof JsonValue.Num id) {
                    destination.put(id(id, file, i + 1), str(r, "node"));
                }
            } else if (type.equals("lose") && r.get("id") instanceof JsonValue.Num id) {
                destination.put(id(id, file, i + 1), str(r, "to"));
            } else if (type.equals("cut") && r.get("lost") instanceof JsonValue.Arr lost) {
                for (JsonValue m : lost.items()) {
                    if (m instanceof JsonValue.Obj o && o.get("id") instanceof JsonValue.Num id && o.get("to") instanceof JsonValue.Str to) {
                        destination.put(id(id, file, i + 1), to.value());
                    }
                }
            }
        }
        VectorClocks x = new VectorClocks(out, destination);
        out.write(REGEX);
        out.write("\n\n");
        for (int i = 1; i < traceLines.size(); i++) {
            x.record(record(traceLines.get(i), file, i + 1), file, i + 1);
        }
        out.flush();
    }

    /**
     * The one place this class tells a trace from other files, by its header's {@code "format"}:
     * kept apart so that the project's shared format detection can take its place.
     */
    private static JsonValue.Obj record(String line, String file, int lineNo) throws ScenarioException {
        try {
            if (JsonParser.parse(line, ScenarioLoader.nodeLimit("$.scenario")) instanceof JsonValue.Obj o) return o;
        } catch (JsonParseException e) {
            throw new ScenarioException(e.describe(file, lineNo));
        }
        throw new ScenarioException(file + ":" + lineNo + ": expected a JSON object");
    }

    private static String str(JsonValue.Obj r, String key) {
        return r.get(key) instanceof JsonValue.Str s ? s.value() : "";
    }

    private static long id(JsonValue.Num n, String file, int lineNo) throws ScenarioException {
        try {
            return Long.parseLong(n.text());
        } catch (NumberFormatException e) {
            throw new ScenarioException(file + ":" + lineNo + ":" + n.column() + ": " + n.path() + ": expected a message id, found " + n.text());
        }
    }

    private static int round(JsonValue.Num n, String file, int lineNo) throws ScenarioException {
        try {
            int round = Integer.parseInt(n.text());
            if (round >= 0) return round;
        } catch (NumberFormatException e) {
            // beyond the int range: reported below
        }
        throw new ScenarioException(file + ":" + lineNo + ":" + n.column() + ": " + n.path()
                + ": expected a round between 0 and " + Integer.MAX_VALUE + ", found " + n.text());
    }

    private static String integer(JsonValue v) {
        return v instanceof JsonValue.Num n ? n.text() : "?";
    }

    /** A host name ShiViz's {@code \S*} takes whole: white space and line breaks become {@code _}. */
    static String host(String node) {
        if (node.isEmpty()) return "_";
        StringBuilder sb = new StringBuilder(node.length());
        for (int i = 0; i < node.length(); i++) {
            char c = node.charAt(i);
            sb.append(Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085' ? '_' : c);
        }
        return sb.toString();
    }

    /** A description on one line (neither ShiViz's nor Java's {@code .} crosses a line break). */
    static String oneLine(String s) {
        return s.replaceAll("[\\r\\n\\u0085\\u2028\\u2029]+", " ");
    }

    /** The hosts' vector clocks while the records are written out, and the clock each message was sent with. */
    private static final class VectorClocks {
        private final Writer out;
        private final Map<Long, String> destination;
        private final Map<String, Integer> index = new HashMap<>();
        private final List<String> hosts = new ArrayList<>();
        private final List<int[]> clocks = new ArrayList<>();
        private final Map<Long, int[]> sentWith = new HashMap<>();
        private long step;

        VectorClocks(Writer out, Map<Long, String> destination) {
            this.out = out;
            this.destination = destination;
        }

        private int node(String name) {
            String h = host(name);
            Integer k = index.get(h);
            if (k == null) {
                k = hosts.size();
                index.put(h, k);
                hosts.add(h);
                clocks.add(new int[0]);
            }
            return k;
        }

        private int[] clock(int k) {
            int[] c = clocks.get(k);
            if (c.length < hosts.size()) {
                c = Arrays.copyOf(c, hosts.size());
                clocks.set(k, c);
            }
            return c;
        }

        /** Merges the clock a message was sent with into node k's clock (a receive). */
        private void merge(int k, long messageId) {
            int[] with = sentWith.remove(messageId);
            if (with == null) return;
            int[] c = clock(k);
            for (int j = 0; j < with.length; j++) c[j] = Math.max(c[j], with[j]);
        }

        /** One event at node k: its clock ticks, then the two lines are written. */
        private int[] event(int k, String description) throws IOException {
            int[] c = clock(k);
            c[k]++;
            JsonWriter w = new JsonWriter().beginObject().field(hosts.get(k), c[k]);
            for (int j = 0; j < c.length; j++) if (j != k && c[j] > 0) w.field(hosts.get(j), c[j]);
            out.write(oneLine(description));
            out.write('\n');
            out.write(hosts.get(k));
            out.write(' ');
            out.write(w.endObject().toString());
            out.write('\n');
            return c;
        }

        private String at(int round) {
            return "[round " + round + ", step " + step + "] ";
        }

        void record(JsonValue.Obj r, String file, int lineNo) throws IOException, ScenarioException {
            int round = r.get("round") instanceof JsonValue.Num n && n.isIntegral() ? round(n, file, lineNo) : -1;
            switch (str(r, "type")) {
                case "link" -> {
                    String u = str(r, "u");
                    String v = str(r, "v");
                    String ports = r.get("ports") instanceof JsonValue.Arr p && p.size() == 2
                            ? " (ports " + integer(p.get(0)) + " and " + integer(p.get(1)) + ")" : "";
                    event(node(u), at(round) + "link " + u + "–" + v + ports);
                    if (!v.equals(u)) event(node(v), at(round) + "link " + u + "–" + v + ports);
                }
                case "cut" -> {
                    String u = str(r, "u");
                    String v = str(r, "v");
                    StringBuilder sb = new StringBuilder(at(round) + "cut " + u + "–" + v);
                    if (r.get("lost") instanceof JsonValue.Arr lost && lost.size() > 0) {
                        List<String> ms = new ArrayList<>();
                        for (JsonValue m : lost.items()) {
                            if (m instanceof JsonValue.Obj o) {
                                ms.add(str(o, "msg") + " [msg " + integer(o.get("id")) + "] to " + str(o, "to"));
                                if (o.get("id") instanceof JsonValue.Num id) sentWith.remove(id(id, file, lineNo));
                            }
                        }
                        sb.append("; lost in transit: ").append(String.join(", ", ms));
                    }
                    event(node(u), sb.toString());
                    if (!v.equals(u)) event(node(v), sb.toString());
                }
                case "lose" -> {
                    String to = str(r, "to");
                    if (r.get("id") instanceof JsonValue.Num id) sentWith.remove(id(id, file, lineNo));
                    event(node(to), at(round) + "the adversary destroys " + str(r, "msg") + " [msg "
                            + integer(r.get("id")) + "] from " + str(r, "from") + " in transit to " + to);
                }
                case "crash" -> event(node(str(r, "node")), at(round) + str(r, "node") + " crashes");
                case "call" -> {
                    String call = str(r, "call");
                    String c = call.isEmpty() ? call : Character.toUpperCase(call.charAt(0)) + call.substring(1);
                    event(node(str(r, "node")), at(round) + "the application calls " + c);
                }
                case "start" -> {
                    step++;
                    String u = str(r, "node");
                    int k = node(u);
                    String recv = received(r, k, file, lineNo);
                    event(k, at(round) + u + " begins " + str(r, "action") + recv
                            + " (takes effect at the end of round " + integer(r.get("until")) + ")");
                }
                case "action" -> {
                    boolean commit = r.has("started");
                    String u = str(r, "node");
                    int k = node(u);
                    String recv;
                    String head;
                    if (commit) {
                        recv = "";
                        head = u + " " + str(r, "action") + " (begun in round " + integer(r.get("started")) + ") takes effect";
                    } else {
                        step++;
                        recv = received(r, k, file, lineNo);
                        head = u + " " + str(r, "action");
                    }
                    List<String> sends = new ArrayList<>();
                    List<Long> ids = new ArrayList<>();
                    if (r.get("sent") instanceof JsonValue.Arr sent) {
                        for (JsonValue m : sent.items()) {
                            if (!(m instanceof JsonValue.Obj o)) continue;
                            String label = str(o, "msg");
                            if (o.get("id") instanceof JsonValue.Num id) {
                                long mid = id(id, file, lineNo);
                                ids.add(mid);
                                String to = destination.get(mid);
                                sends.add(label + " [msg " + mid + "] to " + (to != null ? to : "port " + integer(o.get("port"))));
                            } else {
                                sends.add(label + " lost (port " + integer(o.get("port")) + " severed)");
                            }
                        }
                    }
                    StringBuilder sb = new StringBuilder(at(round)).append(head).append(recv);
                    if (!sends.isEmpty()) sb.append("; sent ").append(String.join(", ", sends));
                    if (r.get("state") instanceof JsonValue.Obj state && !state.members().isEmpty()) {
                        List<String> vars = new ArrayList<>();
                        for (Map.Entry<String, JsonValue> v : state.members().entrySet()) {
                            vars.add(v.getKey() + "=" + (v.getValue() instanceof JsonValue.Str s ? s.value() : integer(v.getValue())));
                        }
                        sb.append("; state ").append(String.join(" ", vars));
                    }
                    int[] c = event(k, sb.toString());
                    for (long mid : ids) sentWith.put(mid, c.clone());
                }
                case "violation" -> {
                    if (r.get("nodes") instanceof JsonValue.Arr nodes) {
                        String text = at(round) + "violation of " + str(r, "check") + ": " + str(r, "message");
                        for (JsonValue n : nodes.items()) if (n instanceof JsonValue.Str s) event(node(s.value()), text);
                    }
                }
                default -> {
                    // move, refused, end: no event at a node
                }
            }
        }

        /** The receive of an execution (merging the sender's clock into node k's), as text. */
        private String received(JsonValue.Obj r, int k, String file, int lineNo) throws ScenarioException {
            if (!(r.get("recv") instanceof JsonValue.Obj recv)) return "";
            String text = ", received " + str(recv, "msg");
            if (recv.get("id") instanceof JsonValue.Num id) {
                long mid = id(id, file, lineNo);
                merge(k, mid);
                text += " [msg " + mid + "]";
            }
            return text + " from " + str(recv, "from");
        }
    }
}
