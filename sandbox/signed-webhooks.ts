// A provider sandbox's webhook subscription and sender (Square's, Toast's): where the sandbox sends its
// events (the app names itself at start; tests may replace it), each signed by the provider's own
// signer and delivered one after the other. A failed delivery is dropped: the provider retries later;
// here the reconciliation pass catches up. The subscription is kept on globalThis under the provider's
// name, so every copy of the module (the app's start-up, the route handlers' bundle) sees one.

export type Notification = { url: string; headers: Headers; body: string };
export type Subscription = {
  notificationUrl: string;
  /** The provider's signing secret (Square's signature key, Toast's webhook secret). */
  secret: string;
  /** How a notification reaches the app (a POST of `body` with `headers` to the URL); the app's door may deliver in-process. */
  deliver: (notification: Notification) => Promise<unknown>;
};
/** A provider's way of signing: the body it sends for `event` and the headers that carry its signature. */
export type Signer<T> = (event: T, subscription: Subscription) => { body: string; headers: Headers };

export function signedWebhooks<T>(provider: string, sign: Signer<T>) {
  const slot = Symbol.for(`taproom.${provider}-sandbox.subscription`);
  const holder = globalThis as { [key: symbol]: Subscription | null | undefined };
  return {
    subscribe(subscription: Subscription | null) {
      holder[slot] = subscription;
    },
    async send(events: T[]): Promise<void> {
      const subscription = holder[slot];
      if (!subscription) return;
      for (const each of events) {
        const { body, headers } = sign(each, subscription);
        try {
          await subscription.deliver({ url: subscription.notificationUrl, headers, body });
        } catch {
          // Dropped, as the provider would retry it later; the reconciliation catches up.
        }
      }
    },
  };
}
