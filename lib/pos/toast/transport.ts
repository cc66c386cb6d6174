// How the Toast module reaches Toast: fetch, or the sandbox built into the app in-process (the default,
// TOAST_BASE_URL unset). With the other transports, this is the app's only door to sandbox/toast.
import { handleToastSandbox } from "@/sandbox/toast/server";
import { SANDBOX_CLIENT } from "@/sandbox/toast/seed";
import type { Subscription } from "@/sandbox/signed-webhooks";
import { subscribe } from "@/sandbox/toast/webhooks";

/** The sandbox's API client (what Toast's integrations team would issue), for the demo and the dashboard's hint. */
export const sandboxClient: { clientId: string; clientSecret: string } = SANDBOX_CLIENT;

/** A fetch that answers from the in-process sandbox. */
export const sandboxFetch: typeof fetch = async (input, init) => handleToastSandbox(new Request(input as RequestInfo, init));

/**
 * Where the sandbox sends its signed messages: the app's webhook URL, delivered by `deliver` (the app's
 * receiver in-process; tests name theirs). Unset, the sandbox sends none.
 */
export function subscribeSandbox(subscription: Subscription | null) {
  subscribe(subscription);
}
