"use client";

import dynamic from "next/dynamic";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { ApiProblem, apiFetch, problemMessage } from "@/lib/client/api";
import {
  type CreatedInvitation,
  type PasswordResetLink,
  type TeamInvitation,
  type TeamMember,
  teamQueries,
} from "@/lib/client/queries/team";
import { useNow } from "@/lib/client/use-now";
import { may, type Role } from "@/lib/auth/permissions";

// The form (zod, react-hook-form) is loaded when its dialog opens: out of the page's first load (decision 068).
const AccessForm = dynamic(() => import("./access-form").then((module) => module.AccessForm), { ssr: false });
import { dateTime, locationNames, type NamedLocation, ROLE_LABEL, relativeTime } from "./format";
const InviteForm = dynamic(() => import("./invite-form").then((module) => module.InviteForm), { ssr: false });
import { LinkNotice } from "./link-notice";
import styles from "./team.module.css";

type Me = { id: number; role: Role };
type ResetShown = PasswordResetLink & { member: TeamMember };

const nameOf = (member: { name: string | null; email: string }) => member.name || member.email;

/**
 * The team page: every member with their role, locations and last activity, and the open invitations.
 * Owners invite (the one-time link shown once), change access, remove and make password reset links;
 * managers see the same lists without the controls.
 */
export function TeamView({ me, locations }: { me: Me; locations: NamedLocation[] }) {
  const query = useQuery(teamQueries.list());
  const client = useQueryClient();
  const notify = useToast();
  const now = useNow();
  const owner = may(me.role, "own");
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<CreatedInvitation | null>(null);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const [reset, setReset] = useState<ResetShown | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const refresh = () => client.invalidateQueries({ queryKey: teamQueries.all() });

  const remove = useMutation({
    mutationFn: (member: TeamMember) => apiFetch(`/api/v1/team/${member.id}`, { method: "DELETE" }),
    onSuccess: (_, member) => {
      setRemoving(null);
      notify(`${nameOf(member)} was removed from the team and signed out everywhere.`);
      inviteButton.current?.focus();
    },
    onError: (error, member) => {
      setRemoving(null);
      notify(
        error instanceof ApiProblem && error.code === "last_owner"
          ? `${nameOf(member)} is the business's last owner and cannot be removed: make another member an owner first.`
          : `${nameOf(member)} was not removed: ${problemMessage(error)}`,
        { tone: "error" },
      );
    },
    onSettled: refresh,
  });

  const revoke = useMutation({
    mutationFn: (invitation: TeamInvitation) => apiFetch(`/api/v1/team/invitations/${invitation.id}`, { method: "DELETE" }),
    onSuccess: (_, invitation) => {
      setRevoking(null);
      notify(`The invitation of ${invitation.email} was revoked: its link no longer works.`);
      inviteButton.current?.focus();
    },
    onError: (error) => {
      setRevoking(null);
      notify(`The invitation was not revoked: ${problemMessage(error)}`, { tone: "error" });
    },
    onSettled: refresh,
  });

  const resetLink = useMutation({
    mutationFn: (member: TeamMember) =>
      apiFetch<PasswordResetLink>(`/api/v1/team/${member.id}/password_reset`, { method: "POST" }).then((link) => ({ ...link, member })),
    onSuccess: setReset,
    onError: (error, member) => notify(`No reset link was made for ${nameOf(member)}: ${problemMessage(error)}`, { tone: "error" }),
  });

  const invite = owner && (
    <button ref={inviteButton} type="button" className="btn btn--primary" onClick={() => setInviting(true)}>
      Invite someone
    </button>
  );

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton lines={3} height="5rem" label="Loading the team" />;
    const { members, invitations } = query.data;
    return (
      <>
        <section aria-labelledby="members-title" className={styles.section}>
          <h2 id="members-title" className={styles.sectionTitle}>
            Members <span className={styles.count}>{members.length}</span>
          </h2>
          <ul className={styles.list}>
            {members.map((member) => (
              <MemberCard
                key={member.id}
                member={member}
                self={member.id === me.id}
                owner={owner}
                locations={locations}
                now={now}
                resetting={resetLink.isPending && resetLink.variables?.id === member.id}
                onEdit={() => setEditing(member)}
                onRemove={() => setRemoving(member)}
                onReset={() => resetLink.mutate(member)}
              />
            ))}
          </ul>
        </section>
        <section aria-labelledby="invitations-title" className={styles.section}>
          <h2 id="invitations-title" className={styles.sectionTitle}>
            Invitations <span className={styles.count}>{invitations.length}</span>
          </h2>
          {invitations.length === 0 ? (
            <EmptyState title="No open invitations">
              <p className={styles.muted}>
                {owner
                  ? "Invite a manager or a bartender with Invite someone: you get a link to send them, valid for 7 days."
                  : "Invitations the owners send appear here until they are accepted."}
              </p>
            </EmptyState>
          ) : (
            <ul className={styles.list}>
              {invitations.map((invitation) => (
                <InvitationCard
                  key={invitation.id}
                  invitation={invitation}
                  owner={owner}
                  locations={locations}
                  now={now}
                  onRevoke={() => setRevoking(invitation)}
                />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Team"
        subtitle={owner ? "Who can sign in, what each role may do and where" : "Who can sign in, and where (only owners change the team)"}
        actions={invite}
      />
      <div aria-busy={!query.data}>{content()}</div>

      <Dialog open={inviting} onClose={() => setInviting(false)} title="Invite someone" wide>
        {inviting && (
          <InviteForm
            locations={locations}
            onCancel={() => setInviting(false)}
            onCreated={(invitation) => {
              setInviting(false);
              setInvited(invitation);
            }}
          />
        )}
      </Dialog>

      <Dialog open={invited !== null} onClose={() => setInvited(null)} title="Invitation created: send this link">
        {invited && (
          <LinkNotice url={invited.url} label="invitation link" onDone={() => setInvited(null)}>
            {invited.mailed && (
              <p className={styles.mailed}>
                Mailed to <strong>{invited.email}</strong>.
              </p>
            )}
            <p>
              {invited.mailed ? "You can also send the link yourself" : `Send this link to ${invited.email}`} (a message, a chat): it lets
              them choose their name and password and join as {ROLE_LABEL[invited.role].toLowerCase()}. It works once, until{" "}
              {dateTime(invited.expires_at)}. <strong>It is not shown again.</strong>
            </p>
          </LinkNotice>
        )}
      </Dialog>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Access of ${editing ? nameOf(editing) : ""}`} wide>
        {editing && (
          <AccessForm
            member={editing}
            locations={locations}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              notify(
                `Saved: ${nameOf(saved)} is ${ROLE_LABEL[saved.role].toLowerCase()} · ${locationNames(saved.location_ids, locations)}.`,
              );
            }}
          />
        )}
      </Dialog>

      <Dialog open={reset !== null} onClose={() => setReset(null)} title={`Password reset link for ${reset ? nameOf(reset.member) : ""}`}>
        {reset && (
          <LinkNotice url={reset.url} label="password reset link" onDone={() => setReset(null)}>
            <p>
              Give this link to {nameOf(reset.member)} ({reset.member.email}): it lets them choose a new password, and signs them out
              everywhere else. It works once, until {dateTime(reset.expires_at)} (one hour). <strong>It is not shown again.</strong>
            </p>
          </LinkNotice>
        )}
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? nameOf(removing) : ""} from the team?`}
        message={
          <>
            <p>
              {removing ? nameOf(removing) : ""} is signed out at once on every device, can no longer sign in, and their API tokens stop
              working.
            </p>
            <p>What they changed stays, under their name in the activity.</p>
          </>
        }
        confirmLabel="Remove from the team"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        message={<p>The link sent to {revoking?.email} stops working. You can invite them again later.</p>}
        confirmLabel="Revoke invitation"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}

function MemberCard({
  member,
  self,
  owner,
  locations,
  now,
  resetting,
  onEdit,
  onRemove,
  onReset,
}: {
  member: TeamMember;
  self: boolean;
  owner: boolean;
  locations: NamedLocation[];
  now: Date | null;
  resetting: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onReset: () => void;
}) {
  const headingId = useId();
  const name = nameOf(member);
  return (
    <li>
      <article className={`card ${styles.card} ${owner ? "" : styles.readOnly}`} aria-labelledby={headingId}>
        <div className={styles.who}>
          <h3 id={headingId} className={styles.name}>
            {name}
            {self && <span className={styles.you}> (you)</span>}
          </h3>
          {member.name && <p className={styles.email}>{member.email}</p>}
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>Role</dt>
            <dd>
              <span className={`badge ${styles[member.role]}`}>{ROLE_LABEL[member.role]}</span>
            </dd>
          </div>
          <div>
            <dt>Locations</dt>
            <dd>{locationNames(member.location_ids, locations)}</dd>
          </div>
          <div>
            <dt>Last active</dt>
            <dd>
              {member.last_active_at ? (
                <time dateTime={member.last_active_at} title={dateTime(member.last_active_at)}>
                  {relativeTime(member.last_active_at, now)}
                </time>
              ) : (
                "never"
              )}
            </dd>
          </div>
        </dl>
        {owner && (
          <div className={styles.actions}>
            <button type="button" className="btn btn--small" onClick={onEdit}>
              Change access<span className="visually-hidden"> of {name}</span>
            </button>
            {!self && (
              <>
                <button type="button" className="btn btn--small" onClick={onReset} disabled={resetting}>
                  {resetting ? "Making the link…" : "Password reset link"}
                  <span className="visually-hidden"> for {name}</span>
                </button>
                <button type="button" className={`btn btn--small btn--ghost ${styles.remove}`} onClick={onRemove}>
                  Remove<span className="visually-hidden"> {name}</span>
                </button>
              </>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

function InvitationCard({
  invitation,
  owner,
  locations,
  now,
  onRevoke,
}: {
  invitation: TeamInvitation;
  owner: boolean;
  locations: NamedLocation[];
  now: Date | null;
  onRevoke: () => void;
}) {
  const headingId = useId();
  return (
    <li>
      <article className={`card ${styles.card} ${owner ? "" : styles.readOnly}`} aria-labelledby={headingId}>
        <div className={styles.who}>
          <h3 id={headingId} className={styles.name}>
            {invitation.email}
          </h3>
          <p className={styles.email}>Invited, not joined yet</p>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>Role</dt>
            <dd>
              <span className={`badge ${styles[invitation.role]}`}>{ROLE_LABEL[invitation.role]}</span>
            </dd>
          </div>
          <div>
            <dt>Locations</dt>
            <dd>{locationNames(invitation.location_ids, locations)}</dd>
          </div>
          <div>
            <dt>Link expires</dt>
            <dd>
              <time dateTime={invitation.expires_at} title={dateTime(invitation.expires_at)}>
                {relativeTime(invitation.expires_at, now)}
              </time>
            </dd>
          </div>
        </dl>
        {owner && (
          <div className={styles.actions}>
            <button type="button" className={`btn btn--small btn--ghost ${styles.remove}`} onClick={onRevoke}>
              Revoke<span className="visually-hidden"> the invitation of {invitation.email}</span>
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
