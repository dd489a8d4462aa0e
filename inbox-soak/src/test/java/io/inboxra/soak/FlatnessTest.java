package io.inboxra.soak;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The soak's flatness check and its options, without servers or databases. */
class FlatnessTest {

    private static final SoakOptions OPTIONS = SoakOptions.parse(new String[] {"--duration", "PT20M", "--warm-up", "PT3M",
        "--sample-every", "PT1M", "--settle", "PT1M", "--lib", "l", "--classes", "c", "--out", "o"});

    @Test
    void aSeriesThatLeavesTheBoundAwayFromChaosIsNamed() {
        List<Sample> samples = steady(6.0);
        samples.set(10, throughput(600, 8.0));
        List<Flatness.Series> result = Flatness.check(samples, List.of(), OPTIONS, 1);
        Flatness.Series throughput = result.stream().filter(s -> s.metric().equals("throughput")).findFirst().orElseThrow();
        assertFalse(throughput.flat(), throughput.toString());
        assertEquals(1.0 / 3, throughput.worstDeviation(), 1e-9);
        assertTrue(throughput.toString().contains("NOT FLAT"));
    }

    @Test
    void theSameDipAcrossAChaosEventOrInTheWarmUpIsNot() {
        List<Sample> samples = steady(6.0);
        samples.set(10, throughput(600, 0.0));
        samples.set(1, throughput(60, 1.0));
        ChaosEvent kill = new ChaosEvent(ChaosKind.KILL_INSTANCE, "instance 1", 590, 610);
        assertTrue(Flatness.check(samples, List.of(kill), OPTIONS, 1).stream().allMatch(Flatness.Series::flat));
        // Away from the event (before it by more than one interval) the same dip counts again.
        ChaosEvent later = new ChaosEvent(ChaosKind.KILL_INSTANCE, "instance 1", 700, 710);
        assertFalse(Flatness.check(samples, List.of(later), OPTIONS, 1).stream().allMatch(Flatness.Series::flat));
    }

    @Test
    void theProducerPoolIsChartedButNotJudged() {
        // After a half-open period the server's pool of the producer factory may hold 5 or 13 instead
        // of 8 until its resizer's next pass (docs/production.md): the server's sizing, not the adapter's.
        List<Sample> samples = steady(6.0);
        Sample s = samples.get(10);
        samples.set(10, new Sample(s.time(), 1, 6.0, 4, 20, 60, 90, 8, 6.0, 0, 3, 11));
        List<Flatness.Series> result = Flatness.check(samples, List.of(), OPTIONS, 1);
        assertTrue(result.stream().allMatch(Flatness.Series::flat), result.toString());
        assertTrue(result.stream().noneMatch(r -> r.metric().equals("producer-pool")), result.toString());
        // The subscriptions' connections are judged: a worker's connection missing is named.
        samples.set(10, new Sample(s.time(), 1, 6.0, 4, 20, 60, 90, 5, 6.0, 0, 8, 13));
        Flatness.Series connections = Flatness.check(samples, List.of(), OPTIONS, 1).stream()
                .filter(r -> r.metric().equals("connections")).findFirst().orElseThrow();
        assertFalse(connections.flat(), connections.toString());
    }

    @Test
    void aMistakeInTheOptionsNamesTheOptionAndTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SoakOptions.parse(
                new String[] {"--database", "oracle", "--lib", "l", "--classes", "c", "--out", "o"}));
        assertEquals("Option --database is 'oracle': use postgres or mariadb", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ChaosKind.parse("kill,reboot"));
        assertTrue(e.getMessage().startsWith("Option --chaos names 'reboot'"), e.getMessage());
        assertEquals(Duration.ofMinutes(5), OPTIONS.chaosEvery());
    }

    private static List<Sample> steady(double rate) {
        List<Sample> samples = new ArrayList<>();
        for (int minute = 1; minute <= 20; minute++) {
            samples.add(throughput(minute * 60, rate));
        }
        return samples;
    }

    private static Sample throughput(double time, double rate) {
        return new Sample(time, 1, rate, 4, 20, 60, 90, 8, rate, 0, 8, 16);
    }
}
