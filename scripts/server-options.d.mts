// Types of server-options.mjs (plain JavaScript: `npm start` runs it with node alone).
type Settings = Record<string, string | undefined>;
export function serverSettings(env?: Settings): Settings;
export function serverNode<T extends Settings>(env?: T): { args: string[]; env: T };
