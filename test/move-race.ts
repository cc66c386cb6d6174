// A model of moves and positions batches over a few lists, and a checker that racing requests ended
// in a state some serial order of them explains (linearizability): used by test/menus/item-move.test.ts.

/** Each list's record ids in position order, by parent id. */
export type Lists = Record<number, number[]>;

export type Request = { kind: "move"; id: number; to: number; position?: number } | { kind: "batch"; parent: number; ids: number[] };

/** What a request answered: refused (status only), a moved record's place, or a batch's new order. */
export type Outcome = { status: number } | { status: 200; place: { parent: number; position: number } } | { status: 200; order: number[] };

type Step = { ok: false } | { ok: true; lists: Lists; outcome: Outcome };

const parentOf = (lists: Lists, id: number) => Number(Object.keys(lists).find((key) => lists[Number(key)]!.includes(id)));

/** The request applied to `lists` by the API's rules: what it answers and the lists after it. */
export function applyRequest(lists: Lists, request: Request): Step {
  if (request.kind === "batch") {
    const current = lists[request.parent]!;
    const same = current.length === request.ids.length && [...current].sort().join() === [...request.ids].sort().join();
    if (!same || new Set(request.ids).size !== request.ids.length) return { ok: false };
    return { ok: true, lists: { ...lists, [request.parent]: [...request.ids] }, outcome: { status: 200, order: [...request.ids] } };
  }
  const from = parentOf(lists, request.id);
  const rest = lists[from]!.filter((id) => id !== request.id);
  const others = from === request.to ? rest : lists[request.to]!;
  const position = request.position ?? (from === request.to ? lists[from]!.indexOf(request.id) : 0);
  if (position > others.length) return { ok: false };
  const next = { ...lists, [from]: rest };
  next[request.to] = [...others.slice(0, position), request.id, ...others.slice(position)];
  return { ok: true, lists: next, outcome: { status: 200, place: { parent: request.to, position } } };
}

const sameOutcome = (a: Outcome, b: Outcome) => JSON.stringify(a) === JSON.stringify(b);
const key = (lists: Lists) => JSON.stringify(Object.entries(lists).sort(([a], [b]) => Number(a) - Number(b)));

/**
 * A serial order of all the requests that explains what happened: run in that order from `initial`,
 * every accepted request is valid at its turn and answers exactly what it answered, every refused
 * one (422) is invalid at its turn, and the last state is `final`. Returns the order (indexes), or
 * null when none exists. Refused requests change nothing, but where they fall still matters: each
 * must have met a state that refuses it. A depth-first search, remembering (remaining, state) pairs
 * that lead nowhere, so ten requests take milliseconds.
 */
export function explain(initial: Lists, requests: Request[], outcomes: Outcome[], final: Lists): number[] | null {
  const dead = new Set<string>();
  const search = (lists: Lists, remaining: number[]): number[] | null => {
    if (remaining.length === 0) return key(lists) === key(final) ? [] : null;
    const memo = `${remaining.join(",")}|${key(lists)}`;
    if (dead.has(memo)) return null;
    for (const index of remaining) {
      const step = applyRequest(lists, requests[index]!);
      const observed = outcomes[index]!;
      let next: Lists;
      if (observed.status === 200) {
        if (!step.ok || !sameOutcome(step.outcome, observed)) continue;
        next = step.lists;
      } else {
        if (observed.status !== 422 || step.ok) continue;
        next = lists;
      }
      const rest = search(
        next,
        remaining.filter((other) => other !== index),
      );
      if (rest) return [index, ...rest];
    }
    dead.add(memo);
    return null;
  };
  return search(
    initial,
    requests.map((_, index) => index),
  );
}
