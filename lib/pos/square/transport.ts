// How the Square module reaches Square: fetch, or the sandbox built into the app in-process (the
// default, SQUARE_BASE_URL unset). With the beer platform's transport, this is the app's only door to
// sandbox/ (the dependency rules let no other module of lib/ import it).
import { handleSquareSandbox } from "@/sandbox/square/server";
import { SANDBOX_APPLICATION } from "@/sandbox/square/seed";
import type { Subscription } from "@/sandbox/signed-webhooks";
import { subscribe } from "@/sandbox/square/webhooks";

/** The sandbox's credentials for this app, used when SQUARE_BASE_URL is unset. */
export const sandboxApplication: { id: string; secret: string } = SANDBOX_APPLICATION;

/** A fetch that answers from the in-process sandbox (what the SDK is given as its `fetch`). */
export const sandboxFetch: typeof fetch = async (input, init) => handleSquareSandbox(new Request(input as RequestInfo, init));

/**
 * Where the sandbox sends its signed events: the app's notification URL, delivered by `deliver` (the
 * app's webhook receiver in-process; tests name theirs). Unset, the sandbox sends none.
 */
export function subscribeSandbox(subscription: Subscription | null) {
  subscribe(subscription);
}
