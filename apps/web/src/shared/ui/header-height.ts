/**
 * Height of the signed-in header in pixels. Shared rather than kept in the shell's layout, because pages
 * that fill the window below the header (the data screen, the sidebar) would otherwise import the layout,
 * which reaches the route table that lazily imports those pages: a loop.
 */
export const HEADER_HEIGHT = 64;
