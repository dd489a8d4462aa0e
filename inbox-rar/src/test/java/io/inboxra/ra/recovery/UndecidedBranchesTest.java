package io.inboxra.ra.recovery;

import io.inboxra.harness.TestXid;
import jakarta.transaction.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscription that stops while branches the transaction manager left prepared wait for its
 * in-doubt resolver: nothing of the subscription's finishes them any more, so each is named at
 * ERROR with what to do by hand, and so is one left after the stop (a delivery cut off at the stop),
 * rather than promised to a resolver that no longer runs. (The registry is not what is tested: none.)
 */
class UndecidedBranchesTest {

    private final Logger logger = Logger.getLogger(UndecidedBranches.class.getName());
    private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getMessage().contains("'stopping'")) {
                logged.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @AfterEach
    void removeCapture() {
        logger.removeHandler(capture);
    }

    @Test
    void theBranchesLeftAtTheStopAndAfterItAreNamedAsErrorsWithWhatToDo() {
        logger.addHandler(capture);
        UndecidedBranches branches = new UndecidedBranches("stopping", null);
        Xid committed = TestXid.random(0x1B10, (byte) 1);
        branches.left(new UndecidedBranches.Undecided(committed, Status.STATUS_COMMITTED));
        assertEquals(Level.WARNING, logged.get(0).getLevel(), "while it runs, the resolver's to finish");

        branches.stop();
        Xid afterStop = TestXid.random(0x1B10, (byte) 2);
        branches.left(new UndecidedBranches.Undecided(afterStop, Status.STATUS_ROLLEDBACK));

        assertEquals(List.of(), branches.all(), "no branch is kept for a resolver that no longer runs");
        assertEquals(3, logged.size(), String.valueOf(logged));
        LogRecord atStop = logged.get(1);
        assertEquals(Level.SEVERE, atStop.getLevel());
        assertTrue(atStop.getMessage().contains(String.valueOf(committed)) && atStop.getMessage().contains("COMMIT PREPARED"),
                atStop.getMessage());
        LogRecord late = logged.get(2);
        assertEquals(Level.SEVERE, late.getLevel());
        assertTrue(late.getMessage().contains(String.valueOf(afterStop)) && late.getMessage().contains("ROLLBACK PREPARED"),
                late.getMessage());
    }
}
