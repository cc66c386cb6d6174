import { z } from "zod";
import { ROLES, worksEverywhere } from "@/lib/auth/permissions";
import { inviteBody, updateMemberBody } from "@/lib/team/schemas";

// The team forms hold the locations as a list whatever the role (the checkboxes keep their state when
// the role flips to owner and back); what is sent, and validated, is the API's own body: null locations
// for an owner, the chosen ones otherwise.

type Access = { role: (typeof ROLES)[number]; location_ids: number[] };

/** The form's values checked by the API's schema `body`, its issues on the same paths as the server's 422. */
function asBody<T extends Access, S extends z.ZodType>(body: S) {
  return (values: T, ctx: z.RefinementCtx<T>): z.output<S> => {
    const result = body.safeParse({ ...values, location_ids: worksEverywhere(values.role) ? null : values.location_ids });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  };
}

const access = { role: z.enum(ROLES), location_ids: z.array(z.number()) };

export const inviteForm = z.object({ email: z.string(), ...access }).transform(asBody(inviteBody));

export const accessForm = z.object(access).transform(asBody(updateMemberBody));
