package io.inboxra.appdialect;

import org.postgresql.xa.PGXADataSource;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import javax.sql.XAConnection;

/**
 * The real PostgreSQL, reporting itself as TiDB does through MySQL Connector/J (product
 * {@code MySQL}, version {@code 8.0.11-TiDB-v7.5.0}): what the activation's engine check reads.
 */
public class TidbLookalikeDataSource extends PGXADataSource {

    private static final long serialVersionUID = 1L;

    @Override
    public XAConnection getXAConnection() throws SQLException {
        XAConnection xa = super.getXAConnection();
        return proxy(XAConnection.class, xa, (method, args) -> method.getName().equals("getConnection")
                ? proxy(Connection.class, (Connection) method.invoke(xa, args), null) : method.invoke(xa, args));
    }

    private interface Call {
        Object invoke(java.lang.reflect.Method method, Object[] args) throws Exception;
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, T target, Call override) {
        InvocationHandler handler = (p, method, args) -> {
            try {
                if (override != null) {
                    return override.invoke(method, args);
                }
                if (type == Connection.class && method.getName().equals("getMetaData")) {
                    DatabaseMetaData real = (DatabaseMetaData) method.invoke(target, args);
                    return proxy(DatabaseMetaData.class, real, (m, a) -> switch (m.getName()) {
                        case "getDatabaseProductName" -> "MySQL";
                        case "getDatabaseProductVersion" -> "8.0.11-TiDB-v7.5.0";
                        default -> m.invoke(real, a);
                    });
                }
                return method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (T) Proxy.newProxyInstance(TidbLookalikeDataSource.class.getClassLoader(), new Class<?>[] {type}, handler);
    }
}
