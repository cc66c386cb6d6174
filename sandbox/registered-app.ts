// The one app registered with the built-in sandbox: Taproom itself, when no V4_* upstream is set.
export const SANDBOX_CLIENT = { id: "taproom-sandbox", secret: "taproom-sandbox-secret" } as const;
