package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The monkey's shrinking and its action text, without a window: a fake re-run fails when "lecture" comes before "menu 15". */
class MonkeyShrinkTest {
    static Monkey.Failure lectureThenShortcuts(List<MonkeyAction> actions) {
        int lecture = actions.indexOf(MonkeyAction.parse("lecture"));
        int menu = actions.indexOf(MonkeyAction.parse("menu 15"));
        return lecture >= 0 && menu > lecture ? new Monkey.Failure(menu + 1, "action: the dialog stays open") : null;
    }

    @Test
    void aFailingSequenceShrinksToTheActionsThatMatter() {
        List<MonkeyAction> actions = new java.util.ArrayList<>(MonkeyAction.random(7, 60));
        actions.removeIf(a -> a.equals(MonkeyAction.parse("lecture")) || a.equals(MonkeyAction.parse("menu 15")));
        actions.add(13, MonkeyAction.parse("lecture"));
        actions.add(41, MonkeyAction.parse("menu 15"));
        Monkey.Failure failure = lectureThenShortcuts(actions);
        assertEquals(42, failure.actions());
        List<MonkeyAction> shortest = MonkeyShrink.shrink(actions, failure, MonkeyShrinkTest::lectureThenShortcuts, Long.MAX_VALUE);
        assertEquals(List.of(MonkeyAction.parse("lecture"), MonkeyAction.parse("menu 15")), shortest);
    }

    @Test
    void aDifferentKindOfFailureDoesNotCount() {
        List<MonkeyAction> actions = List.of(MonkeyAction.parse("step"), MonkeyAction.parse("lecture"), MonkeyAction.parse("menu 15"));
        Monkey.Failure failure = new Monkey.Failure(3, "action: the dialog stays open");
        List<MonkeyAction> shortest = MonkeyShrink.shrink(actions, failure,
                list -> list.size() == 3 ? failure : new Monkey.Failure(list.size(), "replay: something else"), Long.MAX_VALUE);
        assertEquals(actions, shortest, "only a failure of the same kind makes a shorter sequence");
    }

    @Test
    void theSameSeedGivesTheSameActionsAndTheirTextReadsBack() {
        List<MonkeyAction> a = MonkeyAction.random(20261123, 500);
        assertEquals(a, MonkeyAction.random(20261123, 500));
        Random r = new Random(20261123);
        for (MonkeyAction x : a) {
            assertEquals(x, MonkeyAction.random(r), "the endless stream of a long run starts with the same actions");
            assertEquals(x, MonkeyAction.parse(x.toString()));
        }
        assertEquals(MonkeyAction.Kind.values().length, a.stream().map(MonkeyAction::kind).distinct().count(), "500 actions use every kind");
    }
}
