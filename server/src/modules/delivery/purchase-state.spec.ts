import { IllegalMoveError, requireMoves } from '../../common/state-machine.js';
import { purchaseTransitions } from './purchase-state.js';

const move = (from: Parameters<typeof requireMoves>[2], to: string) =>
  requireMoves('supplier purchase', purchaseTransitions, from as never, to as never);

describe('a pack purchase moves only as its table says', () => {
  it('a pack is sent once from reserved, and a confirmed pack never moves again', () => {
    expect(move(['reserved'], 'sent')).toEqual(['reserved']);
    expect(() => move(['confirmed'], 'reserved')).toThrow(IllegalMoveError);
    expect(() => move(['confirmed'], 'failed')).toThrow(IllegalMoveError);
  });

  it('a pack in doubt is settled by an answer or a ruling, never bought again directly', () => {
    expect(move(['unknown'], 'confirmed')).toEqual(['unknown']);
    expect(move(['unknown'], 'failed')).toEqual(['unknown']);
    expect(() => move(['unknown'], 'reserved')).toThrow(IllegalMoveError);
    expect(() => move(['unknown'], 'sent')).toThrow(IllegalMoveError);
  });

  it('only a failed or handed-back pack is opened again', () => {
    expect(move(['failed'], 'reserved')).toEqual(['failed']);
    expect(move(['sent'], 'reserved')).toEqual(['sent']);
    expect(() => move(['reserved'], 'confirmed')).toThrow(IllegalMoveError);
  });
});
