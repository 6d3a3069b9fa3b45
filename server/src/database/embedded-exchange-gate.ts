import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

type OnData = (data: Uint8Array) => void;

/** The socket server's queue onto PGlite: every client message passes through `enqueue`. */
interface MessageQueue {
  enqueue(handlerId: number, message: Uint8Array, onData: OnData): Promise<number>;
  clearQueueForHandler(handlerId: number): void;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** Whose turn it is on PGlite, and how far its current exchange has got. */
interface Turn {
  handlerId: number;
  inFlight: number;
  /** Its last message was answered with ReadyForQuery (or it left). */
  answered: boolean;
  gone: boolean;
}

/**
 * PGlite is a single session; the socket server shares it between connections message by
 * message and keeps only explicit transactions together, so a Parse of one connection and the
 * Bind of another meet the same unnamed statement ("bind message supplies 1 parameters, but
 * prepared statement "" requires 2"). The gate lets one connection at a time through, from its
 * first message until an exchange has been answered outside a transaction; the others wait
 * their turn in arrival order.
 */
export function gateExchanges(server: PGLiteSocketServer, db: PGlite) {
  const queue = (server as unknown as { queryQueue: MessageQueue }).queryQueue;
  const original = {
    enqueue: queue.enqueue.bind(queue),
    clearQueueForHandler: queue.clearQueueForHandler.bind(queue),
    clearTransactionIfNeeded: queue.clearTransactionIfNeeded.bind(queue),
  };
  /** Connections whose startup message has been through (the library answers SSLRequest). */
  const started = new Set<number>();
  let turn: Turn | undefined;
  const waiting: Array<{ handlerId: number; admit: () => void; refuse: (error: Error) => void }> =
    [];

  /**
   * Whether PGlite has answered the connection's exchange once `message` is done: the startup
   * message, a simple Query and a Sync (which closes Parse, Bind, Describe, Execute) end with
   * ReadyForQuery.
   */
  const endsExchange = (handlerId: number, message: Uint8Array) => {
    if (!started.has(handlerId)) {
      started.add(handlerId);
      return true;
    }
    return message[0] === SYNC || message[0] === QUERY || message[0] === TERMINATE;
  };

  const handOver = () => {
    if (turn && (turn.inFlight > 0 || !turn.answered || (!turn.gone && db.isInTransaction()))) {
      return;
    }
    const next = waiting[0]?.handlerId;
    turn =
      next === undefined
        ? undefined
        : { handlerId: next, inFlight: 0, answered: true, gone: false };
    // Everything the next connection sent is admitted, in the order it arrived.
    for (let i = 0; i < waiting.length;) {
      if (waiting[i].handlerId !== next) i += 1;
      else waiting.splice(i, 1)[0].admit();
    }
  };

  const run = (current: Turn, message: Uint8Array, onData: OnData) => {
    current.inFlight += 1;
    current.answered = false;
    return original.enqueue(current.handlerId, message, onData).finally(() => {
      current.inFlight -= 1;
      current.answered = current.gone || endsExchange(current.handlerId, message);
      if (turn === current) handOver();
    });
  };

  queue.enqueue = (handlerId, message, onData) => {
    turn ??= { handlerId, inFlight: 0, answered: true, gone: false };
    if (turn.handlerId === handlerId) return run(turn, message, onData);
    return new Promise<void>((admit, refuse) => waiting.push({ handlerId, admit, refuse })).then(
      () => run(turn!, message, onData),
    );
  };

  queue.clearQueueForHandler = (handlerId) => {
    original.clearQueueForHandler(handlerId);
    started.delete(handlerId);
    for (let i = 0; i < waiting.length;) {
      if (waiting[i].handlerId !== handlerId) i += 1;
      else waiting.splice(i, 1)[0].refuse(new Error('Handler disconnected'));
    }
  };

  queue.clearTransactionIfNeeded = async (handlerId) => {
    // Rolls back a transaction the leaving connection had open on PGlite.
    await original.clearTransactionIfNeeded(handlerId);
    if (turn?.handlerId !== handlerId) return;
    turn.gone = true;
    turn.answered = true;
    handOver();
  };
}
