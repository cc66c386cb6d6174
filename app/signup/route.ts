import { endpoint, resource } from "@/lib/http/handler";
import { formBody } from "@/lib/auth/way-in/schemas";
import { signUpPage, submitSignUp } from "@/lib/auth/way-in/sign-up";

// The sign-up page as plain HTML with a form that needs no script (decision 068: a page of the App
// Router ships more JavaScript than this page's budget).

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /signup — the sign-up page (or that sign-up is closed); signed in goes straight on to the dashboard
  GET: endpoint({ auth: false }, ({ db, request }) => signUpPage(db, request)),
  // POST /signup — its form: a new business and its owner, signed in, 303 to /welcome; else the page again, saying what was wrong
  POST: endpoint({ auth: false, body: formBody }, ({ db, request, body }) => submitSignUp(db, request, body)),
});
