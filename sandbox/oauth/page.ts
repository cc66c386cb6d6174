import { escapeHtml } from "@/lib/shared/html";

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { box-sizing: border-box; width: min(26rem, calc(100vw - 2rem)); padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 12px; }
  h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
  p { line-height: 1.5; margin: .5rem 0 1rem; }
  .account { padding: .75rem; border-radius: 8px; background: color-mix(in srgb, CanvasText 6%, transparent); }
  button { font: inherit; padding: .55rem .8rem; border-radius: 8px; }
  .actions { display: flex; gap: .75rem; justify-content: flex-end; }
  button { border: 1px solid color-mix(in srgb, CanvasText 30%, transparent); background: transparent; color: inherit; cursor: pointer; }
  button[value="allow"] { background: #d97706; border-color: #d97706; color: #fff; }
  .note { font-size: .85rem; opacity: .75; margin-top: 1.25rem; }
`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The consent page: the account signed in in this browser, then Allow or Deny (a form POST to the same URL). */
export function consentPage({
  appName,
  action,
  account,
}: {
  appName: string;
  action: string;
  account: { userName: string; name: string };
}) {
  return layout(
    "Connect your beer account",
    `<h1>Connect ${escapeHtml(appName)}</h1>
<p><strong>${escapeHtml(appName)}</strong> wants to read your check-ins and act for you: check in, comment, toast and manage friends and your wish list.</p>
<p class="account">Signed in as <strong>${escapeHtml(account.name)}</strong>: connecting the beer account <strong>${escapeHtml(account.userName)}</strong>.</p>
<form method="post" action="${escapeHtml(action)}">
<div class="actions">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow">Allow</button>
</div>
</form>
<p class="note">This is the built-in sandbox of the beer platform: your Taproom sign-in stands in for the platform's own.</p>`,
  );
}

export function errorPage(message: string) {
  return layout("Cannot connect", `<h1>Cannot connect</h1><p>${escapeHtml(message)}</p>`);
}
