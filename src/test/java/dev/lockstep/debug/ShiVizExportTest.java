package dev.lockstep.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Engine;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The ShiViz export parses with the regular expression README documents (read from README, so the
 * documentation cannot drift), and its vector clocks agree with the trace's sends and receives.
 */
class ShiVizExportTest {
    static final Pattern MSG_ID = Pattern.compile("\\[msg (\\d+)]");

    /** The regular expression in README's "ShiViz export" section (its one {@code regex} code block). */
    static String readmeRegex() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int section = readme.indexOf("### ShiViz export");
        assertTrue(section >= 0, "README has a \"ShiViz export\" section");
        int block = readme.indexOf("```regex\n", section);
        assertTrue(block >= 0, "the section shows the regular expression in a ```regex block");
        int from = block + "```regex\n".length();
        String regex = readme.substring(from, readme.indexOf("\n```", from));
        assertFalse(regex.contains("\n"), "one line: " + regex);
        return regex;
    }

    static String trace(Scenario s, long seed, int rounds) {
        Engine engine = s.engine(seed);
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, s, engine.simulation(), rounds);
        engine.simulation().addListener(w);
        engine.runUntil(rounds);
        w.finish();
        return out.toString();
    }

    /** One parsed event of the export. */
    record Event(int index, String host, Map<String, Long> clock, String text) {}

    /** Parses the export with the README's regular expression; every line must belong to a match. */
    static List<Event> parse(String export, String regex) throws Exception {
        assertTrue(export.startsWith(regex + "\n\n"), "the file starts with the parser and an empty delimiter line");
        String log = export.substring(regex.length() + 2);
        Matcher m = Pattern.compile(regex).matcher(log);
        List<Event> events = new ArrayList<>();
        int at = 0;
        while (at < log.length()) {
            assertTrue(m.find(at) && m.start() == at, () -> "the log parses on from offset " + events.size() + ": "
                    + log.substring(0, Math.min(log.length(), 200)));
            JsonValue.Obj clock = (JsonValue.Obj) JsonParser.parse(m.group("clock"));
            Map<String, Long> c = new HashMap<>();
            for (Map.Entry<String, JsonValue> e : clock.members().entrySet()) {
                c.put(e.getKey(), Long.parseLong(((JsonValue.Num) e.getValue()).text()));
            }
            events.add(new Event(events.size(), m.group("host"), c, m.group("event")));
            at = m.end();
            assertEquals('\n', log.charAt(at), "each event ends its line");
            at++;
        }
        return events;
    }

    /** The message ids a trace sends, receives and loses (in transit at a cut). */
    record Messages(Map<Long, String> sentBy, Map<Long, String> receivedBy, Set<Long> lostInTransit) {}

    static Messages messages(String trace) throws Exception {
        Messages ms = new Messages(new HashMap<>(), new HashMap<>(), new HashSet<>());
        for (String line : trace.split("\n")) {
            JsonValue.Obj r = (JsonValue.Obj) JsonParser.parse(line);
            if (!(r.get("type") instanceof JsonValue.Str type)) continue;
            String node = r.get("node") instanceof JsonValue.Str n ? n.value() : null;
            if (r.get("sent") instanceof JsonValue.Arr sent) {
                for (JsonValue m : sent.items()) {
                    if (((JsonValue.Obj) m).get("id") instanceof JsonValue.Num id) ms.sentBy().put(Long.parseLong(id.text()), node);
                }
            }
            if (r.get("recv") instanceof JsonValue.Obj recv && recv.get("id") instanceof JsonValue.Num id) {
                ms.receivedBy().put(Long.parseLong(id.text()), node);
            }
            if (type.value().equals("cut") && r.get("lost") instanceof JsonValue.Arr lost) {
                for (JsonValue m : lost.items()) ms.lostInTransit().add(Long.parseLong(((JsonValue.Num) ((JsonValue.Obj) m).get("id")).text()));
            }
        }
        return ms;
    }

    static long at(Map<String, Long> clock, String host) {
        return clock.getOrDefault(host, 0L);
    }

    /** Every property of a well-formed ShiViz log with vector clocks, checked against the trace it came from. */
    static void assertConsistent(String trace, String export, String regex) throws Exception {
        List<Event> events = parse(export, regex);
        Map<String, List<Event>> byHost = new HashMap<>();
        for (Event e : events) {
            // a host's own component counts its events; no clock knows more of another host than it has done yet
            List<Event> mine = byHost.computeIfAbsent(e.host(), h -> new ArrayList<>());
            assertEquals(mine.size() + 1, at(e.clock(), e.host()), "own component of " + e);
            for (Map.Entry<String, Long> c : e.clock().entrySet()) {
                assertTrue(c.getValue() > 0, "only positive entries: " + e);
                int done = byHost.getOrDefault(c.getKey(), List.of()).size() + (c.getKey().equals(e.host()) ? 1 : 0);
                assertTrue(c.getValue() <= done, "knows no future of " + c.getKey() + ": " + e);
            }
            if (!mine.isEmpty()) {
                Event prev = mine.get(mine.size() - 1);
                for (Map.Entry<String, Long> c : prev.clock().entrySet()) {
                    assertTrue(at(e.clock(), c.getKey()) >= c.getValue(), "clocks never go back along a host: " + prev + " then " + e);
                }
            }
            mine.add(e);
        }
        // sends and receives, by the message ids the descriptions carry, against the trace
        Messages ms = messages(trace);
        Map<Long, Event> sends = new HashMap<>();
        Map<Long, Event> receives = new HashMap<>();
        for (Event e : events) {
            int received = e.text().indexOf(", received ");
            int sent = e.text().indexOf("; sent ");
            if (received >= 0) {
                Matcher m = MSG_ID.matcher(e.text().substring(received));
                assertTrue(m.find(), e.toString());
                assertEquals(null, receives.put(Long.parseLong(m.group(1)), e), "one receive per message");
            }
            if (sent >= 0) {
                int end = e.text().indexOf("; state", sent);
                Matcher m = MSG_ID.matcher(e.text().substring(sent, end < 0 ? e.text().length() : end));
                while (m.find()) assertEquals(null, sends.put(Long.parseLong(m.group(1)), e), "one send per message");
            }
        }
        assertEquals(ms.sentBy().keySet(), sends.keySet(), "every message the trace sends has its send event");
        assertEquals(ms.receivedBy().keySet(), receives.keySet(), "every message the trace receives has its receive event");
        for (Map.Entry<Long, Event> s : sends.entrySet()) assertEquals(ms.sentBy().get(s.getKey()), s.getValue().host());
        for (Map.Entry<Long, Event> r : receives.entrySet()) {
            long id = r.getKey();
            Event rec = r.getValue();
            Event send = sends.get(id);
            assertEquals(ms.receivedBy().get(id), rec.host());
            assertTrue(send.index() < rec.index(), "sent before received: message " + id);
            for (Map.Entry<String, Long> c : send.clock().entrySet()) {
                assertTrue(at(rec.clock(), c.getKey()) >= c.getValue(), "a receive knows all its send knew: message " + id
                        + "\n  " + send + "\n  " + rec);
            }
            assertTrue(at(rec.clock(), rec.host()) > at(send.clock(), rec.host()), "the receiver's own entry is greater: message " + id);
            assertFalse(ms.lostInTransit().contains(id), "a message lost in transit is never received: " + id);
        }
        // lost messages: sent, never received, and the cut's description says so
        for (long id : ms.lostInTransit()) {
            assertTrue(sends.containsKey(id) && !receives.containsKey(id), "lost message " + id);
            boolean told = false;
            for (Event e : events) told |= e.text().contains("lost in transit") && e.text().contains("[msg " + id + "]");
            assertTrue(told, "a cut names the message it lost: " + id);
        }
    }

    @Property(tries = 40)
    void randomRunsExportConsistently(@ForAll long generator) throws Exception {
        Random r = new Random(generator);
        Scenario s = BreakpointProperties.scenario(r, true);
        String trace = trace(s, r.nextLong(), 10 + r.nextInt(70));
        Messages ms = messages(trace);
        Statistics.label("lost in transit").collect(!ms.lostInTransit().isEmpty());
        Statistics.label("asynchronous").collect(trace.contains("\"type\":\"start\""));
        assertConsistent(trace, ShiVizExport.export(trace, "random.jsonl"), readmeRegex());
    }

    @Test
    void everySampleRunExportsConsistently() throws Exception {
        String regex = readmeRegex();
        assertEquals(ShiVizExport.REGEX, regex, "README shows the regular expression the export writes");
        try (var files = Files.list(Path.of("sample-runs"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                Scenario s = ScenarioLoader.load(f);
                String trace = trace(s, s.seed(), Math.min(s.rounds(), 150));
                assertConsistent(trace, ShiVizExport.export(trace, f.toString()), regex);
            }
        }
    }

    /** Flaw 2: y's ack-lock is lost when the edge is cut; the log says so and draws no receive for it. */
    @Test
    void aMessageLostInTransitIsASendWithoutAReceive() throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs/flaw-2-stuck-in-win.json"));
        String trace = trace(s, s.seed(), 14);
        Messages ms = messages(trace);
        assertEquals(1, ms.lostInTransit().size());
        long id = ms.lostInTransit().iterator().next();
        List<Event> events = parse(ShiVizExport.export(trace, "flaw-2"), ShiVizExport.REGEX);
        List<String> mentions = new ArrayList<>();
        for (Event e : events) if (e.text().contains("[msg " + id + "]")) mentions.add(e.host() + ": " + e.text());
        assertEquals(3, mentions.size(), "the send at y and the cut at both ends: " + mentions);
        assertTrue(mentions.get(0).startsWith("y: ") && mentions.get(0).contains("sent ack-lock()"), mentions.get(0));
        assertTrue(mentions.get(1).contains("cut x–y") && mentions.get(1).contains("lost in transit"), mentions.get(1));
    }

    @Test
    void hostNamesWithSpacesStayOneToken() {
        assertEquals("node_1", ShiVizExport.host("node 1"));
        assertEquals("a_b", ShiVizExport.host("a\tb"));
        assertEquals("_", ShiVizExport.host(""));
        assertEquals("one line", ShiVizExport.oneLine("one\nline"));
    }

    @Test
    void notATraceIsRejectedWithTheFileAndLine() {
        ScenarioException empty = assertThrows(ScenarioException.class, () -> ShiVizExport.export("", "t.jsonl"));
        assertTrue(empty.getMessage().contains("t.jsonl"), empty.getMessage());
        ScenarioException format = assertThrows(ScenarioException.class,
                () -> ShiVizExport.export("{\"format\":\"lockstep-scenario/1\"}\n", "t.jsonl"));
        assertTrue(format.getMessage().contains("t.jsonl:1") && format.getMessage().contains("lockstep-trace/1"), format.getMessage());
        ScenarioException broken = assertThrows(ScenarioException.class,
                () -> ShiVizExport.export("{\"format\":\"lockstep-trace/1\"}\n{\"round\":0,\n", "t.jsonl"));
        assertTrue(broken.getMessage().contains("t.jsonl:2"), broken.getMessage());
    }
}
