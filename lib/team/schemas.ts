import { z } from "zod";
import { ROLES, worksEverywhere } from "@/lib/auth/permissions";
import { envelope, positiveId, recordId, requiredText, resourceFields, timestamp } from "@/lib/shared/schemas";

// The team (venue-operations §3): members, invitations and their acceptance. Shared by the routes and
// the dashboard's forms; the rules that need the database (locations of the business, the last
// owner, an email with an account) are lib/team/team.ts's and invitations.ts's.

/** An email as typed: trimmed and lower-cased, as accounts store it. */
export const emailInput = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(254, "is too long")
  .toLowerCase()
  .pipe(z.email("must be an email address"));

const roleInput = z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` });

/** A member's locations as sent: ids, at least one, each once (sorted, so equal scopes compare equal). */
const locationIdsInput = z
  .array(positiveId, { error: "must be a list of location ids" })
  .min(1, "must name at least one location")
  .max(1000, "names too many locations")
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

const OWNER_HAS_NO_LOCATIONS = "must be null or left out for an owner: owners work at every location";

/** POST /team/invitations: an owner is invited with no locations (every one), anyone else with at least one. */
export const inviteBody = resourceFields(
  "invitation",
  z
    .object(
      {
        email: emailInput,
        role: roleInput,
        location_ids: locationIdsInput.nullable().optional(),
      },
      { error: "must be a JSON object with email, role and location_ids" },
    )
    .superRefine((body, ctx) => {
      if (worksEverywhere(body.role) && body.location_ids)
        ctx.addIssue({ code: "custom", path: ["location_ids"], message: OWNER_HAS_NO_LOCATIONS });
      if (!worksEverywhere(body.role) && !body.location_ids) {
        ctx.addIssue({ code: "custom", path: ["location_ids"], message: `must name at least one location for a ${body.role}` });
      }
    })
    .transform((body) => ({ email: body.email, role: body.role, locationIds: worksEverywhere(body.role) ? null : body.location_ids! })),
);

/**
 * PATCH /team/:id: a new role, new locations, or both. Whether the pair makes sense depends on the
 * member's current role (an owner made staff needs locations): lib/team/team.ts decides.
 */
export const updateMemberBody = resourceFields(
  "member",
  z
    .object(
      {
        role: roleInput.optional(),
        location_ids: locationIdsInput.nullable().optional(),
      },
      { error: "must be a JSON object with role and/or location_ids" },
    )
    .superRefine((body, ctx) => {
      if (body.role === undefined && body.location_ids === undefined) {
        ctx.addIssue({ code: "custom", path: ["role"], message: "send role, location_ids or both" });
      }
      if (body.role !== undefined && worksEverywhere(body.role) && body.location_ids)
        ctx.addIssue({ code: "custom", path: ["location_ids"], message: OWNER_HAS_NO_LOCATIONS });
      if (body.role !== undefined && !worksEverywhere(body.role) && body.location_ids === null) {
        ctx.addIssue({ code: "custom", path: ["location_ids"], message: `must name at least one location for a ${body.role}` });
      }
    })
    .transform((body) => ({ role: body.role, locationIds: body.location_ids })),
);

/** POST /invitations/accept (and the dashboard's POST /api/session/accept-invitation). */
export const acceptInvitationBody = z.object(
  {
    token: z.string({ error: "is required" }).trim().min(1, "is required").max(200, "is too long"),
    name: requiredText(100),
    // The rules (length, not the email, not a common password) are checked against the invitation's email.
    password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
  },
  { error: "must be a JSON object with token, name and password" },
);

export type InviteInput = z.infer<typeof inviteBody>;
export type MemberChange = z.infer<typeof updateMemberBody>;
export type AcceptInvitationInput = z.infer<typeof acceptInvitationBody>;

// ---- answers ----

export const memberResponse = z.strictObject({
  id: recordId,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** Null for owners: every location. */
  location_ids: z.array(recordId).nullable(),
  /** The member's latest write (a menu change or any other write of the activity log); null if none. */
  last_active_at: timestamp.nullable(),
});

export const invitationResponse = z.strictObject({
  id: recordId,
  email: z.string(),
  role: z.enum(ROLES),
  location_ids: z.array(recordId).nullable(),
  expires_at: timestamp,
});

/** GET /team. */
export const teamResponse = z.strictObject({ members: z.array(memberResponse), invitations: z.array(invitationResponse) });
export const memberEnvelope = envelope("member", memberResponse);

/** POST /team/invitations: the one-time link (shown this once) and whether it was mailed too. */
export const createdInvitationEnvelope = envelope(
  "invitation",
  invitationResponse.extend({
    url: z.url(),
    /** True when the link was mailed to the invitee (SMTP_URL set and the server took it). */
    mailed: z.boolean(),
  }),
);

export type MemberResponse = z.infer<typeof memberResponse>;
export type InvitationResponse = z.infer<typeof invitationResponse>;
export type TeamResponse = z.infer<typeof teamResponse>;
export type CreatedInvitationResponse = z.infer<typeof createdInvitationEnvelope>["invitation"];
