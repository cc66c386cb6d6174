import { type SQL, sql } from "drizzle-orm";

// Search terms matched against a text (a beer's name, brewery and style) the way people type them:
// any case, words in any order, a typo or another spelling ("harbour" finds "Harbor"), words run
// together or split ("nightshift" finds "Night Shift"). PostgreSQL's pg_trgm (migration 0021) does the
// matching on both databases: strict_word_similarity scores a word against the best-matching run of
// whole words of the text. Trigrams miss a slip in a short word ("briht" scores 0.44 against
// "Bright"), so fuzzystrmatch's edit distance (migration 0026) stands in for words of five letters or
// more (decision 079). The beer catalogue kept locally and the built-in sandbox's search use this one rule (decisions 061, 079).

/**
 * A word's score from which the text counts as matching it. The score is strict_word_similarity: the
 * word against whole words of the text, so "hazy" is not found across "Lazy Harvest" as
 * word_similarity would. "harbour" scores 0.5 against "Harbor", "nightshift" 0.64 against "Night
 * Shift", "coper" 0.63 against "Copper"; "stout" 0.33 against "Stone", "sour" 0.27 against "Southern".
 */
export const MATCH_SCORE = 0.5;
/**
 * The edits a word may be from a word of the text and still match it: none under five letters (one
 * edit turns "hazy" into "Lazy", "sour" into "Pour"), one up to seven ("briht" finds "Bright"), two
 * from eight ("tidewaetr" finds "Tidewater": a swap is two edits).
 */
export const editsAllowed = (length: number) => (length < 5 ? 0 : length < 8 ? 1 : 2);
/**
 * The `<<%` threshold that finds every text a word matches through the index: one edit costs a word
 * at most three of its trigrams, so a word of five letters one edit away still scores 0.33 and one of
 * eight two edits away 0.2 (3 of its 9 trigrams kept, 15 in all).
 */
const CANDIDATE_SCORE = { oneEdit: 0.3, twoEdits: 0.2 };
const MAX_WORDS = 6;

/** A search term as it is compared and remembered: trimmed, lower case, single spaces. */
export const normalTerm = (term: string) => term.trim().toLowerCase().replace(/\s+/g, " ");

/** The term's words (at most six: the rest adds nothing a person means). */
export const termWords = (term: string) => normalTerm(term).split(" ").filter(Boolean).slice(0, MAX_WORDS);

/** `%word%` with LIKE's own wildcards escaped, so "50%" finds "50%" only. */
export const likeContains = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A character count as PostgreSQL's length() gives it (code points, not UTF-16 units). */
const lengthOf = (word: string) => [...word].length;

/** The text's words in lower case, split at spaces and punctuation ("Hazy's" is "hazy" and "s"). */
const textWords = (text: SQL) => sql`regexp_split_to_table(lower(${text}), '[[:space:][:punct:]]+')`;

/** The edits from the word to each word of the text whose length is within `most` of its own, counted up to `most` + 1. */
function editsTo(word: string, text: SQL, most: number) {
  const length = lengthOf(word);
  return sql`select levenshtein_less_equal(${word}, w, ${most}) as edits from ${textWords(text)} w where length(w) between ${length - most} and ${length + most}`;
}

/**
 * A word's score against the text, 0–1: 1 when the text contains it as written, else the better of
 * its trigram score and, where edits are allowed, 1 − edits / letters (0.8 for "briht"/"Bright"):
 * always below 1, so what is written exactly ranks first, and at least 0.75, so it matches.
 */
function wordScore(word: string, text: SQL) {
  const trigrams = sql`strict_word_similarity(${word}, ${text})`;
  const written = sql`(${text} ilike ${likeContains(word)})::int`;
  const most = editsAllowed(lengthOf(word));
  if (most === 0) return sql`greatest(${trigrams}, ${written})`;
  const byEdits = sql`coalesce((select 1 - min(edits)::real / ${lengthOf(word)} from (${editsTo(word, text, most)}) e where edits <= ${most}), 0)`;
  return sql`greatest(${trigrams}, ${written}, ${byEdits})`;
}

/**
 * Whether the word matches the text (`score`: its wordScore) or is a slip away from it: one edit from
 * a word of the text, which words of three or four letters are not allowed for matching.
 */
function slipAway(word: string, text: SQL, score: SQL) {
  const length = lengthOf(word);
  const matches = sql`${score} >= ${MATCH_SCORE}`;
  if (length < 3 || editsAllowed(length) > 0) return matches;
  return sql`(${matches} or exists (select from (${editsTo(word, text, 1)}) e where edits <= 1))`;
}

/**
 * How well `text` matches the words, each word scored 0–1 (wordScore):
 * - `weakest` decides whether the text matches (every word must reach MATCH_SCORE) and orders them;
 * - `together` (1 or 0): the term as typed is in the text but for its spaces ("brewdog" in "Brew Dog",
 *   "brew dog" in "BrewDog"), which orders first: "brew dog" puts BrewDog's beers before Sea Dog
 *   Brewing's, which has both words apart;
 * - `mean` orders what is left and what is near;
 * - `near`: what "did you mean" offers when nothing matches: a word matches and every other one is a
 *   slip away, one edit from a word of the text even where matching allows none ("hrbor hze" is near
 *   Harbor Haze). A word that only shares trigrams is not near: "brewdog" shares half of "Brewing"'s
 *   and was offered every brewery called so.
 */
export function matchScores(words: string[], text: SQL) {
  const each = words.map((word) => wordScore(word, text));
  const list = sql.join(each, sql`, `);
  const slips = words.map((word, index) => slipAway(word, text, each[index]!));
  return {
    weakest: sql<number>`least(${list})::real`,
    together: sql<number>`(replace(${text}, ' ', '') ilike ${likeContains(words.join(""))})::int`,
    mean: sql<number>`((${sql.join(each, sql` + `)}) / ${words.length})::real`,
    near: sql<boolean>`(greatest(${list}) >= ${MATCH_SCORE} and ${sql.join(slips, sql` and `)})`,
  };
}

/**
 * Rows a trigram index can find for any of the words (`word <<% text`, at the session's
 * pg_trgm.strict_word_similarity_threshold, set with `candidateThreshold`) or that contain one as written.
 */
export function anyWordNear(words: string[], text: SQL) {
  return sql.join(
    words.map((word) => sql`(${word} <<% ${text} or ${text} ilike ${likeContains(word)})`),
    sql` or `,
  );
}

/**
 * Sets the threshold `<<%` uses for the rest of the transaction, low enough that every text one of the
 * words matches (by trigrams, or by edits: CANDIDATE_SCORE) is among the rows it finds.
 */
export function candidateThreshold(words: string[]) {
  const twoEdits = words.some((word) => editsAllowed(lengthOf(word)) === 2);
  const score = twoEdits ? CANDIDATE_SCORE.twoEdits : CANDIDATE_SCORE.oneEdit;
  return sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(score)}, true)`;
}
