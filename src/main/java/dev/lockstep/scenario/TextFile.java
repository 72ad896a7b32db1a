package dev.lockstep.scenario;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads the files Lockstep opens (scenarios, sessions, traces): strict UTF-8, problems named by file. */
public final class TextFile {
    private TextFile() {}

    /** The file's text as strict UTF-8, or a ScenarioException naming the file. */
    public static String read(Path path) throws ScenarioException {
        try {
            byte[] bytes = Files.readAllBytes(path);
            requireUtf8(bytes);
            // the String constructor would replace bad bytes silently, hence the check first; it
            // keeps ASCII text at a byte per character, where a decoded CharBuffer takes two
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(path + ": no such file");
        } catch (CharacterCodingException e) {
            throw new ScenarioException(path + ": not a UTF-8 text file");
        } catch (IOException e) {
            throw new ScenarioException(path + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** Strict UTF-8, checked through a small buffer so that a large file is not held twice more while checked. */
    private static void requireUtf8(byte[] bytes) throws CharacterCodingException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(8192);
        while (true) {
            CoderResult r = decoder.decode(in, out, true);
            if (r.isError()) r.throwException();
            out.clear();
            if (r.isUnderflow()) break;
        }
        CoderResult r = decoder.flush(out);
        if (r.isError()) r.throwException();
    }
}
