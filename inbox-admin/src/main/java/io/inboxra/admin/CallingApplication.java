package io.inboxra.admin;

/**
 * The application whose subscriptions inbox-admin shows: the context class loader of the thread
 * (in a web request, or while the application starts, the application's), else the loader of
 * inbox-admin itself (in the application's {@code WEB-INF/lib}, the WAR's).
 */
final class CallingApplication {

    private CallingApplication() {
    }

    /** @return the calling application's class loader */
    static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : CallingApplication.class.getClassLoader();
    }
}
