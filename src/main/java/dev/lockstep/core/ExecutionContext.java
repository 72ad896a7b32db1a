package dev.lockstep.core;

import java.util.Arrays;
import java.util.List;

/**
 * The {@link Execution} handed to an action's operation: what one execution sees (its message, D
 * and connection snapshots, the random stream or scripted draws) and what it does (sends, events),
 * collected for the commit. Reused, as executions never nest; a dry run draws 0 instead of
 * consuming the random stream.
 */
final class ExecutionContext implements Execution {
    static final int EV_REQUESTED = 1;
    static final int EV_ACQUIRED = 2;
    static final int EV_UNLOCK_REQUESTED = 4;
    static final int EV_UNLOCKED = 8;
    /** Most executions draw nothing; an empty array is immutable, so one serves them all. */
    private static final int[] NO_DRAWS = new int[0];

    private final Protocol<NodeState> protocol;
    private final SimulationConfig config;
    private final SimulationState world;
    private final int delta;

    private int node;
    private Envelope received;
    /**
     * The received message's fields, read out of its slot by {@link #take} when no record wants
     * its envelope: {@link #received()} then builds one for each call, which a compiled operation
     * that only reads the envelope's fields never allocates (the envelope does not escape).
     */
    private boolean taken;
    private long takenId;
    private int takenFrom;
    private int takenFromPort;
    private int takenToPort;
    private int takenRound;
    private Message takenMessage;
    private long d;
    private long up;
    private long ports;
    private int[] scripted;
    int drawIndex;
    private int[] drawn = new int[4];
    private int[] bounds = new int[4];
    private long sentMask;
    private long sentTwiceMask;
    int sendCount;
    int[] sendPorts = new int[8];
    Message[] sendMessages = new Message[8];
    int events;
    private boolean dry;
    private boolean local;

    ExecutionContext(Protocol<NodeState> protocol, SimulationConfig config, SimulationState world) {
        this.protocol = protocol;
        this.config = config;
        this.world = world;
        this.delta = config.delta();
    }

    /**
     * What an operation run {@link #local locally} meets when it asks for a draw from the stream.
     * Without a stack trace: it is control flow, met by every execution that draws.
     */
    static final RuntimeException NEEDS_STREAM = new StreamNeeded();

    /** A context of its own for another thread (a parallel round's). */
    ExecutionContext another() {
        return new ExecutionContext(protocol, config, world);
    }

    /**
     * Runs operations away from the simulation's random stream: a draw that would consume it
     * throws {@link #NEEDS_STREAM} instead (scripted draws are still served), so that
     * the execution is redone at its turn, where the stream is in the right position.
     */
    void local(boolean on) {
        local = on;
    }

    /**
     * Reads the message in {@code slot} of u's box (now, as the slot is about to be emptied) for
     * the next {@link #begin} told to receive it as fields; the envelope is made only if asked for.
     */
    void take(Channels channels, int slot) {
        takenId = channels.id(slot);
        takenFrom = channels.from(slot);
        takenFromPort = channels.fromPort(slot);
        takenToPort = channels.toPort(slot);
        takenRound = channels.sentRound(slot);
        takenMessage = channels.message(slot);
    }

    void begin(int u, Envelope rec, long dSnap, long upSnap, long portSet, int[] draws, boolean dryRun) {
        begin(u, rec, false, dSnap, upSnap, portSet, draws, dryRun);
    }

    /** {@link #begin}; with {@code fields} (and no envelope) the execution receives what {@link #take} read last. */
    void begin(int u, Envelope rec, boolean fields, long dSnap, long upSnap, long portSet, int[] draws, boolean dryRun) {
        node = u;
        received = rec;
        taken = rec == null && fields;
        if (!taken) takenMessage = null;
        d = dSnap;
        up = upSnap;
        ports = portSet;
        scripted = draws;
        drawIndex = 0;
        sentMask = 0;
        sentTwiceMask = 0;
        sendCount = 0;
        events = 0;
        dry = dryRun;
    }

    int[] drawValues() {
        return drawIndex == 0 ? NO_DRAWS : Arrays.copyOf(drawn, drawIndex);
    }

    int[] bounds() {
        return Arrays.copyOf(bounds, drawIndex);
    }

    private String name(int u) {
        return config.names().get(u);
    }

    /** The received message's envelope; without a record, a fresh one (equal to the others) at each call. */
    @Override
    public Envelope received() {
        return taken ? new Envelope(takenId, takenFrom, takenFromPort, node, takenToPort, takenRound, takenMessage) : received;
    }

    /** What {@link #take} read, or the record's message: never an envelope made to be read once. */
    @Override
    public Message receivedMessage() {
        return taken ? takenMessage : received == null ? null : received.message();
    }

    @Override
    public int receivedPort() {
        return taken ? takenToPort : received == null ? -1 : received.toPort();
    }

    @Override public long disconnected() { return d; }

    @Override public long connected() { return up; }

    @Override public long ports() { return ports; }

    @Override public int delta() { return delta; }

    @Override public long lockScope() { return LockScopes.of(world, protocol, node, ports); }

    /**
     * The common case in line (a first send on a valid port, room left), the rest in methods of
     * their own: an operation that sends from several places inlines this at each.
     */
    @Override
    public void send(int port, Message m) {
        if (port < 0 || port > delta) throw noPort(port);
        long bit = 1L << port;
        if ((sentMask & bit) != 0) sentAgain(port, bit);
        sentMask |= bit;
        int c = sendCount;
        if (c == sendPorts.length) growSends();
        sendPorts[c] = port;
        sendMessages[c] = m;
        sendCount = c + 1;
    }

    private IllegalArgumentException noPort(int port) {
        return new IllegalArgumentException("no port " + port + " (Δ = " + delta + ")");
    }

    /** A second (or third) send on {@code port} in this execution: allowed up to the protocol's limit. */
    private void sentAgain(int port, long bit) {
        int limit = protocol.sendsPerPort();
        if (limit < 2 || ((sentTwiceMask & bit) != 0 && limit < 3)) {
            throw new IllegalStateException("protocol error at " + name(node) + ": more than " + limit
                    + " send(s) on port " + port + " in one action execution (the model allows one per port)");
        }
        sentTwiceMask |= bit;
    }

    private void growSends() {
        sendPorts = Arrays.copyOf(sendPorts, sendCount * 2);
        sendMessages = Arrays.copyOf(sendMessages, sendCount * 2);
    }

    /** A draw from the stream in line; scripted, dry and local draws ({@link #drawElse}) and a full record out of it. */
    @Override
    public int random(int bound) {
        int v = scripted == null && !dry && !local ? world.rng.nextInt(bound) : drawElse(bound);
        int i = drawIndex;
        if (i == drawn.length) growDraws();
        bounds[i] = bound;
        drawn[i] = v;
        drawIndex = i + 1;
        return v;
    }

    /** A draw that is not the stream's: the script's next value, 0 in a dry run, or {@link #NEEDS_STREAM} when local. */
    private int drawElse(int bound) {
        if (scripted != null) {
            if (drawIndex >= scripted.length) {
                throw new IllegalArgumentException("execution at " + name(node) + " needs more random draws than the "
                        + scripted.length + " given");
            }
            int v = scripted[drawIndex];
            if (v < 0 || v >= bound) {
                throw new IllegalArgumentException("draw " + v + " at " + name(node) + " is outside [0, " + bound + ")");
            }
            return v;
        }
        if (dry) return 0;
        throw NEEDS_STREAM;
    }

    private void growDraws() {
        drawn = Arrays.copyOf(drawn, drawIndex * 2);
        bounds = Arrays.copyOf(bounds, drawIndex * 2);
    }

    @Override public void lockRequested() { events |= EV_REQUESTED; }

    @Override public void lockAcquired() { events |= EV_ACQUIRED; }

    @Override public void unlockRequested() { events |= EV_UNLOCK_REQUESTED; }

    @Override public void unlockCompleted() { events |= EV_UNLOCKED; }

    private void requireIds() {
        if (!protocol.requirements().ids()) {
            throw new IllegalStateException(protocol.name() + " is anonymous: it declared no need for node ids");
        }
    }

    @Override
    public int id() {
        requireIds();
        return node;
    }

    @Override
    public int nodeCount() {
        requireIds();
        return config.nodeCount();
    }

    @Override
    public int peerId(int port) {
        requireIds();
        return world.graph.peer(node, port);
    }

    @Override
    public String region() {
        if (!protocol.requirements().regions()) {
            throw new IllegalStateException(protocol.name() + " declared no need for regions");
        }
        return world.region(node);
    }

    @Override
    public List<String> regions() {
        region();
        return Regions.names(config);
    }

    private static final class StreamNeeded extends RuntimeException {
        StreamNeeded() {
            super("the execution draws from the simulation's random stream", null, false, false);
        }
    }
}
