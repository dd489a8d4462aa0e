package io.inboxra.admin;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * The page and its API are never shown inside another site's frame: a framed page with the
 * operator's cached credentials could be clicked through (Pause, Requeue all) by a page on top.
 * ({@code implements Filter} again, as {@link HttpFilter} does: Open Liberty refuses a
 * {@code @WebFilter} whose class does not name the interface itself, {@code SRVE9991E}.)
 */
@WebFilter(urlPatterns = "/inbox/*")
public class FrameGuard extends HttpFilter implements Filter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
        response.setHeader("X-Frame-Options", "DENY");
        chain.doFilter(request, response);
    }
}
