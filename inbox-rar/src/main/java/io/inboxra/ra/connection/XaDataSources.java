package io.inboxra.ra.connection;

import io.inboxra.ra.config.DataSourceSettings;
import io.inboxra.ra.config.Secrets;
import io.inboxra.ra.dialect.Dialects;

import java.beans.BeanInfo;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.sql.XADataSource;

/**
 * Builds a subscription's {@link XADataSource} from its settings: the class (named, or that of
 * the built-in dialect's driver that takes the URL), loaded from the adapter's class loader,
 * then the MDB's, and configured through its JavaBean setters. No message of it, nor of the data source's connection
 * failures, shows a secret of the settings (see {@link Secrets}). Its connections have the settings'
 * timeouts ({@link TimedXaDataSource}).
 */
public final class XaDataSources {

    private XaDataSources() {
    }

    /**
     * Creates and configures the data source.
     *
     * @param settings the data source settings
     * @param applicationName a name the database shows for the connections, where the driver takes one
     * @param endpointLoader the MDB's class loader
     * @return the data source
     * @throws DataSourceException naming the property that is wrong and the fix
     */
    public static XADataSource create(DataSourceSettings settings, String applicationName,
            ClassLoader endpointLoader) throws DataSourceException {
        String className = settings.dataSourceClass().orElseGet(() -> derive(settings));
        Class<?> type = load(className, endpointLoader);
        if (!XADataSource.class.isAssignableFrom(type)) {
            throw new DataSourceException("Property 'dataSourceClass' is '" + className + "': it is not a"
                    + " javax.sql.XADataSource; name the driver's XA data source, for example"
                    + " org.postgresql.xa.PGXADataSource.");
        }
        XADataSource dataSource;
        try {
            dataSource = (XADataSource) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new DataSourceException("Property 'dataSourceClass' is '" + className
                    + "': it cannot be created (" + settings.scrub(e.toString()) + "); name a data source class"
                    + " with a public no-argument constructor.");
        }
        if (dataSource instanceof LocalXaDataSource local) {
            local.addDriverLoader(endpointLoader);
        }
        Map<String, Method> setters = setters(type);
        Map<String, String> values = new LinkedHashMap<>();
        Optional<UrlCredentials> credentials = settings.url().map(UrlCredentials::of);
        credentials.ifPresent(c -> values.put("url", c.url()));
        // The properties 'user' and 'password' win over the URL's user info.
        settings.user().or(() -> credentials.flatMap(UrlCredentials::user)).ifPresent(user -> values.put("user", user));
        settings.password().or(() -> credentials.flatMap(UrlCredentials::password))
                .ifPresent(password -> values.put("password", password));
        values.putAll(settings.properties());
        for (Map.Entry<String, String> entry : values.entrySet()) {
            set(dataSource, settings, className, setters, entry.getKey(), entry.getValue());
        }
        Method appName = setters.get("applicationname");
        if (appName != null && !values.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("applicationName"))) {
            set(dataSource, settings, className, setters, "applicationName", applicationName);
        }
        XADataSource timed;
        try {
            timed = new TimedXaDataSource(dataSource, settings.timeouts());
        } catch (java.sql.SQLException e) {
            throw new DataSourceException("The data source " + className + " does not take the login timeout of"
                    + " property 'connectTimeout' (" + settings.timeouts().connect() + "): "
                    + settings.scrub(e.getMessage()) + "; name a data source class that does.");
        }
        return new ScrubbingXaDataSource(timed, settings);
    }

    /** The class of the built-in dialect's driver that takes the URL ({@link Dialects#xaDataSourceClass}), or empty. */
    private static String derive(DataSourceSettings settings) {
        return Dialects.xaDataSourceClass(settings.url().orElse("")).orElse("");
    }

    private static Class<?> load(String className, ClassLoader endpointLoader) throws DataSourceException {
        if (className.isEmpty()) {
            throw new DataSourceException("Property 'dataSourceClass' is not set and cannot be derived from the"
                    + " URL: name the driver's javax.sql.XADataSource class in 'dataSourceClass'.");
        }
        for (ClassLoader loader : new ClassLoader[] {XaDataSources.class.getClassLoader(), endpointLoader}) {
            if (loader == null) {
                continue;
            }
            try {
                return Class.forName(className, true, loader);
            } catch (ClassNotFoundException e) {
                // try the next loader; reported below when none has it
            }
        }
        throw new DataSourceException("Property 'dataSourceClass' is '" + className + "': no such class in"
                + " the adapter or the application; add the JDBC driver to the application (WEB-INF/lib)"
                + " or the server's library folder.");
    }

    private static Map<String, Method> setters(Class<?> type) throws DataSourceException {
        try {
            BeanInfo info = Introspector.getBeanInfo(type);
            Map<String, Method> setters = new LinkedHashMap<>();
            for (PropertyDescriptor descriptor : info.getPropertyDescriptors()) {
                if (descriptor.getWriteMethod() != null) {
                    setters.putIfAbsent(descriptor.getName().toLowerCase(Locale.ROOT), descriptor.getWriteMethod());
                }
            }
            return setters;
        } catch (IntrospectionException e) {
            throw new DataSourceException("The data source class " + type.getName() + " cannot be inspected: " + e);
        }
    }

    private static void set(XADataSource dataSource, DataSourceSettings settings, String className,
            Map<String, Method> setters, String name, String value) throws DataSourceException {
        Method setter = setters.get(name.toLowerCase(Locale.ROOT));
        if (setter == null) {
            throw new DataSourceException("The data source " + className + " has no property '" + name
                    + "': remove it from the activation config or 'dataSourceProperties'.");
        }
        Class<?> type = setter.getParameterTypes()[0];
        try {
            setter.invoke(dataSource, convert(value, type).orElseThrow(() -> new IllegalArgumentException(
                    "a " + type.getSimpleName() + " is needed")));
        } catch (IllegalArgumentException | IllegalAccessException | InvocationTargetException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            String shown = Secrets.isSecretKey(name) ? "(hidden)" : "'" + Secrets.shown(name, value) + "'";
            throw new DataSourceException("The data source property '" + name + "' of " + className
                    + " does not take " + shown + " (" + settings.scrub(cause.getMessage()) + "); correct the value.");
        }
    }

    private static Optional<Object> convert(String value, Class<?> type) {
        try {
            if (type == String.class) {
                return Optional.of(value);
            } else if (type == int.class || type == Integer.class) {
                return Optional.of(Integer.valueOf(value));
            } else if (type == long.class || type == Long.class) {
                return Optional.of(Long.valueOf(value));
            } else if (type == boolean.class || type == Boolean.class) {
                return Optional.of(Boolean.valueOf(value));
            } else if (type == short.class || type == Short.class) {
                return Optional.of(Short.valueOf(value));
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** A data source that cannot be built, with the message that says why and how to fix it. */
    public static final class DataSourceException extends Exception {
        private static final long serialVersionUID = 1L;

        DataSourceException(String message) {
            super(message);
        }
    }
}
