// The page format: a film page as plain text (import reads it, export writes it). Pure: runs on the server and in the browser.
export { PageFormatError, parsePage, type PageWarning, type PageWarningKind, type ParsedPage } from './parse-page';
export { formatPage } from './format-page';
