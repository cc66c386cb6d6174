import { type SQL, sql } from "drizzle-orm";

// Search terms matched against a text (a beer's name, brewery and style) the way people type them:
// any case, words in any order, a typo or another spelling ("harbour" finds "Harbor"), words run
// together or split ("nightshift" finds "Night Shift"). PostgreSQL's pg_trgm (migration 0021) does the
// matching on both databases: strict_word_similarity scores a word against the best-matching run of
// whole words of the text. The beer catalogue kept locally and the built-in sandbox's search use this one rule (decision 061).

/**
 * A word's score from which the text counts as matching it. The score is strict_word_similarity: the
 * word against whole words of the text, so "hazy" is not found across "Lazy Harvest" as
 * word_similarity would. "harbour" scores 0.5 against "Harbor", "nightshift" 0.64 against "Night
 * Shift", "coper" 0.63 against "Copper"; "stout" 0.33 against "Stone", "sour" 0.27 against "Southern".
 */
export const MATCH_SCORE = 0.5;
/** The words' mean score from which a text is near the term: what "did you mean" offers when nothing matches. */
export const NEAR_SCORE = 0.3;
const MAX_WORDS = 6;

/** A search term as it is compared and remembered: trimmed, lower case, single spaces. */
export const normalTerm = (term: string) => term.trim().toLowerCase().replace(/\s+/g, " ");

/** The term's words (at most six: the rest adds nothing a person means). */
export const termWords = (term: string) => normalTerm(term).split(" ").filter(Boolean).slice(0, MAX_WORDS);

/** `%word%` with LIKE's own wildcards escaped, so "50%" finds "50%" only. */
export const likeContains = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * How well `text` matches the words, each word scored 0–1 (1 when the text contains it as written):
 * `weakest` decides whether the text matches (every word must reach MATCH_SCORE), `mean` orders
 * them and decides what is near (NEAR_SCORE).
 */
export function matchScores(words: string[], text: SQL) {
  const each = words.map((word) => sql`greatest(strict_word_similarity(${word}, ${text}), (${text} ilike ${likeContains(word)})::int)`);
  const list = sql.join(each, sql`, `);
  return {
    weakest: sql<number>`least(${list})::real`,
    mean: sql<number>`((${sql.join(each, sql` + `)}) / ${words.length})::real`,
  };
}

/**
 * Rows a trigram index can find for any of the words (`word <<% text`, at the session's
 * pg_trgm.strict_word_similarity_threshold, set with `nearThreshold`) or that contain one as written.
 */
export function anyWordNear(words: string[], text: SQL) {
  return sql.join(
    words.map((word) => sql`(${word} <<% ${text} or ${text} ilike ${likeContains(word)})`),
    sql` or `,
  );
}

/** Sets the threshold `<<%` uses to NEAR_SCORE for the rest of the transaction. */
export const nearThreshold = sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(NEAR_SCORE)}, true)`;
