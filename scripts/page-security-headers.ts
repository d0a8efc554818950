/**
 * The Content-Security-Policy and framing headers of the built pages: the preview may not be framed at all; the Excel
 * task pane loads Office.js from Microsoft's CDN and may be framed by Office on the web only.
 */

/** Where Office.js and the scripts it loads come from. */
export const OFFICE_JS_ORIGIN = 'https://appsforoffice.microsoft.com';

/** Origins of Office on the web, which frame the task pane. */
export const OFFICE_FRAME_ANCESTORS: readonly string[] = [
  'https://*.officeapps.live.com',
  'https://*.office.com',
  'https://*.office365.com',
  'https://*.microsoft365.com',
  'https://*.cloud.microsoft',
  'https://*.sharepoint.com',
];

/**
 * What every page needs: its own scripts, Fluent UI's runtime styles (inserted as style elements), the platform at any
 * tenant URL the user enters (https, or a local platform on loopback by name or IPv4: CSP source expressions take no
 * IPv6 literal, Chromium ignores `http://[::1]:*` with a console error), and avatar pictures the platform names.
 */
const BASE: readonly string[] = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "img-src 'self' data: https:",
  "font-src 'self' data: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
];

/** The security headers of an HTML page served as `fileName` (taskpane.html is the Excel task pane). */
export function pageSecurityHeaders(fileName: string): Record<string, string> {
  if (fileName === 'taskpane.html') {
    return {
      'Content-Security-Policy': [
        ...BASE,
        `script-src 'self' ${OFFICE_JS_ORIGIN}`,
        `frame-ancestors 'self' ${OFFICE_FRAME_ANCESTORS.join(' ')}`,
      ].join('; '),
    };
  }
  return {
    'Content-Security-Policy': [...BASE, "script-src 'self'", "frame-ancestors 'none'"].join('; '),
    'X-Frame-Options': 'DENY',
  };
}
