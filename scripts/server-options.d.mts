// Types of server-options.mjs (plain JavaScript: `npm start` runs it with node alone).
export function serverSettings(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function serverNode(env?: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv };
