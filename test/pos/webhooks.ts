import { db } from "../api";
import type { PosProvider, SandboxNotification } from "@/lib/pos/provider";
import { receiveWebhook } from "@/lib/pos/webhook";

// The provider's sandbox delivering to the app's webhook receiver, as the provider does; each answer is
// told to `heard`. Undone by the provider's transport's `subscribeSandbox(null)` (in afterAll).

/** One of the till's notifications into the app's receiver, as the provider delivers it. */
export const receiveFrom = (provider: PosProvider["name"]) => async (notification: SandboxNotification) =>
  receiveWebhook(await db(), { rawBody: notification.body, headers: notification.headers }, provider);

export function deliverWebhooks(provider: PosProvider, heard?: (notification: SandboxNotification, answer: Response) => void) {
  const receive = receiveFrom(provider.name);
  provider.subscribeSandbox(async (notification) => {
    const answer = await receive(notification);
    heard?.(notification, answer);
    return answer;
  });
}
