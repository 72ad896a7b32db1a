package dev.lockstep.protocol.krl;

/**
 * The appendix's modules, numbered as the pseudocode panel's blocks. A comment
 * {@code // App., Token l. 5} in the code means line 5 of the module "When Token(h) received at
 * node i from node j", numbered as printed; the KRLF modules (F) are the appendix's "Pseudocode
 * for KRL with token forwarding", with their own printed numbering.
 */
final class KrlModules {
    private KrlModules() {}

    static final int REQUEST_CS = 0;
    static final int RELEASE_CS = 1;
    static final int REQUEST = 2;
    static final int TOKEN = 3;
    static final int LINK_INFO = 4;
    static final int LINK_DOWN = 5;
    static final int LINK_UP = 6;
    static final int FORWARD_REQUEST = 7;
    static final int GIVE_TOKEN = 8;
    static final int RAISE = 9;
    static final int LOWER = 10;
    static final int F_RELEASE_CS = 11;
    static final int F_TOKEN = 12;
    static final int F_LINK_UP = 13;
    static final int F_PICK = 14;
}
