// The app's one HTML escaper (issue 50): the pages written as text rather than React (the phone and
// embedded menus, the sandboxes' consent pages) put every text through it. The lint gate refuses an
// escaper anywhere else (lint/one-html-escaper.grit).

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML content or a quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
