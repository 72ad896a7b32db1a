package dev.lockstep.cli;

/** Bad command-line arguments (exit code 2). */
final class UsageException extends Exception {
    UsageException(String message) {
        super(message);
    }
}
