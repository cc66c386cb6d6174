import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { signupBody, signupResponse } from "@/lib/auth/schemas/signup";
import { clientAddress } from "@/lib/auth/login-limits";
import { assertSignupOpen, signUp } from "@/lib/auth/signup";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/signup — create a business and its owner, get the owner's token pair
  POST: endpoint(
    // Closed sign-up is refused before the body is read: nothing about it matters then.
    { auth: false, guard: assertSignupOpen, body: signupBody, response: signupResponse, problems: [403, 409, 429] },
    async ({ db, body, request }) => {
      const { tokens } = await signUp(db, { ...body, address: clientAddress(request) });
      return json({ user: tokens }, { status: 201 });
    },
  ),
});
