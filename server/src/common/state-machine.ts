/** A state machine as data: for each state, the states it may move to. */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

/** A move the table does not list: a defect in the caller, never a customer's doing. */
export class IllegalMoveError extends Error {
  constructor(machine: string, from: readonly string[], to: string) {
    super(`${machine}: no move from ${from.join(' | ')} to ${to}`);
    this.name = 'IllegalMoveError';
  }
}

export function canMove<S extends string>(table: TransitionTable<S>, from: S, to: S) {
  return table[from].includes(to);
}

/** The states from which the table allows a move to `to`. */
export function sourcesOf<S extends string>(table: TransitionTable<S>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

/**
 * The source states of a guarded move, checked against the table: every one of `from` must
 * lead to `to`. A guarded UPDATE then picks the row only if it is in one of them.
 */
export function requireMoves<S extends string>(
  machine: string,
  table: TransitionTable<S>,
  from: readonly S[],
  to: S,
): S[] {
  const illegal = from.filter((state) => !canMove(table, state, to));
  if (from.length === 0 || illegal.length > 0) {
    throw new IllegalMoveError(machine, illegal.length > 0 ? illegal : from, to);
  }
  return [...from];
}
