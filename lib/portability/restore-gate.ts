import type { Caller } from "@/lib/auth/caller";
import type { Db } from "@/lib/db/client";
import { clearCount, hit } from "@/lib/db/rate-limit";
import { ApiError } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";
import { BUSY_RETRY_AFTER_SECONDS, takeSlot } from "@/lib/server/work-slots";

// Who may start a restore now (decision 076), asked before its body is read (endpoint's `reserve`): one
// of this instance's heavy-work slots (429 when they are taken: the body would not fit beside the
// others), and the business's restore lease in the database, so that one restore per business runs
// across every instance (409 while another holds it). The lease is a rate-limit window of one: taken by
// the first hit, given back when the restore ends; a holder that died mid-restore loses it when the
// window ends, RESTORE_LEASE_SECONDS later (a restore of the largest file takes seconds).

export const RESTORE_LEASE_SECONDS = 15 * 60;
const leaseKey = (businessId: number) => `restore:business:${businessId}`;

export async function reserveRestore({ db, caller }: { db: Db; caller: Caller }): Promise<() => Promise<void>> {
  const releaseSlot = takeSlot();
  const key = leaseKey(caller.user.businessId);
  try {
    const lease = await hit(db, { key, limit: 1, windowSeconds: RESTORE_LEASE_SECONDS });
    if (!lease.allowed) {
      throw new ApiError("conflict", `A restore of this business is already running. Try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`, {
        headers: { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) },
      });
    }
  } catch (error) {
    releaseSlot();
    throw error;
  }
  return async () => {
    releaseSlot();
    // Not given back (the database away): the window ends it.
    await clearCount(db, key).catch((error) =>
      log().warn(errorFields(error), "A restore lease was not given back; it ends with its window"),
    );
  };
}
