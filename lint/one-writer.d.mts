export type Violation = { file: string; line: number; rule: string; message: string };
/** The last migration allowed to hold the writers' own SQL (it defines them). */
export const LAST_WRITER_MIGRATION: number;
export function findViolations(files: { file: string; text: string }[]): Violation[];
export function repositoryFiles(root?: string): { file: string; text: string }[];
