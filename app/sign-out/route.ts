import { endpoint, resource } from "@/lib/http/handler";
import { submitSignOut } from "@/lib/auth/way-in/sign-out";

// The dashboard's Sign out as a plain form (decision 070): no script needed, and none in every page's
// first load for it. It renders no page (decision 092).

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /sign-out — ends the cookie's session and clears the cookie, 303 to /sign-in; refused (403, said in plain text) from another site
  POST: endpoint({ auth: false }, ({ db, request }) => submitSignOut(db, request)),
});
