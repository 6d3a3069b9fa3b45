import {
  canMove,
  IllegalMoveError,
  requireMoves,
  sourcesOf,
  type TransitionTable,
} from './state-machine.js';

type Door = 'open' | 'closed' | 'locked';

const door: TransitionTable<Door> = {
  open: ['closed'],
  closed: ['open', 'locked'],
  locked: ['closed'],
};

describe('transition tables', () => {
  it('answers the moves a table lists and the states that lead to one', () => {
    expect(canMove(door, 'closed', 'locked')).toBe(true);
    expect(canMove(door, 'open', 'locked')).toBe(false);
    expect(sourcesOf(door, 'closed')).toEqual(['open', 'locked']);
    expect(sourcesOf(door, 'locked')).toEqual(['closed']);
  });

  it('passes a guarded move only when every source state leads to the target', () => {
    expect(requireMoves('door', door, ['open', 'locked'], 'closed')).toEqual(['open', 'locked']);
    expect(() => requireMoves('door', door, ['closed', 'open'], 'locked')).toThrow(
      new IllegalMoveError('door', ['open'], 'locked'),
    );
    expect(() => requireMoves('door', door, ['open', 'locked'], 'open')).toThrow(
      'door: no move from open | locked to open',
    );
  });

  it('refuses a guarded move with no source state at all', () => {
    expect(() => requireMoves('door', door, [], 'open')).toThrow(IllegalMoveError);
  });
});
