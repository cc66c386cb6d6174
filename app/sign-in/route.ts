import { endpoint, resource } from "@/lib/http/handler";
import { formBody } from "@/lib/auth/way-in/schemas";
import { signInPage, submitSignIn } from "@/lib/auth/way-in/sign-in";

// The sign-in page as plain HTML with a form that needs no script (decision 068: a page of the App
// Router ships more JavaScript than this page's budget).

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /sign-in — the sign-in page (?next= where to go after, ?notice= what brought the person here); signed in goes straight on
  GET: endpoint({ auth: false }, ({ db, request }) => signInPage(db, request)),
  // POST /sign-in — its form: signed in (session and device cookies), 303 to next; else the page again, saying what was wrong
  POST: endpoint({ auth: false, body: formBody }, ({ db, request, body }) => submitSignIn(db, request, body)),
});
