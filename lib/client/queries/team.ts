import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { MemberPasswordResetResponse } from "@/lib/auth/schemas/password-resets";
import type { CreatedInvitationResponse, InvitationResponse, MemberResponse, TeamResponse } from "@/lib/team/schemas";

// GET /team (venue-operations §3): the business's members and its open invitations (owners and managers).

export type TeamMember = MemberResponse;
export type TeamInvitation = InvitationResponse;
/** POST /team/invitations answers the invitation with its one-time link (shown once), and whether it was mailed. */
export type CreatedInvitation = CreatedInvitationResponse;
/** POST /team/:id/password_reset: a one-time link for the member, valid an hour. */
export type PasswordResetLink = MemberPasswordResetResponse;
export type Team = TeamResponse;

export const teamQueries = {
  all: () => ["team"] as const,
  list: () =>
    queryOptions({
      queryKey: [...teamQueries.all(), "list"],
      queryFn: ({ signal }) => apiFetch<Team>("/api/v1/team", { signal }),
    }),
};
