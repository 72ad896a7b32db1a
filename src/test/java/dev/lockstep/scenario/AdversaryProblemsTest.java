package dev.lockstep.scenario;

import static dev.lockstep.scenario.ScenarioTexts.*;

import org.junit.jupiter.api.Test;

/** Problems with what the adversary does: scheduler steps, dynamics, workload and their probabilities. */
class AdversaryProblemsTest {

    @Test
    void unknownNodeInDynamics() {
        String cut = scenario("\"dynamics\": [{\"round\": 3, \"cut\": [\"u\", \"v\"]}, {\"round\": 4, \"cut\": [\"x1\", \"v\"]}]");
        onlyProblem(cut, "\"x1\"", "$.dynamics[1].cut[0]", "unknown node \"x1\"", "nodes are: u, v, w");
        String link = scenario("\"dynamics\": [{\"round\": 3, \"link\": [\"u\", \"x2\"]}]");
        onlyProblem(link, "\"x2\"", "$.dynamics[0].link[1]", "unknown node \"x2\"");
        String move = scenario("\"dynamics\": [{\"round\": 3, \"move\": \"x3\", \"to\": [1, 2]}]");
        onlyProblem(move, "\"x3\"", "$.dynamics[0].move", "unknown node \"x3\"");
    }


    @Test
    void unknownNodeInWorkload() {
        String text = scenario("\"workload\": [{\"round\": 0, \"node\": \"u\", \"call\": \"lock\"},\n"
                + "    {\"round\": 1, \"node\": \"ghost\", \"call\": \"lock\"}]");
        onlyProblem(text, "\"ghost\"", "$.workload[1].node", "unknown node \"ghost\"", "nodes are: u, v, w");
    }


    @Test
    void unknownNodeInSchedulerSteps() {
        String text = scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [\n"
                + "    {\"round\": 0, \"node\": \"u\", \"action\": \"InitLock\"},\n"
                + "    {\"round\": 1, \"node\": \"nobody\", \"action\": \"InitLock\"}]}");
        onlyProblem(text, "\"nobody\"", "$.scheduler.steps[1].node", "unknown node \"nobody\"");
    }


    @Test
    void aStepsPortOutsideZeroToDeltaIsReportedAtLoadTime() throws Exception {
        String text = scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [\n"
                + "    {\"round\": 0, \"node\": \"u\", \"action\": \"ReceiveRequest\", \"port\": 66}]}");
        onlyProblem(text, "66", "$.scheduler.steps[0].port", "expected the port between 0 and 2, found 66");
        load(text.replace("66", "2")); // 0..Δ: port 0 is the node's message to itself
    }


    @Test
    void probabilitiesOutOfRange() {
        onlyProblem(scenario("\"churn\": {\"cut\": -0.05, \"link\": 0.1}"), "-0.05", "$.churn.cut",
                "expected the cut probability to be a probability between 0 and 1, found -0.05");
        onlyProblem(scenario("\"churn\": {\"cut\": 0.05, \"link\": 1.01}"), "1.01", "$.churn.link",
                "between 0 and 1, found 1.01");
        onlyProblem(scenario("\"workload\": {\"lock\": 1.5, \"hold\": 2}"), "1.5", "$.workload.lock",
                "the lock probability", "between 0 and 1, found 1.5");
        onlyProblem(scenario("\"workload\": {\"lock\": -1, \"hold\": 2}"), "-1", "$.workload.lock",
                "between 0 and 1, found -1");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"semi-synchronous\", \"activation\": 2}"), "2}",
                "$.scheduler.activation", "the activation probability", "between 0 and 1, found 2");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"asynchronous\", \"activation\": -0.5}"), "-0.5",
                "$.scheduler.activation", "between 0 and 1, found -0.5");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"semi-synchronous\", \"activation\": 0}"), "0}",
                "$.scheduler.activation", "never activates anyone");
    }


    @Test
    void scriptedStepWithAnUnknownActionLabel() {
        String text = scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [\n"
                + "    {\"round\": 0, \"node\": \"u\", \"action\": \"InitLock\"},\n"
                + "    {\"round\": 1, \"node\": \"u\", \"action\": \"Teleport\"}]}");
        onlyProblem(text, "\"Teleport\"", "$.scheduler.steps[1].action", "unknown action \"Teleport\" of lme",
                "expected one of: InitLock, ReceivePrepare", "CheckUnlocked");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"round-robin\"}"), "\"round-robin\"", "$.scheduler.policy",
                "unknown policy \"round-robin\"", "synchronous, semi-synchronous, sequential, asynchronous, scripted");
        onlyProblem(scenario("\"scheduler\": {\"policy\": \"scripted\", \"steps\": [], "
                + "\"then\": {\"policy\": \"scripted\", \"steps\": []}}"), "{\"policy\": \"scripted\", \"steps\": []}",
                "$.scheduler.then", "cannot be nested");
    }
}
