import { EMBED_THEME_KEYS } from "@/lib/menus/schemas/off-screen";
import { EMBED_MESSAGE } from "./html";

/**
 * GET /embed.js: the one-line snippet's script. `<script src="…/embed.js" data-menu="ID" async></script>`
 * puts a frame of /embed/menus/ID where the tag stands (the theme from its data-bg, data-fg, data-muted,
 * data-accent, data-font) and sets the frame's height to what the menu posts, taking messages only
 * from that frame and this app's origin. Plain ES2017, no dependency: it runs on the venue's page.
 */
export const EMBED_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script || !script.getAttribute("data-menu")) return;
  var origin = new URL(script.src).origin;
  var query = new URLSearchParams();
  ${JSON.stringify(EMBED_THEME_KEYS)}.forEach(function (key) {
    var value = script.getAttribute("data-" + key);
    if (value) query.set(key, value);
  });
  var frame = document.createElement("iframe");
  var search = query.toString();
  frame.src = origin + "/embed/menus/" + encodeURIComponent(script.getAttribute("data-menu")) + (search ? "?" + search : "");
  frame.title = script.getAttribute("data-title") || "Menu";
  frame.style.cssText = "display:block;width:100%;border:0;height:480px";
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow || !data || data.type !== ${JSON.stringify(EMBED_MESSAGE)}) return;
    if (typeof data.height === "number" && data.height > 0) frame.style.height = Math.ceil(data.height) + "px";
  });
  script.parentNode.insertBefore(frame, script.nextSibling);
})();
`;
