package io.inboxra.it;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A headless Chromium from the system's packages ({@code chromium}, {@code chromium-driver}),
 * driven by Selenium: no browser or driver is downloaded.
 */
final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of(System.getProperty("chromium.binary", "/usr/bin/chromium"));
    static final Path DRIVER = Path.of(System.getProperty("chromium.driver", "/usr/bin/chromedriver"));

    final WebDriver driver;

    private Browser(WebDriver driver) {
        this.driver = driver;
    }

    static Browser start() throws IOException {
        for (Path p : new Path[] {CHROMIUM, DRIVER}) {
            if (!Files.isExecutable(p)) {
                throw new IllegalStateException(p + " is missing: install Debian's chromium and chromium-driver"
                        + " (apt-get install chromium chromium-driver; .ci/run does), or give -Dchromium.binary"
                        + " and -Dchromium.driver");
            }
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // The machine's network is closed: no background connections, no first-run pages.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=1400,800",
                "--user-data-dir=" + Files.createTempDirectory("chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        return new Browser(new ChromeDriver(service, options));
    }

    /** Saves what the browser shows as a PNG. */
    void screenshot(Path to) throws IOException {
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.createDirectories(to.toAbsolutePath().getParent());
        Files.copy(shot.toPath(), to, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() {
        driver.quit();
    }
}
