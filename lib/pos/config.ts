import { env } from "@/lib/server/env";
import { sandboxApplication, sandboxFetch } from "./square/transport";
import { sandboxFetch as toastSandboxFetch } from "./toast/transport";

// The POS settings in one place (lib/server/env.ts reads them): the base URL and application of each
// provider, the webhook URL and signature key, the timeout.

export function appUrl(): string {
  const settings = env();
  return (settings.APP_URL ?? `http://127.0.0.1:${settings.PORT}`).replace(/\/+$/, "");
}

export type SquareConfig = {
  baseUrl: string;
  /** Where a browser is sent to consent (the sandbox's page over HTTP, or Square's). */
  browserBaseUrl: string;
  applicationId: string;
  applicationSecret: string;
  signatureKey: string;
  notificationUrl: string;
  timeoutMs: number;
  /** The SDK's fetch: the in-process sandbox, or the platform's. */
  fetch: typeof fetch | undefined;
  sandbox: boolean;
};

export function squareConfig(): SquareConfig {
  const settings = env();
  const sandbox = !settings.SQUARE_BASE_URL;
  const baseUrl = (settings.SQUARE_BASE_URL ?? `${appUrl()}/sandbox/square`).replace(/\/+$/, "");
  return {
    baseUrl,
    browserBaseUrl: baseUrl,
    applicationId: settings.SQUARE_APPLICATION_ID ?? sandboxApplication.id,
    applicationSecret: settings.SQUARE_APPLICATION_SECRET ?? sandboxApplication.secret,
    signatureKey: settings.SQUARE_WEBHOOK_SIGNATURE_KEY,
    notificationUrl: `${appUrl()}/api/pos/square/webhook`,
    timeoutMs: settings.POS_TIMEOUT_MS,
    fetch: sandbox ? sandboxFetch : undefined,
    sandbox,
  };
}

export type ToastConfig = {
  baseUrl: string;
  webhookSecret: string;
  notificationUrl: string;
  timeoutMs: number;
  /** The in-process sandbox, or the platform's fetch. */
  fetch: typeof fetch;
  sandbox: boolean;
};

export function toastConfig(): ToastConfig {
  const settings = env();
  const sandbox = !settings.TOAST_BASE_URL;
  return {
    baseUrl: (settings.TOAST_BASE_URL ?? `${appUrl()}/sandbox/toast`).replace(/\/+$/, ""),
    webhookSecret: settings.TOAST_WEBHOOK_SECRET,
    notificationUrl: `${appUrl()}/api/pos/toast/webhook`,
    timeoutMs: settings.POS_TIMEOUT_MS,
    fetch: sandbox ? toastSandboxFetch : (input, init) => fetch(input, init),
    sandbox,
  };
}

/** The OAuth callback the provider sends the browser back to. */
export const callbackUrl = (provider: string) => `${appUrl()}/api/pos/${provider}/oauth/callback`;
