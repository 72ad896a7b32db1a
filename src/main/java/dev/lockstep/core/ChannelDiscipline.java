package dev.lockstep.core;

/** How a directed edge delivers: LME allows reordering; the classical protocols need FIFO. */
public enum ChannelDiscipline {
    /** Any message in transit may be received next; the adversary (scheduler) picks which. */
    UNORDERED("unordered"),
    /** Only the oldest message in transit on a directed edge may be received. */
    FIFO("fifo");

    private final String json;

    ChannelDiscipline(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    public static ChannelDiscipline parse(String s) {
        for (ChannelDiscipline c : values()) if (c.json.equals(s)) return c;
        return null;
    }
}
